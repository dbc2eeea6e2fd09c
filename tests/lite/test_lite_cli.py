"""``kingdomino-kit lite``: bad input is one line on stderr and exit code 2, before any build;
odd values of every flag are answered or refused so (the build replaced by a recorder)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import kingdomino_kit.cli.lite as lite_cli
from tests.hardening.samples import cli
from tests.hardening.test_fuzz_flags import ODD


def test_a_folder_that_is_not_a_site_is_refused_before_the_build(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.tex").write_text("keep me")
    code, out, err = cli(["lite", str(tmp_path / "mine"), "--cache", str(tmp_path / "c")],
                         capsys, monkeypatch)
    assert code == 2 and not out
    assert err.count("\n") == 1 and "not empty and not a Lite site" in err, err
    assert (tmp_path / "mine" / "thesis.tex").read_text() == "keep me"
    assert not (tmp_path / "c").exists()                  # nothing was downloaded


def test_a_missing_notebooks_folder_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = cli(["lite", str(tmp_path / "site"), "--notebooks",
                        str(tmp_path / "none")], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "no such folder of notebooks" in err, err


@pytest.mark.parametrize("flag", ["DIR", "--notebooks", "--cache"])
def test_odd_values_are_answered_or_refused_in_one_line(
        flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[Path, Path, Path]] = []

    def recorder(target: Path, notebooks: Path, cache: Path) -> _Site:
        built.append((target, notebooks, cache))
        return _Site(target)

    monkeypatch.setattr(lite_cli, "build_site", recorder)
    monkeypatch.chdir(tmp_path)
    for value in random.Random(flag).sample(ODD, 4):
        args = ["lite", value] if flag == "DIR" else ["lite", "site", flag, value]
        code, _, err = cli(args, capsys, monkeypatch)
        assert code in (0, 2), (value, code, err)
        assert "Traceback" not in err
        if code == 2:
            assert err.count("\n") == 1, err


class _Site:
    def __init__(self, folder: Path) -> None:
        self.folder, self.notebooks, self.size = folder, ("00_start_here.ipynb",), 1
