"""The puzzle page as one light server: every visitor's board lives in the server's own process.

A board of the kit is one widget whose view shows the HTML that Python renders and reports
clicks and keys (:mod:`kingdomino_kit.widgets.view`). So a page needs no kernel: the server
makes the board when the page is asked for, puts its HTML in the page, and a small script
(``static/board_page.js``, with the board's own view module) draws it and speaks for it over
one websocket — an action in, the new HTML out. A visitor can only send actions: there is
nothing that runs their code.

What it costs: the kit is imported once (about 190 MiB), a board adds well under 1 MiB and
about 10 ms; nothing is started ahead of time, so a class is served as soon as the server
listens (``Ready``), and a rush makes no refill — boards are made as pages are asked for, by a
bounded pool of threads (:data:`ACTION_THREADS`; a fresh puzzle, which can take seconds to
make, by one thread of its own and once per id). The open boards, their ceiling and the
culling of boards whose page is gone: :mod:`kingdomino_kit.server.sessions`. The gate in front
of every request (the ``Host`` check, the class code, the teacher's key):
:mod:`kingdomino_kit.server.gate`.

Pages: ``/`` (the index), ``/?puzzle=ID``, ``/?hand=41,13,27`` as on one laptop
(:func:`kingdomino_kit.widgets.app.app_page`); in a class, a student's puzzle with their board
kept in the class's progress file (:func:`kingdomino_kit.server.student_page.class_board`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import tornado.ioloop
import tornado.web
import tornado.websocket

from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.puzzles.lookup import fresh_puzzle, is_fresh
from kingdomino_kit.server.gate import (
    COOKIE_DAYS,
    STUDENT_COOKIE,
    GatedApplication,
    GateHandler,
    RefuseHandler,
    Room,
    class_routes,
)
from kingdomino_kit.server.html_pages import STYLE, board_page, notice_page
from kingdomino_kit.server.sessions import BoardSessions, Full, Session, release

__all__ = ["ACTION_THREADS", "BOARDS_PER_STUDENT", "BoardApplication", "BoardServer", "serve"]

ACTION_THREADS = 4
"""Threads that make boards and answer actions (a board answers one action at a time)."""
FRESH_KEPT = 32
"""Fresh puzzles kept once made (by id): a class asking for the same one makes it once."""
BOARDS_PER_STUDENT = 3
"""The boards one student may hold open (their next page closes their oldest)."""
CULL_EVERY_S = 5.0
MESSAGE_BYTES = 4096
"""The largest action a page may send (a click's ``data-*`` values)."""
OPEN_PATHS = ("/class/join", "/class/dashboard", "/favicon.ico", "/board/static/", "/board/esm/")
"""Paths the class code does not guard: the forms, the dashboard (the teacher's key guards
it), the pages' script and the boards' view modules (the same for everyone)."""
LOG = logging.getLogger("kingdomino_kit.server")


def static_folder() -> Path:
    """The pages' script (package data)."""
    return Path(str(resources.files("kingdomino_kit.server") / "static"))


class BoardServer:
    """The boards of one server: the room, the open boards, the threads that make and move
    them, the fresh puzzles made and the views' modules served."""

    def __init__(self, room: Room, *, grace: float = 45.0, idle: float = 3600.0) -> None:
        self.room = room
        self.sessions = BoardSessions(ceiling=room.ceiling, per_student=room.per_student,
                                      grace=grace, idle=idle)
        self.actions = ThreadPoolExecutor(ACTION_THREADS, thread_name_prefix="kk-board")
        self.fresh_maker = ThreadPoolExecutor(1, thread_name_prefix="kk-fresh")
        self.fresh: dict[str, asyncio.Future[Any]] = {}
        self.modules: dict[str, str] = {}
        self.busy: dict[str, asyncio.Lock] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ what a page needs
    def module_url(self, board: Any) -> str:
        """Where the page gets the board's view module (named by its content's hash)."""
        esm = board._esm
        text = esm.read_text(encoding="utf-8") if isinstance(esm, Path) else str(esm)
        digest = hashlib.sha256(text.encode()).hexdigest()[:20]
        with self._lock:
            self.modules.setdefault(digest, text)
        return f"/board/esm/{digest}.js"

    async def fresh_puzzle(self, pid: str) -> Any:
        """The fresh puzzle named ``pid`` (``new-best-kingdom-L2-1``, ``daily-2026-12-02``),
        made once by the server's one thread for it; the oldest of :data:`FRESH_KEPT`
        forgotten."""
        made = self.fresh.get(pid)
        if made is None:
            if not is_fresh(pid):
                raise InvariantError(f"expected a fresh puzzle id, not {pid!r}")
            loop = asyncio.get_running_loop()
            made = asyncio.ensure_future(loop.run_in_executor(self.fresh_maker, fresh_puzzle,
                                                              pid))
            self.fresh[pid] = made
            while len(self.fresh) > FRESH_KEPT:
                del self.fresh[next(iter(self.fresh))]
        try:
            return await asyncio.shield(made)
        except Exception:
            self.fresh.pop(pid, None)  # a failure is not kept: the next visitor tries again
            raise

    def open(self, student: str, board: Any) -> Session:
        """Keep a board made for a page (:class:`Full` past the ceiling)."""
        session = self.sessions.open(student, board)
        session.shown = str(board.html)
        self.busy[session.token] = asyncio.Lock()
        session.on_close.append(self._closed)
        loop = tornado.ioloop.IOLoop.current()
        board.observe(lambda _: loop.add_callback(self.push, session), names="html")
        return session

    def _closed(self, session: Session) -> None:
        self.busy.pop(session.token, None)
        for socket in list(session.sockets):
            socket.close(4000, "this board was closed: reload the page")

    def push(self, session: Session) -> None:
        """Send the board's HTML to its pages that do not have it."""
        for socket in list(session.sockets):
            socket.push()

    async def act(self, session: Session, content: dict[str, str]) -> None:
        """Answer one action of a page, in a thread, after the board's earlier ones."""
        lock = self.busy.get(session.token)
        if lock is None:
            return
        async with lock:
            self.sessions.touch(session)
            await asyncio.get_running_loop().run_in_executor(
                self.actions, session.board._handle_custom_msg, content, [])

    def cull(self) -> None:
        for session in self.sessions.cull():
            LOG.info("culled the board of %r (its page is gone)", session.student)

    def stop(self) -> None:
        """Close every board and the threads."""
        self.sessions.close_all()
        self.actions.shutdown(wait=False, cancel_futures=True)
        self.fresh_maker.shutdown(wait=False, cancel_futures=True)


class PageHandler(GateHandler):
    """A page: the index, a notice, or a board (made now, kept until its page is gone)."""

    def initialize(self, room: Room, status: int = 200, title: str = "", line: str = "",
                   server: BoardServer | None = None) -> None:
        super().initialize(room, status, title, line)
        if server is None:
            raise InvariantError("expected a BoardServer for a page")
        self.server = server

    async def get(self) -> None:
        student = self.signed(STUDENT_COOKIE) or ""
        if self.server.sessions.full(student):
            self.full()
            return
        try:
            top, board = await self.content(student)
        except Full:
            self.full()
            return
        if board is None:
            self.page(200, top)
            return
        try:
            session = self.server.open(student, board)
        except Full:
            self.full()
            return
        state = {"html": session.shown, "esm": self.server.module_url(board),
                 "socket": f"/board/socket/{session.token}"}
        title = str(getattr(board, "title", "") or "Kingdomino board")
        self.page(200, board_page(title, top, _css(board), state))

    def full(self) -> None:
        self.page(503, notice_page("The class is full", (
            f"{self.server.sessions.ceiling} boards are open on this server: wait a minute "
            "and reload, or ask your teacher.")))

    async def content(self, student: str) -> tuple[str, Any]:
        """The links above the board and the board; or a whole page and None."""
        from kingdomino_kit.server.student_page import class_board
        from kingdomino_kit.widgets.app import Notice, app_page

        query = self.request.query
        loop = asyncio.get_running_loop()
        pid = (parse_qs(query).get("puzzle") or [""])[0]
        try:  # a fresh puzzle (seconds to make) is made once, by a thread of its own
            fresh = {pid: await self.server.fresh_puzzle(pid)} if is_fresh(pid) else {}
        except KingdominoError as error:
            return _plain_page("Kingdomino puzzles",
                               Notice(f"Cannot open the page: {error}")._repr_html_()), None
        if not self.room.classroom:
            found = await loop.run_in_executor(self.server.actions, partial(
                app_page, query, make_fresh=fresh.get))
            if isinstance(found, Notice):
                return _plain_page("Kingdomino boards", found._repr_html_()), None
            if not hasattr(found, "_esm"):  # the index: links, no board
                html = str(found.value)
                release(found)
                return _plain_page("Kingdomino boards", html), None
            return "", found
        found = await loop.run_in_executor(self.server.actions, partial(
            class_board, query, self.room.store, fresh.get, collection=self.room.collection,
            origins=self.room.origins))
        if isinstance(found, Notice):
            return _plain_page("Kingdomino puzzles", found._repr_html_()), None
        links, board = found
        return links, board


def _css(board: Any) -> str:
    css = getattr(board, "_css", "")
    return css.read_text(encoding="utf-8") if isinstance(css, Path) else str(css or "")


def _plain_page(title: str, body: str) -> str:
    """A page of ``body`` (HTML made by the kit: an index of links, a notice)."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title>{STYLE}</head><body><main class='kk-page'>{body}</main>"
            "</body></html>")


class ModuleHandler(tornado.web.RequestHandler):
    """A board's view module, by its hash (the same for every page: cached)."""

    def initialize(self, server: BoardServer) -> None:
        self.server = server

    def get(self, digest: str) -> None:
        text = self.server.modules.get(digest)
        if text is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "public, max-age=86400, immutable")
        self.finish(text)


