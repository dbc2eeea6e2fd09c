"""The gate of the board server (:mod:`kingdomino_kit.server.board_server`): who may ask for
what, decided before any board is made.

- a request whose ``Host`` is not one of the server's names is refused (403): a web page
  elsewhere cannot make a student's browser open boards here
  (:mod:`kingdomino_kit.server.addresses` says which names);
- in class mode, a request without the class's cookies gets the join form (403, no board): the
  class code and a name, given once; the signed cookies then open every page;
- the teacher's dashboard (``/class/dashboard``, its CSV and JSON) asks for the teacher's key.

:class:`Room` holds what the gate needs; the handlers here serve the pages that need no board
(plain HTML, :mod:`kingdomino_kit.server.html_pages`).

>>> room = Room(hosts=("127.0.0.1", "localhost"))
>>> room.answers_to("LOCALHOST"), room.answers_to("evil.example"), room.classroom
(True, False, False)
>>> local_path("https://evil.example/x"), local_path("//evil.example"), local_path("/?puzzle=p")
('/', '/', '/?puzzle=p')
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import tornado.web

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.server.addresses import WILDCARDS, interface_hosts
from kingdomino_kit.server.html_pages import (
    csv_text,
    dashboard_page,
    index_page,
    join_page,
    notice_page,
)
from kingdomino_kit.server.progress import ProgressError, ProgressStore

__all__ = ["CLASS_COOKIE", "STUDENT_COOKIE", "TEACHER_COOKIE", "DashboardHandler", "GateHandler",
           "GatedApplication", "IndexHandler", "JoinHandler", "RefuseHandler", "Room", "SeeHandler",
           "class_routes", "local_path", "new_code", "same"]

CLASS_COOKIE = "kk_class"
STUDENT_COOKIE = "kk_student"
TEACHER_COOKIE = "kk_teacher"
COOKIE_DAYS = 30
PAGE_POLICY = ("default-src 'self'; style-src 'self' 'unsafe-inline'; "
               "script-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'")
"""The pages' Content-Security-Policy: nothing is fetched from another host."""


@dataclass(frozen=True)
class Room:
    """What the gate needs: the names the server answers to (``hosts``, and every address of
    this machine's interfaces when it listens on a wildcard, ``listen``), the class code and
    the teacher's key (None in one-laptop mode), the progress file, the ceiling of open boards
    and how many one student may hold."""

    hosts: tuple[str, ...]
    listen: str = "127.0.0.1"
    code: str | None = None
    teacher_key: str | None = None
    store_path: Path | None = None
    ceiling: int = 64
    per_student: int = 3
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)

    @property
    def classroom(self) -> bool:
        """Class mode: a code, a name and progress kept."""
        return self.code is not None

    def answers_to(self, host_name: str) -> bool:
        """Whether a request whose ``Host`` is ``host_name`` is for this server."""
        name = host_name.lower()
        if name in self.hosts:
            return True
        family = WILDCARDS.get(self.listen)
        return family is not None and name in interface_hosts(family)

    @cached_property
    def collection(self) -> list[Any]:
        """The kit's puzzles, loaded once."""
        return load_collection()

    @cached_property
    def origins(self) -> list[Any]:
        """The kit's Origins puzzles, loaded once."""
        return origins_puzzles()

    @cached_property
    def castles(self) -> list[Any]:
        """The kit's Kingdoms castle puzzles, loaded once."""
        return castle_puzzles()

    @cached_property
    def store(self) -> ProgressStore:
        """The class's progress file (one connection for the server, shared by its threads)."""
        if self.store_path is None:
            raise KingdominoError("this server keeps no progress (one-laptop mode)")
        return ProgressStore(self.store_path)


def new_code(words: int = 2) -> str:
    """A class code easy to read aloud and type: groups of 4 digits (``"4821-0937"``)."""
    return "-".join(f"{secrets.randbelow(10 ** 4):04d}" for _ in range(words))


def same(a: str | None, b: str | None) -> bool:
    """``a == b`` for secrets (constant time), never for a missing one."""
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())


def local_path(url: str) -> str:
    """``url`` if it is a path on this server, else ``/`` (no redirect elsewhere)."""
    parts = urlsplit(url or "/")
    if parts.scheme or parts.netloc or not url.startswith("/") or url.startswith("//"):
        return "/"
    return url


