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
    the pending decision (core's ``Choice.to_dict``: ``player``, ``prompt``, ``prompt_zh``):
    always shown, in the reader's language.

In Chinese (``lang="zh"``) the interface words are the kit's (``notebook.i18n.t``), a view key
reads as ``word(key)`` (the caller passes the game's glossary: ``notebook.i18n.term``) and a
card as its ``name_zh`` when the view gives one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..notebook.i18n import t

SKIP = {"players", "choice", "summary", "options", "current_player"}
CARDS_SHOWN = 8


def _key_words(key: str) -> str:
    return key.replace("_", " ")


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _is_card(v: Any) -> bool:
    return isinstance(v, dict) and ("name" in v or "id" in v or v.get("hidden") is True)


class _Words:
    """How the board reads in one language: view keys, card names and the kit's words."""

    def __init__(self, lang: str = "en", word: Callable[[str], str] | None = None,
                 card: Callable[[str], str | None] | None = None):
        self.lang = lang
        self.key = word or _key_words
        self.card = card or (lambda _v: None)          # a card id's name (None: not a card id)

    def ui(self, key: str, **kw: Any) -> str:
        return t(key, self.lang, **kw)

    def name(self, c: dict) -> str:
        zh = c.get("name_zh") if self.lang == "zh" else None
        return str(zh or c.get("name") or c.get("id", "?"))


_EN = _Words()


def card_brief(c: dict | None, w: _Words = _EN) -> str:
    """A card in a few words: its name, its own numbers, "rested"."""
    if not c:
        return "-"
    if c.get("hidden"):
        return f"({c.get('name') or (w.ui('face_down') if w.lang == 'zh' else 'hidden')})"
    nums = [f"{w.key(k)} {v}" for k, v in c.items() if _is_number(v) and v and k != "uid"]
    text = w.name(c)
    if nums:
        text += f" [{', '.join(nums)}]"
    return text + (f" {w.ui('rested')}" if c.get("rested") else "")


def _scalars(d: dict, w: _Words, skip: set[str] = SKIP) -> list[str]:
    """``key value`` for the numbers and short texts of a mapping, and its single cards."""
    out = []
    for k, v in d.items():
        if k in skip or v is None or isinstance(v, bool):
            continue
        if k == "turn" and v == 0:       # setup comes before turn 1: there is no "turn 0" to show
            continue
        if isinstance(v, str):
            out.append(f"{w.key(k)} {w.card(v) or v}")
        elif _is_number(v):
            out.append(f"{w.key(k)} {v}")
        elif _is_card(v):
            out.append(f"{w.key(k)} {card_brief(v, w)}")
    return out


def _card_list(cards: list, w: _Words) -> str:
    shown = [card_brief(c, w) for c in cards[-CARDS_SHOWN:]]
    more = len(cards) - len(shown)
    return ("… " if more else "") + "; ".join(shown) + (f" ({w.ui('cli_cards', n=len(cards))})" if more else "")


def seat_lines(p: dict, who: str, w: _Words = _EN) -> list[str]:
    numbers = [f"{w.key(k)} {v}" for k, v in p.items() if _is_number(v) and k != "seat"]
    lines = [f"{w.ui('seat')} {p.get('seat')} ({who})" + (": " + ", ".join(numbers) if numbers else "")]
    singles = [f"{w.key(k)}: {card_brief(v, w)}" for k, v in p.items() if _is_card(v)]
    if singles:
        lines.append("  " + " · ".join(singles))
    for k, v in p.items():
        if isinstance(v, list) and v and all(_is_card(c) for c in v):
            lines.append(f"  {w.key(k)}: {_card_list(v, w)}")
        elif isinstance(v, dict) and v and not _is_card(v) and all(c is None or _is_card(c) for c in v.values()):
            lines.append(f"  {w.key(k)}: " + ", ".join(f"{w.key(s)} {card_brief(c, w)}" for s, c in v.items()))
    return lines


def board_lines(view: dict, seat: int | None, human_seats: set[int], lang: str = "en",
                word: Callable[[str], str] | None = None, card: Callable[[str], str | None] | None = None) -> list[str]:
    """The board under the heading, in ``lang``: the game's ``summary``, or the generic lines.
    ``word(key)`` names a view key (default: the key as English words), ``card(text)`` a card id
    given as a text value (None: the text is no card id; default: texts are shown as they are)."""
    w = _Words(lang, word, card)
    summary = view.get("summary")
    if isinstance(summary, list):
        lines = [str(x) for x in summary]
    else:
        lines = []
        skip = SKIP | ({"phase_label", "result"} if lang == "zh" else set())   # English sentences
        top = [f"{w.key(k)} {v}" for k, v in view.items() if _is_number(v) and k not in skip]
        if top:
            lines.append(", ".join(top))
        for p in view.get("players") or []:
            s = p.get("seat")
            if lang == "en":
                who = "you" if s == seat else ("player" if s in human_seats else "bot")
            else:
                who = w.ui("you" if s == seat else ("human" if s in human_seats else "bot"))
            lines += seat_lines(p, who, w)
        for k, v in view.items():
            if k not in skip and isinstance(v, dict) and not _is_card(v):
                parts = _scalars(v, w, skip)
                if parts:
                    lines.append(f"{w.key(k).capitalize()}: " + ", ".join(parts))
    ch = view.get("choice")
    if isinstance(ch, dict) and ch.get("prompt"):
        prompt = (ch.get("prompt_zh") or ch["prompt"]) if lang == "zh" else ch["prompt"]
        lines.append(w.ui("cli_decision_for", seat=ch.get("player"), prompt=prompt))
    return lines
