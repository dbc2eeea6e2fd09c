"""``app``: the puzzle page as a server, for one laptop or a whole class.

``kingdomino-kit app`` serves the page on 127.0.0.1 only (what ``make app`` runs): the index of
puzzles, ``/?puzzle=ID``, ``/?hand=41,13,27``. ``kingdomino-kit app --class`` serves a class on
the network: it prints the URL to share, a class code (a request without it gets the join form,
403, and no board) and the teacher's dashboard link; it keeps every student's progress in
``--folder``/``class.db`` and frees the boards of students who left. Every board lives in the
server's one process (:mod:`kingdomino_kit.server.board_server`; ``--voila``: Voilà, a kernel
per page); a visitor sends board actions, never code (``docs/boards.md``: what is safe and
what is not).
"""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any

from kingdomino_kit.cli import CliError, add_command
from kingdomino_kit.infra.atomic import cause, check_folder
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.server.addresses import WILDCARDS, own_address, served_hosts, url_host
from kingdomino_kit.server.board_server import BOARDS_PER_STUDENT
from kingdomino_kit.server.gate import Room, new_code
from kingdomino_kit.server.launch import serve as serve_page
from kingdomino_kit.server.student_page import page_notebook

MAX_STUDENTS = 200
"""The largest class one server takes (``--students``)."""


def register(sub: Any) -> None:
    """Add ``app``."""
    p = add_command(sub, "app")
    p.add_argument("--class", dest="classroom", action="store_true",
                   help="serve a class on the network: a class code, progress kept")
    p.add_argument("--host", default=None,
                   help="the address to listen on (default 127.0.0.1; with --class, this "
                        "machine's address on the network) — also the name in the URL")
    p.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    p.add_argument("--students", type=int, default=30,
                   help=f"students expected with --class (default 30, at most {MAX_STUDENTS}):"
                        " 3 boards each at most are kept open (with --voila: that many kernels "
                        "are started before they arrive)")
    p.add_argument("--folder", default="kingdomino-class",
                   help="where --class keeps the class's progress (default ./kingdomino-class)")
    p.add_argument("--code", default=None,
                   help="the class code (default: a new one, printed)")
    p.add_argument("--voila", action="store_true",
                   help="serve with Voilà, a kernel per page (heavier: about 140 MiB and "
                        "seconds to start a page), instead of every board in one process")
    p.set_defaults(func=cmd_app)


def _check_listen(host: str, port: int) -> None:
    """Refuse at once, before any server or kernel starts, an address this machine cannot
    listen on: not an address (``--host``), a port in use or not allowed (``--port``)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError) as error:
        raise CliError(f"--host {shown(host)}: not an address ({error})") from None
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise CliError(f"--port {port}: cannot listen on {shown(host)} port {port}: "
                           f"{cause(error)}") from None


def shared_host(host: str) -> str:
    """The address to give the class for a server listening on ``host``: the address itself,
    or this machine's address on its network for a wildcard (URL form)."""
    family = WILDCARDS.get(host)
    return url_host(host if family is None else own_address(family))


def class_folder(folder: str) -> Path:
    """``--folder`` as an absolute path, checked writable: the kernels that write into it run
    in another current folder."""
    return check_folder(Path(folder).expanduser().absolute(), "--folder")


def settings(args: argparse.Namespace) -> tuple[list[str], Room, str]:
    """Voilà's arguments, the gate and the lines to print, from the command's flags."""
    if not 1 <= args.port <= 65535:
        raise CliError(f"--port must be 1–65535, not {args.port}")
    if args.host is not None and (not args.host.strip() or len(args.host) > 253):
        raise CliError(f"--host: not an address: {shown(args.host)}")
    host = args.host.strip().strip("[]").lower() if args.host else \
        (own_address() if args.classroom else "127.0.0.1")
    _check_listen(host, args.port)
    argv = [str(page_notebook()), f"--Voila.ip={host}", f"--port={args.port}",
            "--Voila.port_retries=0", "--no-browser",
            "--VoilaConfiguration.show_tracebacks=False",
            "--MappingKernelManager.cull_idle_timeout=900",
            "--MappingKernelManager.cull_interval=60",
            "--MappingKernelManager.cull_connected=False",
            "--KernelManager.transport=ipc"]  # no TCP port to race for when many start at once
    hosts = served_hosts(host)
    url = f"http://{shared_host(host)}:{args.port}"
    if not args.classroom:
        return argv, Room(hosts=hosts, listen=host, ceiling=64, per_student=16), \
            f"The puzzle page: {url}/"
    if not 1 <= args.students <= MAX_STUDENTS:
        raise CliError(f"--students must be 1–{MAX_STUDENTS}, not {args.students}")
    code = (args.code or new_code()).strip()
    if not code or len(code) > 40:
        raise CliError("--code must be 1–40 characters")
    folder = class_folder(args.folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CliError(f"--folder: cannot make {args.folder}: {cause(error)}") from None
    teacher = new_code(4)
    gate = Room(hosts=hosts, code=code, teacher_key=teacher, store_path=folder / "class.db",
                ceiling=BOARDS_PER_STUDENT * args.students + 4, per_student=BOARDS_PER_STUDENT,
                listen=host)
    gate.store  # noqa: B018  (creates the progress file now: a bad folder fails before serving)
    argv += ["--preheat_kernel=True", f"--pool_size={args.students}",
             "--VoilaKernelManager.fill_delay=20"]
    lines = (f"Share with the class: {url}/\nClass code: {code}\n"
             f"Teacher's dashboard (keep this link to yourself): {url}/class/dashboard?key="
             f"{teacher}\nProgress is kept in {folder / 'class.db'}. "
             "Wait for \"Ready\" before sharing the URL.")
    return argv, gate, lines


def serve(args: argparse.Namespace, argv: list[str], gate: Room) -> None:
    """Run the server the flags ask for until it is stopped: every board in this process
    (:mod:`kingdomino_kit.server.board_server`), or Voilà with a kernel per page (``--voila``,
    :mod:`kingdomino_kit.server.app`)."""
    serve_page(gate, args.port, argv if args.voila else None, args.students)


def cmd_app(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    argv, gate, lines = settings(args)
    print(lines, flush=True)
    serve(args, argv, gate)
    return 0
