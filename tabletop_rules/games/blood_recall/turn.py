"""A player's turn, the same in both modes (BRD-3 / BRS-4): play a card, self-harm, the lineage
actions (recall, art enhancement), free enhancement by effects, Blood Recall, and ending the turn.
Also the parts of the blood battle both modes share: play-area effects, the Blood Recall window
and awakening.
"""
from __future__ import annotations

from collections import Counter

from ...core.actions import Action


class TurnMixin:
    # ----- what the turn player may do ----------------------------------------------------------------
    def turn_actions(self) -> list[Action]:
        """Every action of the turn player (BRD-3.1). Called before each action of a turn, so it
        counts the hand once and takes its labels from tables built when the game was loaded."""
        seat = self.turn_player
        p = self.seats[seat]
        K = self.K
        cards = self.cards
        zones = self.zones
        label = self.game.labels
        out: list[Action] = []
        counts: dict[str, int] = {}
        for u in p.hand:
            d = cards[u].d
            cid = d.id
            if cid in counts:
                counts[cid] += 1
                continue
            counts[cid] = 1
            out.append(Action("play", seat, {"card": cid}, label["play", cid],
                              K["hindrance"] if d.type == "hindrance" else K["play"]))
        side = self.side(seat)
        if not p.rested:
            out.append(Action("self_harm", seat, {}, f"Self-harm: rest the vessel, take {side.self_harm} damage",
                              K["self_harm"]))
        if p.lineage_used < side.lineage:
            for i in range(self.npiles):
                pile = zones[f"pile.{i}"]
                if not pile:
                    continue
                c = cards[pile[-1]]
                if not c.up:
                    out.append(Action("reveal", seat, {"pile": i}, f"Turn up the top card of recall pile {i + 1}",
                                      K["reveal"]))
                elif c.d.cost <= p.pool:
                    out.append(Action("recall", seat, {"pile": i, "card": c.cid}, label["recall", c.cid], K["recall"]))
            nxt = self.game.next_stage
            for cid, n in counts.items():
                if n >= 2 and nxt.get(cid) and zones[f"art.{nxt[cid]}"]:
                    out.append(Action("enhance", seat, {"card": cid}, label["enhance", cid], K["enhance"]))
        for u in p.recaller:
            if self.can_blood_recall(seat, u):
                cid = cards[u].cid
                out.append(Action("blood_recall", seat, {"recaller": cid}, label["blood_recall", cid],
                                  K["blood_recall"]))
        if not p.hand:
            out.append(Action("end_turn", seat, {}, "End the turn", K["end_turn"]))
        return out

    def enhanceable(self, seat: int) -> list[str]:
        """Art cards with two copies in hand and a next stage left in the supply (BRD-3.7)."""
        g = self.game
        counts = Counter(self.cards[u].cid for u in self.seats[seat].hand)
        return [cid for cid, n in counts.items()
                if n >= 2 and g.next_stage.get(cid) and self.zones[f"art.{g.next_stage[cid]}"]]

    def can_blood_recall(self, seat: int, uid: int) -> bool:
        """Once per game, unless ongoing (BRD-4.4); ongoing: once per turn or battle (BRD-6.3)."""
        c = self.cards[uid]
        p = self.seats[seat]
        if c.used and not c.d.ongoing or uid in p.recalled:
            return False
        return c.d.cost <= p.recall_points

    # ----- the actions -----------------------------------------------------------------------------------
    def act_play(self, action: Action) -> None:
        seat = action.player
        p = self.seats[seat]
        cid = action.args["card"]
        cards = self.cards
        uid = next(u for u in p.hand if cards[u].cid == cid)
        self.move(uid, f"{seat}.play")
        d = cards[uid].d
        hind = d.type == "hindrance"
        self.emit("play", f"Seat {seat} plays {'the hindrance ' if hind else ''}{d.name.en}.",
                  self.K["hindrance"] if hind else self.K["play"], seat=seat, card=cid)
        self.run_effect(seat, cid, "effect")

    def act_self_harm(self, action: Action) -> None:
        seat = action.player
        p = self.seats[seat]
        side = self.side(seat)
        p.rested = True
        vessel = self.cards[p.vessel[0]]
        self.emit("self_harm", f"Seat {seat} rests {vessel.d.name.en} to self-harm.", self.K["self_harm"], seat=seat)
        self.take_damage(seat, side.self_harm, self.K["self_harm"], "by self-harm")
        if not self.is_over:
            self.run_effect(seat, vessel.cid, "awakened.effect" if p.awake else "front.effect")

    def act_recall(self, action: Action) -> None:
        seat = action.player
        p = self.seats[seat]
        i = action.args["pile"]
        uid = self.zones[f"pile.{i}"][-1]
        d = self.cards[uid].d
        p.pool -= d.cost                 # the blood goes back to the covenant area (BRD-3.5)
        p.lineage_used += 1
        self.move(uid, f"{seat}.play")
        self.emit("recall", f"Seat {seat} recalls {d.name.en}, paying {d.cost} blood from the pool (pool {p.pool}; "
                            f"lineage {p.lineage_used}/{self.side(seat).lineage}).", self.K["recall"],
                  seat=seat, card=d.id, pile=i)
        self.run_effect(seat, d.id, "effect")

    def act_reveal(self, action: Action) -> None:
        i = action.args["pile"]
        c = self.cards[self.zones[f"pile.{i}"][-1]]
        c.up = True
        self.emit("reveal", f"Seat {action.player} turns up the top card of recall pile {i + 1}: {c.d.name.en}.",
                  self.K["reveal"], seat=action.player, pile=i, card=c.cid)

    def act_enhance(self, action: Action) -> None:
        self.seats[action.player].lineage_used += 1
        self.enhance(action.player, action.args["card"], free=False)

    def enhance(self, seat: int, cid: str, free: bool) -> None:
        """Two same-name arts to the recall-point area; the next stage from the supply to the hand."""
        p = self.seats[seat]
        cards = self.cards
        pair = [u for u in p.hand if cards[u].cid == cid][:2]
        rzone = f"{seat}.recall"
        for u in pair:
            self.move(u, rzone)
        nxt = self.game.next_stage[cid]
        self.move(self.zones[f"art.{nxt}"][-1], f"{seat}.hand")
        how = "free enhancement" if free else f"lineage {p.lineage_used}/{self.side(seat).lineage}"
        self.emit("enhance", f"Seat {seat} enhances two {self.game.cards[cid].name.en} into "
                             f"{self.game.cards[nxt].name.en} ({how}; {p.recall_points} recall points).",
                  self.K["free_enhance"] if free else self.K["enhance"], seat=seat, card=cid, to=nxt, free=free)

    def act_blood_recall(self, action: Action) -> None:
        self.blood_recall(action.player, action.args["recaller"])

    def blood_recall(self, seat: int, cid: str) -> None:
        """Pay the cost from the recall-point area, turn the recaller up, resolve it (BRD-4.1)."""
        p = self.seats[seat]
        uid = next(u for u in p.recaller if self.cards[u].cid == cid)
        c = self.cards[uid]
        cost = c.d.cost
        # Blood cards used as recall points are spent first, then art cards oldest first (BRD-6.6).
        from_blood = min(cost, p.rp_blood)
        p.rp_blood -= from_blood
        removed = f"{seat}.removed"
        for u in p.recall[:cost - from_blood]:
            self.move(u, removed)
        again = c.used
        c.up = True
        c.used = True
        if c.d.ongoing:
            p.recalled.append(uid)
        self.emit("blood_recall", f"Blood Recall! Seat {seat} pays {cost} recall points and "
                                  f"{'uses' if again else 'turns up'} {c.d.name.en}.",
                  self.K["ongoing"] if again else self.K["blood_recall"], seat=seat, card=cid)
        self.run_effect(seat, cid, "effect")

    def act_end_turn(self, action: Action) -> None:
        seat = action.player
        p = self.seats[seat]
        self.goto(self.END_NODE)
        back, p.pool = p.pool, 0
        self.emit("end_turn", f"Seat {seat} ends the turn; {back} blood card(s) go from the pool back to the "
                              "covenant area.", self.K["pool_return"], seat=seat, returned=back)
        self.turn_ended(seat)

    def begin_turn(self, seat: int) -> None:
        self.goto(self.TURN_NODE)
        self.turn_player = seat
        p = self.seats[seat]
        p.lineage_used = 0
        p.recalled = []
        self.emit("turn", f"Round {self.round}: seat {seat}'s turn.", self.K["turn_actions"], seat=seat,
                  round=self.round)

    # ----- free enhancement (BRD-3.8, BRD-6.9) -----------------------------------------------------------------
    def offer_free_enhance(self, seat: int) -> None:
        cids = self.enhanceable(seat)
        clause = self.K["free_enhance"]
        if not cids:
            self.emit("no_effect", f"Seat {seat} has no pair of art cards to enhance for free.", self.K["free_choice"],
                      seat=seat)
            return
        g = self.game
        opts = [Action("free_enhance", seat, {"card": cid}, "Free enhancement: " + g.labels["enhance", cid], clause)
                for cid in cids]
        opts.append(Action("decline", seat, {}, "No free enhancement", clause))
        self.ask(seat, "free_enhance", "Enhance a pair of art cards for free?", opts, clause,
                 offers=["free_enhance", "decline"])

    def choose_free_enhance(self, choice, action) -> None:
        if action.kind == "decline":
            self.emit("decline", f"Seat {action.player} declines the free enhancement.", self.K["free_choice"],
                      seat=action.player)
        else:
            self.enhance(action.player, action.args["card"], free=True)

    # ----- shared blood-battle steps ---------------------------------------------------------------------------
    def do_battle_effects(self) -> None:
        """Cards in the play area with a blood-battle effect resolve (BRD-2.5)."""
        self.goto("battle.effects")
        steps = []
        ops = self.game.ops
        for seat in self.effect_order():
            for u in self.seats[seat].play:
                cid = self.cards[u].cid
                if (cid, "battle") in ops:
                    steps += [("op", {"seat": seat, "cid": cid, "part": "battle", "i": i})
                              for i in range(len(ops[(cid, "battle")]))]
        if steps:
            self.then(*steps)

    def do_battle_window(self) -> None:
        """Blood Recall in the blood battle: the second player first, then the first (BRD-4.3)."""
        order = self.battle_order()
        for s in order:
            self.seats[s].recalled = []
        if any(self.can_blood_recall(s, u) for s in order for u in self.seats[s].recaller):
            self.goto("battle.recall")
            self.then(*[("recall_ask", {"seat": s}) for s in order])

    def do_recall_ask(self, seat: int) -> None:
        clause = self.K["battle_recall"]
        opts = [Action("blood_recall", seat, {"recaller": self.cards[u].cid},
                       f"Blood Recall: {self.cards[u].d.name.en} (pay {self.cards[u].d.cost})", clause)
                for u in self.seats[seat].recaller if self.can_blood_recall(seat, u)]
        if opts:
            opts.append(Action("pass", seat, {}, "Do not Blood Recall", clause))
            self.ask(seat, "battle_recall", "Blood Recall now, before the damage is compared?", opts, clause,
                     offers=["blood_recall", "pass"])

    def choose_battle_recall(self, choice, action) -> None:
        if action.kind == "pass":
            self.emit("pass", f"Seat {action.player} does not Blood Recall.", self.K["battle_recall"],
                      seat=action.player)
        else:
            self.blood_recall(action.player, action.args["recaller"])

    def do_awaken(self) -> None:
        """Life 10 or less at the end of the blood battle: the vessel awakens, for good (BRD-2.10)."""
        self.goto("battle.awaken")
        for seat in self.effect_order():
            p = self.seats[seat]
            if p.life <= 10 and not p.awake:
                p.awake = True
                side = self.side(seat)
                self.emit("awaken", f"Seat {seat}'s vessel {self.name(p.vessel[0])} awakens: hand {side.hand}, "
                                    f"self-harm {side.self_harm}, lineage {side.lineage}.", self.K["awaken"],
                          seat=seat)
