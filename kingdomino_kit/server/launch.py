"""Start the server ``kingdomino-kit app`` asks for: the board server (every board in this
process, :mod:`kingdomino_kit.server.board_server`), or Voilà with a kernel per page
(``--voila``, :mod:`kingdomino_kit.server.app`) — Voilà imported only then: its import takes
seconds (``jupyterlab_server`` builds its JSON schemas), which the default server never pays."""

from __future__ import annotations

from dataclasses import replace

from kingdomino_kit.server.board_server import serve as serve_boards
from kingdomino_kit.server.gate import Room

__all__ = ["serve"]


def serve(gate: Room, port: int, voila_argv: list[str] | None = None, students: int = 0
          ) -> None:
    """Serve until stopped: the board server, or Voilà with ``voila_argv`` (its arguments)
    and a pool sized for ``students`` in class mode."""
    if voila_argv is None:
        serve_boards(gate, port)
        return
    from kingdomino_kit.server.app import serve as serve_voila

    serve_voila(voila_argv, replace(gate, ceiling=2 * students + 4),
                pool=students if gate.classroom else 0)
