"""HTML of the Origins board (:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`):
its hand, buttons, cave board, territory and score sheet, from what the board says it shows
(:class:`OriginsView`, so this module needs no import of the board).

Every piece is a plain string with ``kk-*`` classes shared with the other boards (and ``ko-*``
for what only Origins has) and ``data-kk-action`` on what can be clicked.
"""

from __future__ import annotations

from typing import Protocol

from kingdomino_kit.grid import DIRECTIONS, Cell
from kingdomino_kit.origins.catalogue import Domino
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.origins.render import (
    REACH_COLOUR,
    TERRAIN_COLOURS,
    domino_svg,
    domino_words,
    origins_svg,
    territory_words,
)
from kingdomino_kit.origins.scoring import Mode, ScoreSheet
from kingdomino_kit.origins.tribe import RECRUIT_COST, Caveman
from kingdomino_kit.widgets.markup import button, escape, reach_frame, reachable, score_table
from kingdomino_kit.widgets.picture import column_svg, row_svg, text_svg

__all__ = ["OriginsView", "board_html", "board_picture", "picture_words", "KEYS_HELP"]

KEYS_HELP = ("Keys (click the board or Tab to it): arrows move the cursor, Enter places the "
             "domino, aims a fire token (Enter again throws it), spends or settles on the cell; "
             "R rotates, U undoes; Tab reaches the dominoes and buttons, Enter or Space presses "
             "them, Escape returns to the board.")
_ARROWS = ("→", "↓", "←", "↑")


class OriginsView(Protocol):
    """What the HTML shows of an Origins board."""

    title: str
    question: str
    message: str
    message_kind: str
    verdict: str | None
    is_puzzle: bool
    hints: tuple[str, ...]
    hints_shown: int
    reveal: bool
    mode: Mode
    size: int
    empire_of_fire: bool
    homo_habilis: bool

    @property
    def kingdom(self) -> OriginsKingdom: ...
    @property
    def hand(self) -> list[Domino]: ...
    @property
    def selected(self) -> int: ...
    @property
    def rotation(self) -> int: ...
    @property
    def cursor(self) -> Cell: ...
    @property
    def aim(self) -> Cell | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def supply(self) -> dict[int, int]: ...
    @property
    def cave(self) -> list[Caveman | None]: ...
    def selected_domino(self) -> Domino | None: ...
    def legal_cells(self) -> set[Cell]: ...
    def fire_reach(self) -> list[Cell]: ...
    def sheet(self) -> ScoreSheet: ...


def reachable_cells(board: OriginsView) -> set[Cell]:
    """The cells of the board's frame a square may still go on (the territory still fits)."""
    rmin, rmax, cmin, cmax = reach_frame(board.kingdom)
    return {(r, c) for r in range(rmin, rmax + 1) for c in range(cmin, cmax + 1)
            if reachable(board.kingdom, (r, c))}


def ghost_style(dom: Domino | None, rotation: int) -> str:
    """The hover preview's attributes for the grid (colours only)."""
    if dom is None:
        return ""
    dr, dc = DIRECTIONS[rotation]
    return (f' data-ghost-dr="{dr}" data-ghost-dc="{dc}" style="--kk-ghost-first: '
            f"{TERRAIN_COLOURS[dom.first.terrain]}; --kk-ghost-second: "
            f'{TERRAIN_COLOURS[dom.second.terrain]}"')


def hand_html(board: OriginsView) -> str:
    """The hand's dominoes as buttons named by their terrains, fire symbols and craters."""
    items = []
    for d in board.hand:
        chosen = d.number == board.selected
        stuck = not board.kingdom.can_place(d)
        classes = "kk-hand-domino" + (" kk-selected" if chosen else "") + (
            " kk-stuck" if stuck else "")
        words = domino_words(d) + (", chosen" if chosen else "") + (
            ", fits nowhere" if stuck else "")
        items.append(f'<button class="{classes}" data-kk-action="select" data-domino="{d.number}"'
                     f' aria-label="{escape(words)}" aria-pressed="{str(chosen).lower()}">'
                     f"{d.number}{domino_svg(d, 0)}</button>")
    return "".join(items) or '<span class="kk-empty-hand">(no dominoes left)</span>'


def controls_html(board: OriginsView) -> str:
    """The chosen domino turned, and the buttons."""
    dom = board.selected_domino() if board.phase == "place" else None
    out = []
    if dom is not None:
        out.append(f'<span class="kk-chosen">domino {dom.number} {_ARROWS[board.rotation]} '
                   f"{domino_svg(dom, board.rotation)}</span>")
    out.append(button("Rotate ↻", "rotate", enabled=dom is not None,
                      title="turn a quarter clockwise (R)"))
    if board.phase == "fire":
        out.append(button("Throw", "confirm", enabled=board.aim is not None,
                          title="throw the fire token on the square aimed at",
                          name="Throw the fire token"))
    out.append(button("Undo", "undo", title="take back the last step (U)"))
    out.append(button("Discard", "discard", enabled=dom is not None and not
                      board.kingdom.can_place(dom), title="only when the domino fits nowhere"))
    out.append(button("Reset", "reset"))
    if board.is_puzzle:
        out.append(button("Check", "check", title="how far from the proven optimum?"))
    if board.is_puzzle and board.hints and board.reveal:
        n, last = board.hints_shown, len(board.hints)
        out.append(button("Hint" if n == 0 else f"Hint ({n + 1} of {last})" if n < last
                          else "Hints again", "hint", title="one hint at a time, nudge first"))
    return "".join(out)


