"""Vividz board: the three lanes as columns (each with both players' missions and characters,
the opponent above and the seat that looks below), then each player's account, energy, keep
zone, hand and drop zone.

A mission is drawn standing, checked (rested, VV-4.4) or cleared (face down); a character
with its power, its damage this turn (VV-8.10), its EXP stack (VV-4.5) and its symbols. Only
what ``view(seat)`` holds is drawn: the other hand is face down, and a mission still face down
at setup shows no name to the other seat (VV-5.2). Every card is demo data (VV-1.5) and says so.
Zones and numbers are named with the game's glossary terms.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ...games.vividz.cards import mark_word
from ..cardinfo import per_card, tap, tip
from .common import (
    Words,
    card_name,
    decision_note,
    face_down_hand,
    notes,
    phase_name,
    row,
    seat_title,
    side,
    tile,
    zone,
)

# view symbol ids -> glossary ids (the glossary writes them with '-')
SYMBOLS = {"cost_reduction": "cost-reduction", "search_symbol": "search-symbol", "no_attack": "no-attack"}


def exp_names(game: Any, cids: list[str], lang: str) -> str:
    names = []
    for cid in cids:
        d = game.cards.get(cid)
        names.append((d.name.zh if lang == "zh" and d.name.zh else d.name.en) if d is not None else cid)
    return ("、" if lang == "zh" else ", ").join(names)


def colon(lang: str) -> str:
    """Chinese punctuation on Chinese screens (issue 34): full-width colon and brackets."""
    return "：" if lang == "zh" else ": "


def paren(x: str, lang: str) -> str:
    return f"（{x}）" if lang == "zh" else f" ({x})"


def card(c: dict | None, w: Words, label: str = "") -> str:
    """A character, event or account tile (a character with power, damage this turn and EXP)."""
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    lines = [f"{w('cost')} {c['cost']}" if c.get("type") != "account" else w(c.get("type", ""))]
    if c.get("type") == "character":
        lines[0] += f" · {w('power', cap=False)} {c.get('power')}"
        if c.get("damage"):
            # damage adds up over the turn and is removed in the mission phase (VV-8.10, VV-9.4)
            lines.append(f"{w('damage')} {c['damage']}")
        if c.get("exp"):
            lines.append(f"{w('exp')} {len(c['exp'])}{colon(w.lang)}{exp_names(w.game, c['exp'], w.lang)}")
    elif c.get("type") == "event":
        lines[0] += f" · {w('event', cap=False)}"
    if c.get("rested"):
        lines.append(w("rested"))
    tags = [w(SYMBOLS.get(s, s)) for s in c.get("symbols") or []]
    return tap(tile(c, w.lang, lines=lines, tags=tags, rested=bool(c.get("rested")), title=card_tip(w, c)))


@per_card
def card_tip(w: Words, c: dict) -> str:
    """What the card does: names, type, trait and account, the text of each ability (a mission:
    its check and clear conditions)."""
    d = w.game.cards.get(c.get("id"))
    if d is None:
        return card_name(c, w.lang)[0]
    # trait and account info in the reader's language (texts.yaml words, VV-3.6)
    kind = [w(d.type), *(mark_word(w.game, f, getattr(d, f), w.lang) for f in ("trait", "account_info"))]
    if d.mission_info:
        kind.append(f"{w('mission-info', cap=False)} {d.mission_info}")
    texts = [a.text for a in d.abilities if a.text is not None] or ([d.text] if d.text is not None else [])
    return tip(w.game, d, w.lang, kind=kind, texts=texts)


def mission(m: dict | None, w: Words) -> str:
    """A mission: standing (not checked), checked = rested, cleared = face down (VV-4.4)."""
    if m is None:
        return tile(None, w.lang, "—")
    if "id" not in m:          # face down at setup, and not ours: nothing of it may show
        return tile({"hidden": True}, w.lang, w("face-down"))
    status = {"standing": w("standing"), "checked": f"✔ {w('check')}{paren(w('rested', cap=False), w.lang)}",
              "cleared": f"✔ {w('clear')}{paren(w('face-down', cap=False), w.lang)}"}[m["state"]]
    if m["state"] == "standing" and not m.get("face_up"):
        status = w("face-down")        # still face down at setup (its owner sees it)
    zh = "_zh" if w.lang == "zh" else ""        # the conditions in the reader's language
    lines = [status, f"{w('check')}{colon(w.lang)}{m.get('check' + zh, m.get('check', ''))}",
             f"{w('clear')}{colon(w.lang)}{m.get('clear' + zh, m.get('clear', ''))}"]
    c = dict(m, type="mission")
    html = tap(tile(c, w.lang, lines=lines, rested=m["state"] == "checked", title=card_tip(w, c)))
    # a cleared mission lies face down; its text stays known (it was revealed at VV-5.7)
    return html.replace("class='ttr-card'", "class='ttr-card ttr-down'", 1) if m["state"] == "cleared" else html


def lanes(view: dict, top: dict, bottom: dict, w: Words) -> str:
    """The three lanes side by side; in each, the top player's mission and character, then the
    bottom player's character and mission (each player's missions at their own edge)."""
    cols = []
    attack = view.get("attack")
    for i in range(3):
        t, b = top["lanes"][i], bottom["lanes"][i]
        mark = ""
        if attack and attack.get("lane") == i:
            mark = f" — {w('attack')}"
        def whose(tid: str, seat: int) -> str:
            return w(tid) + paren(f"{w.ui('seat')} {seat}", w.lang)
        ts, bs = top["seat"], bottom["seat"]
        inner = (zone(whose("mission", ts), mission(t["mission"], w), f"area:{ts}:mission:{i}")
                 + zone(whose("character", ts), card(t["character"], w, "—"), f"area:{ts}:lane:{i}")
                 + zone(whose("character", bs), card(b["character"], w, "—"), f"area:{bs}:lane:{i}")
                 + zone(whose("mission", bs), mission(b["mission"], w), f"area:{bs}:mission:{i}"))
        cols.append(f"<div class='ttr-zone' style='flex:1 1 120px; border:1px dashed var(--jp-border-color2, #ccc);"
                    f" border-radius:5px; padding:3px'><div class='ttr-zone-label'>{escape(w('lane'))} {i + 1}"
                    f"{escape(mark)}</div>{inner}</div>")
    return f"<div class='ttr-row' style='flex-wrap:nowrap'>{''.join(cols)}</div>"


def player(p: dict, view: dict, w: Words, names: dict) -> str:
    stats = (f"{w('energy')} <b>{p['energy']}</b> · {w('deck')} {p['deck']} · {w('hand')} {p['hand_count']} · "
             f"{w('mission')} {w('clear', cap=False)} <b>{p['cleared']}</b>/3 · {w('drop-zone')} {len(p['drop'])}")
    if p.get("removed"):
        stats += f" · {w('removed-zone')} {len(p['removed'])}"
    first = f" · {w('first-player', cap=False)}" if view.get("first_player") == p["seat"] else ""
    rows = [row([zone(w("account-area"), card(p["account"], w)), zone(w("keep-zone"), card(p["keep"], w, "—"))]
                + ([zone(w("search"), row(card(c, w) for c in p["revealed"]))] if p.get("revealed") else []))]
    if p.get("to_place_cards"):        # setup: the missions still to be placed (VV-5.2)
        rows.append(zone(w("mission"), row(mission(m, w) for m in p["to_place_cards"])))
    if p["hand"] is not None:
        rows.append(zone(w("hand"), row(card(c, w) for c in p["hand"]) if p["hand"] else "—"))
    elif p["hand_count"]:
        rows.append(zone(w("hand"), face_down_hand(p["hand_count"], w.lang)))
    if p.get("energy_cards"):          # energy lies face up: every seat sees its cards (VV-4.6)
        # the energy is a board element: a payment (VV-7.4) picks its cards from here
        rows.append(f"<div class='ttr-note' data-el='area:{p['seat']}:energy'>{w('energy')}"
                    f"{paren(str(len(p['energy_cards'])), w.lang)}{colon(w.lang)}"
                    f"{escape(exp_names(w.game, p['energy_cards'], w.lang))}</div>")
    if p["drop"]:
        rows.append(notes([f"{w('drop-zone')}{paren(str(len(p['drop'])), w.lang)}{colon(w.lang)}… "
                           f"{escape(exp_names(w.game, p['drop'][-4:], w.lang))}"]))
    return side(seat_title(p["seat"], names, w.lang, first), stats, rows, view.get("current_player") == p["seat"],
                p["seat"])


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    top, bottom = players[1 - me], players[me]
    info = [f"{w.ui('phase')}{colon(lang)}{escape(phase_name(game, view, lang))} · "
            f"{w('turn-player')}{colon(lang)}{w.ui('seat')} {view.get('turn_player')}"]
    a = view.get("attack")
    if a:
        d = game.cards.get(a.get("card"))
        name = card_name({"name": d.name.en, "name_zh": d.name.zh}, lang)[0] if d is not None else a.get("card")
        comma = "，" if lang == "zh" else ", "
        info.append(f"{w('attack')}{colon(lang)}{w.ui('seat')} {a['seat']}{comma}{w('lane', cap=False)} {a['lane'] + 1}"
                    f"{comma}{escape(str(name))}" + (f" — {w('battle', cap=False)}" if a.get("battle") else ""))
    info += decision_note(view, lang)
    return (f"<div class='ttr-board'>{player(top, view, w, names)}{notes(info)}{lanes(view, top, bottom, w)}"
            f"{player(bottom, view, w, names)}</div>")
