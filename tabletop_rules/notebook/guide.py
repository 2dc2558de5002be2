"""Guidance at the play table (issue 35.3), for any game and from the engine's own data only:

- ``may_now``: one line naming the kinds of action the legal actions offer now, by the game's
  own labels (``controls.kind_label``), never an action id;
- ``deck_warning``: a warning a turn before the seat's deck runs out (see its docstring for how
  it is decided);
- ``is_concession``: an action the game declares as a person's choice to give up (``person=True``
  on its kind, core/moves.py), which the table applies only on a second press;
- ``banner``: the game-over line, saying the result once.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ..core.actions import Action
from .controls import kind_label
from .i18n import t, term


def may_now(game: Any, actions: list[Action], lang: str) -> str:
    """"You may now: Call, Attack or End the phase." from the legal actions' kinds, in the order
    the engine lists them; "" when nothing is listed."""
    kinds = list(dict.fromkeys(a.kind for a in actions))
    if not kinds:
        return ""
    words = list(dict.fromkeys(kind_label(game, k, lang) for k in kinds))
    texts = getattr(game, "texts", None)
    joined = texts.join(words, lang) if texts is not None else ", ".join(words)
    return t("may_now", lang, kinds=joined)


def is_concession(game: Any, action: Action) -> bool:
    """The game marks giving up as a person's choice (``Moves.kind(..., person=True)``: bots never
    take it); the table asks for a second press before it applies."""
    book = getattr(getattr(game, "state_cls", None), "book", None)
    moves = getattr(book, "moves", None)
    kind = getattr(moves, "kinds", {}).get(action.kind) if moves is not None else None
    return bool(getattr(kind, "person", False))


def deck_warning(game: Any, view: dict, seat: int | None, lang: str) -> str:
    """A warning when the seat's next draw would empty its deck (or find it too short).

    How it is decided, the same for every game: the game declares, per deck its view counts, how
    many cards the seat's next draw takes (``game.draws``: ``{view field: count}``, or a function
    of the seat's view entry giving that count, such as "up to five in hand"). The warning shows
    when the seat's view gives that deck's count and the count is no more than the next draw takes
    (the following draw would then meet an empty deck). A game that declares no draws, or a view
    without the deck's count, gets no warning: nothing is guessed."""
    draws = getattr(game, "draws", None)
    if seat is None or not draws:
        return ""
    mine = next((p for p in view.get("players", []) if isinstance(p, dict) and p.get("seat") == seat), None)
    if mine is None:
        return ""
    out = []
    for field, takes in draws.items():
        left = mine.get(field)
        if not isinstance(left, int) or isinstance(left, bool):
            continue                                  # the view does not count this deck
        need = takes(mine) if callable(takes) else takes
        if isinstance(need, int) and need > 0 and left <= need:
            name = term(game, field, lang)            # the game's word for that deck, else "Deck"
            name = name[0].lower() + name[1:] if lang == "en" and name[1:2].islower() else name
            out.append(t("deck_low", lang, deck=name, n=left, take=need))
    return " ".join(out)


def guide_html(game: Any, actions: list[Action] | None, view: dict, seat: int | None, lang: str) -> str:
    """The table's guidance lines: what may be done now (``actions``: the legal actions of a human
    seat to move, None for a bot's turn) and the low-deck warning for the seat whose view it is."""
    out = ""
    line = may_now(game, actions, lang) if actions else ""
    if line:
        out += f"<div class='ttr-may'>{escape(line)}</div>"
    warn = deck_warning(game, view, seat, lang)
    if warn:
        out += f"<div class='ttr-warn'>{escape(warn)}</div>"
    return out


def banner(who: str, result: str | None, lang: str) -> str:
    """The game-over line, the result said once: the game's own result sentence when it gives one
    (it names the outcome in the game's words: "Team A wins: ...", "The player wins: ..."), else
    the table's "Seat 1 wins". Writing both named the winner twice (issue 35, D7)."""
    res = (result or "").strip()
    return t("game_over", lang) + t("colon", lang) + escape(res or who)
