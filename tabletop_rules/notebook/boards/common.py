"""Pieces every board view uses: card tiles, labelled zones, one box per seat, and the game's
words (``Words``: glossary terms by id, so a board names zones and numbers as the game does)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ..i18n import t, term


class Words:
    """A game's words in one language: ``w("life")`` is the glossary term ``life`` ("Life",
    "生命值"); ``w.ui("seat")`` an interface word of the kit."""

    def __init__(self, game: Any, lang: str):
        self.game, self.lang = game, lang

    def __call__(self, tid: str, cap: bool = True) -> str:
        return term(self.game, tid, self.lang, cap)

    def ui(self, key: str, **kw: Any) -> str:
        return t(key, self.lang, **kw)


def card_name(c: dict, lang: str) -> tuple[str, str]:
    """(main name, second name) in the reader's language first."""
    en, zh = c.get("name") or c.get("id", "?"), c.get("name_zh")
    if lang == "zh" and zh:
        return zh, en
    return en, zh or ""


def tile(c: dict | None, lang: str, label: str = "", lines: Sequence[str] = (), tags: Sequence[str] = (),
         rested: bool = False, title: str | None = None) -> str:
    """A card: names (both languages), then ``lines`` (numbers), ``tags`` (keywords), DEMO mark.

    ``None`` draws an empty slot labelled ``label``; ``{"hidden": True}`` a face-down card."""
    if c is None:
        return f"<div class='ttr-card ttr-empty'>{escape(label)}</div>"
    if c.get("hidden"):
        return f"<div class='ttr-card ttr-down'>{escape(label or t('face_down', lang))}</div>"
    main, second = card_name(c, lang)
    bits = [f"<b>{escape(main)}</b>"]
    if second:
        bits.append(f"<div class='ttr-zh'>{escape(second)}</div>")
    bits += [f"<div>{escape(x)}</div>" for x in lines if x]
    if tags:
        bits.append("<div>" + "".join(f"<span class='ttr-kw'>{escape(x)}</span>" for x in tags) + "</div>")
    if c.get("demo"):
        bits.append(f"<span class='ttr-demo'>{t('demo', lang)}</span>")
    cls = "ttr-card ttr-rested" if rested else "ttr-card"
    tip = escape(title if title is not None else f"{c.get('id', '')}")
    return f"<div class='{cls}' title='{tip}'{el_attr(card_ref(c))}>{''.join(bits)}</div>"


def card_ref(c: dict | None) -> str | None:
    """The board element ref of a card the view shows with its instance (core/elements.py)."""
    uid = (c or {}).get("uid")
    return f"card:{uid}" if isinstance(uid, int) and not isinstance(uid, bool) else None


def el_attr(ref: str | None) -> str:
    """``data-el`` for a board element (a click on the board names it; never shown as text)."""
    return f" data-el='{escape(ref)}'" if ref else ""


def zone(label: str, inner: str, el: str | None = None) -> str:
    """A labelled place; ``el``: its board element ref ("area:0:left") when actions name it."""
    return f"<div class='ttr-zone'{el_attr(el)}><div class='ttr-zone-label'>{escape(label)}</div>{inner}</div>"


def row(tiles: Iterable[str]) -> str:
    return "<div class='ttr-row'>" + "".join(tiles) + "</div>"


def side(title: str, stats: str, rows: list[str], active: bool = False, seat: int | None = None) -> str:
    """One seat's box; ``stats`` is trusted HTML (numbers), ``title`` plain text; ``seat``: the
    box is that seat's board element (``seat:<n>``, a player aimed at)."""
    cls = "ttr-side ttr-active" if active else "ttr-side"
    el = el_attr(f"seat:{int(seat)}" if seat is not None else None)
    return f"<div class='{cls}'{el}><h4>{escape(title)}</h4><div class='ttr-stats'>{stats}</div>{''.join(rows)}</div>"


def notes(lines: Iterable[str]) -> str:
    return "".join(f"<div class='ttr-note'>{x}</div>" for x in lines)


def face_down_hand(n: int, lang: str) -> str:
    return row(tile({"hidden": True}, lang, "?") for _ in range(min(n, 10)))


def seat_title(seat: int, names: dict, lang: str, extra: str = "") -> str:
    who = names.get(seat, "")
    # the brackets and colons are interface words: full-width in Chinese (issue 34)
    return f"{t('seat', lang)} {seat}" + (t("aside", lang, text=who) if who else "") + extra


def decision_note(view: dict, lang: str) -> list[str]:
    """The pending decision of a view (core's ``choice``: player, ``prompt`` and ``prompt_zh``), as a
    note line in ``lang``."""
    ch = view.get("choice")
    if not ch:
        return []
    prompt = (ch.get("prompt_zh") or ch.get("prompt") or "") if lang == "zh" else (ch.get("prompt") or "")
    seat = t("aside", lang, text=f"{t('seat', lang)} {ch['player']}")
    return [f"{t('decision', lang)}{seat}{t('colon', lang)}{escape(str(prompt))}"]


def phase_name(game: Any, view: dict, lang: str) -> str:
    """The view's phase as the flow names it in ``lang`` (else the view's own label)."""
    phase = view.get("phase")
    return game.flow.label(phase, lang) if phase in game.flow.nodes else str(view.get("phase_label") or phase)
