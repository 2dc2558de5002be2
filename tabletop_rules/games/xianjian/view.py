"""What a seat may see (``view(seat)``), as JSON: what a play table needs to draw the game.

Hidden from a seat: the other seats' hands (a count only), the order of the three decks, and
the characters dealt and kept by others until they are revealed together (XJ-2.1, XJ-2.2).
The referee's view (``seat=None``) shows everything, deck orders included.
"""
from __future__ import annotations


class ViewMixin:
    def card_view(self, uid: int) -> dict:
        c = self.cards[uid]
        d = c.d
        out = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "kind": d.kind, "demo": d.demo}
        if d.kind == "hand":
            out.update(type=d.type, text=d.text.en)
            if d.equipment:
                out["power"] = d.power
        elif d.kind == "monster":
            out.update(element=d.element, power=d.power, evade=d.evade, level=d.level)
        elif d.kind == "character":
            out.update(gender=d.gender, hp_max=d.hp, power=d.power, hit=d.hit,
                       skills=[{"id": s.id, "name": s.name.en, "name_zh": s.name.zh, "text": s.text.en} for s in d.skills])
        elif d.kind == "event":
            out["text"] = d.text.en
        return out

    def seat_view(self, s: int, seat: int | None) -> dict:
        pl = self.p[s]
        mine = seat is None or seat == s
        shown = self.revealed or mine
        d = self.cdef(s) if shown else None
        out = {
            "seat": s, "label": pl.label, "team": pl.team, "in_game": pl.in_game, "left": not pl.in_game,
            "character": self.card_view(pl.character) if d is not None else None,
            "chosen": pl.character is not None,
            "hp": pl.hp if self.revealed else None,
            "hp_max": d.hp if d is not None else None,
            # The HP card is turned over at 6 or less (XJ-2.5).
            "hp_card": (None if not self.revealed else "back" if pl.hp <= 6 else "front"),
            "power": self.power(s) if self.revealed and pl.in_game else None,
            "hand_count": len(pl.hand),
            "hand": [self.card_view(u) for u in pl.hand] if mine else None,
            "hand_limit": self.hand_limit(s) if self.revealed else None,
            "weapon": self.card_view(pl.weapon) if pl.weapon is not None else None,
            "armour": self.card_view(pl.armour) if pl.armour is not None else None,
            "weapons_work": self.weapons_work(s),
            "pets": [dict(self.card_view(u), pet_power=self.pet_power(s, u)) for u in pl.pets],
            "pet_power": sum(self.pet_power(s, u, final=True) for u in pl.pets),
            "turned": pl.turned,
            "dealt_count": len(pl.dealt),
            "dealt": [self.card_view(u) for u in pl.dealt] if mine else None,
        }
        return out

    def view(self, seat: int | None = None) -> dict:
        b = self.battle
        battle = None
        if b is not None:
            battle = {
                "monster": self.card_view(b["monster"]), "trigger": b["trigger"],
                "trigger_power": self.trigger_power(), "monster_power": self.monster_power(),
                "bonus": dict(b["bonus"]), "dice": b["dice"], "double": b["double"], "first": b["first"],
                "side_to_play": b["side"], "took_part": list(b["played"]), "war_cards": list(b["war_cards"]),
                "escaped": b["escaped"], "result": b["result"],
            }
        ch = self.choices[-1] if self.choices else None
        v = {
            "game": self.game.id, "player_count": self.players,
            "teams": {t: self.team_seats(t) for t in ("A", "B")},
            "turn_order": list(self.cycle), "turn": self.turn, "turn_player": self.turn_player,
            "phase": self.phase, "phase_label": self.game.flow.label(self.phase),
            "current_player": self.current_player, "over": self.is_over,
            "winners": list(self.winners) if self.winners is not None else None, "result": self.result,
            "revealed": self.revealed, "fought": self.fought,
            "players": [self.seat_view(s, seat) for s in range(self.players)],
            "piles": {
                "deck": len(self.deck), "discard": [self.card_view(u) for u in self.discard],
                "monsters": len(self.monsters), "monster_discard": [self.card_view(u) for u in self.monster_discard],
                "events": len(self.events), "event_discard": [self.card_view(u) for u in self.event_discard],
                "characters_unused": len(self.char_pile) + len(self.char_out),
            },
            "table": [self.card_view(u) for u in self.table],
            "team_pet_power": {t: self.team_pet_power(t) for t in ("A", "B")},
            "battle": battle,
            "choice": None if ch is None else {"player": ch.player, "kind": ch.kind, "prompt": ch.prompt,
                                               "clause": ch.clause},
            "options": dict(self.options),
        }
        if seat is None:
            v["referee"] = {
                "deck_order": [self.cards[u].cid for u in self.deck],
                "monster_order": [self.cards[u].cid for u in self.monsters],
                "event_order": [self.cards[u].cid for u in self.events],
                "characters_unused": [self.cards[u].cid for u in self.char_pile + self.char_out],
            }
        return v