class BoardSocket(tornado.websocket.WebSocketHandler):
    """A page's line to its board: actions in (``{"kkAction": ..., ...}``), HTML out."""

    def initialize(self, server: BoardServer) -> None:
        self.server = server
        self.session: Session | None = None
        self.sent = ""

    def _student(self) -> str:
        value = self.get_signed_cookie(STUDENT_COOKIE, max_age_days=COOKIE_DAYS)
        return "" if value is None else value.decode()

    def open(self, token: str) -> None:
        session = self.server.sessions.get(token)
        if session is None or (self.server.room.classroom and session.student != self._student()):
            self.close(4004, "no such board: reload the page")
            return
        self.server.sessions.attach(token, self)
        self.session = session
        self.sent = session.shown
        self.push()

    def push(self) -> None:
        """Send the board's HTML if this page does not have it."""
        if self.session is None:
            return
        html = str(self.session.board.html)
        if html != self.sent:
            self.sent = html
            self.write_message(json.dumps({"html": html}))

    async def on_message(self, message: str | bytes) -> None:
        session = self.session
        if session is None:
            return
        content = _action(message)
        if content is None:
            return
        try:
            await self.server.act(session, content)
        except Exception:  # a board that fails is closed; the others play on
            LOG.exception("the board of %r failed on %r", session.student, content)
            self.server.sessions.close(session)

    def on_close(self) -> None:
        if self.session is not None:
            self.server.sessions.detach(self.session, self)


