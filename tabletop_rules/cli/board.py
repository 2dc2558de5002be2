"""The terminal's text board: a seat's ``view`` as lines of text, for any game.

It knows no game: it names no game's view keys. A view is read by this protocol (a game
follows it in its ``view()``; DESIGN.md section 2 says what a view holds):

``view["summary"]``
    optional: a list of strings, the game's own text board. When present those lines are the
    board (printed as they are, indented) and the generic rendering below is skipped. A game
    provides it when the generic lines do not read well.
``view["players"]``
    a list of per-seat mappings with a ``"seat"``. Generically, one line per seat: its scalar
    numbers (every int or float value except ``seat``, in the view's order; ``hand_count 6``
    reads "hand count 6"); then, indented, its cards: single cards on one line
    (``flag: Dragon World · buddy: ...``), one line per non-empty list of cards
    (``hand: A; B``; long lists show their last cards) and per mapping of slots to cards
    (``field: left -, center A``). A card is a mapping with a ``name`` (or an ``id``); a
    hidden card (``{"hidden": true, "name": ...}``) shows as ``(name)``; after a card's name
    come its own non-zero numbers (``uid`` aside) and "rested" for a rested card (core zones).
other top-level mappings (``"battle": {...}``)
    one line each, ``battle: attacker 0, target fighter, power 5000``: their scalar values and
    cards. Top-level numbers (``turn 3``) make one line under the heading. ``options`` (the
    game's settings) is not shown.
``view["choice"]``
    the pending decision (core's ``Choice.to_dict``: ``player``, ``prompt``): always shown.
"""
from __future__ import annotations

from typing import Any

SKIP = {"players", "choice", "summary", "options", "current_player"}
CARDS_SHOWN = 8


def _words(key: str) -> str:
    return key.replace("_", " ")


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _is_card(v: Any) -> bool:
    return isinstance(v, dict) and ("name" in v or "id" in v or v.get("hidden") is True)


def card_brief(c: dict | None) -> str:
    """A card in a few words: its name, its own numbers, "rested"."""
    if not c:
        return "-"
    if c.get("hidden"):
        return f"({c.get('name', 'hidden')})"
    nums = [f"{_words(k)} {v}" for k, v in c.items() if _is_number(v) and v and k != "uid"]
    text = str(c.get("name") or c.get("id", "?"))
    if nums:
        text += f" [{', '.join(nums)}]"
    return text + (" rested" if c.get("rested") else "")


def _scalars(d: dict, skip: set[str] = SKIP) -> list[str]:
    """``key value`` for the numbers and short texts of a mapping, and its single cards."""
    out = []
    for k, v in d.items():
        if k in skip or v is None or isinstance(v, bool):
            continue
        if _is_number(v) or isinstance(v, str):
            out.append(f"{_words(k)} {v}")
        elif _is_card(v):
            out.append(f"{_words(k)} {card_brief(v)}")
    return out


def _card_list(cards: list) -> str:
    shown = [card_brief(c) for c in cards[-CARDS_SHOWN:]]
    more = len(cards) - len(shown)
    return ("… " if more else "") + "; ".join(shown) + (f" ({len(cards)} cards)" if more else "")


def seat_lines(p: dict, who: str) -> list[str]:
    numbers = [f"{_words(k)} {v}" for k, v in p.items() if _is_number(v) and k != "seat"]
    lines = [f"Seat {p.get('seat')} ({who})" + (": " + ", ".join(numbers) if numbers else "")]
    singles = [f"{_words(k)}: {card_brief(v)}" for k, v in p.items() if _is_card(v)]
    if singles:
        lines.append("  " + " · ".join(singles))
    for k, v in p.items():
        if isinstance(v, list) and v and all(_is_card(c) for c in v):
            lines.append(f"  {_words(k)}: {_card_list(v)}")
        elif isinstance(v, dict) and v and not _is_card(v) and all(c is None or _is_card(c) for c in v.values()):
            lines.append(f"  {_words(k)}: " + ", ".join(f"{_words(s)} {card_brief(c)}" for s, c in v.items()))
    return lines


def board_lines(view: dict, seat: int | None, human_seats: set[int]) -> list[str]:
    """The board under the heading: the game's ``summary``, or the generic lines."""
    summary = view.get("summary")
    if isinstance(summary, list):
        lines = [str(x) for x in summary]
    else:
        lines = []
        top = [f"{_words(k)} {v}" for k, v in view.items() if _is_number(v) and k not in SKIP]
        if top:
            lines.append(", ".join(top))
        for p in view.get("players") or []:
            s = p.get("seat")
            who = "you" if s == seat else ("player" if s in human_seats else "bot")
            lines += seat_lines(p, who)
        for k, v in view.items():
            if k not in SKIP and isinstance(v, dict) and not _is_card(v):
                parts = _scalars(v)
                if parts:
                    lines.append(f"{_words(k).capitalize()}: " + ", ".join(parts))
    ch = view.get("choice")
    if isinstance(ch, dict) and ch.get("prompt"):
        lines.append(f"Decision for seat {ch.get('player')}: {ch['prompt']}")
    return lines
