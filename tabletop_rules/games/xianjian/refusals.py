"""Why an action is refused: the clause that forbids it, in words a player understands.

Only used after ``legal_actions()`` has already said no, so it may be slow and thorough.
"""
from __future__ import annotations

# kind -> (phases where it can be legal, clause, why not elsewhere)
WHEN = {
    "play": (("skill", "battle.choose"), "XJ-7.2", "skill cards are played in your own skill step"),
    "equip": (("skill",), "XJ-4.5", "equipment is put into play in your own skill step"),
    "pawn": (("skill",), "XJ-7.6", "cards are pawned in your own skill step"),
    "give": (("skill",), "XJ-8.1", "Clever Imp gives cards away in A'nu's own skill step"),
    "gift": (("skill",), "XJ-8.1", "Gift of Swords is used in Murong Ziying's own skill step"),
    "concede": (("battle.choose",), "XJ-6.3", "a team concedes in the battle step of one of its players, "
                                              "before the decision to fight"),
    "end_skill": (("skill",), "XJ-4.4", "it is not your skill step"),
    "fight": (("battle.choose",), "XJ-4.6", "whether to fight is decided in your own battle step"),
    "no_fight": (("battle.choose",), "XJ-4.6", "whether to fight is decided in your own battle step"),
    "end_battles": (("battle.choose",), "XJ-8.1", "only after a first battle may the battle step end this way"),
}
# kinds that only answer a pending decision -> (clause, when they come up)
ANSWERS = {
    "war_card": ("XJ-7.3", "war cards are played only in the war-card step of a battle, when your side's turn asks you"),
    "burst": ("XJ-7.7", "a pet's burst is used at the moment it names (the war-card step for Feifei)"),
    "summon": ("XJ-8.1", "Summon the Water Beast is used in the war-card step"),
    "nullify": ("XJ-7.5", "the Ice Heart Mantra is played when another player plays a card"),
    "cancel_damage": ("XJ-5.10", "damage is cancelled only when you are about to take it"),
    "revive": ("XJ-5.4", "a revival is possible only while a character is dying"),
    "keep_character": ("XJ-2.2", "characters are chosen once, during setup"),
    "pick_drawer": ("XJ-5.8", "only a player leaving the game names who draws 2"),
    "keep_pet": ("XJ-3.12", "choosing a pet to keep comes up only with two pets of one element"),
    "discard": ("XJ-4.8", "nothing asks you to discard now"),
    "trial_pick": ("XJ-8.3", "Trial Cave cards are picked only while that event is carried out"),
    "reroll": ("XJ-8.1", "a reroll is offered only after Wang Xiaohu's roll"),
    "keep_roll": ("XJ-8.1", "there is no roll to keep"),
    "peek_order": ("XJ-7.2", "only after Glimpse of Heaven's Secret are the monsters put back"),
    "pick_player": ("XJ-8.2", "no effect asks you to name a player now"),
    "pick_card": ("XJ-7.8", "no effect asks you to pick a card now"),
    "discard_for_hp": ("XJ-3.10", "only Poison Lady's win effect trades cards for HP"),
    "stop": ("XJ-3.10", "there is nothing to stop now"),
    "swap_pet": ("XJ-3.11", "only Heaven Ghost Emperor's lose effect offers a pet swap"),
    "pass": ("XJ-3.6", "there is nothing to pass on now"),
}


