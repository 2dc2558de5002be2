"""What a reader sees, collected for the vocabulary tests (issue 34): every text of a game's data
in each language, the notebooks' markdown, and a seeded game rendered as the play table shows it
(log, board HTML with its tooltips, status and prompts, buttons and dropdowns, "Why not?" refusals,
refused actions, the result)."""
from __future__ import annotations

import functools
import html
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

import tabletop_rules as tr
from tabletop_rules.core.rulebook import Glossary, load_glossary

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
NOTEBOOKS = ROOT / "notebooks"
UI_GLOSSARY = DATA / "_ui" / "glossary.yaml"
GAMES = tr.list_games()
LANGS = ("en", "zh")

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def ui_glossary() -> Glossary:
    """The words every game's screens share (record, bot, undo, the demo mark ...), with their
    variants, and the software names kept in English: data/_ui/glossary.yaml, the games' schema."""
    return load_glossary(UI_GLOSSARY)


def data_files(game: Any) -> list[Path]:
    """The YAML a game reads, apart from its glossary (which names the variants on purpose):
    its own folder and a shared ``<family>-common`` folder beside it (Blood Recall's two modes)."""
    files = [p for p in sorted(game.dir.glob("*.yaml")) if p.name != "glossary.yaml"]
    common = game.dir.parent / (game.id.rsplit("-", 1)[0] + "-common")
    if common.is_dir() and common != game.dir:
        files += [p for p in sorted(common.glob("*.yaml")) if p.name != "glossary.yaml"]
    return files


@functools.cache
def _yaml(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


def _walk(node: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """(where, lang, text) for every bilingual string of a YAML document: the value of a ``zh`` key
    or of a ``*_zh`` key is Chinese; an ``en`` key, or the English partner of a ``*_zh`` key, English."""
    if isinstance(node, dict):
        name = node.get("id") if isinstance(node.get("id"), str) else None
        here = f"{where}/{name}" if name else where
        for k, v in node.items():
            k = str(k)
            if isinstance(v, str):
                if k == "zh" or k.endswith("_zh"):
                    yield f"{here}.{k}", "zh", v
                elif k == "en" or f"{k}_zh" in node:
                    yield f"{here}.{k}", "en", v
            else:
                yield from _walk(v, f"{here}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{where}[{i}]")


def data_texts(game: Any) -> list[tuple[str, str, str]]:
    """(where, lang, text): clauses, rulings (questions, answers, notes, labels), templates, flow
    labels, card names and texts, decks ... every bilingual string of the game's data."""
    out = []
    for path in data_files(game):
        out += list(_walk(_yaml(path), str(path.relative_to(ROOT))))
    return out


def ui_texts() -> list[tuple[str, str, str]]:
    """(where, lang, word) for the kit's interface words."""
    from tabletop_rules.notebook.i18n import UI

    return [(f"UI {key}", lang, word) for lang in LANGS for key, word in UI[lang].items()]


def notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def notebook_lang(path: Path) -> str:
    return "zh" if "zh" in path.relative_to(NOTEBOOKS).parts else "en"


def notebook_games(path: Path) -> list[str]:
    """The games a notebook is about (by its name: blood-recall covers both modes,
    buddyfight-table Buddyfight); none for the start page and the ruling editor."""
    return [g for g in GAMES if path.stem.startswith(g) or g.startswith(path.stem + "-")]


def markdown(path: Path) -> list[tuple[str, str]]:
    """(where, text) for the markdown cells of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(f"{path.relative_to(ROOT)} cell {i}", "".join(c["source"]))
            for i, c in enumerate(cells, 1) if c["cell_type"] == "markdown"]


# ------------------------------------------------------------------------------------------ rendered
_TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)
_TITLE = re.compile(r"""\b(?:title|aria-label|alt)=(?:"([^"]*)"|'([^']*)')""")


def html_text(value: str) -> list[str]:
    """What an HTML value shows: its text, and its tooltips (title attributes)."""
    tips = [html.unescape(a or b) for a, b in _TITLE.findall(value or "")]
    return [html.unescape(_TAG.sub("\n", value or "")), *tips]


