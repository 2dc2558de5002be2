"""Blood Recall board (duel and story): each player's vessel, life (sideways and upright blood
cards), blood pool, recall points, recallers, play area and hand; the recall piles; in story
mode the Madness, its HP, chapter and next turn's chant. Only what ``view(seat)`` holds is drawn;
zones and numbers are named with the game's glossary terms.
"""
from __future__ import annotations

from typing import Any

from ...core.datafile import listed
from ..cardinfo import per_card, tap, tip, world_word
from ..i18n import pick
from .common import Words, decision_note, face_down_hand, notes, row, seat_title, side, tile, zone


def card(c: dict | None, w: Words, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label or (c or {}).get("name", ""))
    lines = []
    if c.get("attack") is not None:
        lines.append(f"{w('attack', cap=False)} {c['attack']}")
    if c.get("cost") is not None:
        lines.append(f"{w('cost', cap=False)} {c['cost']}")
    if c.get("stage"):
        lines.append(f"{w('stage', cap=False)} {c['stage']}")
    tags = [x for x in (crest_word(w, c.get("crest")), ongoing_word(w) if c.get("ongoing") else None,
                        w.ui("used") if c.get("used") else None) if x]
    return tap(tile(c, w.lang, lines=lines, tags=tags, title=card_tip(w, c)))


def ongoing_word(w: Words) -> str:
    """The ongoing mark as a keyword: 【持续】 in Chinese, as the cards print it (BRD-4.4)."""
    word = w("ongoing", cap=False)
    return f"【{word}】" if w.lang == "zh" else word


@per_card
def card_tip(w: Words, c: dict) -> str:
    """What the card does: names, type and crest, its full text (a vessel: both sides)."""
    d = w.game.cards.get(c.get("id"))
    if d is None:
        return str(c.get("name", ""))
    kind = [w(TYPES.get(d.type, d.type)), crest_word(w, getattr(d, "crest", None))]
    if getattr(d, "stage", None):
        kind.append(f"{w('stage', cap=False)} {d.stage}")
    return tip(w.game, d, w.lang, kind=kind, texts=[d.text])


# card types -> the glossary terms that name them
TYPES = {"recaller": "blood-recaller", "recall": "recall-card", "art": "art-card", "hindrance": "hindrance-card",
         "disaster": "disaster-card", "madness": "mythic-madness"}


def crest_word(w: Words, crest: str | None) -> str:
    """A crest by the card data's name for it (one home: data/blood-recall-common/cards.yaml): a
    vessel crest's name is already "… crest" / "…纹"; a recall pile's crest is a colour, read
    with the glossary's word for crest ("Crimson crest", "绯红家徽")."""
    if not crest:
        return ""
    tables = getattr(w.game, "tables", None)
    own = getattr(tables, "crests", {}).get(crest)
    if own is not None:
        return pick(own.name, w.lang)
    pile = getattr(tables, "recall_crests", {}).get(crest)
    if pile is None:
        return world_word(w.game, crest, w.lang)
    name, word = pick(pile.name, w.lang), w("crest", cap=False)
    return f"{name} {word}" if w.lang == "en" else f"{name}{word}"


def difficulty_word(w: Words, key: str | None) -> str:
    """The story's difficulty by its name (the log's word, texts.yaml ``word.<id>``), never its id."""
    if not key:
        return ""
    texts = w.game.texts
    return texts.render(f"word.{key}", {}, w.lang) if f"word.{key}" in texts else key


def colon(w: Words) -> str:
    return "：" if w.lang == "zh" else ": "


def paren(w: Words, inner: object) -> str:
    """``inner`` in brackets: full-width on a Chinese board."""
    return f"（{inner}）" if w.lang == "zh" else f" ({inner})"


def vessel(v: dict | None, w: Words) -> str:
    if v is None or v.get("hidden"):
        return tile(v, w.lang, (v or {}).get("name", "—"))
    lines = [f"{w('hand-size', cap=False)} {v['hand']} · {w('self-harm', cap=False)} {v['self_harm']} · "
             f"{w('lineage', cap=False)} {v['lineage']}", f"{w('era', cap=False)} {v['era']}"]
    tags = [crest_word(w, v["crest"])] + ([w("awakened-side", cap=False)] if v.get("awake") else [])
    return tap(tile(v, w.lang, lines=lines, tags=tags, rested=bool(v.get("rested")), title=card_tip(w, v)))