class GateHandler(tornado.web.RequestHandler):
    """What the server's pages share: the room, its signed cookies, pages of one status."""

    def initialize(self, room: Room, status: int = 200, title: str = "",
                   line: str = "") -> None:
        self.room = room
        self.status = status
        self.title = title
        self.line = line

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", PAGE_POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "same-origin")

    def signed(self, name: str) -> str | None:
        value = self.get_signed_cookie(name, max_age_days=COOKIE_DAYS)
        return None if value is None else value.decode()

    def sign(self, name: str, value: str) -> None:
        self.set_signed_cookie(name, value, httponly=True, samesite="Strict",
                               expires_days=COOKIE_DAYS)

    def check_xsrf_cookie(self) -> None:
        """The forms here carry no token: the cookies are ``SameSite=Strict``."""

    def page(self, status: int, html: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(html)


class RefuseHandler(GateHandler):
    """One line and a status: a foreign host, a full class, an unknown page."""

    def get(self, *args: Any) -> None:
        self.page(self.status, notice_page(self.title, self.line))

    post = get


class JoinHandler(GateHandler):
    """The class code and a name, once; then the page the student asked for."""

    def get(self, *args: Any) -> None:
        known = same(self.signed(CLASS_COOKIE), self.room.code)
        self.page(200 if known else 403,
                  join_page("", self.signed(STUDENT_COOKIE) or "",
                            local_path(self.get_argument("next", self.request.uri or "/")),
                            code_known=known))

    def post(self, *args: Any) -> None:
        known = same(self.signed(CLASS_COOKIE), self.room.code)
        code = self.get_body_argument("code", "").strip()
        name = self.get_body_argument("name", "")
        target = local_path(self.get_body_argument("next", "/"))
        if not known and not same(code, self.room.code):
            self.page(403, join_page("That is not this class's code: ask your teacher.", name,
                                     target))
            return
        try:
            student = self.room.store.join(name)
        except ProgressError as error:
            self.page(400, join_page(str(error), name, target, code_known=True))
            return
        self.sign(CLASS_COOKIE, self.room.code or "")
        self.sign(STUDENT_COOKIE, student)
        self.redirect(target)


class SeeHandler(GateHandler):
    """A redirect to the local path in ``line``."""

    def get(self, *args: Any) -> None:
        self.redirect(local_path(self.line))


class IndexHandler(GateHandler):
    """Every puzzle, the student's solved ones marked (no board)."""

    def get(self, *args: Any) -> None:
        student = self.signed(STUDENT_COOKIE) or ""
        solved = self.room.store.solved(student) if student else set()
        self.page(200, index_page(student, self.room.collection, solved, self.room.origins,
                                  self.room.castles))


class DashboardHandler(GateHandler):
    """The teacher's table (HTML), its CSV and its JSON."""

    def get(self, kind: str = "") -> None:
        key = self.get_argument("key", None)
        if same(key, self.room.teacher_key):
            self.sign(TEACHER_COOKIE, key or "")
            self.redirect("/class/dashboard" + kind)
            return
        if not same(self.signed(TEACHER_COOKIE), self.room.teacher_key):
            self.page(403, notice_page("Teacher's dashboard", "Open the dashboard link the "
                                       "server printed (it carries the teacher's key)."))
            return
        store = self.room.store
        rows = store.rows()
        if kind == ".csv":
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
            self.finish(csv_text(rows))
        elif kind == ".json":
            self.finish({"rows": rows, "students": store.students()})
        else:
            ids = [p.id for p in self.room.collection] + [p.id for p in self.room.origins]
            self.page(200, dashboard_page(rows, store.students(), ids))


def class_routes(room: Room) -> list[Any]:
    """The routes of the class's own pages (the join form, the teacher's dashboard, its CSV
    and JSON) in class mode; none on one laptop."""
    if not room.classroom:
        return []
    own = {"room": room}
    return [(r"/class/join", JoinHandler, own),
            (r"/class/dashboard(|\.csv|\.json)", DashboardHandler, own)]


class GatedApplication(tornado.web.Application):
    """An application with the gate of a :class:`Room` in front of every request; a server
    adds its own decisions about a page (:meth:`gate` first) in ``find_handler``."""

    open_paths: tuple[str, ...] = ()
    """Paths the class code does not guard (the forms, the dashboard, what every page loads)."""

    def __init__(self, room: Room, *args: Any, **settings: Any) -> None:
        super().__init__(*args, **settings)
        self.room = room

    def _to(self, request: Any, handler: type[GateHandler], **kwargs: Any) -> Any:
        return self.get_handler_delegate(request, handler, {"room": self.room, **kwargs})

    def _cookie(self, request: Any, name: str) -> str | None:
        morsel = request.cookies.get(name)
        if morsel is None:
            return None
        value = tornado.web.decode_signed_value(self.settings["cookie_secret"], name,
                                                morsel.value, max_age_days=COOKIE_DAYS)
        return None if value is None else value.decode()

    def gate(self, request: Any) -> Any | None:
        """The handler that answers instead of the page asked for: a refusal for another host;
        in a class, the join form without the class's cookies, the index for ``/`` without a
        puzzle. None: the request may go on."""
        room = self.room
        if not room.answers_to(request.host_name):
            return self._to(request, RefuseHandler, status=403, title="Not this server",
                            line=f"This server answers to {', '.join(room.hosts)}"
                                 f"{' and its addresses' if room.listen in WILDCARDS else ''},"
                                 f" not {request.host_name}.")
        path = request.path
        if not room.classroom or path.startswith(self.open_paths):
            return None
        if not same(self._cookie(request, CLASS_COOKIE), room.code) or \
                not self._cookie(request, STUDENT_COOKIE):
            return self._to(request, JoinHandler)
        if path == "/" and "puzzle" not in request.query_arguments:
            return self._to(request, IndexHandler)
        return None

    def see_student(self, request: Any) -> Any:
        """A redirect to the page asked for, for the student the cookie names."""
        query = {k: v[0].decode() for k, v in request.query_arguments.items()}
        student = self._cookie(request, STUDENT_COOKIE) or ""
        return self._to(request, SeeHandler, line="/?" + urlencode({**query, "student": student}))
