"""The puzzle page as a server: one laptop (127.0.0.1, no code) or a whole class.

:class:`PageServer` is Voilà (each visitor's board runs in a kernel of its own, the visitor
cannot run code in it) with one gate in front of every request (:class:`GatedApplication`):

- a request whose ``Host`` is not one of the server's names is refused (403): a web page
  elsewhere cannot make a student's browser start kernels here;
- in class mode, a request without the class's cookie gets the join form (403, no kernel):
  the class code and a name, given once; the cookie then opens every page;
- a puzzle page past the ceiling of kernels gets one line asking to wait (503), never a crash;
- the teacher's dashboard (``/class/dashboard``, its CSV and JSON) asks for the teacher's key;
- a closed page's kernel is shut down (Voilà's own request on leaving a page was refused for
  want of an ``_xsrf`` argument), and kernels whose page is gone are culled when idle.

Class mode preheats a pool of kernels (Voilà's ``preheat_kernel``) sized for the class, so a
student's first board does not wait for a kernel to start; students' progress goes to a SQLite
file in the class folder (:mod:`kingdomino_kit.server.progress`), written by their kernels.
"""

from __future__ import annotations

import hmac
import os
import secrets
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import tornado.ioloop
import tornado.web
from jupyter_core.utils import ensure_async
from voila.app import Voila

from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.server.addresses import WILDCARDS, interface_hosts, reach_address
from kingdomino_kit.server.gate import new_code
from kingdomino_kit.server.html_pages import (
    csv_text,
    dashboard_page,
    index_page,
    join_page,
    notice_page,
)
from kingdomino_kit.server.progress import ProgressError, ProgressStore
from kingdomino_kit.server.student_page import CLASS_DB, page_notebook, ready_folder

__all__ = ["ClassConfig", "GatedApplication", "PageServer", "new_code", "page_notebook"]

CLASS_COOKIE = "kk_class"
STUDENT_COOKIE = "kk_student"
TEACHER_COOKIE = "kk_teacher"
VOILA_APP_IP = "VOILA_APP_IP"
"""The environment variable naming the address on which a preheated kernel asks Voilà for its
visitor's request (Voilà's default, 127.0.0.1, is wrong when the server listens elsewhere)."""
OPEN_PATHS = ("/class/join", "/class/dashboard", "/favicon.ico", "/voila/query/")
"""Paths the class code does not guard: the forms, the dashboard (the teacher's key guards it)
and the socket on which a preheated kernel learns its visitor's request (by its kernel id)."""


def page_templates() -> Path:
    """The kit's Voilà templates (package data), searched before Voilà's own."""
    return Path(str(resources.files("kingdomino_kit.server") / "templates"))


@dataclass(frozen=True)
class ClassConfig:
    """What the gate needs: the names the server answers to (``hosts``, and every address of
    this machine's interfaces when it listens on a wildcard, ``listen``), the class code and
    the teacher's key (None in one-laptop mode), the progress file and the ceiling of kernels."""

    hosts: tuple[str, ...]
    code: str | None = None
    teacher_key: str | None = None
    store_path: Path | None = None
    max_kernels: int = 64
    pool: int = 0
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    listen: str = "127.0.0.1"

    def answers_to(self, host_name: str) -> bool:
        """Whether a request whose ``Host`` is ``host_name`` is for this server
        (:mod:`kingdomino_kit.server.addresses`)."""
        name = host_name.lower()
        if name in self.hosts:
            return True
        family = WILDCARDS.get(self.listen)
        return family is not None and name in interface_hosts(family)

    @cached_property
    def store(self) -> ProgressStore:
        """The class's progress file (one connection for the server)."""
        if self.store_path is None:
            raise KingdominoError("this server keeps no progress (one-laptop mode)")
        return ProgressStore(self.store_path)


def _same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())


def _local(url: str) -> str:
    """``url`` if it is a path on this server, else ``/`` (no redirect elsewhere)."""
    parts = urlsplit(url or "/")
    if parts.scheme or parts.netloc or not url.startswith("/") or url.startswith("//"):
        return "/"
    return url


