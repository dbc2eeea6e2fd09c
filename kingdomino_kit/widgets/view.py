"""The thin browser view of the kit's boards: Python renders HTML, the browser reports clicks.

All state and every rule live in Python. The view (an anywidget whose ES module is the file
``static/view.js``, no build step) only sets the ``html`` trait as the element's content, and
when an element carrying ``data-kk-action`` is clicked it sends Python a custom message with
that element's ``data-*`` attributes — one message per click, so quick clicks are never merged
(a synced trait set twice between two round trips reaches Python once: ipywidgets merges
pending state). Setting the ``event`` trait to the same attributes plus a counter does the same
from Python (the tests drive the widgets that way). Python answers in
:meth:`ActionView.handle` and renders new HTML. Hovering a board cell previews the chosen
domino on the two cells it would cover (colours only; legality is decided in Python).

Keys: when the widget's HTML has an element with ``data-kk-keys``, the view (focusable, a group
named by the HTML's ``data-kk-name``) reports the arrows, Enter, R and U as a ``key`` action
with ``data-key`` ``up``/``down``/``left``/``right``/``enter``/``rotate``/``undo``; it stops
them there, so JupyterLab's own shortcuts (R makes a raw cell) do not see them; Python answers
a key like a click. A focused control (a domino, a button, a table row with
``data-kk-action``) keeps Enter and Space: they press it; Escape takes the focus back to the
board. The focus stays on the same control across redraws.

The message line (``.kk-message``) is read out by screen readers: the view keeps one polite
live region of its own, outside the redrawn HTML, and writes each new message into it.

>>> view = ActionView()
>>> view.html == "" and view.event == {}
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["ActionView", "ESM", "CSS", "STATIC", "stylesheet"]

STATIC = Path(__file__).with_name("static")
"""The widgets' browser side, shipped as package data: ``view.js`` (the ES module), ``view.css``
(the shared styles) and the styles of single widgets (``coach.css``), linted by ESLint in
``make lint``."""
ESM = STATIC / "view.js"
"""The view's ES module (anywidget reads a :class:`~pathlib.Path` as the file's text)."""
CSS = STATIC / "view.css"
"""The styles every board shares."""


def stylesheet(*names: str) -> str:
    """The text of the shared styles followed by the widget styles ``names`` (files in
    :data:`STATIC`), for a widget that adds its own.

    >>> ".kk-root" in stylesheet() and ".kk-coach" in stylesheet("coach.css")
    True
    """
    return "\n".join(path.read_text(encoding="utf-8") for path in
                     (CSS, *(STATIC / name for name in names)))


class ActionView(anywidget.AnyWidget):
    """A widget whose view shows ``html`` and reports clicks on ``data-kk-action`` elements.

    Subclasses render HTML from their state and override :meth:`handle`.

    >>> class Echo(ActionView):
    ...     def handle(self, action, data):
    ...         self.html = f"<p>{action} {data['row']}</p>"
    >>> echo = Echo()
    >>> echo.event = {"kkAction": "cell", "row": "2", "seq": 1}   # what a browser click sends
    >>> echo.html
    '<p>cell 2</p>'
    """

    _esm: Path | str = ESM
    _css: Path | str = CSS
    html = traitlets.Unicode("").tag(sync=True)
    event = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        """A click or a key from the view: a custom message ``{"kkAction": ..., ...}``."""
        if isinstance(content, dict) and content.get("kkAction"):
            self.handle(str(content["kkAction"]), {str(k): str(v) for k, v in content.items()})

    @traitlets.observe("event")
    def _on_event(self, change: dict[str, Any]) -> None:
        event = change["new"]
        if not isinstance(event, dict) or not event.get("kkAction"):
            return
        self.handle(str(event["kkAction"]), {str(k): str(v) for k, v in event.items()})

    def handle(self, action: str, data: dict[str, str]) -> None:
        """Answer a click on an element with ``data-kk-action=action`` (its data-* in ``data``)."""