def _action(message: str | bytes) -> dict[str, str] | None:
    """A page's action: a JSON object of short strings with ``kkAction``; None otherwise.

    >>> _action('{"kkAction": "cell", "row": "2"}'), _action('[1]'), _action('{"row": 2}')
    ({'kkAction': 'cell', 'row': '2'}, None, None)
    """
    if len(message) > MESSAGE_BYTES:
        return None
    try:
        data = json.loads(message)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("kkAction"), str) or \
            not all(isinstance(v, str | int | float) for v in data.values()):
        return None
    return {str(k): str(v) for k, v in data.items()}


class BoardApplication(GatedApplication):
    """The server's pages behind the gate: a request for another host is refused; in a class,
    every page but the open ones needs the class's cookies (else the join form)."""

    open_paths = OPEN_PATHS

    def __init__(self, server: BoardServer) -> None:
        room = server.room
        self.server = server
        own = {"room": room}
        handlers: list[Any] = [
            (r"/", PageHandler, {**own, "server": server}),
            (r"/board/socket/([A-Za-z0-9_-]+)", BoardSocket, {"server": server}),
            (r"/board/esm/([0-9a-f]+)\.js", ModuleHandler, {"server": server}),
            (r"/board/static/(board_page\.js)", tornado.web.StaticFileHandler,
             {"path": str(static_folder())}),
            *class_routes(room),
        ]
        super().__init__(room, handlers, cookie_secret=room.secret, xsrf_cookies=False,
                         websocket_max_message_size=MESSAGE_BYTES * 4,
                         websocket_ping_interval=20, websocket_ping_timeout=30,
                         default_handler_class=RefuseHandler,
                         default_handler_args={**own, "status": 404, "title": "No such page",
                                               "line": "This server has no such page."})

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        stop = self.gate(request)
        if stop is not None:
            return stop
        if self.room.classroom and request.path == "/":
            asked = request.query_arguments.get("student", [b""])[0].decode(errors="replace")
            if asked != self._cookie(request, STUDENT_COOKIE):  # the cookie's student's page
                return self.see_student(request)
        return super().find_handler(request, **kwargs)


def warm(room: Room) -> None:
    """Import and load what the first page needs, so that it is quick."""
    from kingdomino_kit.widgets.puzzle_board import PuzzleBoard

    release(PuzzleBoard(room.collection[0]))
    room.origins  # noqa: B018  (loaded now, once)


def serve(room: Room, port: int, *, grace: float = 45.0, idle: float = 3600.0) -> None:
    """Serve on ``room.listen`` port ``port`` until stopped (Ctrl-C, SIGTERM); print
    ``Ready`` once the first page would be quick."""
    said = logging.StreamHandler(sys.stdout)
    said.setFormatter(logging.Formatter("[boards %(asctime)s] %(message)s", "%H:%M:%S"))
    LOG.addHandler(said)
    LOG.setLevel(logging.INFO)
    warm(room)
    server = BoardServer(room, grace=grace, idle=idle)
    app = BoardApplication(server)
    app.listen(port, address=room.listen.strip("[]"))
    tornado.ioloop.PeriodicCallback(server.cull, CULL_EVERY_S * 1000).start()
    print(f"Ready: the boards are served (at most {room.ceiling} at once).", flush=True)
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()

