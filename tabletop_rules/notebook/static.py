"""Plain output for every widget: the same content as HTML that needs no kernel.

A notebook exported to HTML or PDF, or shown by a renderer that runs no Python, draws a widget
as a placeholder; these functions give what the widget teaches as plain HTML below it:

- ``glossary_html``: the glossary as a table (``ids``: only some terms, the "key words up front");
- ``rulings_html``: each ruling's question, answer and clauses;
- ``walkthrough_html``: a recorded game's key moments, a numbered list of the actions with what
  they caused (repeated lines grouped) and their clauses;
- ``editor_html``: what the position editor does and the fields of a position, with their limits.

Each returns an IPython HTML object; ``*_block`` functions give the HTML text itself.
"""
from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from html import escape
from typing import Any

from ..core.actions import Action
from ..core.records import Record
from .base import clause_html
from .explain import events_block
from .i18n import action_text, check_lang, clause_title, pick, t, term
from .style import wrap

MAX_STEPS = 80          # a walkthrough's list stops here (and says how many more there are)
MAX_FIELDS = 80         # an editor's field list stops here


def _game(game: Any) -> Any:
    if isinstance(game, str):
        import tabletop_rules as tr

        return tr.load_game(game)
    return game


def _html(body: str) -> Any:
    from IPython.display import HTML

    return HTML(wrap(body))


def _cited_by(game: Any) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for c in game.rules:
        for tid in c.terms:
            cited.setdefault(tid, []).append(c.id)
    return cited


def _pick(game: Any, items: list, ids: Iterable[str] | None, what: str) -> list:
    """``items`` (each with an ``id``), or only those ``ids`` in that order; an unknown id is a ValueError."""
    if ids is None:
        return items
    by_id = {x.id: x for x in items}
    wanted = list(ids)
    unknown = [i for i in wanted if i not in by_id]
    if unknown:
        raise ValueError(f"{game.id} has no {what} {', '.join(map(repr, unknown))}")
    return [by_id[i] for i in wanted]


