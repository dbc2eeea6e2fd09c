"""Try the command line as a hostile user would and count what happens.

    python scripts/probe_inputs.py            # counts, then every probe that misbehaved
    python scripts/probe_inputs.py --all      # every probe and its outcome

Each probe runs ``python -m kingdomino_kit ...`` in a subprocess (with a time-out) on a bad input
— a malformed, oversized, deeply nested or binary file, a wrongly typed field, an out-of-range
flag — and is sorted into one of:

- ``error``: the promised answer, one line on stderr and exit code 2, no traceback;
- ``traceback``: a Python traceback (any exit code);
- ``hang``: still running after the time-out;
- ``accepted``: exit code 0 although the input is wrong;
- ``right``: a probe whose correct answer is not an error (e.g. ``INFEASIBLE``) answered so;
- ``other``: anything else (a wrong answer, more than one line, another exit code).

The library half calls the public loaders on mutated valid objects (seeded, the same run each
time) and counts the exceptions that are not a ``KingdominoError``. The fuzz tests
(``tests/hardening/``) hold the same idea as tests; this script is the survey.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 25.0


@dataclass
class Probe:
    """One bad input: the arguments, what goes to stdin, and (for the few probes whose right
    answer is not an error) a check of the output."""

    name: str
    args: list[str]
    stdin: bytes = b""
    env: dict[str, str] = field(default_factory=dict)
    right: Callable[[subprocess.CompletedProcess[bytes]], bool] | None = None


def run(args: list[str], stdin: bytes = b"", env: dict[str, str] | None = None,
        timeout: float = TIMEOUT) -> subprocess.CompletedProcess[bytes] | None:
    full = dict(os.environ, **(env or {}))
    try:
        return subprocess.run([sys.executable, "-m", "kingdomino_kit", *args], input=stdin,
                              capture_output=True, timeout=timeout, env=full, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return None


def classify(probe: Probe, out: subprocess.CompletedProcess[bytes] | None) -> str:
    if out is None:
        return "hang"
    err = out.stderr.decode("utf-8", "replace")
    if "Traceback" in err:
        return "traceback"
    if probe.right is not None:
        return "right" if probe.right(out) else "other"
    if out.returncode == 0:
        return "accepted"
    lines = [line for line in err.splitlines() if line.strip()]
    if out.returncode == 2 and len(lines) == 1:
        return "error"
    return "other"


# --------------------------------------------------------------------------------- files
def write(folder: Path, name: str, data: str | bytes) -> str:
    path = folder / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return str(path)


def valid_files(folder: Path) -> dict[str, Any]:
    """Valid logs, puzzles, a territory, a board and a catalogue, as the kit writes them."""
    for args in (["play", "--players", "2", "--seed", "3", "--log", str(folder / "k.json")],
                 ["kingdoms", "play", "--players", "2", "--seed", "3", "--log",
                  str(folder / "ks.json")],
                 ["origins", "play", "--players", "3", "--mode", "tribe", "--seed", "3",
                  "--log", str(folder / "o.json")]):
        done = run(args, timeout=120)
        assert done is not None and done.returncode == 0, args
    territory = run(["origins", "score", "--json"], b"G$ G*2 V2\nH F@g Q1\n")
    assert territory is not None
    from kingdomino_kit.kingdoms.puzzles import castle_collection
    from kingdomino_kit.origins.catalogue import COLUMNS
    from kingdomino_kit.puzzles.collection import default_collection
    sample = (ROOT / "kingdomino_kit/origins/data/origins_sample.csv").read_text()
    return {
        "k": json.loads((folder / "k.json").read_text()),
        "ks": json.loads((folder / "ks.json").read_text()),
        "o": json.loads((folder / "o.json").read_text()),
        "territory": json.loads(territory.stdout)["territory"],
        "puzzle": json.loads((default_collection() / "11-complete.json").read_text()),
        "castle": json.loads((castle_collection() / "k01-three-castles.json").read_text()),
        "catalogue": sample, "columns": COLUMNS,
    }


def mutated(data: Any, path: list[Any], value: Any) -> Any:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


DELETE = object()


def status_and_score(word: str, score: int
                     ) -> Callable[[subprocess.CompletedProcess[bytes]], bool]:
    """The answer ``word`` with this score (Harmony out of reach is no bonus, not infeasible:
    eleven dominoes without a crown score 0)."""
    def check(out: subprocess.CompletedProcess[bytes]) -> bool:
        try:
            data = json.loads(out.stdout)
            return out.returncode == 0 and (data["status"], data["score"]) == (word, score)
        except (ValueError, KeyError):
            return False
    return check


def probes(folder: Path, v: dict[str, Any]) -> list[Probe]:
    w = lambda name, data: write(folder, name, data)  # noqa: E731
    j = lambda name, data: w(name, json.dumps(data))  # noqa: E731
    deep = "[" * 100_000
    deep_obj = '{"a":' * 50_000
    big = "9" * 5000
    binary = bytes(random.Random(0).getrandbits(8) for _ in range(3000))
    strict = {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    out: list[Probe] = []

    def add(name: str, *args: str, stdin: bytes = b"", env: dict[str, str] | None = None,
            right: Callable[[subprocess.CompletedProcess[bytes]], bool] | None = None) -> None:
        out.append(Probe(name, list(args), stdin, env or {}, right))

    # every JSON reader: deep nesting, a huge number, binary, empty, huge
    for label, text in (("deep list", deep), ("deep object", deep_obj),
                        ("huge number", '{"seed": ' + big + "}"),
                        ("huge float", '{"seed": 1' + "0" * 400 + ".5}"),
                        ("NaN", '{"seed": NaN}'), ("empty", ""), ("null", "null"),
                        ("binary", binary.decode("latin-1"))):
        path = w(f"bad-{len(out)}.json", text.encode("latin-1") if label == "binary" else text)
        add(f"replay: {label}", "replay", path)
        add(f"kingdoms replay: {label}", "kingdoms", "replay", path)
        add(f"origins replay: {label}", "origins", "replay", path)
        add(f"puzzle show: {label}", "puzzle", "show", path)
        add(f"kingdoms solve: {label}", "kingdoms", "solve", path)
        add(f"origins score (JSON): {label}", "origins", "score", stdin=(
            ("{" + text) if label not in ("deep object", "huge number", "huge float", "NaN")
            else text).encode("latin-1"))
    big_file = w("big.json", '{"format": "x", "pad": "' + "x" * 20_000_000 + '"}')
    add("replay: 20 MB", "replay", big_file)
    add("puzzle show: 20 MB", "puzzle", "show", big_file)

    # binary on stdin under a strict UTF-8 locale, in every reader of stdin
    for args in (["score"], ["moves", "--domino", "1"], ["replay"], ["kingdoms", "score"],
                 ["kingdoms", "replay"], ["origins", "score"], ["origins", "replay"]):
        add(f"{' '.join(args)}: binary stdin", *args, stdin=binary, env=strict)

    # numbers of more than 4,300 digits, oversized text kingdoms
    add("score: C G999…", "score", stdin=f"C G{big}\n".encode())
    add("origins score: G*999…", "origins", "score", stdin=f"H G*{big}\n".encode())
    add("origins score: G999…", "origins", "score", stdin=f"H G{big}\n".encode())
    add("kingdoms score: +999…", "kingdoms", "score", stdin=(f"+{big} " + ". " * 5 + "\n")
        .encode())
    huge = (". " * 5_000_000 + "C\n").encode()
    add("score: 10 MB one-line kingdom", "score", stdin=huge)
    add("origins score: 10 MB one-line territory", "origins", "score",
        stdin=huge.replace(b"C", b"H"))
    add("kingdoms score: 10 MB board", "kingdoms", "score", stdin=huge)
    add("moves: 10 MB kingdom", "moves", "--domino", "1", stdin=huge)
    add("moves --domino 1e999", "moves", "--domino", "1e999", stdin=b"C\n")
    add("moves --domino 999…", "moves", "--domino", big, stdin=b"C\n")
    add("score: a directory", "score", str(folder))
    add("score: a missing file", "score", str(folder / "missing.txt"))

    # solver flags in every solver command
    solvers: list[list[str]] = [
        ["solve", "--dominoes", "1,2"],
        ["puzzle", "solve", str(ROOT / "puzzles/kingdomino/01-best-kingdom.json")],
        ["origins", "solve", "1,2"],
        ["kingdoms", "solve", str(ROOT / "puzzles/kingdoms/"
                                  "k01-three-castles.json")],
    ]
    for base in solvers:
        name = " ".join(base[:2])
        for limit in ("nan", "inf", "0", "-1", "-inf", "1e400"):
            add(f"{name} --time-limit {limit}", *base, "--time-limit", limit)
        if base[0] != "kingdoms":
            for flag, value in (("--workers", "1000000"), ("--workers", "0"),
                                ("--workers", "-3"), ("--workers", "2147483648")):
                add(f"{name} {flag} {value}", *base, flag, value)
        if base[0] in ("solve", "puzzle"):
            for value in ("2147483648", "-2147483649", big):
                add(f"{name} --seed {value[:12]}", *base, "--seed", value)
    add("solve --dominoes '1 2'", "solve", "--dominoes", "1 2")
    add("solve --dominoes ''", "solve", "--dominoes", "")
    add("solve --dominoes 0", "solve", "--dominoes", "0")
    add("solve --dominoes 1,1", "solve", "--dominoes", "1,1")
    add("solve --dominoes 999…", "solve", "--dominoes", big)
    add("solve --dominoes 1.5", "solve", "--dominoes", "1.5")
    add("solve --harmony 11 dominoes: the bonus out of reach, 0", "solve", "--dominoes",
        ",".join(map(str, range(1, 12))), "--harmony", "--time-limit", "20", "--json",
        right=status_and_score("OPTIMAL", 0))
    add("solve --choose -1", "solve", "--dominoes", "all", "--choose", "-1")
    add("solve --choose 999…", "solve", "--dominoes", "all", "--choose", big)
    add("solve --start binary", "solve", "--dominoes", "1", "--start", w("b.txt", binary))
    add("solve --start missing", "solve", "--dominoes", "1", "--start", str(folder / "no"))
    add("origins solve '1 2'", "origins", "solve", "1 2")
    add("origins solve ''", "origins", "solve", "")
    add("origins solve 99", "origins", "solve", "99")
    add("origins solve --catalogue binary", "origins", "solve", "1", "--catalogue",
        w("c.csv", binary))
    cols = ",".join(v["columns"])
    add("origins solve --catalogue 999…", "origins", "solve", "1", "--catalogue",
        w("c2.csv", f"{cols}\n{big},G,0,0,L,0,0\n"))
    add("origins solve --catalogue fire 999…", "origins", "solve", "1", "--catalogue",
        w("c3.csv", f"{cols}\n1,G,{big},0,L,0,0\n"))
    add("origins play --catalogue 47 dominoes", "origins", "play", "--catalogue",
        w("c4.csv", "\n".join(v["catalogue"].splitlines()[:-1]) + "\n"))
    add("origins play --catalogue deep", "origins", "play", "--catalogue", w("c5.csv", deep))

    # bots
    for spec in ("mc:width=0", "mc:width=-1", "mc:playouts=-1", "mc:playouts=0",
                 "mc:seconds=nan", "mc:seconds=inf", "mc:seconds=-1", "mc:seconds=0",
                 "mc:playouts=1e3", f"mc:playouts={big}", "mc:policy=smart", "greedy random",
                 "random,,random", ""):
        add(f"play --bots {spec[:24]!r}", "play", "--players", "2", "--seed", "1", "--bots", spec)
    add("kingdoms play --bots mc", "kingdoms", "play", "--bots", "mc")
    add("simulate --bots mc:width=0", "simulate", "--games", "2", "--bots", "mc:width=0")
    add("simulate --games 100000000000", "simulate", "--games", "100000000000", "--out",
        str(folder / "sim.csv"))
    add("simulate --workers 1000000", "simulate", "--games", "10", "--workers", "1000000")
    add("simulate --workers 0", "simulate", "--games", "10", "--workers", "0")
    add("simulate --games -1", "simulate", "--games", "-1")
    add("simulate --out missing dir", "simulate", "--games", "1", "--out",
        str(folder / "no" / "x.csv"))
    add("simulate --out ''", "simulate", "--games", "1", "--out", "")
    add("simulate --seed 999…", "simulate", "--games", "1", "--seed", big)

    # writers
    for game in ([], ["kingdoms"], ["origins"]):
        name = " ".join([*game, "play"])
        add(f"{name} --log ''", *game, "play", "--players", "2", "--seed", "1", "--log", "")
        add(f"{name} --log missing dir", *game, "play", "--players", "2", "--seed", "1",
            "--log", str(folder / "no" / "x.json"))
        add(f"{name} --log a directory", *game, "play", "--players", "2", "--seed", "1",
            "--log", str(folder))
    add("origins play --replay with --log", "origins", "play", "--replay",
        str(folder / "o.json"), "--log", str(folder / "o2.json"))
    add("play --dynasty --log", "play", "--dynasty", "--log", str(folder / "d.json"))

    # Kingdomino logs: wrong types and wrong results
    k = v["k"]
    for path, value in ((["players"], "2"), (["players"], 2.0), (["variant"], 5),
                        (["size"], "5"), (["seed"], 3.5), (["seed"], True), (["rounds"], {}),
                        (["rounds", 0], []), (["rounds", 1, "turns", 0], 5),
                        (["rounds", 1, "turns", 0, "place"], 7),
                        (["rounds", 1, "turns", 0, "place", "cells"], [[0, 1.5], [0, 2]]),
                        (["rounds", 1, "turns", 0, "pick"], 1.0),
                        (["rounds", 1, "turns", 0, "king"], "1"),
                        (["three_player_draw"], "3"), (["strict_discard"], 1),
                        (["scores", 0, "properties"], 999), (["scores", 0, "crowns"], 999),
                        (["scores", 0, "largest_property"], 999), (["scores", 0, "bonus"], 5),
                        (["scores", 0, "discarded"], 9), (["scores", 0, "score"], "38"),
                        (["scores", 0], 5), (["scores"], DELETE), (["winners"], [0, 1]),
                        (["winners"], "0"), (["format"], 5), (["middle_kingdom"], "no")):
        label = ".".join(map(str, path))
        add(f"replay: {label} = {value if value is not DELETE else 'deleted'!r}", "replay",
            j(f"k-{len(out)}.json", mutated(k, path, value)))

    # Kingdoms logs
    ks = v["ks"]
    for path, value in ((["rules", "start_gold"], "50"), (["rules", "epochs"], [5]),
                        (["rules", "players"], 3.0), (["rules", "players"], "2"),
                        (["rules", "wizard"], "yes"), (["rules"], [1]), (["rules", "x"], 1),
                        (["rules", "max_epochs"], 10**9), (["rules", "start_gold"], 10**400),
                        (["turns"], 5), (["turns"], []), (["turns", 0], 5), (["turns", 0], None),
                        (["turns", 0], "a castle 9999999 r1c1"), (["seed"], "3"),
                        (["seed"], 3.5), (["seed"], None), (["epochs"], [5]),
                        (["epochs"], {}), (["epochs", 0, "gold"], 5), (["gold"], "x"),
                        (["gold", "a"], 10**5), (["winners"], ["b", "a"]), (["winners"], []),
                        (["winners"], 5), (["over"], "yes"), (["format"], None)):
        label = ".".join(map(str, path))
        add(f"kingdoms replay: {label} = {value!r}"[:70], "kingdoms", "replay",
            j(f"ks-{len(out)}.json", mutated(ks, path, value)))
    add("kingdoms replay: no turns at all", "kingdoms", "replay",
        j("ks-none.json", {"format": ks["format"], "rules": ks["rules"], "seed": 3}))

    # Origins logs
    o = v["o"]
    for path, value in ((["totem_bonus"], {"a": 1}), (["totem_bonus"], ["flat"]),
                        (["players"], "3"), (["players"], 3.0), (["mode"], 5), (["mode"], None),
                        (["empire_of_fire"], "yes"), (["size"], "5"), (["seed"], 3.0),
                        (["catalogue_hash"], 5), (["rounds", 0, "board"], ["shaman"] * 4),
                        (["rounds", 1, "board"], 5), (["rounds", 1, "board"], DELETE),
                        (["rounds", 1, "actions", 0], 5),
                        (["rounds", 1, "actions", 0, "place"], [12]),
                        (["rounds", 1, "actions", 0, "by"], "1"),
                        (["rounds", 1, "actions", 4, "slot"], 1.5),
                        (["rounds", 1, "actions", 4, "slot"], big),
                        (["rounds", 1, "actions", 4, "slot"], 10**400),
                        (["scores", 0, "regions"], 999), (["scores", 0, "cavemen"], 99),
                        (["scores", 0, "largest_region"], 99), (["scores", 0, "score"], "37"),
                        (["scores"], 5), (["winners"], [1]), (["winners"], None)):
        label = ".".join(map(str, path))
        add(f"origins replay: {label} = {value if value is not DELETE else 'deleted'!r}"[:70],
            "origins", "replay", j(f"o-{len(out)}.json", mutated(o, path, value)))

    # territories
    t = v["territory"]
    for path, value in ((["size"], 5.0), (["size"], "5"), (["size"], 7.0), (["squares"], {}),
                        (["squares", 0], 5), (["squares", 0, "row"], 1.0),
                        (["squares", 0, "row"], 10**9), (["squares", 0, "terrain"], None),
                        (["squares", 0, "terrain"], ["lake"]), (["squares", 0, "fire"], "1"),
                        (["squares", 0, "resource"], 5), (["squares", 0, "caveman"], 5),
                        (["squares", 0, "token"], 1.0), (["discarded"], 49),
                        (["with_resources"], "yes"), (["format"], 5)):
        label = ".".join(map(str, path))
        add(f"origins score: {label} = {value!r}", "origins", "score",
            j(f"t-{len(out)}.json", mutated(t, path, value)))
    many = dict(t, squares=[{"row": r, "col": c, "terrain": "lake"} for r in range(-300, 300)
                            for c in range(-100, 100) if (r, c) != (0, 0)])
    add("origins score: 120,000 squares", "origins", "score", j("t-many.json", many))
    add("origins score --totems fish,fish,fish", "origins", "score", "--mode", "totem",
        "--totems", "fish,fish,fish", stdin=b"H L$\n")
    add("origins score --totems 5 kinds", "origins", "score", "--mode", "totem", "--totems",
        "fish,flint,mammoth,mushroom,fish", stdin=b"H L$\n")
    add("origins score --discarded 999…", "origins", "score", "--discarded", big,
        stdin=b"H L\n")
    add("origins score --discarded 49", "origins", "score", "--discarded", "49", stdin=b"H L\n")

    # Kingdomino puzzles
    p = v["puzzle"]
    for path, value in ((["level"], "1"), (["level"], 1.0), (["rules", "size"], 5.0),
                        (["rules"], [5]), (["dominoes"], [1.0]), (["dominoes"], "1,2"),
                        (["dominoes", 0], 10**400), (["start"], 5), (["start"], "C G" + big),
                        (["place"], 1.5), (["solution", "optimum"], "9"),
                        (["solution", "order"], [5]), (["solution", "order", 0, "cells"], 5),
                        (["solution", "values"], [5]), (["solution", "proof"], 5),
                        (["solution"], 5), (["id"], ""), (["kind"], None)):
        label = ".".join(map(str, path))
        add(f"puzzle check: {label} = {value!r}"[:70], "puzzle", "check",
            j(f"p-{len(out)}.json", mutated(p, path, value)))
    pz = str(ROOT / "puzzles/kingdomino/11-complete.json")
    add("puzzle check --answer binary", "puzzle", "check", pz, "--answer", "-", stdin=binary,
        env=strict)
    add("puzzle check --answer 10 MB", "puzzle", "check", pz, "--answer", "-", stdin=huge)

    # Kingdoms puzzles
    c = v["castle"]
    for path, value in ((["rules", "players"], 3.0), (["rules", "players"], "3"),
                        (["rules"], 5), (["rules", "wizard"], "yes"), (["board", 0], None),
                        (["board", 0], 5), (["board"], 5), (["board"], [None] * 5),
                        (["castles"], "3,1"), (["castles", 0], 3.0), (["castles", 0], True),
                        (["tiles"], 5), (["tiles"], "+5"), (["tiles"], [None]),
                        (["level"], 1.0), (["player"], 5), (["player"], "z"),
                        (["solution", "optimum"], 1.0), (["solution", "board"], 5),
                        (["solution"], []), (["question"], None)):
        label = ".".join(map(str, path))
        add(f"kingdoms solve: {label} = {value!r}"[:70], "kingdoms", "solve",
            j(f"c-{len(out)}.json", mutated(c, path, value)))
    return out


# --------------------------------------------------------------------------------- library
def library_probes(v: dict[str, Any], n: int) -> Counter[str]:
    """Mutate valid objects at random and call the public loaders; count the outcomes by
    exception type (``ok`` and ``KingdominoError`` are the allowed ones)."""
    from kingdomino_kit.errors import KingdominoError
    from kingdomino_kit.game.log import replay as replay_k
    from kingdomino_kit.kingdoms.game import replay as replay_ks
    from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
    from kingdomino_kit.origins.gamelog import replay as replay_o
    from kingdomino_kit.origins.kingdom import territory_from_json
    from kingdomino_kit.puzzles.format import Puzzle

    loaders: list[tuple[str, Any, Callable[[Any], Any]]] = [
        ("kingdomino log", v["k"], replay_k), ("kingdoms log", v["ks"], replay_ks),
        ("origins log", v["o"], replay_o), ("territory", v["territory"], territory_from_json),
        ("puzzle", v["puzzle"], Puzzle.from_json), ("castle puzzle", v["castle"],
                                                    load_castle_puzzle)]
    rng = random.Random(13)
    junk = [None, True, 0, -1, 1.5, 10**30, "", "x", "5", [], [1], {}, {"a": 1}, float("nan")]
    counts: Counter[str] = Counter()
    for _ in range(n):
        _, data, loader = rng.choice(loaders)
        data = copy.deepcopy(data)
        paths = list(_paths(data))
        path = rng.choice(paths)
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(junk)
        try:
            loader(data)
            counts["ok"] += 1
        except KingdominoError:
            counts["KingdominoError"] += 1
        except Exception as error:  # noqa: BLE001 - the survey counts them
            counts[type(error).__name__] += 1
    return counts


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Any:
    items = data.items() if isinstance(data, dict) else (
        enumerate(data) if isinstance(data, list) else ())
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list every probe")
    parser.add_argument("--library", type=int, default=500, help="library probes (default 500)")
    parser.add_argument("--only", default="", help="run the probes whose name contains this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        v = valid_files(folder)
        outcomes: Counter[str] = Counter()
        report = []
        for probe in probes(folder, v):
            if args.only not in probe.name:
                continue
            out = run(probe.args, probe.stdin, probe.env)
            kind = classify(probe, out)
            outcomes[kind] += 1
            if args.all or kind not in ("error", "right"):
                err = "" if out is None else out.stderr.decode("utf-8", "replace").strip()
                report.append(f"{kind:9} {probe.name}: {err.splitlines()[-1][:150] if err else ''}")
        total = sum(outcomes.values())
        print(f"{total} command-line probes: " + ", ".join(f"{n} {k}" for k, n in
                                                           outcomes.most_common()))
        if args.library:
            lib = library_probes(v, args.library)
            print(f"{args.library} library probes: " + ", ".join(f"{n} {k}" for k, n in
                                                                  lib.most_common()))
        print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
