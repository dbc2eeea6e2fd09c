"""One puzzle lookup: every id form the docs name opens the same puzzle on the three surfaces
(``puzzle show``, the one-laptop page, the class page); anything else is one line listing the
forms. The expected puzzles are read from the repository's files and the documented daily
rule, not from the lookup."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles.lookup import ID_FORMS, look_up
from kingdomino_kit.server.html_pages import index_page
from kingdomino_kit.server.progress import ProgressStore
from kingdomino_kit.server.student_page import student_page
from kingdomino_kit.widgets.app import Index, Notice, app_page

ROOT = Path(__file__).resolve().parents[2] / "puzzles"
DOCUMENTED_KINDS = ["best-kingdom", "complete", "rearrange", "next-placement", "free-choice"]
DAY = dt.date(2026, 12, 2)


def _stored(folder: str, number: str) -> tuple[str, str]:
    """(id, title) of the one file of ``puzzles/folder`` whose name starts with ``number-``."""
    [path] = sorted((ROOT / folder).glob(f"{number}-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["id"], data["title"]


def _expected() -> dict[str, tuple[str, str, str | None]]:
    """Each id form -> (game, the puzzle's id, its title or None for a fresh puzzle)."""
    out: dict[str, tuple[str, str, str | None]] = {}
    for game, folder, number in (("kingdomino", "kingdomino", "05"),
                                 ("kingdoms", "kingdoms", "k01"), ("origins", "origins", "o03")):
        pid, title = _stored(folder, number)
        out[number] = out[pid] = (game, pid, title)
    out["new-best-kingdom-L1-1"] = ("kingdomino", "new-best-kingdom-L1-1", None)
    out[f"daily-{DAY.isoformat()}"] = ("kingdomino", f"daily-{DAY.isoformat()}", None)
    return out


FORMS = _expected()


@pytest.mark.parametrize("ref", list(FORMS))
def test_every_id_form_finds_its_puzzle(ref: str) -> None:
    game, pid, title = FORMS[ref]
    found = look_up(ref)
    assert (found.game, found.puzzle.id) == (game, pid)
    if title is not None:
        assert found.puzzle.title == title


def test_the_fresh_forms_make_the_documented_kind_and_level() -> None:
    fresh = look_up("new-best-kingdom-L1-1").puzzle
    assert (fresh.kind.value, fresh.level) == ("best-kingdom", 1)
    n = DAY.toordinal()        # docs/puzzles.md: kind n % 5, level 1 + n % 4
    daily = look_up(f"daily-{DAY.isoformat()}").puzzle
    assert (daily.kind.value, daily.level) == (DOCUMENTED_KINDS[n % 5], 1 + n % 4)


@pytest.mark.parametrize("ref", ["x1", "k", "05-x/y", "daily-2026-02-30", "new-chess-L1-1",
                                 "o99", "puzzles/origins/o03-totem.json", ""])
def test_anything_else_is_one_family_error(ref: str) -> None:
    with pytest.raises(PuzzleError) as error:
        look_up(ref)
    assert "\n" not in str(error.value) and repr(ref) in str(error.value)


def test_an_unknown_form_lists_every_form() -> None:
    with pytest.raises(PuzzleError, match="a puzzle id is") as error:
        look_up("x1")
    for form in ("NN-kind", "kNN", "oNN", "new-KIND-LLEVEL-SEED", "daily-YYYY-MM-DD"):
        assert form in str(error.value) and form in ID_FORMS


def test_only_the_command_line_opens_a_file(tmp_path: Path) -> None:
    path = ROOT / "origins" / "o03-totem.json"
    assert look_up(str(path), files=True).puzzle.id == "o03-totem"
    with pytest.raises(PuzzleError, match="never a file path"):
        look_up(str(path))


@pytest.mark.parametrize("ref", list(FORMS))
def test_puzzle_show_opens_every_form(capsys: pytest.CaptureFixture[str], ref: str) -> None:
    game, pid, title = FORMS[ref]
    assert main(["puzzle", "show", ref]) == 0
    out = capsys.readouterr().out
    assert pid in out or (title is not None and title in out), out[:300]


def test_puzzle_show_refuses_an_unknown_id_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "show", "x1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "daily-YYYY-MM-DD" in err


@pytest.mark.parametrize("ref", list(FORMS))
def test_the_one_laptop_page_opens_every_form(ref: str) -> None:
    game, pid, title = FORMS[ref]
    board = app_page(f"puzzle={ref}")
    assert not isinstance(board, Notice), board
    assert (title or pid) in str(board.html)


@pytest.mark.parametrize("ref", list(FORMS))
def test_the_class_page_opens_every_form(tmp_path: Path, ref: str) -> None:
    game, pid, title = FORMS[ref]
    store = ProgressStore(tmp_path / "class.db")
    page = student_page(f"puzzle={ref}&student=Ada", store)
    assert not isinstance(page, Notice), page
    links, board = page.children
    assert (title or pid) in str(board.html) and "signed in as" in links.value


def test_both_pages_refuse_an_unknown_id_and_a_path_in_one_line(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    for ref in ("x1", "../puzzles/kingdomino/05-best-kingdom.json"):
        for page in (app_page(f"puzzle={ref}"), student_page(f"puzzle={ref}&student=Ada", store)):
            assert isinstance(page, Notice) and page.text.startswith("Cannot open the page: ")
            assert "a puzzle id is" in page.text


def test_both_indexes_link_every_kingdoms_puzzle() -> None:
    ids = sorted(p.stem for p in (ROOT / "kingdoms").glob("*.json"))
    castles = [look_up(pid).puzzle for pid in ids]
    one_laptop, in_class = str(Index().value), index_page("Ada", [], set(), (), castles)
    for pid in ids:
        assert f"?puzzle={pid}" in one_laptop and f"puzzle={pid}&amp;student=Ada" in in_class
