"""Bot files for the league's tests: a good one, and hostile ones, each written into a folder of
its own under a name no other process has (so a process left behind is found by its name)."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

PROTOCOL = "kingdomino-kit/bot-protocol/1"

PROGRAM = '''#!{python} -I
import glob, json, os, signal, sys, time
def send(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
{hello}
        send({{"type": "hello", "protocol": {protocol!r}, "name": "x"}})
        continue
    if m["type"] != "decide":
        break
{decide}
    send({{"decision": m["decision"], "action": 0}})
'''

HELLO_OK = "        pass"
DECIDE_OK = "    pass"

BEHAVIOURS = {
    "sleeps": (HELLO_OK, "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                         "    time.sleep(1000)"),
    "forks": ("        for _ in range(20):\n"
              "            try:\n"
              "                pid = os.fork()\n"
              "            except OSError:\n"
              "                break\n"
              "            if pid == 0:\n"
              "                os.setsid()\n"
              "                signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
              "                time.sleep(1000)\n"
              "                os._exit(0)", DECIDE_OK),
    "prints_megabytes": (HELLO_OK, "    sys.stderr.write('e' * 1_000_000)\n"
                                   "    sys.stdout.write('x' * 8_000_000)"),
    "old_protocol": ("        send({'type': 'hello',\n"
                     "              'protocol': 'kingdomino-kit/bot-protocol/0'})\n"
                     "        continue", DECIDE_OK),
}


def unique(stem: str) -> str:
    """A file stem no other process has in its command line."""
    return f"{stem}_{secrets.token_hex(4)}"


def write_bot(folder: Path, stem: str, text: str, executable: bool) -> Path:
    """``folder/stem/STEM_xxxx(.py)`` holding ``text``."""
    home = folder / stem
    home.mkdir(parents=True, exist_ok=True)
    path = home / (unique(stem) + ("" if executable else ".py"))
    path.write_text(text)
    if executable:
        path.chmod(0o755)
    return path


def program(folder: Path, behaviour: str) -> Path:
    """An executable speaking the protocol with one hostile behaviour of :data:`BEHAVIOURS`."""
    hello, decide = BEHAVIOURS[behaviour]
    text = PROGRAM.format(python=sys.executable, hello=hello, decide=decide,
                           protocol=PROTOCOL)
    return write_bot(folder, behaviour, text, True)


def program_with(folder: Path, stem: str, decide: str) -> Path:
    """An executable speaking the protocol that runs ``decide`` (indented code) each decision."""
    text = PROGRAM.format(python=sys.executable, hello=HELLO_OK, decide=decide,
                           protocol=PROTOCOL)
    return write_bot(folder, stem, text, True)


def exits_at_once(folder: Path) -> Path:
    """A program that ends before its first line."""
    return write_bot(folder, "exits_at_once", "#!/bin/sh\nexit 0\n", True)


def allocates(folder: Path) -> Path:
    """A Python bot file whose choose allocates without end."""
    return write_bot(folder, "allocates", (
        "HOARD = []\n"
        "def choose(observation, actions):\n"
        "    while True:\n"
        "        HOARD.append(bytes(50_000_000))\n"), False)


def greedy_file(folder: Path, stem: str = "good") -> Path:
    """A Python bot file playing the kit's greedy bot, seeded by the league."""
    return write_bot(folder, stem, (
        "from kingdomino_kit.bots import make_bot\n"
        "BOT = None\n"
        "def setup(player, seed):\n"
        "    global BOT\n"
        "    BOT = make_bot('greedy', seed)\n"
        "def choose(observation, actions):\n"
        "    return BOT.choose(observation, actions)\n"), False)


def crashes(folder: Path) -> Path:
    """A Python bot file whose process dies at its first decision."""
    return write_bot(folder, "crashes", (
        "import os\n"
        "def choose(observation, actions):\n"
        "    os._exit(3)\n"), False)


def slow(folder: Path) -> Path:
    """A Python bot file that thinks far longer than its time."""
    return write_bot(folder, "slow", (
        "import time\n"
        "def choose(observation, actions):\n"
        "    time.sleep(60)\n"
        "    return actions[0]\n"), False)


def left_running(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(pid))
    return found
