"""A student's kernel writing progress, in a process of its own (imports only the store)."""

from __future__ import annotations

from kingdomino_kit.server.progress import ProgressStore

CHECKS = 30


def write(path: str, writer: int) -> None:
    """``CHECKS`` Checks and boards of ``student {writer % 3}`` on two puzzles."""
    store = ProgressStore(path)
    for i in range(CHECKS):
        # everyone on the same two puzzles: the rows collide on purpose
        store.record_check(f"student {writer % 3}", f"p{i % 2}", score=i, optimal=i == 7)
        store.save_board(f"student {writer % 3}", f"p{i % 2}", [["discard", i]])