class RefusalMixin:
    def explain_illegal(self, action):
        k = action.kind
        if self.choices:
            ch = self.choices[-1]
            why = self._answer_problem(ch, action)
            return why if why else (f"that is not one of the answers offered: {ch.prompt}", ch.clause)
        if k in WHEN:
            phases, clause, why = WHEN[k]
            if self.phase not in phases:
                return f"{why} (now: {self.game.flow.label(self.phase)})", clause
            return self._main_problem(action)
        if k in ANSWERS:
            return ANSWERS[k][1], ANSWERS[k][0]
        return f"no {k!r} action exists in this game (now: {self.game.flow.label(self.phase)})", \
            self.game.flow.nodes[self.phase].clause or "XJ-4.4"

    def explain_wrong_seat(self, action):
        k = action.kind
        if k in WHEN and not self.choices:
            return f"only the turn player (seat {self.turn_player}) acts now; {WHEN[k][2]}", WHEN[k][1]
        if k == "war_card" and self.choices and self.choices[-1].kind == "war":
            return (f"it is seat {self.current_player}'s turn to play or pass in the war-card step; the sides take "
                    f"turns and their players are asked in seat order", "XJ-3.6")
        return None

    # ----- the skill step and the battle step ---------------------------------------------------------------
    def _hand_card(self, seat, uid):
        if not isinstance(uid, int) or not 0 <= uid < len(self.cards) or uid not in self.p[seat].hand:
            return None
        return self.cards[uid].d

    def _main_problem(self, action):
        k, a, seat = action.kind, action.args, action.player
        if k == "play":
            d = self._hand_card(seat, a.get("card"))
            if d is None:
                return "that card is not in your hand", "XJ-7.2"
            at = "skill_step" if self.phase == "skill" else "before_fight"
            if d.equipment:
                return f"{d.name.en} is equipment: it is put into play (equip), not played", "XJ-4.5"
            if d.type == "war":
                return f"{d.name.en} is a war card: it is played in a battle's war-card step", "XJ-7.3"
            use = d.use_at(at)
            if use is None:
                if self.phase == "battle.choose":
                    return f"only the Underworld Mirror is played before the fight decision, not {d.name.en}", "XJ-7.10"
                return f"{d.name.en} is a special card played at another moment", "XJ-7.4"
            ok = self.targets(use.get("target", "none"), seat)
            t = a.get("target")
            if ok == [None]:
                return f"{d.name.en} takes no target", "XJ-7.2"
            if not ok:
                return f"{d.name.en} has no possible target now", "XJ-7.2"
            return f"seat {t!r} is not a possible target of {d.name.en}", "XJ-7.2"
        if k == "equip":
            d = self._hand_card(seat, a.get("card"))
            if d is None:
                return "that card is not in your hand", "XJ-4.5"
            return f"{d.name.en} is not equipment", "XJ-4.5"
        if k == "pawn":
            return "only a card with a pawn ability, in your hand (or the Demon Sword in play), can be pawned", "XJ-7.6"
        if k in ("give", "gift"):
            fn = "give_cards" if k == "give" else "give_equipment"
            if self.skill(seat, fn) is None:
                return "your character has no such skill", "XJ-8.1"
            if k == "gift" and ["gift", a.get("to")] in self.used:
                return "Gift of Swords cannot go to the same player twice in one turn", "XJ-8.1"
            return "that card or that player is not possible", "XJ-8.1"
        if k == "end_battles":
            return "decide first whether to fight at all; only a second battle can be declined this way", "XJ-8.1"
        if k == "fight" and self.fought:
            return "only the Wine Sword Immortal fights a second battle", "XJ-4.6"
        if k == "concede" and self.fought:
            return "a team concedes before the decision to fight, not between two battles", "XJ-6.3"
        return "that is not possible now", WHEN[k][1]

    # ----- answers to a pending decision ------------------------------------------------------------------------
    def _answer_problem(self, ch, action):
        k, a, seat = action.kind, action.args, action.player
        if ch.kind == "war":
            b = self.battle
            if k == "war_card":
                d = self._hand_card(seat, a.get("card"))
                if seat in b["war_cards"]:
                    return "you have already played a war card in this battle (or summoned instead)", "XJ-3.7"
                if d is None:
                    return "that card is not in your hand", "XJ-7.3"
                if d.type != "war":
                    return f"{d.name.en} is not a war card", "XJ-7.3"
                if d.use_at("war_step")["op"] == "double_base" and seat != b["trigger"]:
                    return "only the trigger may play Heavenly Battle Aura", "XJ-7.9"
                return "Five Mystic Tones names the trigger side or the monster side; other cards name none", "XJ-7.3"
            if k == "burst":
                return "only a pet with a war-step burst that you own can burst now", "XJ-7.7"
            if k == "summon":
                if self.skill(seat, "summon_beast") is None:
                    return "your character has no Summon the Water Beast", "XJ-8.1"
                return "it needs 2 hand cards and no war card played in this battle", "XJ-8.1"
        if ch.kind == "respond" and k == "nullify":
            return "only an Ice Heart Mantra from your hand cancels a card", "XJ-7.5"
        if ch.kind == "cancel_damage" and k == "cancel_damage":
            return "only Hidden Gu (or any card under the Heavenly Emperor's Vestment) cancels damage", "XJ-5.10"
        if ch.kind == "revive" and k == "revive":
            return "a revival needs the Spirit Gourd Elixir, your own Rainbow Cloud Robe or a Caiyi pet", "XJ-5.4"
        if ch.kind == "pick_drawer":
            return "name a player still in the game", "XJ-5.8"
        if ch.kind == "keep_character":
            return "keep one of the two characters you were dealt", "XJ-2.2"
        if ch.kind == "keep_pet":
            return "keep one of your two pets of that element", "XJ-3.12"
        if ch.kind == "discard":
            return "discard a card from your own hand", ch.clause
        return None
