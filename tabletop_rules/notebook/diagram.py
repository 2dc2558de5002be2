"""A labelled picture of a game's table as one standalone SVG, drawn from ``data/<game>/table.yaml``.

The layout is data, the drawing is one renderer for every game (this module knows no game):

- ``side``: one player's area as a grid of rows (the row nearest the middle of the table first),
  drawn for every seat; a seat across the table sees its rows mirrored (its nearest row still
  next to the middle), as the cards lie on a real table, while the words stay upright;
- ``shared``: what lies between the players (piles both use, lanes, a shared slot);
- ``seatings``: for each player count, which seat sits at the top or the bottom edge and on
  which team (several seats on one edge sit side by side);
- a zone is named by a glossary term (``term``: the game's own word, Simplified in Chinese) or,
  where the glossary has none, by words of its own (``label: {en, zh}``); ``kind`` says how its
  cards lie (one card, a pile, an open area, a row of small cards ``marks``, sideways or not);
- ``frames`` draw a dashed outline with a name around some zones (a lane, a side of the board).

The picture carries its own light background and dark ink, so it reads the same in a light or a
dark notebook theme, in an exported HTML page and on paper. ``table_diagram`` returns the SVG
text (valid XML); ``show_table_diagram`` wraps it for a notebook cell. A broken table.yaml raises
``DataError`` naming the file, the entry and the field.
"""
from __future__ import annotations

import functools
import re
from html import escape
from typing import Any, Literal

from pydantic import Field

from ..core.datafile import DataError, read_yaml, validate
from ..core.pmodels import Strict
from ..core.search import _FOLD
from .i18n import UI, check_lang, columns, t

MAX_ROWS, MAX_ZONES, MAX_UNITS = 12, 16, 24


class Words(Strict):
    en: str = Field(min_length=1, max_length=300)
    zh: str = Field(min_length=1, max_length=150)


class Zone(Strict):
    term: str | None = None                 # a glossary term (or an interface word: hand, deck)
    label: Words | None = None              # own words where the glossary has no term
    note: Words | None = None               # a second, smaller line ("face down", "10 cards")
    kind: Literal["slot", "pile", "area", "marks", "gap"] = "slot"
    w: float = Field(1.0, gt=0, le=MAX_UNITS)
    marks: int = Field(0, ge=0, le=20)       # small cards drawn in a "marks" zone
    sideways: bool = False                   # its cards lie turned
    owner: Literal["top", "bottom"] | None = None   # a shared zone of the seat on that edge
    number: int | None = Field(None, ge=1, le=9)    # "Lane 2": a number after the name


class Frame(Strict):
    term: str | None = None
    label: Words | None = None
    number: int | None = Field(None, ge=1, le=9)
    rows: tuple[int, int]                    # first and last row (0: the row nearest the middle)
    cols: tuple[float, float]                # first unit and the unit after the last


class Block(Strict):
    rows: list[list[Zone]] = Field(min_length=1, max_length=MAX_ROWS)
    frames: list[Frame] = Field(default_factory=list, max_length=MAX_ZONES)


class Seat(Strict):
    seat: int = Field(ge=0, le=7)
    at: Literal["top", "bottom"]
    team: str | None = Field(None, max_length=4)


class Seating(Strict):
    players: int = Field(ge=1, le=8)
    seats: list[Seat] = Field(min_length=1, max_length=8)
    note: Words | None = None                # e.g. where the seating is the kit's decision


class Table(Strict):
    game: str
    clauses: list[str] = Field(default_factory=list, max_length=20)   # what the picture follows
    seatings: list[Seating] = Field(min_length=1, max_length=8)
    side: Block
    shared: Block | None = None
    shared_title: Words | None = None
    solo: Block | None = None                # an automated opponent's area (story mode) drawn on top
    solo_title: Words | None = None


# ----- loading and checking ------------------------------------------------------------------------
def _known_word(game: Any, tid: str) -> bool:
    return game.glossary.get(tid) is not None or tid in UI["en"]


