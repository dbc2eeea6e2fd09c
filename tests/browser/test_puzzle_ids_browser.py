"""Every puzzle id form in a real browser, on the one-laptop page (``kingdomino-kit app``) and
on the class page (``app --class``, after joining): the page draws that puzzle's board. The
expected titles are read from the repository's puzzle files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import chromium_page
from tests.server.test_board_server import running

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2] / "puzzles"
CODE = "2468-1357"   # the code tests.server.test_board_server's clients join with


def _title(folder: str, name: str) -> str:
    return str(json.loads((ROOT / folder / name).read_text(encoding="utf-8"))["title"])


FORMS = {  # id form -> words the board shows
    "05": _title("kingdomino", "05-best-kingdom.json"),
    "05-best-kingdom": _title("kingdomino", "05-best-kingdom.json"),
    "k01": _title("kingdoms", "k01-three-castles.json"),
    "k01-three-castles": _title("kingdoms", "k01-three-castles.json"),
    "o03": _title("origins", "o03-totem.json"),
    "o03-totem": _title("origins", "o03-totem.json"),
    "new-best-kingdom-L1-1": "new-best-kingdom-L1-1",
    "daily-2026-12-02": "daily-2026-12-02",
}


def _open_every_form(page: Any, url: str) -> None:
    for ref, words in FORMS.items():
        page.goto(f"{url}/?puzzle={ref}")
        page.wait_for_function(
            "w => (document.querySelector('#kk-board') || {}).textContent?.includes(w)",
            arg=words, timeout=60_000)
        assert "Cannot open the page" not in page.content(), ref
    page.goto(f"{url}/?puzzle=x1")
    assert "a puzzle id is" in page.locator("body").inner_text()


def test_every_id_form_opens_on_the_one_laptop_page_and_the_class_page(
        tmp_path: Path, chromium_path: Path) -> None:
    with running(tmp_path) as laptop, chromium_page(chromium_path, tmp_path / "one",
                                                    1366, 768) as page:
        _open_every_form(page, laptop.url)
    with running(tmp_path, "--class", "--students", "2", "--folder", "room", "--code",
                 CODE) as room, chromium_page(chromium_path, tmp_path / "class",
                                              1366, 768) as page:
        page.goto(f"{room.url}/?puzzle=05")
        page.fill("#kk-code", CODE)
        page.fill("#kk-name", "Ada")
        page.click("button[type=submit]")
        page.wait_for_selector("#kk-board", timeout=60_000)
        assert "signed in as" in page.locator(".kk-class-nav").inner_text()
        _open_every_form(page, room.url)
