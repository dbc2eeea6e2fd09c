"""The puzzle page as a server: one laptop (127.0.0.1, no code) or a whole class.

:class:`PageServer` is Voilà (each visitor's board runs in a kernel of its own, the visitor
cannot run code in it) with one gate in front of every request (:class:`VoilaApplication`, the
gate and the pages without a kernel of :mod:`kingdomino_kit.server.gate`):

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

import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

import tornado.ioloop
from jupyter_core.utils import ensure_async
from voila.app import Voila

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.server.addresses import reach_address
from kingdomino_kit.server.gate import (
    GatedApplication,
    GateHandler,
    RefuseHandler,
    Room,
    class_routes,
)
from kingdomino_kit.server.student_page import CLASS_DB, page_notebook, ready_folder

__all__ = ["PageServer", "VoilaApplication", "page_notebook"]

VOILA_APP_IP = "VOILA_APP_IP"
"""The environment variable naming the address on which a preheated kernel asks Voilà for its
visitor's request (Voilà's default, 127.0.0.1, is wrong when the server listens elsewhere)."""
OPEN_PATHS = ("/class/join", "/class/dashboard", "/favicon.ico", "/voila/query/")
"""Paths the class code does not guard: the forms, the dashboard (the teacher's key guards it)
and the socket on which a preheated kernel learns its visitor's request (by its kernel id)."""


def page_templates() -> Path:
    """The kit's Voilà templates (package data), searched before Voilà's own."""
    return Path(str(resources.files("kingdomino_kit.server") / "templates"))


class ShutdownHandler(GateHandler):
    """A page that is left shuts its kernel down (the request Voilà's page sends)."""

    async def post(self, kernel_id: str) -> None:
        manager = self.settings["kernel_manager"]
        if kernel_id in manager:
            await ensure_async(manager.shutdown_kernel(kernel_id))
        self.set_status(204)
        self.finish()


class VoilaApplication(GatedApplication):
    """Voilà's application with the gate of a :class:`Room` in front of every request; in a
    class, a puzzle page past the ceiling of kernels (``room.ceiling``) gets one line asking
    to wait."""

    open_paths = OPEN_PATHS

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        stop = self.gate(request)
        if stop is not None:
            return stop
        room = self.room
        if room.classroom and request.path == "/":
            if "student" not in request.query_arguments:
                return self.see_student(request)
            if len(self.settings["kernel_manager"].list_kernel_ids()) >= room.ceiling:
                return self._to(request, RefuseHandler, status=503, title="The class is full",
                                line=f"{room.ceiling} boards are open on this server: "
                                     "wait a minute and reload, or ask your teacher.")
        return super().find_handler(request, **kwargs)


class PageServer(Voila):  # type: ignore[misc]
    """Voilà on the page notebook, behind the gate; ``gate`` (and ``pool``) set before
    :meth:`start`."""

    gate: Room
    pool: int = 0
    """Kernels preheated for the class (none in one-laptop mode)."""

    def setup_template_dirs(self) -> None:
        """Voilà's templates, with the kit's own first: the page and Voilà's own pages without
        their links to a CDN (``templates/``, package data)."""
        super().setup_template_dirs()
        self.template_paths.insert(0, str(page_templates()))

    def init_handlers(self) -> list[Any]:
        return [(r"/voila/api/shutdown/(.*)", ShutdownHandler, {"room": self.gate}),
                *class_routes(self.gate), *super().init_handlers()]

    def start(self) -> None:
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = VoilaApplication(self.gate, **settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        if self.gate.store_path is not None and self.pool:
            self._ready = tornado.ioloop.PeriodicCallback(self._say_ready, 1000)
            self._ready.start()
        self.listen()

    def _say_ready(self) -> None:
        """Once every preheated kernel waits for its visitor: one line, the class can come."""
        if self.gate.store_path is None:
            raise InvariantError("expected self.gate.store_path is not None")
        folder = ready_folder(self.gate.store_path)
        waiting = len(list(folder.iterdir())) if folder.is_dir() else 0
        if waiting >= self.pool:
            print(f"Ready: {waiting} boards wait for the class.", flush=True)
            self._ready.stop()


def serve(argv: list[str], gate: Room, pool: int = 0) -> None:
    """Run the server until it is stopped (Ctrl-C, SIGTERM), ``pool`` kernels preheated."""
    if gate.store_path is not None:
        os.environ[CLASS_DB] = str(gate.store_path.absolute())  # the kernels run elsewhere
        shutil.rmtree(ready_folder(gate.store_path), ignore_errors=True)
    os.environ[VOILA_APP_IP] = reach_address(gate.listen)  # where a kernel fetches its visitor
    server = PageServer()
    server.gate = gate
    server.pool = pool
    server.initialize(argv)
    server.start()