class Base(tornado.web.RequestHandler):
    """What the class server's own pages share: the config and its signed cookies."""

    def initialize(self, config: ClassConfig, status: int = 200, title: str = "",
                   line: str = "") -> None:
        self.config = config
        self.status = status
        self.title = title
        self.line = line

    def signed(self, name: str) -> str | None:
        value = self.get_signed_cookie(name, max_age_days=30)
        return None if value is None else value.decode()

    def sign(self, name: str, value: str) -> None:
        self.set_signed_cookie(name, value, httponly=True, samesite="Strict", expires_days=30)

    def check_xsrf_cookie(self) -> None:
        """The forms here carry no token: the cookies are ``SameSite=Strict``."""

    def page(self, status: int, html: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(html)


class RefuseHandler(Base):
    """One line and a status: a foreign host, a full class."""

    def get(self, *args: Any) -> None:
        self.page(self.status, notice_page(self.title, self.line))

    post = get


class JoinHandler(Base):
    """The class code and a name, once; then the page the student asked for."""

    def get(self, *args: Any) -> None:
        known = _same(self.signed(CLASS_COOKIE), self.config.code)
        self.page(200 if known else 403,
                  join_page("", self.signed(STUDENT_COOKIE) or "",
                            _local(self.get_argument("next", self.request.uri or "/")),
                            code_known=known))

    def post(self, *args: Any) -> None:
        known = _same(self.signed(CLASS_COOKIE), self.config.code)
        code = self.get_body_argument("code", "").strip()
        name = self.get_body_argument("name", "")
        target = _local(self.get_body_argument("next", "/"))
        if not known and not _same(code, self.config.code):
            self.page(403, join_page("That is not this class's code: ask your teacher.", name,
                                     target))
            return
        try:
            student = self.config.store.join(name)
        except ProgressError as error:
            self.page(400, join_page(str(error), name, target, code_known=True))
            return
        self.sign(CLASS_COOKIE, self.config.code or "")
        self.sign(STUDENT_COOKIE, student)
        self.redirect(target)


class SeeHandler(Base):
    """A redirect to the local path in ``line``."""

    def get(self, *args: Any) -> None:
        self.redirect(_local(self.line))


class IndexHandler(Base):
    """Every puzzle, the student's solved ones marked (no kernel)."""

    def get(self) -> None:
        student = self.signed(STUDENT_COOKIE) or ""
        solved = self.config.store.solved(student) if student else set()
        self.page(200, index_page(student, load_collection(), solved, origins_puzzles(),
                                  castle_puzzles()))


class DashboardHandler(Base):
    """The teacher's table (HTML), its CSV and its JSON."""

    def get(self, kind: str = "") -> None:
        key = self.get_argument("key", None)
        if _same(key, self.config.teacher_key):
            self.sign(TEACHER_COOKIE, key or "")
            self.redirect("/class/dashboard" + kind)
            return
        if not _same(self.signed(TEACHER_COOKIE), self.config.teacher_key):
            self.page(403, notice_page("Teacher's dashboard", "Open the dashboard link the "
                                       "server printed (it carries the teacher's key)."))
            return
        store = self.config.store
        rows = store.rows()
        if kind == ".csv":
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
            self.finish(csv_text(rows))
        elif kind == ".json":
            self.finish({"rows": rows, "students": store.students()})
        else:
            ids = [p.id for p in load_collection()] + [p.id for p in origins_puzzles()]
            self.page(200, dashboard_page(rows, store.students(), ids))


class ShutdownHandler(Base):
    """A page that is left shuts its kernel down (the request Voilà's page sends)."""

    async def post(self, kernel_id: str) -> None:
        manager = self.settings["kernel_manager"]
        if kernel_id in manager:
            await ensure_async(manager.shutdown_kernel(kernel_id))
        self.set_status(204)
        self.finish()


class GatedApplication(tornado.web.Application):
    """Voilà's application with the gate of :class:`ClassConfig` in front of every request."""

    def __init__(self, config: ClassConfig, **settings: Any) -> None:
        super().__init__(**settings)
        self.config = config

    def _to(self, request: Any, handler: type[Base], **kwargs: Any) -> Any:
        return self.get_handler_delegate(request, handler, {"config": self.config, **kwargs})

    def _cookie(self, request: Any, name: str) -> str | None:
        morsel = request.cookies.get(name)
        if morsel is None:
            return None
        value = tornado.web.decode_signed_value(self.settings["cookie_secret"], name,
                                                morsel.value, max_age_days=30)
        return None if value is None else value.decode()

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        config = self.config
        if not config.answers_to(request.host_name):
            return self._to(request, RefuseHandler, status=403, title="Not this server",
                            line=f"This server answers to {', '.join(config.hosts)}"
                                 f"{' and its addresses' if config.listen in WILDCARDS else ''},"
                                 f" not {request.host_name}.")
        path = request.path
        if config.code is not None and not path.startswith(OPEN_PATHS):
            if not _same(self._cookie(request, CLASS_COOKIE), config.code) or \
                    not self._cookie(request, STUDENT_COOKIE):
                return self._to(request, JoinHandler)
            if path == "/" and "puzzle" not in request.query_arguments:
                return self._to(request, IndexHandler)
            if path == "/":
                student = self._cookie(request, STUDENT_COOKIE)
                if "student" not in request.query_arguments and student:
                    query = {k: v[0].decode() for k, v in request.query_arguments.items()}
                    return self._to(request, SeeHandler,
                                    line="/?" + urlencode({**query, "student": student}))
                if len(self.settings["kernel_manager"].list_kernel_ids()) >= config.max_kernels:
                    return self._to(request, RefuseHandler, status=503, title="The class is full",
                                    line=f"{config.max_kernels} boards are open on this server: "
                                         "wait a minute and reload, or ask your teacher.")
        return super().find_handler(request, **kwargs)


class PageServer(Voila):  # type: ignore[misc]
    """Voilà on the page notebook, behind the gate; ``config`` set before :meth:`start`."""

    gate: ClassConfig

    def setup_template_dirs(self) -> None:
        """Voilà's templates, with the kit's own first: the page and Voilà's own pages without
        their links to a CDN (``templates/``, package data)."""
        super().setup_template_dirs()
        self.template_paths.insert(0, str(page_templates()))

    def init_handlers(self) -> list[Any]:
        own: list[Any] = [(r"/voila/api/shutdown/(.*)", ShutdownHandler,
                           {"config": self.gate})]
        if self.gate.code is not None:
            own += [(r"/class/join", JoinHandler, {"config": self.gate}),
                    (r"/class/dashboard(|\.csv|\.json)", DashboardHandler,
                     {"config": self.gate})]
        return own + list(super().init_handlers())

    def start(self) -> None:
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = GatedApplication(self.gate, **settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        if self.gate.store_path is not None and self.gate.pool:
            self._ready = tornado.ioloop.PeriodicCallback(self._say_ready, 1000)
            self._ready.start()
        self.listen()

    def _say_ready(self) -> None:
        """Once every preheated kernel waits for its visitor: one line, the class can come."""
        if self.gate.store_path is None:
            raise InvariantError("expected self.gate.store_path is not None")
        folder = ready_folder(self.gate.store_path)
        waiting = len(list(folder.iterdir())) if folder.is_dir() else 0
        if waiting >= self.gate.pool:
            print(f"Ready: {waiting} boards wait for the class.", flush=True)
            self._ready.stop()


def serve(argv: list[str], gate: ClassConfig) -> None:
    """Run the server until it is stopped (Ctrl-C, SIGTERM)."""
    if gate.store_path is not None:
        os.environ[CLASS_DB] = str(gate.store_path.absolute())  # the kernels run elsewhere
        shutil.rmtree(ready_folder(gate.store_path), ignore_errors=True)
    os.environ[VOILA_APP_IP] = reach_address(gate.listen)  # where a kernel fetches its visitor
    server = PageServer()
    server.gate = gate
    server.initialize(argv)
    server.start()