def widget_texts(widget: Any) -> list[str]:
    """Every text a widget tree shows: HTML values and their tooltips, labels, button and tab
    titles, dropdown options."""
    import ipywidgets as W

    from tabletop_rules.notebook.boardview import BoardView

    out: list[str] = []
    seen: set[int] = set()

    def walk(w: Any) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        if isinstance(w, W.HTML | W.HTMLMath | W.Label):
            out.extend(html_text(w.value))
        if isinstance(w, BoardView):      # the board (issue 35): its HTML and the words of its marks
            out.extend([*html_text(w.value), *w.lit.values(), *w.choices, w.ready_label, w.hint, *html_text(w.note)])
        if isinstance(w, W.Button | W.ToggleButton | W.Checkbox | W.Text | W.Dropdown | W.Textarea):
            out.extend([w.description or "", getattr(w, "tooltip", None) or ""])
        if isinstance(w, W.Dropdown | W.ToggleButtons | W.Select):
            out.extend(str(label) for label in w._options_labels)
        if isinstance(w, W.Tab | W.Accordion):
            out.extend(str(x) for x in (w.titles or ()))
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(widget)
    return [t for t in out if t.strip()]


def _refusals(state: Any, lang: str) -> list[tuple[str, str]]:
    """(what, text): what "Why not?" says for the deciding seat's idle cards, and the refusals of
    actions the rules forbid: another seat's action, and an action of no kind the game has (its
    refusal lists the game's action kinds by their engine names: ``what`` is "unknown action")."""
    from tabletop_rules.core.actions import Action, IllegalAction
    from tabletop_rules.notebook import whynot

    out: list[tuple[str, str]] = []
    seat = state.current_player
    if seat is None:
        return out
    for uid in whynot.idle_cards(state, seat)[:4]:
        out += [("why not", state.describe_refusal(r, lang)) for r in whynot.refusals(state, seat, uid)]
        out += [("why not", exc.describe(lang)) for _kind, exc in whynot.engine_reasons(state, seat, uid)]
    bad = [("unknown action", Action(UNKNOWN_KIND, seat))]
    legal = state.legal_actions()
    if legal and state.players > 1:
        a = legal[0]
        bad.append(("refused action", Action(a.kind, (a.player + 1) % state.players, dict(a.args))))
    for what, action in bad:
        probe = state.clone()
        try:
            probe.apply(action)
        except IllegalAction as err:
            out.append((what, err.describe(lang)))
    return out


UNKNOWN_KIND = "no-such-action"
GIVING_UP = frozenset({"concede", "resign"})


def action_kinds(game: Any) -> set[str]:
    """The engine names of a game's kinds of action (listed by the unknown-action refusal)."""
    book = getattr(game.state_cls, "book", None)
    return set(book.moves.kinds) if book is not None else set()


@functools.cache
def rendered(game_id: str, seed: int = 3, moves: int = 400, looks: int = 8) -> dict[str, list[tuple[str, str]]]:
    """lang -> [(where, text)]: a seeded game of ``game_id`` at the play table (seat 0 a human
    playing at random, the others random bots), looked at in both languages ``looks`` times and
    at its end: the table's widgets, "Why not?" and refused actions, then the whole log as each
    seat and an onlooker read it, and the result."""
    from tabletop_rules.notebook.i18n import event_text
    from tabletop_rules.notebook.table import PlayTable

    game = tr.load_game(game_id)
    seats = ["human"] + ["random"] * (game.player_counts[0] - 1)
    table = PlayTable(game, seed=seed, seats=seats, lang="zh", app=True, graph=False)
    rng = random.Random(seed)
    out: dict[str, list[tuple[str, str]]] = {lang: [] for lang in LANGS}
    every = max(1, moves // looks)

    def look(n: int) -> None:
        for lang in LANGS:
            table.set_lang(lang)
            out[lang] += [(f"{game_id} table after {n} moves", x) for x in widget_texts(table.widget)]
            out[lang] += [(f"{game_id} {what} after {n} moves", x) for what, x in _refusals(table.state, lang)]
        table.set_lang("zh")

    for n in range(moves):
        st = table.state
        if st.is_over or not table.human(st.current_player):
            break
        if n % every == 0:
            look(n)
        legal = st.legal_actions()
        # a random player who concedes ends the game before it shows much: play on instead
        table.apply(rng.choice([a for a in legal if a.kind not in GIVING_UP] or legal))
    look(moves)
    st = table.state
    for lang in LANGS:
        for seat in (None, *range(st.players)):
            out[lang] += [(f"{game_id} log ({ev.kind})", event_text(game, ev, seat, lang)) for ev in st.log]
        if st.is_over:
            out[lang].append((f"{game_id} result", st.describe_result(lang) or ""))
    return out