@functools.lru_cache(maxsize=16)
def _load(path: str, stamp: float) -> Table:
    return validate(Table, read_yaml(path), path, entry="table")


def load_table(game: Any) -> Table:
    """The game's table.yaml, validated: every term known, every clause in the rule book, every
    player count seated once, and every row within the size limits (read again when it changes)."""
    path = game.dir / "table.yaml"
    if not path.is_file():
        raise DataError(path, "file not found")
    table = _load(str(path), path.stat().st_mtime)
    fail = functools.partial(DataError, path)
    if table.game != game.id:
        raise fail(f"this is the table of {table.game!r}, not of {game.id!r}", entry="table", field="game")
    for cid in table.clauses:
        if cid not in game.rules:
            raise fail(f"unknown clause {cid!r}", entry="table", field="clauses")
    blocks = [("side", table.side), ("shared", table.shared), ("solo", table.solo)]
    for name, block in blocks:
        if block is None:
            continue
        for r, row in enumerate(block.rows):
            if len(row) > MAX_ZONES or sum(z.w for z in row) > MAX_UNITS:
                raise fail(f"a row holds at most {MAX_ZONES} zones and {MAX_UNITS} units", entry="table",
                           field=f"{name}.rows.{r}")
            for i, z in enumerate(row):
                where = f"{name}.rows.{r}.{i}"
                if z.kind != "gap" and (z.term is None) == (z.label is None):
                    raise fail("give a zone either a term or a label", entry="table", field=where)
                if z.term is not None and not _known_word(game, z.term):
                    raise fail(f"unknown glossary term {z.term!r}", entry="table", field=f"{where}.term")
                if z.owner is not None and name != "shared":
                    raise fail("only a shared zone has an owner", entry="table", field=f"{where}.owner")
        for i, f in enumerate(block.frames):
            where = f"{name}.frames.{i}"
            if (f.term is None) == (f.label is None):
                raise fail("give a frame either a term or a label", entry="table", field=where)
            if f.term is not None and not _known_word(game, f.term):
                raise fail(f"unknown glossary term {f.term!r}", entry="table", field=f"{where}.term")
            if not 0 <= f.rows[0] <= f.rows[1] < len(block.rows) or not 0 <= f.cols[0] < f.cols[1]:
                raise fail("rows or cols outside the block", entry="table", field=where)
    counts = [s.players for s in table.seatings]
    for n in game.player_counts:
        if counts.count(n) != 1:
            raise fail(f"the {n}-player seating must be given once", entry="table", field="seatings")
    for s in table.seatings:
        if sorted(x.seat for x in s.seats) != list(range(s.players)):
            raise fail(f"seats must be 0 to {s.players - 1}, each once", entry="table",
                       field=f"seatings ({s.players} players).seats")
    return table


# ----- words -----------------------------------------------------------------------------------------
# Traditional forms in the glossaries' zone names that the search's fold (core/search.py) lacks.
_MORE = str.maketrans({"庫": "库", "斬": "斩", "鏡": "镜", "臨": "临", "側": "侧", "組": "组"})


def simplified(text: str) -> str:
    """Chinese in Simplified characters: a glossary keeps a translation's Traditional forms,
    the picture speaks the reader's Simplified Chinese."""
    return text.translate(_FOLD).translate(_MORE)


def _word(game: Any, term: str | None, label: Words | None, lang: str) -> str:
    if label is not None:
        return label.zh if lang == "zh" else label.en
    assert term is not None
    found = game.glossary.get(term)
    if found is None:
        return t(term, lang)
    if lang == "zh":
        return simplified(found.zh)
    return found.en[:1].upper() + found.en[1:]


def _text(lang: str, words: Words | None) -> str:
    if words is None:
        return ""
    return words.zh if lang == "zh" else words.en


