"""The open boards of the board server: one per page a visitor opened, all in the server's one
process, each named by an unguessable token that only its page knows.

The registry bounds what a class can hold and frees what nobody looks at:

- at most ``ceiling`` boards at once: past it a new page is refused (:class:`Full`, which
  the server turns into a polite 503) — nothing is ever started ahead of time, so there is no
  pool to refill and no storm of refills after a rush;
- at most ``per_student`` boards per student: a student's next page closes their oldest one,
  a page already left first (a student reloading or opening tabs never fills the class);
- a board whose page is gone is culled: no socket for ``grace`` seconds (a page closed, a
  laptop shut, a page that never connected), or no action for ``idle`` seconds.

Times come from ``clock`` (monotonic seconds), so the rules are tested without waiting.

>>> now = [0.0]
>>> boards = BoardSessions(ceiling=2, per_student=1, grace=30, idle=600, clock=lambda: now[0])
>>> a = boards.open("Ada", Board())
>>> b = boards.open("Bo", Board())
>>> boards.open("Cy", Board())
Traceback (most recent call last):
...
kingdomino_kit.server.sessions.Full: 2 boards are open on this server
>>> a2 = boards.open("Ada", Board())            # Ada's second page closes her first
>>> boards.get(a.token) is None, a.board.closed, len(boards)
(True, True, 2)
>>> boards.attach(a2.token, "socket") is a2
True
>>> now[0] = 31.0
>>> [s.student for s in boards.cull()]          # Bo's page never connected
['Bo']
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.errors import KingdominoError

__all__ = ["Board", "BoardSessions", "Full", "Session", "release"]


class Full(KingdominoError):
    """The server holds as many boards as it may."""


class Board:
    """A stand-in board for the examples: anything with ``close()``."""

    closed = False

    def close(self) -> None:
        self.closed = True


def release(widget: Any) -> None:
    """Close a widget and the widgets it holds for its looks (``layout``, ``style``), which
    closing the widget alone leaves registered (a leak of two widgets a page)."""
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if part is not None and hasattr(part, "close"):
            part.close()
    widget.close()


@dataclass(eq=False)
class Session:
    """One open board: whose it is, its token, its sockets, when it was last used."""

    student: str
    board: Any
    opened: float
    seen: float
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    shown: str = ""
    """The board's HTML as its page was given it."""
    sockets: set[Any] = field(default_factory=set)
    on_close: list[Callable[[Session], None]] = field(default_factory=list)


class BoardSessions:
    """The registry of open boards (see the module's docstring)."""

    def __init__(self, *, ceiling: int, per_student: int, grace: float = 45.0,
                 idle: float = 3600.0, clock: Callable[[], float] = time.monotonic) -> None:
        if ceiling < 1 or per_student < 1:
            raise KingdominoError(f"ceiling and per_student must be 1 or more, not {ceiling}, "
                                  f"{per_student}")
        self.ceiling = ceiling
        self.per_student = per_student
        self.grace = grace
        self.idle = idle
        self.clock = clock
        self._open: dict[str, Session] = {}

    def __len__(self) -> int:
        return len(self._open)

    def full(self, student: str = "") -> bool:
        """Whether a new page of ``student`` would be refused (their own oldest page is closed
        rather than refusing them)."""
        return len(self._open) >= self.ceiling and not self._of(student)

    def _of(self, student: str) -> list[Session]:
        """The student's boards, the first to close first: pages left, then the oldest."""
        return sorted((s for s in self._open.values() if s.student == student),
                      key=lambda s: (bool(s.sockets), s.opened))

    def open(self, student: str, board: Any) -> Session:
        """Keep ``board`` as a page of ``student``; :class:`Full` past the ceiling (the board
        is then closed)."""
        mine = self._of(student)
        while mine and (len(mine) >= self.per_student or len(self._open) >= self.ceiling):
            self.close(mine.pop(0))
        if len(self._open) >= self.ceiling:
            release(board)
            raise Full(f"{self.ceiling} boards are open on this server")
        now = self.clock()
        session = Session(student, board, opened=now, seen=now)
        self._open[session.token] = session
        return session

    def get(self, token: str) -> Session | None:
        """The open board named ``token``, or None."""
        return self._open.get(token)

    def attach(self, token: str, socket: Any) -> Session | None:
        """A page's socket connects to its board (None: no such board, or culled)."""
        session = self._open.get(token)
        if session is not None:
            session.sockets.add(socket)
            session.seen = self.clock()
        return session

    def detach(self, session: Session, socket: Any) -> None:
        """A page's socket closed: its board is culled after ``grace`` unless one reconnects."""
        session.sockets.discard(socket)
        session.seen = self.clock()

    def touch(self, session: Session) -> None:
        """The board was used now."""
        session.seen = self.clock()

    def close(self, session: Session) -> None:
        """Close one board (its sockets are told by its ``on_close`` callbacks)."""
        if self._open.pop(session.token, None) is None:
            return
        for callback in session.on_close:
            callback(session)
        release(session.board)

    def cull(self) -> list[Session]:
        """Close the boards whose page is gone or idle; return them."""
        now = self.clock()
        gone = [s for s in self._open.values()
                if (not s.sockets and now - s.seen > self.grace) or now - s.seen > self.idle]
        for session in gone:
            self.close(session)
        return gone

    def close_all(self) -> None:
        """Close every board (the server stops)."""
        for session in list(self._open.values()):
            self.close(session)
