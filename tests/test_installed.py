"""The kit as a user gets it from ``pip install``: a wheel built from this checkout, installed
into a fresh virtual environment outside the repository, run from another folder.

The wheel is installed without its dependencies (no network); the fresh environment borrows
them from the test environment's site-packages through a path file, whose own ``.pth`` files
(the editable install of this checkout among them) are *not* processed — so the only
``kingdomino_kit`` it can import is the installed wheel, which the test checks first.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(cmd: list[str | Path], cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, text=True,
                          capture_output=True, check=check, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the fresh environment's bin folder, a working folder outside the repository)."""
    tmp = tmp_path_factory.mktemp("installed")
    source = tmp / "source"  # a copy: a build/ folder left in the checkout never leaks in
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "test-artifacts",
        "teacher", ".*_cache", ".hypothesis", ".ipynb_checkpoints", "node_modules"))
    wheels = tmp / "wheels"
    run([sys.executable, "-m", "pip", "wheel", source, "--no-deps", "-q", "-w", wheels], tmp)
    wheel = next(wheels.glob("kingdomino_kit-*.whl"))
    env = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env)  # this pip installs into it: no ensurepip
    bin_dir = env / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index",
         "--no-deps", wheel], tmp)
    purelib = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                  tmp).stdout.strip()
    Path(purelib, "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    work = tmp / "elsewhere"
    work.mkdir()
    return bin_dir, work


@pytest.mark.slow
def test_the_installed_kit_is_the_wheel_not_this_checkout(installed: tuple[Path, Path]) -> None:
    bin_dir, work = installed
    where = run([bin_dir / "python", "-c", "import kingdomino_kit; print(kingdomino_kit.__file__)"],
                work).stdout.strip()
    assert Path(where).is_relative_to(bin_dir.parent), where
    assert not Path(where).is_relative_to(ROOT)


@pytest.mark.slow
def test_puzzle_list_show_and_check_by_id_after_install(installed: tuple[Path, Path]) -> None:
    bin_dir, work = installed
    cli = bin_dir / "kingdomino-kit"
    listing = run([cli, "puzzle", "list", "--game", "kingdomino"], work).stdout.splitlines()
    ids = sorted((p.stem for p in (ROOT / "puzzles/kingdomino").glob("*.json")),
                 key=lambda stem: int(stem.split("-")[0]))          # by number
    assert [line.split()[0] for line in listing] == ids
    first = ids[0]
    shown = run([cli, "puzzle", "show", first], work).stdout
    assert shown.startswith(f"{first}: ")
    checked = run([cli, "puzzle", "check", first, "--json"], work).stdout
    assert json.loads(checked)["stored_solution"] == "ok"
    answer = json.loads(run([cli, "puzzle", "show", first, "--json", "--solution"],
                            work).stdout)["solution"]["kingdom"]
    verdict = json.loads(run([cli, "puzzle", "check", first, "--answer", answer, "--json"],
                             work).stdout)
    assert verdict["optimal"] is True
    bad = run([cli, "puzzle", "show", "no-such-puzzle"], work, check=False)
    assert bad.returncode == 2 and "puzzle list" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("game", ["kingdoms", pytest.param("origins", marks=pytest.mark.sweep)])
def test_the_other_games_puzzles_after_install(installed: tuple[Path, Path], game: str) -> None:
    """`puzzle list --game` and a show and check of the game's first id, from the wheel."""
    bin_dir, work = installed
    cli = bin_dir / "kingdomino-kit"
    listing = run([cli, "puzzle", "list", "--game", game], work).stdout.splitlines()
    ids = sorted(p.stem for p in (ROOT / "puzzles" / game).glob("*.json"))
    assert len(ids) >= (20 if game == "kingdoms" else 10)
    assert [line.split()[0] for line in listing] == ids
    first = ids[0]
    shown = run([cli, "puzzle", "show", first.split("-")[0]], work).stdout
    assert shown.startswith(f"{first}: ")
    checked = json.loads(run([cli, "puzzle", "check", first, "--json"], work).stdout)
    assert checked["stored_solution"] == "ok" and checked["game"] == game
    bad = run([cli, "puzzle", "list", "--game", game, "--kind", "no-such-kind"], work,
              check=False)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


PROBE = """# %%
import kingdomino_kit

print(kingdomino_kit.__file__)
"""


@pytest.mark.slow
@pytest.mark.parametrize("sample", [
    ("04b_highest_score",),  # reads the proven maxima: package data
    pytest.param(("00_start_here", "04b_highest_score"), marks=pytest.mark.sweep)])
def test_editions_run_from_a_folder_outside_the_repository(installed: tuple[Path, Path],
                                                           sample: tuple[str, ...]) -> None:
    """Both editions of a sample of notebooks (04b reads the proven maxima: package data) run top
    to bottom with only the installed wheel, in folders outside the repository."""
    bin_dir, base = installed
    work = base / "-".join(sample)
    lessons = work / "lessons"
    lessons.mkdir(parents=True)
    for name in sample:
        shutil.copy(ROOT / "lessons" / f"{name}.py", lessons)
    (lessons / "99_where.py").write_text(PROBE)  # which kit the kernel imports
    done = run([bin_dir / "kingdomino-kit", "notebooks", "--source", lessons, "--student",
                work / "class", "--solutions", work / "teacher", "--execute"], work)
    assert done.stdout.count("run in") == 2 * (len(sample) + 1), done.stdout
    where = json.loads((work / "class" / "99_where.ipynb").read_text())["cells"][0]["outputs"]
    assert Path("".join(where[0]["text"]).strip()).is_relative_to(bin_dir.parent), where
    assert sorted(p.name for p in (work / "class").iterdir()) == sorted(
        [f"{name}.ipynb" for name in sample] + ["99_where.ipynb"])  # nothing else written


@pytest.mark.slow
def test_the_widgets_script_and_styles_ship_in_the_wheel(installed: tuple[Path, Path]) -> None:
    bin_dir, work = installed
    code = ("from kingdomino_kit.widgets import CoachView, KingdomBoard\n"
            "from kingdomino_kit.widgets.view import ESM\n"
            "board = KingdomBoard('41')\n"
            "print(ESM.parent.parent.parent.parent.name, 'export default' in board._esm,\n"
            "      '.kk-root' in board._css, '.kk-coach' in CoachView._css)")
    shown = run([bin_dir / "python", "-c", code], work).stdout.split()
    assert shown == ["site-packages", "True", "True", "True"], shown
