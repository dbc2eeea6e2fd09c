"""The thin browser view of the kit's boards: Python renders HTML, the browser reports clicks.

All state and every rule live in Python. The view (an anywidget with its ES module inline, no
build step) only sets the ``html`` trait as the element's content, and when an element carrying
``data-kk-action`` is clicked it sends Python a custom message with that element's ``data-*``
attributes — one message per click, so quick clicks are never merged (a synced trait set twice
between two round trips reaches Python once: ipywidgets merges pending state). Setting the
``event`` trait to the same attributes plus a counter does the same from Python (the tests drive
the widgets that way). Python answers in :meth:`ActionView.handle` and renders new HTML.
Hovering a board cell previews the chosen domino on the two cells it would cover (colours only;
legality is decided in Python).

Keys: when the widget's HTML has an element with ``data-kk-keys``, the view (focusable, and
kept focused across redraws) reports the arrows, Enter, R and U as a ``key`` action with
``data-key`` ``up``/``down``/``left``/``right``/``enter``/``rotate``/``undo``; it stops them
there, so JupyterLab's own shortcuts (R makes a raw cell) do not see them; Python answers a key
like a click.

>>> view = ActionView()
>>> view.html == "" and view.event == {}
True
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

__all__ = ["ActionView", "ESM", "CSS"]

ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "kk-root";
  el.appendChild(root);
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const draw = () => {
    const focused = root.contains(document.activeElement);
    root.innerHTML = model.get("html");
    if (focused) root.focus({ preventScroll: true });
  };
  const KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
                 Enter: "enter", r: "rotate", R: "rotate", u: "undo", U: "undo" };
  const press = (ev) => {
    const key = KEYS[ev.key];
    if (!key || ev.ctrlKey || ev.metaKey || ev.altKey || !root.querySelector("[data-kk-keys]"))
      return;
    ev.preventDefault();
    ev.stopPropagation();
    model.send({ kkAction: "key", key });
  };
  const report = (ev) => {
    const target = ev.target.closest("[data-kk-action]");
    if (!target || !root.contains(target) || target.hasAttribute("disabled")) return;
    ev.preventDefault();
    model.send({ ...target.dataset });
  };
  const cellAt = (grid, row, col) =>
    grid.querySelector(`.kk-cell[data-row="${row}"][data-col="${col}"]`);
  const unghost = () => {
    root.querySelectorAll(".kk-ghost-first, .kk-ghost-second").forEach((node) =>
      node.classList.remove("kk-ghost-first", "kk-ghost-second"));
  };
  const ghost = (ev) => {
    unghost();
    const cell = ev.target.closest(".kk-cell[data-row]");
    const grid = cell && cell.closest("[data-ghost-dr]");
    if (!grid) return;
    const row = Number(cell.dataset.row), col = Number(cell.dataset.col);
    const partner = cellAt(grid, row + Number(grid.dataset.ghostDr),
                           col + Number(grid.dataset.ghostDc));
    cell.classList.add("kk-ghost-first");
    if (partner) partner.classList.add("kk-ghost-second");
  };
  draw();
  model.on("change:html", draw);
  root.addEventListener("click", report);
  root.addEventListener("keydown", press);
  root.addEventListener("mouseover", ghost);
  root.addEventListener("mouseleave", unghost);
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", report);
    root.removeEventListener("keydown", press);
    root.removeEventListener("mouseover", ghost);
    root.removeEventListener("mouseleave", unghost);
  };
}
export default { render };
"""

CSS = r"""
.kk-root { font-family: sans-serif; font-size: 13px; color: var(--jp-content-font-color1, #222); }
.kk-root:focus { outline: none; }
.kk-root:focus [data-kk-keys] .kk-grid:has([data-kk-action="cell"]) {
  outline: 2px solid #0b3d91; outline-offset: 2px; }
.kk-root button { font-size: 12px; cursor: pointer; }
.kk-root button[disabled] { cursor: default; opacity: 0.45; }
.kk-hand { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; align-items: center; }
.kk-hand-domino { display: inline-flex; align-items: center; gap: 3px; padding: 2px 4px;
  border: 2px solid #bbb; border-radius: 4px; background: #fff; color: #222; }
.kk-hand-domino.kk-selected { border-color: #0b3d91; background: #dde8ff;
  box-shadow: 0 0 0 2px #0b3d91; }
.kk-hand-domino.kk-stuck { border-style: dashed; }
.kk-controls { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; align-items: center; }
.kk-main { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.kk-grid svg { display: block; user-select: none; }
.kk-grid svg path, .kk-grid svg text, .kk-grid svg circle,
.kk-grid svg rect:not(.kk-cell) { pointer-events: none; }
.kk-grid .kk-cell { cursor: pointer; }
.kk-grid .kk-cell.kk-out { fill: #9a9a9a; fill-opacity: 0.55; cursor: not-allowed; }
.kk-grid .kk-cell.kk-ghost-first { fill: var(--kk-ghost-first); fill-opacity: 0.85; }
.kk-grid .kk-cell.kk-ghost-second { fill: var(--kk-ghost-second); fill-opacity: 0.85; }
.kk-grid .kk-property.kk-zero { stroke: #555; stroke-width: 1.5; stroke-dasharray: 4 3; }
.kk-grid .kk-badge { font-size: 11px; font-weight: bold; fill: #fff; }
.kk-keys-help { font-size: 12px; color: #555; }
.kk-hint-text { margin: 4px 0; padding: 4px 6px; border-left: 4px solid #b58900;
  background: #fdf6e3; color: #222; }
.kk-answer-caption { margin: 6px 0 2px; }
.kk-given { margin: 6px 0; }
.kk-score { font-size: 16px; margin-bottom: 4px; }
.kk-breakdown { border-collapse: collapse; font-size: 12px; }
.kk-breakdown th, .kk-breakdown td { border-bottom: 1px solid #ddd; padding: 1px 6px;
  text-align: right; }
.kk-breakdown th:nth-child(2), .kk-breakdown td:nth-child(2) { text-align: left; }
.kk-breakdown tr.kk-zero td { color: #888; }
.kk-results td:first-child, .kk-results th:first-child { text-align: left; }
.kk-swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px;
  border: 1px solid #555; }
.kk-message { margin: 6px 0; padding: 4px 6px; border-left: 4px solid #888; background: #f6f6f6;
  color: #222; white-space: pre-wrap; }
.kk-message.kk-error { border-left-color: #c62828; background: #fdecea; }
.kk-message.kk-ok { border-left-color: #2e7d32; background: #edf7ed; }
.kk-export-text { background: #f6f6f6; color: #222; padding: 4px 6px; margin: 4px 0; }
.kk-table-kingdoms { display: flex; flex-wrap: wrap; gap: 12px; }
.kk-player { border: 2px solid #ddd; border-radius: 4px; padding: 4px; }
.kk-player.kk-current { border-color: #1a6ad1; }
.kk-line { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
.kk-line-domino { display: inline-flex; align-items: center; gap: 3px; padding: 2px 4px;
  border: 2px solid #bbb; border-radius: 4px; background: #fff; color: #222; }
.kk-line-domino.kk-claimable { border-color: #2a8a1a; }
.kk-king { display: inline-block; padding: 0 4px; border-radius: 3px; color: #fff;
  font-size: 11px; }
"""


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

    _esm = ESM
    _css = CSS
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