# ----- drawing ---------------------------------------------------------------------------------------
U, GAP, ROW_H, PAD = 96.0, 12.0, 92.0, 12.0
INK, MUTED, PAPER, ZONE, EDGE, FRAME = "#1b1f24", "#4a5260", "#ffffff", "#eef2f8", "#5b6b88", "#8a5a00"
FONT = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif"


# A Chinese character (or full-width mark) is a unit of its own; a run of other letters is a word.
_TOKEN = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]|[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+|\s+")


def _fit(text: str, width: float, size: float, lines: int = 2) -> list[str]:
    """Break ``text`` into at most ``lines`` lines of about ``width`` px (CJK counts double),
    between words or Chinese characters, never inside a word; "…" marks a cut."""
    per = max(4, int(width / (size * 0.56)))
    out: list[str] = [""]
    for tok in _TOKEN.findall(text):
        if tok.isspace():
            if out[-1]:
                out[-1] += " "
            continue
        if columns(out[-1] + tok) <= per or not out[-1].strip():
            out[-1] += tok
        elif len(out) < lines:
            out[-1] = out[-1].rstrip()
            out.append(tok)
        else:
            out[-1] = out[-1].rstrip()[: max(1, len(out[-1]) - 2)] + "…"
            break
    return [line.rstrip() for line in out]


def _card(x: float, y: float, sideways: bool, dash: bool = True, scale: float = 1.0) -> str:
    w, h = ((30.0, 21.0) if sideways else (21.0, 30.0))
    w, h = round(w * scale, 1), round(h * scale, 1)
    style = " stroke-dasharray='3 2'" if dash else ""
    return (f"<rect x='{x - w / 2:.1f}' y='{y - h / 2:.1f}' width='{w}' height='{h}' rx='2' fill='{PAPER}' "
            f"stroke='{EDGE}' stroke-width='1'{style}/>")


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, x: float, y: float, s: str, size: float = 12, weight: str = "normal", fill: str = INK,
             anchor: str = "middle") -> None:
        self.parts.append(f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' font-weight='{weight}' fill='{fill}' "
                          f"text-anchor='{anchor}'>{escape(s)}</text>")

    def zone(self, game: Any, z: Zone, x: float, y: float, w: float, lang: str, owner: str) -> None:
        """One zone: its name (two lines at most) and whose it is at the top, a note (two lines at
        most) at the bottom, and between them how its cards lie (one, a pile, a row of small cards)."""
        if z.kind == "gap":
            return
        self.parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{ROW_H}' rx='6' fill='{ZONE}' "
                          f"stroke='{EDGE}' stroke-width='1.2'/>")
        name = _word(game, z.term, z.label, lang) + (f" {z.number}" if z.number else "")
        heads = [(line, "bold", INK) for line in _fit(name, w - 8, 12)]
        if owner:
            heads.append((owner, "normal", MUTED))
        for i, (line, weight, fill) in enumerate(heads):
            self.text(x + w / 2, y + 15 + i * 14, line, 12, weight, fill)
        notes = _fit(_text(lang, z.note), w - 8, 10) if z.note is not None else []
        for i, line in enumerate(notes):
            self.text(x + w / 2, y + ROW_H - 6 - (len(notes) - 1 - i) * 12, line, 10, fill=MUTED)
        top, bottom = y + 6 + len(heads) * 14, y + ROW_H - 4 - len(notes) * 12
        cy, room = (top + bottom) / 2, bottom - top
        if z.kind in ("slot", "pile"):
            scale = min(1.0, (room - 6) / (21.0 if z.sideways else 30.0))
            if z.kind == "slot":
                self.parts.append(_card(x + w / 2, cy, z.sideways, scale=scale))
            else:
                for k in (2, 1, 0):
                    self.parts.append(_card(x + w / 2 + 2 * k, cy - 2 * k + 2, z.sideways, dash=k > 0,
                                            scale=min(scale, (room - 8) / (21.0 if z.sideways else 30.0))))
        elif z.kind == "marks" and z.marks:
            step = min(34.0 if z.sideways else 25.0, (w - 12) / z.marks)
            x0 = x + w / 2 - step * (z.marks - 1) / 2
            for k in range(z.marks):
                self.parts.append(_card(x0 + k * step, cy, z.sideways, dash=False))

    def frame(self, label: str, x: float, y: float, w: float, h: float) -> None:
        self.parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' rx='8' fill='none' "
                          f"stroke='{FRAME}' stroke-width='1.5' stroke-dasharray='6 3'/>")
        tw = columns(label) * 6.2 + 10
        self.parts.append(f"<rect x='{x + 10:.1f}' y='{y - 7:.1f}' width='{tw:.1f}' height='13' rx='3' "
                          f"fill='{PAPER}'/>")
        self.text(x + 15, y + 3.5, label, 10.5, "bold", FRAME, "start")


