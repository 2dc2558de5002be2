"""What a seat may see (``view(seat)``), as JSON.

Hidden from the other seat: the hand (a count), the deck order (the referee only), the three
vessels dealt and the vessel chosen until both are revealed together (BRD-1.3), a face-down
Blood Recaller until it is turned up (BRD-1.4), and the face-down top card of a recall pile
(BRD-3.6). Recall piles show their top card only; the Madness deck shows a count.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.elements import Element
from ...core.elements import area as el_area
from ...core.elements import card as el_card
from ...core.view import header

if TYPE_CHECKING:
    from .state import BloodRecallState, Player
    from .story import StoryState

HIDDEN = {"hidden": True}
View = dict[str, Any]
# The chapters by their glossary terms (BRS-2.1); their words come from the glossary.
CHAPTERS = ("prologue", "middle-chapter", "final-chapter")


def hidden(s: BloodRecallState, key: str, **more: Any) -> View:
    """A hidden card as its sentence of texts.yaml reads in English and Chinese (``hidden.*``)."""
    texts = s.game.texts
    return dict(HIDDEN, **more, name=texts.render(key, {}, "en"), name_zh=texts.render(key, {}, "zh"))


def card_view(s: BloodRecallState, uid: int) -> View:
    c = s.cards[uid]
    d = c.d
    out: View = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "type": d.type, "demo": d.demo}
    if d.attack is not None:
        out["attack"] = d.attack
    if d.cost is not None:
        out["cost"] = d.cost
    if d.type == "art":
        out.update(art=d.art, stage=d.stage)
    elif d.type == "recaller":
        out.update(crest=d.crest, ongoing=d.ongoing, face_up=c.face_up, used=c.used)
    elif d.type == "recall":
        out["crest"] = d.crest
    return out


def vessel_view(s: BloodRecallState, p: Player) -> View:
    uid = p.vessel[0]
    d = s.cards[uid].d
    side = s.side(p.seat)
    return {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "crest": d.crest, "era": d.era,
            "awake": p.awake, "rested": p.rested, "hand": side.hand, "self_harm": side.self_harm,
            "lineage": side.lineage, "demo": d.demo}


def player_view(s: BloodRecallState, p: Player, mine: bool, referee: bool) -> View:
    cards = s.cards
    vessel: View | None
    if not p.vessel:
        vessel = None
    elif p.revealed or mine:
        vessel = vessel_view(s, p)
    else:
        vessel = hidden(s, "hidden.vessel")
    recallers = [card_view(s, u) if (mine or cards[u].face_up) else hidden(s, "hidden.recaller")
                 for u in p.recaller]
    out: View = {
        "seat": p.seat, "life": p.life, "sideways": p.sideways, "upright": p.upright, "pool": p.pool,
        "recall_points": p.recall_points, "recall_cards": [cards[u].cid for u in p.recall],
        "recall_blood": p.rp_blood, "vessel": vessel, "recallers": recallers,
        "awake": p.awake, "rested": p.rested, "lineage_used": p.lineage_used,
        "lineage": s.side(p.seat).lineage if p.vessel else None,
        "hand_count": len(p.hand), "hand": [card_view(s, u) for u in p.hand] if mine else None,
        "deck": len(p.deck), "discard": [cards[u].cid for u in p.discard],
        "play": [card_view(s, u) for u in p.play], "removed": [cards[u].cid for u in p.removed],
        "removed_blood": p.removed_blood,
        "bonus": p.bonus, "attack": s.attack_total(p.seat) if p.vessel else 0,
        "dealt": [cards[u].cid for u in p.dealt] if mine else len(p.dealt),
    }
    if referee:
        out["deck_order"] = [cards[u].cid for u in p.deck]
    return out


def table_view(s: BloodRecallState, seat: int | None) -> View:
    """What both modes show: the players, the recall piles and the supplies."""
    referee = seat is None
    cards = s.cards
    crests = list(s.tables.recall_crests)
    piles = []
    for i, z in enumerate(s.pile_zones):
        pile = s.zones[z]
        top: View | None
        if not pile:
            top = None
        elif cards[pile[-1]].face_up or referee:
            top = dict(card_view(s, pile[-1]), face_up=cards[pile[-1]].face_up)
        else:
            top = hidden(s, "hidden.pile_top", face_up=False)
        entry: View = {"crest": crests[i], "count": len(pile), "top": top}
        if referee:
            entry["order"] = [cards[u].cid for u in pile]
        piles.append(entry)
    hind: dict[str, int] = {}
    for u in s.zones["supply.hindrance"]:
        hind[cards[u].cid] = hind.get(cards[u].cid, 0) + 1
    return {
        **header(s), "mode": s.mode, "round": s.round,
        "players": [player_view(s, p, referee or seat == p.seat, referee) for p in s.seats],
        "piles": piles,
        "arts": {cid: len(s.zones[f"art.{cid}"]) for cid in s.tables.by_type.get("art", [])},
        "hindrance": hind,
    }


def story_view(s: StoryState, referee: bool) -> View:
    """The Madness: its card and side, HP, chapter, deck count and play area."""
    cards = s.cards
    m = None
    if s.zones["m.card"]:
        c = s.m_card()
        side = s.m_side()
        m = {"id": c.cid, "name": c.d.name.en, "name_zh": c.d.name.zh, "deified": s.deified,
             "stars": c.d.stars, "play": side.play, "magic": side.magic, "chant": side.chant, "demo": c.d.demo}
    supply: dict[str, int] = {}
    for u in s.zones["supply.disaster"]:
        kind = cards[u].d.kind or ""
        supply[kind] = supply.get(kind, 0) + 1
    chapter = s.game.glossary.term(CHAPTERS[s.chapter])
    story: View = {
        "difficulty": s.difficulty, "chosen": s.madness, "madness": m, "chapter": s.chapter,
        "chapter_name": chapter.en, "chapter_name_zh": chapter.zh, "hp": s.hp,
        "chant_next": s.chant_next, "bonus": s.m_bonus,
        "attack": s.madness_total() if m else 0, "to_play": s.m_left,
        "deck": len(s.zones["m.deck"]), "play": [cards[u].d.kind for u in s.zones["m.play"]],
        "discard": [cards[u].d.kind for u in s.zones["m.discard"]], "rebuild_pending": s.m_pending,
        "disaster_cards": sum(len(s.zones[z]) for z in ("m.deck", "m.play", "m.discard")),
        "disaster_supply": supply,
    }
    if referee:
        story["deck_order"] = [cards[u].d.kind for u in s.zones["m.deck"]]
    return story


def elements(s: BloodRecallState, action: Any) -> tuple[Element, ...]:
    """The board elements of an action (core/elements.py). Actions name cards by their id, so
    the element is the acting player's card of that id where the action takes it from: a card
    played from the hand (BRD-3.2), the pair an enhancement gives up (BRD-3.7), the recaller that
    is turned up (BRD-4.1), the vessel a self-harm rests (BRD-3.3); a recall takes the top card of
    the recall pile it names (BRD-3.5)."""
    a, p = action.args, s.seats[action.player]
    cards = s.zones.cards
    out: list[Element] = []
    kind = action.kind
    if kind in ("play", "enhance", "free_enhance") and isinstance(a.get("card"), str):
        same = [u for u in p.hand if cards[u].cid == a["card"]]
        out += [el_card(u) for u in same[:2 if kind != "play" else 1]]
    elif kind == "blood_recall" and isinstance(a.get("recaller"), str):
        out += [el_card(u) for u in p.recaller if cards[u].cid == a["recaller"]][:1]
    elif kind == "self_harm":
        out += [el_card(u) for u in p.vessel[:1]]
    if kind == "recall" and isinstance(a.get("pile"), int) and 0 <= a["pile"] < s.npiles:
        out.append(el_area(None, "pile", a["pile"], role="from"))
    return tuple(out)
