"""A ruling's steps and checks in words (issue 35.5, D12), for the ruling explorer.

The checks of ``rulings.yaml`` are data for the runner (core/rulings.py): view paths such as
``players.1.lanes.1.character.damage`` and action specs such as ``{kind: attack, args: {...}}``.
Here they are read to a learner by generic rules only: a seat by its name, a list entry by its
number counted from 1, a card by its name (looked up in the position the ruling reached), a view
key by the game's glossary word (``i18n.view_word``), an action by its kind's label and its parts'
words (``controls.value_label``), an event by the sentence the engine wrote for it when it
happened, else by its kind's glossary word. No JSON and no path reaches the reader.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ..core.actions import Action
from ..core.datafile import listed
from ..core.rulings import evaluate, lookup
from .controls import kind_label, part_keys, value_label
from .i18n import clause_title, event_text, pick, t, term, view_word
from .whynot import seat_word

SEAT_LISTS = ("players", "p", "seats")


def _cite(game: Any, cid: str, lang: str) -> str:
    return f"<span class='ttr-cite'>[{escape(clause_title(game, cid, lang))}]</span>"


def value_words(game: Any, value: Any, lang: str, decks: dict | None = None) -> str:
    """A check's value: a card id its name, yes/no, a glossary id its word, a list joined.
    ``decks``: the names of decks a ruling brings itself (its scenario's options), by id."""
    if isinstance(value, list):
        return listed([value_words(game, v, lang, decks) for v in value], lang) if value else t("nothing", lang)
    if value is None:
        return t("nothing", lang)
    if isinstance(value, bool):
        return t("yes" if value else "no", lang)
    if isinstance(value, str):
        card = getattr(game, "cards", {}).get(value)
        if card is not None and getattr(card, "name", None) is not None:
            return pick(card.name, lang)
        if decks and decks.get(value):                      # a deck by its name, a step by its label
            return pick(decks[value], lang)
        deck = getattr(game, "decks", {}).get(value)
        if deck is not None and getattr(deck, "name", None) is not None:
            return pick(deck.name, lang)
        flow = getattr(game, "flow", None)
        if flow is not None and value in flow.nodes:
            return str(flow.phase_label(value, lang))
        glossary = getattr(game, "glossary", None)
        if glossary is not None and (glossary.get(value) or glossary.get(value.replace("_", "-"))):
            return term(game, value, lang)
        texts = getattr(game, "texts", None)     # a value the game's texts name (word.<value>): a kind, a level
        if texts is not None and f"word.{value}" in texts:
            return str(texts.word(f"word.{value}", lang))
    return str(value)


def path_words(game: Any, path: str, view: Any, lang: str) -> str:
    """``players.1.lanes.1.character.damage`` as "Seat 1 › Lane 2 › Rampage Ogre › Damage": each
    step by its word, a seat by its name, a card by its name where the position holds one."""
    parts = path.split(".")
    words: list[str] = []
    cur: Any = view
    for i, part in enumerate(parts):
        prev = parts[i - 1] if i else None
        try:
            cur = lookup(cur, part) if cur is not None else None
        except (KeyError, IndexError, ValueError):
            cur = None
        if part.isdigit():
            if prev in SEAT_LISTS:
                words[-1:] = [seat_word(game, int(part), lang)]
            else:
                words[-1] = f"{words[-1]} {int(part) + 1}" if words else f"#{int(part) + 1}"
        elif part == "id" and i == len(parts) - 1:
            continue                          # "... Center is Rampage Ogre": the card is the value
        else:
            words.append(_key_word(game, part, lang))
        last = i == len(parts) - 1 or parts[i + 1] == "id"
        if isinstance(cur, dict) and cur.get("id") in getattr(game, "cards", {}) and not last:
            words[-1] += f" ({value_words(game, cur['id'], lang)})"     # the card that sits there
    return " › ".join(w for w in words if w)


def _key_word(game: Any, key: str, lang: str) -> str:
    # A list's key in the singular where the glossary has it ("lanes" -> "Lane"), so "Lane 2".
    card = getattr(game, "cards", {}).get(key)     # a count by card ("slash-2: 3 left"): the card's name
    if card is not None and getattr(card, "name", None) is not None:
        return pick(card.name, lang)
    glossary = getattr(game, "glossary", None)
    if key.endswith("s") and glossary is not None and glossary.get(key[:-1]) is not None:
        return term(game, key[:-1], lang, cap=True)
    texts = getattr(game, "texts", None)      # a place or value the game's texts name (word.<key>)
    if (glossary is None or glossary.get(key) is None) and texts is not None and f"word.{key}" in texts:
        word = str(texts.word(f"word.{key}", lang))
    else:
        word = view_word(game, key, lang)
    return word[:1].upper() + word[1:] if lang == "en" else word


def action_words(game: Any, spec: dict, lang: str) -> str:
    """An action spec ``{kind, player, args}`` as its kind's label and its parts' words."""
    if not isinstance(spec, dict):
        return escape(str(spec))
    kind = str(spec.get("kind", ""))
    args = spec.get("args") or {}
    a = Action(kind, int(spec.get("player") or 0), dict(args) if isinstance(args, dict) else {}, kind)
    parts = [value_label(game, a, k, lang) for k in part_keys([a])]
    head = kind_label(game, kind, lang)
    who = f"{seat_word(game, spec['player'], lang)}{t('colon', lang)}" if "player" in spec else ""
    return escape(who + head + (f" ({', '.join(parts)})" if parts else ""))


def check_words(game: Any, ck: dict, lang: str, view: Any = None, events: list | None = None,
                decks: dict | None = None) -> str:
    """One (substituted) check as HTML words. ``view`` and ``events``: the position the ruling
    reached and what happened (they name cards and give the engine's sentences); ``decks``: the
    ruling's own decks' names (``value_words``)."""
    def w(key: str, **kw: Any) -> str:
        return t("check_" + key, lang, **kw)

    if "path" in ck:
        path = escape(path_words(game, ck["path"], view, lang))
        parts = []
        if "len" in ck:
            parts.append(w("len", path=path, value=escape(str(evaluate(ck["len"])))))
        for key in ("equals", "in", "ge", "le"):
            if key in ck:
                value = escape(value_words(game, evaluate(ck[key]), lang, decks))
                parts.append(w("is" if key == "equals" else key, path=path, value=value))
        return "; ".join(parts) or path
    if "event" in ck or "no_event" in ck:
        key = "event" if "event" in ck else "no_event"
        kind = ck[key]
        seen = [e for e in events or () if e.kind == kind and (not ck.get("clause") or e.clause == ck["clause"])]
        if key == "event" and seen:           # it happened: the engine's own sentence for it
            text = w("event_seen", text=f"<i>{escape(event_text(game, seen[0], None, lang))}</i>")
        else:
            texts = getattr(game, "texts", None)   # an event kind the game's texts name (happened.<kind>)
            word = str(texts.word(f"happened.{kind}", lang)) if texts is not None and f"happened.{kind}" in texts \
                else _key_word(game, kind, lang)
            text = w(key, kind=escape(word))
        if ck.get("clause"):
            text += " " + w("citing", clause=_cite(game, ck["clause"], lang))
        return text
    if "legal" in ck or "not_legal" in ck:
        key = "legal" if "legal" in ck else "not_legal"
        return w(key, spec=action_words(game, ck[key], lang))
    if "over" in ck:
        return w("over" if ck["over"] else "not_over")
    if "winners" in ck:
        seats = ck["winners"] or []
        return w("winners", value=escape(listed([seat_word(game, s, lang) for s in seats], lang)
                                         if seats else t("nothing", lang)))
    if "phase" in ck:
        ph = ck["phase"]
        return w("phase", value=escape(game.flow.label(ph, lang) if ph in game.flow.nodes else str(ph)))
    if "current_player" in ck:
        return w("current", value=escape(seat_word(game, ck["current_player"], lang)))
    return escape(t("check_unknown", lang))


def step_words(game: Any, step: dict, lang: str) -> str:
    """One (substituted) ruling step as HTML words, its clause cited where it names one."""
    if not isinstance(step, dict):
        return escape(t("check_unknown", lang))
    if "do" in step:
        text = t("step_do", lang, action=action_words(game, step["do"], lang))
    elif "run" in step:
        text = t("step_run", lang, kind=escape(kind_label(game, str(step["run"]), lang)))
    else:
        text = t("step_illegal", lang, action=action_words(game, step.get("illegal") or {}, lang))
    if step.get("clause"):
        text += " " + t("check_citing", lang, clause=_cite(game, step["clause"], lang))
    return text