def _block_size(block: Block) -> tuple[float, float]:
    units = max(sum(z.w for z in row) for row in block.rows)
    return units * U + GAP * 2, len(block.rows) * (ROW_H + GAP) + GAP


def _draw_block(cv: _Canvas, game: Any, block: Block, x: float, y: float, lang: str, flip: bool,
                owners: dict[str, str]) -> None:
    n = len(block.rows)
    width = _block_size(block)[0]
    for r, row in enumerate(block.rows):
        ry = y + GAP + ((n - 1 - r) if flip else r) * (ROW_H + GAP)
        units = sum(z.w for z in row)
        ux = x + (width - units * U) / 2
        for z in row:
            cv.zone(game, z, ux + GAP / 2, ry, z.w * U - GAP, lang, owners.get(z.owner or "", ""))
            ux += z.w * U
    for f in block.frames:
        a, b = f.rows
        if flip:
            a, b = n - 1 - b, n - 1 - a
        fy = y + GAP + a * (ROW_H + GAP) - 6
        units = max(sum(z.w for z in row) for row in block.rows)
        fx = x + (width - units * U) / 2 + f.cols[0] * U + 2      # side by side frames keep a gap
        label = _word(game, f.term, f.label, lang) + (f" {f.number}" if f.number else "")
        cv.frame(label, fx, fy, (f.cols[1] - f.cols[0]) * U - 4, (b - a + 1) * (ROW_H + GAP) + 2)


def _seat_title(game: Any, seat: Seat, lang: str) -> str:
    title = f"{t('seat', lang)} {seat.seat}"
    if seat.team:
        title += " · " + t("diagram_team", lang, team=seat.team)
    return title


