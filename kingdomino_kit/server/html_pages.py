"""The class server's own pages, plain HTML made in Python (no kernel behind them): joining
with the class code and a name, the index of puzzles with what the student solved, the
teacher's dashboard (and its CSV), and the one-line pages that refuse a request.

>>> "Class code" in join_page("", "", "/")
True
>>> csv_text([{"student": "Ada", "puzzle": "p1", "tries": 2, "solved": True, "best": 9,
...            "seconds": 61.0, "updated": 0.0}]).splitlines()
['student,puzzle,tries,solved,best,seconds,updated', 'Ada,p1,2,True,9,61.0,0.0']
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import urlencode

from kingdomino_kit.server.progress import COLUMNS

__all__ = ["board_page", "csv_text", "dashboard_page", "index_page", "join_page", "notice_page"]

STYLE = """<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 2em;
       max-width: 60em; }
a { color: #0b4f9c; text-decoration: underline; }
label { display: block; margin: .6em 0 .2em; font-weight: 600; }
input { font: inherit; padding: .3em .5em; border: 1px solid #555; border-radius: 4px; }
button { font: inherit; padding: .35em 1em; margin-top: .8em; border: 1px solid #0b4f9c;
         background: #0b4f9c; color: #fff; border-radius: 4px; cursor: pointer; }
.kk-error { color: #8b0000; font-weight: 600; }
table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: .2em .6em; text-align: left; }
.kk-solved { font-weight: 600; }
@media (prefers-color-scheme: dark) {
  body { color: #eee; background: #111; } a { color: #8ec5ff; }
  input { background: #222; color: #eee; border-color: #aaa; } th, td { border-color: #777; }
  .kk-error { color: #ff9b9b; }
}
</style>"""


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title>{STYLE}</head><body><main class='kk-page'>{body}"
            "</main></body></html>")


def board_page(title: str, top: str, css: str, state: dict[str, str]) -> str:
    """A page holding one board: ``top`` (links, HTML) above it, the board's own styles
    ``css``, and what the page's script needs in ``state`` (the board's HTML, its socket and
    its view's module): the script (``static/board_page.js``) draws the board and speaks for
    it to the server.

    >>> page = board_page("p", "", "", {"html": "</script><b>", "socket": "/s", "esm": "/e"})
    >>> page.count("</script>"), "<b>" in page    # the board's HTML cannot end the script
    (2, False)
    """
    data = json.dumps(state).replace("<", "\\u003c")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title>{STYLE}<style>{css}</style></head><body>"
            "<main class='kk-page'>"
            f'{top}<div id="kk-board" class="kk-page-board"></div>'
            f'<script type="application/json" id="kk-state">{data}</script>'
            f'<script type="module" src="/board/static/board_page.js"></script>'
            f"</main></body></html>")


def notice_page(title: str, line: str) -> str:
    """One line saying why a request is refused."""
    return _page(title, f"<h1>{escape(title)}</h1><p role=\"alert\">{escape(line)}</p>")


def join_page(error: str, name: str, next_url: str, *, code_known: bool = False) -> str:
    """The form a student fills in once: the class code (unless already given) and a name."""
    code = "" if code_known else (
        '<label for="kk-code">Class code</label>'
        '<input id="kk-code" name="code" autocomplete="off" required>')
    problem = f'<p class="kk-error" role="alert">{escape(error)}</p>' if error else ""
    return _page("Join the class", (
        "<h1>Kingdomino puzzles: join the class</h1>"
        "<p>Type the class code your teacher gives you and your name (first name and an "
        "initial is enough). Your progress is kept under this name.</p>" + problem +
        '<form method="post" action="/class/join">'
        f'<input type="hidden" name="next" value="{escape(next_url)}">{code}'
        '<label for="kk-name">Your name</label>'
        f'<input id="kk-name" name="name" value="{escape(name)}" maxlength="40" required>'
        "<br><button type=\"submit\">Start</button></form>"))


def index_page(student: str, puzzles: Sequence[Any], solved: set[str],
               origins: Sequence[Any] = (), castles: Sequence[Any] = ()) -> str:
    """Every puzzle of the collection as a link, the ones the student solved marked; the
    Origins puzzles (``origins``) in a section of their own after them, then the Kingdoms
    castle puzzles (``castles``: a board that scores lines, nothing kept)."""
    fresh = " · ".join(f'<a href="{escape(_fresh_href(n, student))}">level {n}</a>'
                       for n in range(1, 5))
    done = sum(1 for p in puzzles if p.id in solved)
    body = (f"<h1>Kingdomino puzzles</h1><p>Signed in as <b>{escape(student)}</b>: "
            f"{done} of {len(puzzles)} solved.</p>"
            f'<p class="kk-fresh">A new puzzle (the same for the whole class; its board\'s '
            f"<i>New puzzle</i> button makes more): {fresh}</p>"
            + _puzzle_list(puzzles, student, solved))
    if origins:
        done = sum(1 for p in origins if p.id in solved)
        body += (f'<h2 id="kk-origins">Kingdomino Origins puzzles</h2><p>Fire and totems: '
                 f"{done} of {len(origins)} solved.</p>{_puzzle_list(origins, student, solved)}")
    if castles:
        body += ('<h2 id="kk-kingdoms">Kingdoms castle puzzles</h2><p>Where do your castles go? '
                 "The board scores a row and a column at a click; nothing is kept.</p>"
                 f"{_puzzle_list(castles, student, set())}")
    return _page("Kingdomino puzzles", body)


def _puzzle_list(puzzles: Sequence[Any], student: str, solved: set[str]) -> str:
    rows = []
    for p in puzzles:
        href = "/?" + urlencode({"puzzle": p.id, "student": student})
        mark = '<span class="kk-solved">✓ solved</span>' if p.id in solved else ""
        rows.append(f'<li><a href="{escape(href)}">{escape(p.id)}</a> — {escape(p.title)} '
                    f"(level {p.level}) {mark}</li>")
    return f"<ul>{''.join(rows)}</ul>"


def _fresh_href(level: int, student: str) -> str:
    """The page of a fresh best-kingdom puzzle of ``level`` (seed 1: the same for everyone)."""
    return "/?" + urlencode({"puzzle": f"new-best-kingdom-L{level}-1", "student": student})


def dashboard_page(rows: Sequence[dict[str, Any]], students: Sequence[str],
                   puzzles: Sequence[str]) -> str:
    """The teacher's table: a row per student, a column per puzzle tried (solved, best score,
    tries, minutes); refreshed every few seconds; a link to the CSV."""
    tried = [p for p in puzzles if any(r["puzzle"] == p for r in rows)]
    cell = {(r["student"], r["puzzle"]): r for r in rows}
    head = "".join(f'<th scope="col">{escape(p)}</th>' for p in tried)
    body = []
    for s in students:
        tds = []
        for p in tried:
            r = cell.get((s, p))
            if r is None:
                tds.append("<td></td>")
                continue
            best = "—" if r["best"] is None else str(r["best"])
            tds.append(f'<td class="{"kk-solved" if r["solved"] else ""}">'
                       f'{"✓ " if r["solved"] else ""}best {best}, {r["tries"]} tries, '
                       f'{r["seconds"] / 60:.0f} min</td>')
        solved = sum(1 for p in tried if cell.get((s, p), {}).get("solved"))
        body.append(f'<tr><th scope="row">{escape(s)}</th><td>{solved}</td>{"".join(tds)}</tr>')
    return _page("Class dashboard", (
        '<h1>Class dashboard</h1><p><a href="/class/dashboard.csv">Download as CSV</a> · '
        f"{len(students)} students · refreshed every 5 seconds</p>"
        '<table id="kk-dashboard"><caption>Students × puzzles</caption>'
        f'<thead><tr><th scope="col">student</th><th scope="col">solved</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
        "<script>setTimeout(function () { location.reload(); }, 5000);</script>"))


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """The progress rows as CSV, columns :data:`~kingdomino_kit.server.progress.COLUMNS`."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
