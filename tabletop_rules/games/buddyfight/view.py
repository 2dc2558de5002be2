"""What a seat may see (``view(seat)``), as JSON: hands and deck order stay hidden.

The opponent's hand is a count; both gauges are counts (gauge cards lie face down, decision
15); before the flag is raised the flag and buddy are face down (BF-3.1, BF-3.2).
"""
from __future__ import annotations

AREAS = ("left", "center", "right", "item")


class ViewMixin:
    def card_view(self, uid: int, full: bool = True) -> dict:
        c = self.cards[uid]
        d = c.d
        out = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "type": d.type,
               "world": d.world, "demo": d.demo}
        if not full:
            return out
        if d.type == "monster":
            out.update(size=d.size, power=self.power(uid), defense=self.defense(uid), critical=self.critical(uid))
        elif d.type == "item":
            out.update(power=self.power(uid), critical=self.critical(uid))
        kws = [k for k in ("penetrate", "soulguard", "counterattack", "double_attack", "move", "counter", "set")
               if self.has_kw(uid, k)]
        out.update(keywords=kws, rested=c.rested, soul=len(c.soul), attributes=list(d.attributes))
        return out

    def _hidden(self, what: str) -> dict:
        return {"hidden": True, "name": what}

    def view(self, seat: int | None = None) -> dict:
        players = []
        for f in self.fighters:
            mine = seat is None or seat == f.seat
            p = {
                "seat": f.seat, "life": f.life, "deck": len(f.deck), "gauge": len(f.gauge),
                "hand_count": len(f.hand),
                "hand": [self.card_view(u) for u in f.hand] if mine else None,
                "drop": [self.card_view(u, full=False) for u in f.drop],
                "set": [self.card_view(u) for u in f.set],
                "field": {a: (self.card_view(f.areas[a]) if f.areas[a] is not None else None) for a in AREAS},
                "size": self.size_total(f.seat),
                "flag": self.card_view(f.flag, full=False) if self.raised or mine else self._hidden("flag"),
                "buddy": self.card_view(f.buddy, full=False) if self.raised or mine else self._hidden("buddy"),
                "buddy_called": f.buddy_called, "world": f.world, "deck_id": f.deck_id,
            }
            if seat is None:
                p["deck_order"] = [self.cards[u].cid for u in f.deck]
                p["gauge_cards"] = [self.cards[u].cid for u in f.gauge]
            players.append(p)
        b = self.battle
        battle = None
        if b:
            battle = {"attacker": b["attacker"], "attackers": [self.cards[u].zone for u in b["attackers"]],
                      "target": b["target_area"], "link": b["link"], "nullified": b["nullified"],
                      "power": sum(self.power(u) for u in b["attackers"] if self.on_field(u))}
        choice = self.choices[-1].to_dict() if self.choices else None
        return {
            "game": self.game.id, "turn": self.turn, "turn_player": self.turn_player,
            "first_player": self.first_player, "phase": self.phase,
            "phase_label": self.game.flow.label(self.phase), "current_player": self.current_player,
            "over": self.is_over, "winners": list(self.winners) if self.winners is not None else None,
            "result": self.result, "players": players, "battle": battle,
            "chain": [{"by": it["by"], "kind": it["kind"], "card": self.cards[it["card"]].cid} for it in self.chain],
            "choice": choice, "attacks": self.attacks, "options": dict(self.options),
        }