def player(p: dict, view: dict, w: Words, names: dict) -> str:
    token = " ★" if view.get("token") == p["seat"] else ""
    rows_of_life = f"{p['sideways']} + {p['upright']}"
    stats = (f"{w('life')} <b>{p['life']}</b>{paren(w, rows_of_life)} · "
             f"{w('blood-pool')} {p['pool']}"
             f" · {w('recall-points')} {p['recall_points']} · {w('lineage')} {p['lineage_used']}/{p['lineage'] or 0}"
             f" · {w('attack')} <b>{p['attack']}</b> · {w('deck')} {p['deck']} · {w('hand')} "
             f"{p['hand_count']}" + (f" · {w('blood-covenant')}{token}" if token else ""))
    top = [zone(w("vessel"), vessel(p["vessel"], w))]
    top += [zone(w("blood-recaller"), card(r, w)) for r in p["recallers"]]
    rows = [row(top)]
    if p["play"]:
        rows.append(zone(w("play-area"), row(card(c, w) for c in p["play"])))
    if p["hand"] is not None:
        rows.append(zone(w("hand"), row(card(c, w) for c in p["hand"]) if p["hand"] else "—"))
    elif p["hand_count"]:
        rows.append(zone(w("hand"), face_down_hand(p["hand_count"], w.lang)))
    if p["discard"]:
        rows.append(notes([f"{w('discard-pile')}{paren(w, len(p['discard']))}"]))
    return side(seat_title(p["seat"], names, w.lang), stats, rows, view.get("current_player") == p["seat"])


def pile_tip(w: Words, tid: str) -> str:
    """A pile's tooltip: its word and the glossary's note on it (``note_zh`` in Chinese)."""
    found = w.game.glossary.get(tid)
    note = (found.note_zh if w.lang == "zh" else found.note) if found is not None else ""
    return f"{w(tid)}\n{note}" if note else w(tid)


def disaster_name(w: Words, kind: str) -> str:
    """A disaster kind of the view (the Madness's play area lists kinds) as its card's name."""
    tables = getattr(w.game, "tables", None)
    d = w.game.cards.get(getattr(tables, "disaster_of", {}).get(kind, kind))
    return pick(d.name, w.lang) if d is not None else kind


def madness(s: dict, w: Words) -> str:
    m = s.get("madness")
    if not m:
        return ""
    chapter = s.get("chapter_name_zh") if w.lang == "zh" else s["chapter_name"]     # BRS-2.1
    lines = [f"{w('madness-hp')} {s['hp']} · {w('chapter')}{colon(w)}{chapter or s['chapter_name']}",
             f"{w('play-count', cap=False)} {m['play']} · {w('magic-attack', cap=False)} {m['magic']} · "
             f"{w('chant', cap=False)} {m['chant']}",
             f"{w('attack')} {s['attack']} · {w('chant')}{paren(w, w.ui('next_turn'))} +{s['chant_next']}"]
    tags = [w("deified-side", cap=False)] if m.get("deified") else []
    deck = tile({"name": f"{w('madness-deck')} {s['deck']}", "id": "madness-deck"}, w.lang,
                lines=[listed((disaster_name(w, k) for k in s["play"]), w.lang) or "—"],
                title=pile_tip(w, "madness-deck"))
    body = row([tap(tile(m, w.lang, lines=lines, tags=tags, title=card_tip(w, m))), deck])
    level = difficulty_word(w, s.get("difficulty"))
    title = (f"{w('mythic-madness')}（{w('difficulty')}：{level}）" if w.lang == "zh"
             else f"{w('mythic-madness')} ({w('difficulty')}: {level})") if level else w("mythic-madness")
    return side(title, f"{w('madness-hp')} <b>{s['hp']}</b>", [body])


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    players = view["players"]
    parts = []
    if view.get("story"):
        parts.append(madness(view["story"], w))
    me = seat if seat is not None and seat < len(players) else view.get("turn_player") or 0
    order = [p for p in players if p["seat"] != me] + [p for p in players if p["seat"] == me]
    piles = [zone(crest_word(w, pl["crest"]), card(pl["top"], w, "—") + f"<div class='ttr-note'>{pl['count']}</div>",
                  f"area:pile:{i}") for i, pl in enumerate(view.get("piles", []))]
    info = decision_note(view, lang)
    for i, p in enumerate(order):
        if i == len(order) - 1:
            parts.append(side(f"{w('recall-card')} · {w.ui('piles')}", "", [row(piles)]) + notes(info))
        parts.append(player(p, view, w, names))
    return "<div class='ttr-board'>" + "".join(parts) + "</div>"