def cave_html(board: OriginsView) -> str:
    """Tribe mode: the face-up cavemen, each a Recruit button."""
    if board.mode is not Mode.TRIBE:
        return ""
    can = board.phase == "place" and len(set(board.kingdom.resources.values())) >= \
        RECRUIT_COST["board"]
    buttons = [button(f"Recruit {man.value}" if man else "(empty)", "recruit",
                      enabled=can and man is not None, slot=k,
                      title=f"{RECRUIT_COST['board']} different resources")
               for k, man in enumerate(board.cave)]
    return f'<div class="kk-controls ko-cave">Cave: {"".join(buttons)}</div>'


def sheet_html(board: OriginsView) -> str:
    """The score and its breakdown: each region, then the score sheet's other lines."""
    sheet = board.sheet()
    regions = [r for r in board.kingdom.regions() if r.terrain.value != "volcano"]
    regions.sort(key=lambda r: (-r.score, r.terrain.index, min(r.cells)))
    parts = [(TERRAIN_COLOURS[r.terrain], r.terrain.value, r.squares, r.fire, r.score)
             for r in regions]
    lines = [("Empire of fire", sheet.empire_of_fire, board.empire_of_fire),
             ("Homo Habilis", sheet.homo_habilis, board.homo_habilis),
             ("wooden resources", sheet.resources, board.mode is Mode.TOTEM),
             ("totems", sheet.totems, board.mode is Mode.TOTEM),
             ("cavemen", sheet.cavemen, board.mode is Mode.TRIBE)]
    breakdown = score_table("kk-breakdown ko-sheet", "region", "fire", parts,
                            [(name, points) for name, points, on in lines if on], sheet.total)
    supply = " · ".join(f"{fire} fire: {n}" for fire, n in sorted(board.supply.items()))
    verdict = "" if board.verdict is None else f" kk-verdict-{board.verdict}"
    return (f'<div class="kk-score{verdict}">Score: <b class="kk-score-value">{sheet.total}'
            "</b></div>"
            f'{breakdown}<div class="ko-supply">Fire tokens in the box — {supply}</div>')


def grid_html(board: OriginsView) -> str:
    """The territory on every cell it could reach, clickable and named."""
    frame = reach_frame(board.kingdom)
    inside = reachable_cells(board)
    rmin, rmax, cmin, cmax = frame
    out = {(r, c) for r in range(rmin, rmax + 1) for c in range(cmin, cmax + 1)} - inside
    classes = {board.aim: "ko-aim"} if board.aim is not None else None
    highlight = [r.cells for r in board.kingdom.regions() if r.score]
    svg = origins_svg(board.kingdom, cell=40, frame=frame, legal=board.legal_cells(), out=out,
                      reach=set(board.fire_reach()), classes=classes, clickable=True,
                      cursor=board.cursor, named=True, highlight=highlight,
                      outlines=True)
    ghost = ghost_style(board.selected_domino(), board.rotation) if board.phase == "place" \
        else ""
    return f'<div class="kk-grid ko-grid"{ghost}>{svg}</div>'


def board_html(board: OriginsView) -> str:
    """The whole board: title, question, hand, controls, territory, score sheet, message."""
    title = f'<div class="kk-title"><b>{escape(board.title)}</b></div>' if board.title else ""
    question = ""
    if board.question:
        question = f'<div class="kk-question"><b>{escape(board.question)}</b></div>'
    name = escape(f"{board.title or 'Origins territory builder'}: {KEYS_HELP}")
    return (f'<div class="kk-board ko-board kk-keys" data-kk-keys="origins" '
            f'data-kk-name="{name}" data-size="{board.size}" data-phase="{board.phase}" '
            f'style="--ko-reach: {REACH_COLOUR}">{title}{question}'
            f'<div class="kk-hand">{hand_html(board)}</div>'
            f'<div class="kk-controls">{controls_html(board)}</div>{cave_html(board)}'
            f'<div class="kk-main">{grid_html(board)}<div class="kk-side">{sheet_html(board)}'
            f'<div class="kk-keys-help">{escape(KEYS_HELP)}</div></div></div>'
            f'<div class="kk-message kk-{board.message_kind}">{escape(board.message)}</div></div>')


def picture_words(board: OriginsView) -> str:
    """The still picture's alt text: the territory, the score, the hand, how to play."""
    hand = ", ".join(str(d.number) for d in board.hand) or "none"
    return (f"{board.title or 'Origins territory builder'}: {territory_words(board.kingdom)}; "
            f"score {board.sheet().total}; dominoes in the hand: {hand}. Run the notebook to "
            "play.")


def board_picture(board: OriginsView) -> str:
    """The board as one still SVG (what a stored notebook shows before it runs): the title and
    the question, the hand, the territory with its scoring regions outlined, the score."""
    parts = [text_svg(line, bold=True) for line in (board.title, board.question) if line]
    if board.hand:
        parts.append(row_svg([column_svg([text_svg(str(d.number)), domino_svg(d)],
                                         words=domino_words(d), gap=0) for d in board.hand],
                             words="the hand", wrap=8))
    parts.append(origins_svg(board.kingdom, cell=40, frame=reach_frame(board.kingdom),
                             highlight=[r.cells for r in board.kingdom.regions() if r.score],
                             outlines=True))
    parts.append(text_svg(f"Score: {board.sheet().total}", bold=True))
    return column_svg(parts, words=picture_words(board))
