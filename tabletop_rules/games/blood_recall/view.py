"""What a seat may see (``view(seat)``), as JSON.

Hidden from the other seat: the hand (a count), the deck order (the referee only), the three
vessels dealt and the vessel chosen until both are revealed together (BRD-1.3), a face-down
Blood Recaller until it is turned up (BRD-1.4), and the face-down top card of a recall pile
(BRD-3.6). Recall piles show their top card only; the Madness deck shows a count.
"""
from __future__ import annotations

HIDDEN = {"hidden": True}


class ViewMixin:
    def card_view(self, uid: int) -> dict:
        c = self.cards[uid]
        d = c.d
        out = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "type": d.type, "demo": d.demo}
        if d.attack is not None:
            out["attack"] = d.attack
        if d.cost is not None:
            out["cost"] = d.cost
        if d.type == "art":
            out.update(art=d.art, stage=d.stage)
        elif d.type == "recaller":
            out.update(crest=d.crest, ongoing=d.ongoing, face_up=c.up, used=c.used)
        elif d.type == "recall":
            out["crest"] = d.crest
        return out

    def vessel_view(self, p) -> dict:
        uid = p.vessel[0]
        d = self.cards[uid].d
        side = d.awakened if p.awake else d.front
        return {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "crest": d.crest, "era": d.era,
                "awake": p.awake, "rested": p.rested, "hand": side.hand, "self_harm": side.self_harm,
                "lineage": side.lineage, "demo": d.demo}

    def player_view(self, p, mine: bool, referee: bool) -> dict:
        cards = self.cards
        if not p.vessel:
            vessel = None
        elif p.revealed or mine:
            vessel = self.vessel_view(p)
        else:
            vessel = dict(HIDDEN, name="vessel (chosen in secret)")
        recallers = [self.card_view(u) if (mine or cards[u].up) else dict(HIDDEN, name="Blood Recaller (face down)")
                     for u in p.recaller]
        out = {
            "seat": p.seat, "life": p.life, "sideways": p.sideways, "upright": p.upright, "pool": p.pool,
            "recall_points": p.recall_points, "recall_cards": [cards[u].cid for u in p.recall],
            "recall_blood": p.rp_blood, "vessel": vessel, "recallers": recallers,
            "awake": p.awake, "rested": p.rested, "lineage_used": p.lineage_used,
            "lineage": self.side(p.seat).lineage if p.vessel else None,
            "hand_count": len(p.hand), "hand": [self.card_view(u) for u in p.hand] if mine else None,
            "deck": len(p.deck), "discard": [cards[u].cid for u in p.discard],
            "play": [self.card_view(u) for u in p.play], "removed": [cards[u].cid for u in p.removed],
            "bonus": p.bonus, "attack": self.attack_total(p.seat) if p.vessel else 0,
            "dealt": [cards[u].cid for u in p.dealt] if mine else len(p.dealt),
        }
        if referee:
            out["deck_order"] = [cards[u].cid for u in p.deck]
        return out

    def view(self, seat: int | None = None) -> dict:
        referee = seat is None
        cards = self.cards
        piles = []
        for i in range(self.npiles):
            pile = self.zones[f"pile.{i}"]
            if not pile:
                top = None
            elif cards[pile[-1]].up or referee:
                top = dict(self.card_view(pile[-1]), face_up=cards[pile[-1]].up)
            else:
                top = dict(HIDDEN, face_up=False, name="recall card (face down)")
            entry = {"crest": list(self.game.recall_crests)[i], "count": len(pile), "top": top}
            if referee:
                entry["order"] = [cards[u].cid for u in pile]
            piles.append(entry)
        hind: dict[str, int] = {}
        for u in self.zones["supply.hindrance"]:
            hind[cards[u].cid] = hind.get(cards[u].cid, 0) + 1
        out = {
            "game": self.game.id, "mode": self.mode, "round": self.round, "phase": self.phase,
            "phase_label": self.game.flow.label(self.phase), "current_player": self.current_player,
            "turn_player": self.turn_player, "over": self.is_over,
            "winners": list(self.winners) if self.winners is not None else None, "result": self.result,
            "choice": self.choices[-1].to_dict() if self.choices else None, "options": dict(self.options),
            "players": [self.player_view(p, referee or seat == p.seat, referee) for p in self.seats],
            "piles": piles,
            "arts": {cid: len(self.zones[f"art.{cid}"]) for cid in self.game.by_type.get("art", [])},
            "hindrance": hind,
        }
        out.update(self.mode_view(referee))
        return out

    def mode_view(self, referee: bool) -> dict:
        if self.mode == "duel":
            return {"token": self.token}
        cards = self.cards
        m = None
        if self.zones["m.card"]:
            c = self.m_card()
            side = self.m_side()
            m = {"id": c.cid, "name": c.d.name.en, "name_zh": c.d.name.zh, "deified": self.deified,
                 "stars": c.d.stars, "play": side.play, "magic": side.magic, "chant": side.chant,
                 "demo": c.d.demo}
        supply: dict[str, int] = {}
        for u in self.zones["supply.disaster"]:
            supply[cards[u].d.kind] = supply.get(cards[u].d.kind, 0) + 1
        story = {
            "difficulty": self.difficulty, "chosen": self.madness, "madness": m, "chapter": self.chapter,
            "chapter_name": ("prologue", "middle chapter", "final chapter")[self.chapter], "hp": self.hp,
            "chant_next": self.chant_next, "bonus": self.m_bonus,
            "attack": self.madness_total() if m else 0, "to_play": self.m_left,
            "deck": len(self.zones["m.deck"]), "play": [cards[u].d.kind for u in self.zones["m.play"]],
            "discard": [cards[u].d.kind for u in self.zones["m.discard"]], "rebuild_pending": self.m_pending,
            "disaster_cards": sum(len(self.zones[z]) for z in ("m.deck", "m.play", "m.discard")),
            "disaster_supply": supply,
        }
        if referee:
            story["deck_order"] = [cards[u].d.kind for u in self.zones["m.deck"]]
        return {"story": story}
