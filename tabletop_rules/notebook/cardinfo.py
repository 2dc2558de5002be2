"""What a card does, as its tile's tooltip: its names, what kind of card it is (type, world or
crest), its full text from the card data (Chinese where the data has it) and a legend for the
numbers the tile shows in short ("S1 P4000" -> "S = size, P = power ...").

Each game's board module gathers the facts (it knows its card data); this module only puts them
together, so every board's tooltip reads the same way. No internal id is shown: a tile's tooltip
names cards, never ``seed-of-return (recall)``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import wraps
from typing import Any

from .i18n import pick, t, term

# Interface words of the card tooltips (to be moved into i18n.py's catalogue).


def word(key: str, lang: str) -> str:
    return t("card_" + key, lang)


def text_in(text: Any, lang: str) -> str:
    """A bilingual text of the card data in ``lang`` ('' when there is none)."""
    return pick(text, lang) if text is not None else ""


def has_zh(text: Any) -> bool:
    return bool(text.get("zh") if isinstance(text, dict) else getattr(text, "zh", None))


def legend(game: Any, pairs: Iterable[tuple[str, str]], lang: str) -> str:
    """``S = size, P = power``: each short mark with the glossary word it stands for."""
    sep = "，" if lang == "zh" else ", "
    return sep.join(f"{mark} = {term(game, tid, lang)}" for mark, tid in pairs)


def tip(game: Any, d: Any, lang: str, kind: Sequence[str] = (), texts: Sequence[Any] = (),
        numbers: str = "") -> str:
    """The tooltip of one card definition ``d``: names, ``kind`` (type, world...), each of
    ``texts`` (bilingual texts of the data, or plain strings), and ``numbers`` (a legend).
    One fact per line (browsers show the line breaks of a title)."""
    name = getattr(d, "name", None)
    main = pick(name, lang) if name is not None else ""
    other = (getattr(name, "en", "") if lang == "zh" else getattr(name, "zh", None)) or ""
    lines = [main + (f" ({other})" if other and other != main else "")]
    facts = [k for k in kind if k]
    if getattr(d, "demo", False):
        facts.append(word("demo_card", lang))
    if facts:
        lines.append(" · ".join(facts))
    written = [x if isinstance(x, str) else text_in(x, lang) for x in texts]
    written = [x for x in written if x]
    lines += written or [word("no_text", lang)]
    if lang == "zh" and written and not any(isinstance(x, str) or has_zh(x) for x in texts):
        lines.append(f"({word('text_en_only', lang)})")
    if numbers:
        lines.append(f"{word('numbers', lang)}{'：' if lang == 'zh' else ': '}{numbers}")
    return "\n".join(lines)


def world_word(game: Any, value: str | None, lang: str) -> str:
    """A world, crest or element id as the game's word ("danger" -> "Danger World" when the
    glossary has ``danger-world``, else the id's own term)."""
    if not value:
        return ""
    for tid in (f"{value}-world", value):
        g = getattr(game, "glossary", None)
        if g is not None and g.get(tid) is not None:
            return term(game, tid, lang, cap=True)
    return term(game, value, lang, cap=True)


_TIPS: dict[tuple, tuple[Any, str]] = {}


def per_card(fn: Callable[..., str]) -> Callable[..., str]:
    """Cache a board's ``card_tip(w, c)`` by game, card id and language: a tooltip depends on
    the card's definition only, and a board draws the same cards on every click."""
    @wraps(fn)
    def cached(w: Any, c: dict) -> str:
        game = w.game
        key = (id(game), c.get("id"), w.lang)
        hit = _TIPS.get(key)
        if hit is not None and hit[0] is game:
            return hit[1]
        text = fn(w, c)
        if len(_TIPS) > 20_000:
            _TIPS.clear()
        _TIPS[key] = (game, text)
        return text
    return cached


_TITLE = re.compile(r"^<div class='(ttr-card[^']*)' title='([^']*)'((?: data-el='[^']*')?)>")


def tap(tile_html: str) -> str:
    """A card tile that also opens its tooltip on a click or a tap (no hover on a tablet): the
    tile takes the focus (``tabindex``) and a hidden copy of the text shows while it has it
    (CSS ``.ttr-card:focus .ttr-tip``). The ``title`` stays for the mouse."""
    m = _TITLE.match(tile_html)
    if m is None or not tile_html.endswith("</div>"):
        return tile_html
    head = f"<div tabindex='0' class='{m.group(1)}' title='{m.group(2)}'{m.group(3)}>"
    return head + tile_html[m.end():-6] + f"<span class='ttr-tip'>{m.group(2)}</span></div>"
