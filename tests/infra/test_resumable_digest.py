"""A stopped run's kept rows carry their SHA-256: a resume knows whether the rows it reads
back are those bytes (then a sample of them is checked again) or not (then every one)."""

from __future__ import annotations

from pathlib import Path

from kingdomino_kit.infra.resumable import ResumableCsv


def _stopped_run(path: Path) -> ResumableCsv:
    out = ResumableCsv(path, ("game", "player", "score"), group="game", size=2)
    out.open(resume=False)
    for game in range(3):
        for player in range(2):
            out.write({"game": game, "player": player, "score": 10 * game + player})
    out.write({"game": 3, "player": 0, "score": 30})      # cut off: game 3 is incomplete
    assert out.keep() == 3
    return out


def test_the_kept_rows_of_a_stopped_run_are_verified_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    first = _stopped_run(path)
    assert first.digest_path.is_file()
    again = ResumableCsv(path, ("game", "player", "score"), group="game", size=2)
    assert len(again.open(resume=True)) == 3 and again.verified
    assert not again.digest_path.exists()                 # the file grows again: stale
    again.write({"game": 3, "player": 0, "score": 30})
    again.write({"game": 3, "player": 1, "score": 31})
    again.commit()
    assert not again.digest_path.exists() and path.read_text().count("\n") == 9


def test_rows_changed_after_the_stop_or_killed_runs_are_not_verified(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    out = _stopped_run(path)
    partial = out.partial
    partial.write_text(partial.read_text().replace("0,1,1\n", "0,1,999\n"))   # a forged score
    forged = ResumableCsv(path, ("game", "player", "score"), group="game", size=2)
    assert len(forged.open(resume=True)) == 3 and not forged.verified
    forged.keep()                                         # refused by its caller: kept as it was
    assert not forged.digest_path.exists()                # … and not vouched for
    killed = ResumableCsv(path, ("game", "player", "score"), group="game", size=2)
    assert len(killed.open(resume=True)) == 3 and not killed.verified
    killed.keep()
