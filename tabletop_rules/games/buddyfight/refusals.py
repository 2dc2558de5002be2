"""Why an action is refused: the clause that forbids it, in words a player understands.

Only used after ``legal_actions()`` has already said no, so it may be slow and thorough.
"""
from __future__ import annotations

PHASE_OF_KIND = {
    "charge": ("start.charge", "BF-4.3", "you can charge only once, in your start phase"),
    "skip_charge": ("start.charge", "BF-4.3", "the charge step is not now"),
    "call": ("main.actions", "BF-5.1", "monsters are called only in your own main phase"),
    "equip": ("main.actions", "BF-5.1", "items are equipped only in your own main phase"),
    "end_main": ("main.actions", "BF-5.1", "it is not your main phase"),
    "attack": ("attack.declare", "BF-6.2", "attacks are declared only in your own attack phase"),
    "end_attack": ("attack.declare", "BF-6.12", "it is not your attack phase"),
    "end_turn": ("final.impacts", "BF-8.2", "the turn ends from the final phase"),
}


class RefusalMixin:
    def explain_illegal(self, action):
        k, a = action.kind, action.args
        seat = action.player
        if k == "attack" and self.turn == 1 and self.attacks >= 1 and seat == self.turn_player:
            # The first turn's single attack is spent, which is also why the phase moved on.
            return "the first player attacks only once on the first turn", "BF-6.3"
        if k in PHASE_OF_KIND:
            phase, clause, why = PHASE_OF_KIND[k]
            if self.phase != phase:
                return why, clause
        card = a.get("card")
        if k in ("call", "equip", "cast", "charge"):
            f = self.fighters[seat]
            if not isinstance(card, int) or card not in f.hand:
                return "that card is not in your hand", "BF-5.2" if k == "call" else "BF-5.6"
            d = self.cards[card].d
            if k == "call" and d.type != "monster":
                return f"{d.name.en} is not a monster", "BF-5.2"
            if k == "equip" and d.type != "item":
                return f"{d.name.en} is not an item", "BF-5.5"
            if k in ("call", "equip", "cast") and not self.usable(seat, card):
                return (f"{d.name.en} is a {d.world} card and your flag is {self.fighters[seat].world}: "
                        "it can sit in the deck but cannot be used", "BF-1.7")
            if k == "call" and a.get("area") not in ("left", "center", "right"):
                return "monsters are called to the left, center or right area", "BF-5.2"
            if k == "call" and a.get("buddy"):
                if f.buddy_called:
                    return "the buddy call is used once per game", "BF-5.9"
                if d.name.en != self.cards[f.buddy].d.name.en:
                    return "only a card with your buddy's name can be buddy called", "BF-5.9"
            if k == "cast":
                if d.type == "impact" and self.phase not in ("final.impacts",):
                    return "impacts are cast in your final phase", "BF-8.1"
                if d.type not in ("spell", "impact"):
                    return f"{d.name.en} is not a spell", "BF-5.6"
                if self.turn_player != seat and "counter" not in d.keywords:
                    return "in the opponent's turn only [Counter] cards may be used", "BF-7.1"
                if self.phase != "main.actions" and "counter" not in d.keywords and d.type != "impact":
                    return "outside your main phase only [Counter] cards may be used", "BF-7.1"
            if k != "charge" and not self.can_pay(seat, d.cost, card):
                return f"you cannot pay the cost of {d.name.en}", "BF-5.10"
            if k == "cast":
                eff = d.effect
                if not self.conditions_hold(seat, eff) or not self.target_options(seat, eff):
                    return f"{d.name.en} has no legal target or its condition is not met", "BF-5.12"
                return "that target is not a legal one for this card", "BF-5.12"
        if k == "act":
            if not isinstance(card, int) or not (0 <= card < len(self.cards)) or not self.on_field(card) \
                    and self.cards[card].zone != "set":
                return "[Act] abilities are used from cards in play", "BF-5.8"
            d = self.cards[card].d
            i = a.get("ability")
            if not isinstance(i, int) or not (0 <= i < len(d.abilities)) or d.abilities[i].when != "act":
                return f"{d.name.en} has no such [Act] ability", "BF-5.8"
            ab = d.abilities[i]
            if ab.limit == "once_per_turn" and [card, i] in self.used_once:
                return "this ability is limited to once per turn", "BF-5.8"
            if self.turn_player != seat or self.phase != "main.actions":
                if not ab.counter:
                    return "only [Counter] abilities may be used outside your main phase", "BF-7.1"
            if not self.can_pay(seat, ab.cost, card):
                return "you cannot pay that cost", "BF-5.10"
            return "its condition or target is not met", "BF-5.12"
        if k == "attack":
            if self.turn == 1 and self.attacks >= 1:
                return "the first player attacks only once on the first turn", "BF-6.3"
            group = a.get("attackers") or []
            ready = self.attackers_available(seat)
            f = self.fighters[seat]
            if "item" in group and f.areas["center"] is not None:
                return "the item attacks only while your center is empty", "BF-6.2"
            if any(g not in ready for g in group) or not group:
                return "each attacker must be a standing card of yours that can attack", "BF-6.2"
            if len(group) > 1 and self.turn == 1 and not self.options["first_turn_link_attack"]:
                return "this game's options forbid a link attack on the first turn", "BF-6.3"
            opp = self.fighters[1 - seat]
            if a.get("target") == "fighter" and opp.areas["center"] is not None:
                return "the fighter can be attacked only while their center is empty", "BF-6.5"
            return "that target is not a monster on the opponent's field", "BF-6.5"
        if k == "move":
            return self._why_not_move(seat, a)
        if k == "pass":
            return "there is no window to pass in now", "BF-7.2"
        if k in ("cast", "act") and self.turn_player != seat:
            return "in the opponent's turn only [Counter] cards may be used", "BF-7.1"
        return f"no {k!r} action is available now (phase: {self.flow_label()})", None

    def explain_wrong_seat(self, action):
        """Cards played out of turn: say which rule keeps them waiting (BF-7.1, BF-7.2)."""
        if action.kind not in ("cast", "act") or action.player not in (0, 1):
            return None
        card = action.args.get("card")
        if not isinstance(card, int) or not 0 <= card < len(self.cards):
            return None
        d = self.cards[card].d
        counter = "counter" in d.keywords or any(ab.counter for ab in d.abilities)
        if not counter:
            return "in the opponent's turn only [Counter] cards and abilities may be used", "BF-7.1"
        return ("a [Counter] is played when a counter window opens (an attack, a spell or ability to answer, "
                "an impact, the end of the main phase), not at any moment", "BF-7.2")

    def _why_not_move(self, seat, a):
        card = a.get("card")
        f = self.fighters[seat]
        if not isinstance(card, int) or card not in [f.areas[z] for z in ("left", "center", "right")]:
            return "only a monster on your own field can move", "BF-5.11"
        if not self.has_kw(card, "move"):
            return (f"{self.cards[card].d.name.en} has no [Move]: monsters do not change areas at will",
                    "BF-5.11")
        if self.phase != "attack.move" or not self.choices or self.choices[-1].kind != "move":
            return "[Move] is used only at the start of an attack phase", "BF-9.4"
        if a.get("to") not in ("left", "center", "right") or f.areas[a.get("to")] is not None:
            return "a monster moves only into an empty area of its own field", "BF-9.4"
        if card in self.moved:
            return "this monster has already moved in this window", "BF-9.4"
        return "that move is not available", "BF-9.4"

    def flow_label(self) -> str:
        return self.game.flow.label(self.phase)