# ----- glossary --------------------------------------------------------------------------------------
def glossary_block(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> str:
    game, lang = _game(game), check_lang(lang)
    terms = _pick(game, list(game.glossary), ids, "glossary term")
    has_ja = any(x.ja for x in game.glossary)
    cols = [c for c in (("zh", "ja", "en") if lang == "zh" else ("en", "zh", "ja")) if c != "ja" or has_ja]
    cited = _cited_by(game)
    head = "".join(f"<th>{escape(t('col_' + c, lang))}</th>" for c in cols)
    head += f"<th>{escape(t('col_note', lang))}</th>"
    rows = []
    for x in terms:
        cells = "".join(f"<td>{escape(getattr(x, c) or '') or '—'}</td>" for c in cols)
        note = x.note_zh if lang == "zh" else x.note
        cites = cited.get(x.id, [])
        extra = (f"<div class='ttr-cite'>{escape(t('clauses', lang))}: {escape(', '.join(cites))}</div>"
                 if cites else "")
        rows.append(f"<tr>{cells}<td class='ttr-note'>{escape(note)}{extra}</td></tr>")
    title = t("gloss_key_terms", lang) if ids is not None else t("static_glossary", lang, n=len(terms))
    return (f"<h4>{escape(title)}</h4><table class='ttr-table'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def glossary_html(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> Any:
    """The glossary as a plain table in ``lang`` (the reader's language first); ``ids`` limits it
    to those terms, in that order. An unknown id raises ``ValueError``."""
    return _html(glossary_block(game, lang, ids))


# ----- rulings ---------------------------------------------------------------------------------------
def rulings_block(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> str:
    game, lang = _game(game), check_lang(lang)
    rulings = _pick(game, list(game.rulings), ids, "ruling")
    items = []
    for r in rulings:
        cites = "; ".join(escape(clause_title(game, c, lang)) for c in r.clauses)
        mark = f" <span class='ttr-note'>({escape(t('static_decision', lang))})</span>" if r.decision else ""
        items.append(f"<li><b>{escape(t('question', lang))}</b>: {escape(pick(r.question, lang))}{mark}<br>"
                     f"<b>{escape(t('answer', lang))}</b>: {escape(pick(r.answer, lang))}<br>"
                     f"<span class='ttr-cite'>{escape(t('clauses', lang))}: {cites}</span></li>")
    return (f"<h4>{escape(t('static_rulings', lang, n=len(rulings)))}</h4>"
            f"<ol class='ttr-rulings'>{''.join(items)}</ol>")


def rulings_html(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> Any:
    """Each ruling's question, answer and clauses (``ids``: only those rulings, in that order)."""
    return _html(rulings_block(game, lang, ids))


# ----- walkthrough -----------------------------------------------------------------------------------
def _record(game: Any, record_or_state: Any) -> Record:
    rec = record_or_state
    if hasattr(rec, "record") and not isinstance(rec, Record | str | bytes | dict):
        rec = rec.record                       # a State or a Walkthrough
    return game.record_of(rec)                  # the one way in for records (core/game.py)


def walkthrough_block(game: Any, record_or_state: Any, lang: str = "en",
                      highlights: Iterable[int] | None = None, seat: int | None = None) -> str:
    game, lang = _game(game), check_lang(lang)
    rec = _record(game, record_or_state)
    wanted = None if highlights is None else set(highlights)
    state = game.new_game(rec.seed, rec.players, rec.options)
    items: list[str] = []
    if wanted is not None and 0 in wanted:
        items.append(f"<li value='0'><b>{escape(t('setup', lang))}</b>{events_block(game, state.log, seat, lang)}</li>")
    shown = 0
    for i, raw in enumerate(rec.actions, 1):
        want = Action.from_dict(raw)
        act = next((a for a in state.legal_actions() if a == want), None)
        if act is None:
            raise ValueError(f"action {i} of the record is not legal here ({want.kind})")
        events = state.apply(act)
        if wanted is not None and i not in wanted:
            continue
        if shown == MAX_STEPS:
            more = t("static_more_steps", lang, n=len(rec.actions) - i + 1)
            items.append(f"<li class='ttr-note'>{escape(more)}</li>")
            break
        shown += 1
        head = f"{escape(t('by', lang, seat=act.player))}: {escape(action_text(game, act, lang))}"
        # the event that only repeats the action (same kind, same clause) is not listed again
        rest = [e for e in events if not (e.kind == act.kind and e.clause == act.clause)]
        caused = events_block(game, rest, seat, lang) if any(e.kind != "phase" for e in rest) else ""
        items.append(f"<li value='{i}'>{clause_html(game, act.clause, lang, head)}{caused}</li>")
    end = ""
    if state.is_over and (wanted is None or len(rec.actions) in wanted):
        end = f"<div><b>{escape(t('game_over', lang))}</b>: {escape(state.describe_result(lang))}</div>"
    return (f"<h4>{escape(t('static_walkthrough', lang))}</h4><ol class='ttr-walk'>{''.join(items)}</ol>{end}")


def walkthrough_html(game: Any, record_or_state: Any, lang: str = "en",
                     highlights: Iterable[int] | None = None, seat: int | None = None) -> Any:
    """A recorded game's key moments as a numbered list: each action (numbered as in the
    walkthrough: step 1 is the first action, 0 the setup) with the clause that allows it and what
    it caused, repeated lines grouped. ``highlights``: the steps to list (default: every action);
    ``seat``: read the events as that seat may (default: the referee)."""
    return _html(walkthrough_block(game, record_or_state, lang, highlights, seat))


# ----- position editor -------------------------------------------------------------------------------
def _limits(info: Any, lang: str) -> list[str]:
    from ..core.scenario import Bounds, Places

    out = []
    for m in getattr(info, "metadata", ()):
        if isinstance(m, Bounds):         # the rules' bounds the builder checks, with the clause
            out += [t("static_at_least", lang, n=m.lo), t("static_at_most", lang, n=m.hi)] + [m.clause or ""]
        if isinstance(m, Places):         # one entry per place of the board (three missions)
            out += [t("static_max_items", lang, n=m.count), m.clause or ""]
        for attr, key in (("ge", "static_at_least"), ("gt", "static_more_than"), ("le", "static_at_most"),
                          ("lt", "static_less_than"), ("min_length", "static_min_items"),
                          ("max_length", "static_max_items")):
            value = getattr(m, attr, None)
            if value is not None:
                out.append(t(key, lang, n=value))
    return [x for x in out if x]


def _places(info: Any) -> Any:
    from ..core.scenario import Places

    return next((m for m in getattr(info, "metadata", ()) if isinstance(m, Places)), None)


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _members(tp: Any) -> list[Any]:
    """A union's members (None left out), each unwrapped; a plain type as a list of one."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(tp) if a is not type(None)]
    return [tp]


def _model(members: list[Any]) -> Any:
    from pydantic import BaseModel

    return next((m for m in members if isinstance(m, type) and issubclass(m, BaseModel)), None)


def _value_word(game: Any, value: Any, lang: str) -> str:
    """A choice's value as a reader says it: a phase by its name, anything else as written."""
    if isinstance(value, bool):
        return t("yes" if value else "no", lang)
    if isinstance(value, str) and value in game.flow.nodes:
        return game.flow.label(value, lang)
    if isinstance(value, str) and value in game.cards:
        return pick(game.cards[value].name, lang)
    if isinstance(value, str):          # as the editor's dropdowns name it (editor.py ``_shown``)
        from .editor_controls import place_word

        return place_word(game, value, lang)
    return str(value)


def _kind(game: Any, tp: Any, lang: str, name: str = "") -> tuple[str, Any]:
    """What a field holds, in words, and the nested model to list beneath it (if any); the same
    reading of the field's type as the editor's controls (editor.py ``control``)."""
    members = _members(tp)
    model = _model(members)
    if model is not None:
        return t("static_kind_group", lang), model
    if len(members) == 1:
        one = members[0]
        origin, args = typing.get_origin(one), typing.get_args(one)
        if origin is typing.Literal:
            return t("static_kind_choice", lang, values=", ".join(_value_word(game, a, lang) for a in args)), None
        if one is bool:
            return t("static_kind_flag", lang), None
        if one is int:
            if name.endswith("_player"):
                return t("static_kind_seat", lang, top=max(game.player_counts) - 1), None
            return t("static_kind_number", lang), None
        if one is str:
            return t("static_kind_phase" if name == "phase" else "static_kind_card", lang), None
        if origin in (list, tuple) and args:
            inner = _model(_members(args[0]))
            if inner is not None:
                return t("static_kind_seats", lang), inner
    if int in members and any(typing.get_origin(m) is list for m in members):
        return t("static_kind_cards", lang), None
    return t("static_kind_yaml", lang), None


def _fields(game: Any, model: Any, prefix: str, lang: str, out: list[str], depth: int = 0) -> None:
    for name, info in model.model_fields.items():
        if len(out) >= MAX_FIELDS:
            return
        words, nested = _kind(game, info.annotation, lang, name)
        places = _places(info)
        if places is not None:            # Mission 1-3, Lane 1-3, the doll slots: as the editor's tabs
            words = t("static_kind_places", lang, word=term(game, places.word, lang))
            nested = _model(_members(typing.get_args(_members(info.annotation)[0])[-1]))
        found = _limits(info, lang)
        if nested is not None and typing.get_origin(_members(info.annotation)[0]) in (list, tuple) and not any(
                getattr(m, "max_length", None) or getattr(m, "count", None) for m in info.metadata):
            found.append(t("static_max_items", lang, n=max(game.player_counts)))   # one entry per seat
        limits = ", ".join(found)
        if info.is_required():
            default = t("static_required", lang)
        elif info.default is None or info.default == [] or info.default == {}:
            default = "—"
        else:
            default = _value_word(game, info.default, lang)
        path = f"{prefix}{name}"
        # the key a position file writes, then the field as the editor labels it (issue 34)
        label = escape(term(game, info.title or name, lang, cap=True))
        out.append(f"<tr><td><code>{escape(path)}</code><br>{label}</td><td>{escape(words)}</td>"
                   f"<td>{escape(limits) or '—'}</td><td>{escape(default)}</td></tr>")
        if nested is not None and depth < 2:
            listed = typing.get_origin(_members(info.annotation)[0]) in (list, tuple, dict)
            _fields(game, nested, f"{path}.N." if listed else f"{path}.", lang, out, depth + 1)


def editor_block(game: Any, lang: str = "en") -> str:
    game, lang = _game(game), check_lang(lang)
    from .editor_controls import spec_model

    rows: list[str] = []
    _fields(game, spec_model(game), "", lang, rows)
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                   ("static_field", "static_holds", "static_limits", "static_default"))
    return (f"<h4>{escape(t('static_editor', lang))}</h4><p>{escape(t('static_editor_intro', lang))}</p>"
            f"<table class='ttr-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def editor_html(game: Any, lang: str = "en") -> Any:
    """What the position editor does, and the fields of a position (from the game's scenario
    model: what each holds, its limits and its default)."""
    return _html(editor_block(game, lang))
