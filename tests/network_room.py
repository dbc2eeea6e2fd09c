"""A network of its own for a test: a classroom seen from a student's machine.

:func:`network_room` (a context manager) makes a network namespace joined to this machine by a
veth pair: this machine's side gets ``198.18.N.1/24`` and the namespace's side ``198.18.N.2``
(``198.18.0.0/15`` is set aside for such test networks; ``N`` is drawn among the subnets no
interface uses yet), and ``fd6b:6b00:N::1/64`` and ``::2`` in IPv6. Names are new at each call
(the pid and a random part), so several runs can go on at once. A server started on this
machine with ``--host <room.host_address>`` (or ``0.0.0.0``, ``::``) is then reached from
inside the namespace over a real, non-loopback address, as a student's laptop reaches the
teacher's; the namespace has no other route, so a page opened there cannot reach any other
host. Everything is removed on leaving, whatever happened (the veth pair, then the namespace).
Needs root (``ip netns``), as ``make test`` runs.

Inside the namespace::

    with network_room() as room:
        subprocess.run(room.command([sys.executable, "script.py", ...]))  # any program
        chromium = room.chromium(tmp_path)   # a Chromium that runs in the namespace, for
        # playwright.chromium.launch(executable_path=str(chromium), ...)

The pytest fixture :func:`room` gives one per test (import it into a test module).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["CHROMIUM", "Room", "network_room", "room"]

CHROMIUM = Path("/usr/bin/chromium")
TEST_NETWORKS = ipaddress.IPv4Network("198.18.0.0/15")


@dataclass(frozen=True)
class Room:
    """A namespace and the two ends of its link: ``host_address`` on this machine,
    ``guest_address`` inside the namespace (IPv4), and the same in IPv6 (``host_address6``,
    ``guest_address6``: ``fd6b:6b00:N::1`` and ``::2``, unique local addresses)."""

    namespace: str
    host_address: str
    guest_address: str
    host_address6: str = ""
    guest_address6: str = ""

    def command(self, argv: list[str]) -> list[str]:
        """``argv`` run inside the namespace."""
        return ["ip", "netns", "exec", self.namespace, *argv]

    def chromium(self, folder: Path, executable: Path = CHROMIUM) -> Path:
        """A script in ``folder`` that runs ``executable`` (Chromium) inside the namespace with
        the arguments it is given: Playwright launches it as the browser and drives it over
        its pipe, which the namespace does not cut."""
        script = folder / f"chromium-in-{self.namespace}"
        script.write_text(f"#!/bin/sh\nexec ip netns exec {self.namespace} {executable} \"$@\"\n")
        script.chmod(0o755)
        return script


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


def _used_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine's interfaces are on now."""
    out = subprocess.run(["ip", "-o", "-4", "addr", "show"], check=True, capture_output=True,
                         text=True, timeout=30).stdout
    return [ipaddress.IPv4Interface(line.split()[3]).network for line in out.splitlines()]


def _free_subnet() -> ipaddress.IPv4Network:
    used = _used_networks()
    subnets = [ipaddress.IPv4Network(s) for s in TEST_NETWORKS.subnets(new_prefix=24)]
    for _ in range(64):
        subnet = subnets[secrets.randbelow(len(subnets))]
        if not any(subnet.overlaps(u) for u in used):
            return subnet
    raise RuntimeError(f"no free /24 left in {TEST_NETWORKS}")


@contextlib.contextmanager
def network_room() -> Iterator[Room]:
    """A new namespace linked to this machine (see the module); removed on leaving."""
    tag = f"{os.getpid() % 100000}{secrets.token_hex(2)}"
    namespace, host_end, guest_end = f"kk-room-{tag}", f"kkh{tag}", f"kkg{tag}"  # ≤ 15 chars
    subnet = _free_subnet()
    host_address, guest_address = str(subnet[1]), str(subnet[2])
    prefix6 = f"fd6b:6b00:{int(subnet.network_address) >> 8 & 0x1ff:x}"
    host_address6, guest_address6 = f"{prefix6}::1", f"{prefix6}::2"
    try:
        _ip("netns", "add", namespace)
        _ip("link", "add", host_end, "type", "veth", "peer", "name", guest_end)
        _ip("link", "set", guest_end, "netns", namespace)
        _ip("addr", "add", f"{host_address}/24", "dev", host_end)
        _ip("link", "set", host_end, "up")
        _ip("-n", namespace, "addr", "add", f"{guest_address}/24", "dev", guest_end)
        _ip("-n", namespace, "link", "set", guest_end, "up")
        _ip("-n", namespace, "link", "set", "lo", "up")
        _ip("-6", "addr", "add", f"{host_address6}/64", "dev", host_end, "nodad")
        _ip("-n", namespace, "-6", "addr", "add", f"{guest_address6}/64", "dev", guest_end,
            "nodad")
        yield Room(namespace, host_address, guest_address, host_address6, guest_address6)
    finally:
        for args in (("link", "del", host_end), ("netns", "del", namespace)):
            with contextlib.suppress(subprocess.CalledProcessError):
                _ip(*args)


@pytest.fixture()
def room() -> Iterator[Room]:
    """A network namespace for one test (:func:`network_room`)."""
    with network_room() as made:
        yield made