def table_diagram(game: Any, lang: str = "en", players: int | None = None) -> str:
    """The game's table as a standalone SVG document (a string), labelled in ``lang``.

    ``game`` is a Game or a game id; ``players`` picks the seating (default: the game's first
    player count). Raises ``ValueError`` for a player count the game does not have."""
    if isinstance(game, str):
        import tabletop_rules as tr

        game = tr.load_game(game)
    check_lang(lang)
    table = load_table(game)
    n = game.player_counts[0] if players is None else players
    seating = next((s for s in table.seatings if s.players == n), None)
    if seating is None:
        counts = ", ".join(map(str, game.player_counts))
        raise ValueError(f"{game.id} is played by {counts} players, not {players}")
    cv = _Canvas()
    side_w, side_h = _block_size(table.side)
    band_h = side_h + 24
    edges = {at: [s for s in seating.seats if s.at == at] for at in ("top", "bottom")}
    by_edge = {at: sorted(seats, key=lambda s: s.seat) for at, seats in edges.items()}
    shared_w, shared_h = _block_size(table.shared) if table.shared else (0.0, 0.0)
    solo_w, solo_h = _block_size(table.solo) if table.solo else (0.0, 0.0)
    width = max([len(v) * (side_w + GAP) for v in by_edge.values()] + [shared_w, solo_w]) + 2 * PAD
    title_h = 34.0
    y = title_h
    owners: dict[str, str] = {}
    for at in ("top", "bottom"):
        if len(by_edge[at]) == 1:
            who = f"{t('seat', lang)} {by_edge[at][0].seat}"
            owners[at] = f"（{who}）" if lang == "zh" else f"({who})"

    def band(at: str, top: float) -> float:
        seats = by_edge[at]
        if not seats:
            return top
        total = len(seats) * (side_w + GAP) - GAP
        x = (width - total) / 2
        for s in seats:
            head_y = top + 15 if at == "top" else top + side_h + 18
            body_y = top + 22 if at == "top" else top
            cv.parts.append(f"<rect x='{x:.1f}' y='{body_y:.1f}' width='{side_w:.1f}' height='{side_h:.1f}' rx='10' "
                            f"fill='{PAPER}' stroke='{MUTED}' stroke-width='1.5'/>")
            cv.text(x + side_w / 2, head_y, _seat_title(game, s, lang), 13, "bold")
            _draw_block(cv, game, table.side, x, body_y, lang, flip=(at == "top"), owners={})
            x += side_w + GAP
        return top + band_h + (0 if at == "bottom" else 10)

    if table.solo is not None:
        x = (width - solo_w) / 2
        cv.text(width / 2, y + 13, _text(lang, table.solo_title), 13, "bold")
        cv.parts.append(f"<rect x='{x:.1f}' y='{y + 20:.1f}' width='{solo_w:.1f}' height='{solo_h:.1f}' rx='10' "
                        f"fill='{PAPER}' stroke='{MUTED}' stroke-width='1.5'/>")
        _draw_block(cv, game, table.solo, x, y + 20, lang, flip=False, owners={})
        y += solo_h + 30
    y = band("top", y)
    if table.shared is not None:
        x = (width - shared_w) / 2
        if table.shared_title is not None:
            cv.text(width / 2, y + 13, _text(lang, table.shared_title), 12, "bold", MUTED)
            y += 18
        cv.parts.append(f"<rect x='{x:.1f}' y='{y + 4:.1f}' width='{shared_w:.1f}' height='{shared_h:.1f}' rx='10' "
                        f"fill='#fbf7ef' stroke='{FRAME}' stroke-width='1'/>")
        _draw_block(cv, game, table.shared, x, y + 4, lang, flip=False, owners=owners)
        y += shared_h + 14
    y = band("bottom", y)
    note = _text(lang, seating.note)
    if note:
        for line in _fit(note, width - 2 * PAD, 11, 3):
            cv.text(PAD, y + 14, line, 11, fill=MUTED, anchor="start")
            y += 15
    height = y + PAD
    name = (game.title.get("zh") if lang == "zh" else None) or game.title.get("en", game.id)
    heading = t("diagram_title", lang, game=name)
    if len(game.player_counts) > 1:
        heading += f" ({t('diagram_players', lang, n=n)})" if lang != "zh" else f"（{t('diagram_players', lang, n=n)}）"
    body = "".join(cv.parts)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' font-family=\"{FONT}\" role='img' "
            f"aria-label='{escape(heading)}' lang='{'zh-Hans' if lang == 'zh' else 'en'}'>"
            f"<title>{escape(heading)}</title>"
            f"<rect x='0.5' y='0.5' width='{width - 1:.0f}' height='{height - 1:.0f}' rx='12' fill='{PAPER}' "
            f"stroke='{EDGE}'/>"
            f"<text x='{PAD}' y='22' font-size='15' font-weight='bold' fill='{INK}'>{escape(heading)}</text>"
            f"{body}</svg>")


def show_table_diagram(game: Any, lang: str = "en", players: int | None = None) -> Any:
    """``table_diagram`` as an IPython SVG object, for a notebook cell."""
    from IPython.display import SVG

    return SVG(table_diagram(game, lang, players))
