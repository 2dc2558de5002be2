"""A player's turn outside the battle itself (XJ-4): turn start, the event and skill steps, the
fight decision, drawing, discarding, the turn end and whose turn comes next.
"""
from __future__ import annotations

from ...core.actions import Action
from .registry import OPS, args_of


class TurnMixin:
    # ----- whose turn (XJ-1.2, XJ-1.3, XJ-4.11) -------------------------------------------------------
    def next_seat(self) -> int:
        """The next seat of the cycle that is still in the game and is not the player who just
        had the turn (while anyone else is left): keeps the order alternating after a death."""
        cur = self.turn_player
        n = len(self.cycle)
        for k in range(1, 2 * n + 1):
            s = self.cycle[(self.pos + k) % n]
            if self.p[s].in_game and s != cur:
                self.pos = (self.pos + k) % n
                return s
        return cur

    def do_next_turn(self) -> None:
        if self.monsters_exhausted():        # a battle cut short may have taken the last monster
            return
        self.do_turn_start(self.next_seat())

    def do_turn_start(self, seat: int) -> None:
        self.goto("turn.start")
        self.turn += 1
        self.turn_player = seat
        self.fought = 0
        self.used = []
        pl = self.p[seat]
        self.emit("turn", f"Turn {self.turn}: seat {seat} ({pl.label}, {self.cdef(seat).name.en}) begins.", "XJ-4.2",
                  seat=seat, turn=self.turn)
        if pl.turned:
            # Turned sideways: this turn is skipped and the character stands again (XJ-4.13).
            pl.turned = False
            self.emit("skip_turn", f"Seat {seat}'s character is turned sideways: the turn is skipped and it stands up "
                                   f"again.", "XJ-4.13", seat=seat)
            self.goto("turn.end", "XJ-4.13")
            self.later("next_turn")
            return
        if pl.hooks.get("turn_start"):
            self.later("event_phase")
            self.run_skills("turn_start", seat)
        else:
            self.do_event_phase()

    def do_op(self, call: dict, ctx: dict) -> None:
        OPS[call["op"]](self, ctx, **args_of(call))

    # ----- the battle step (XJ-4.6) --------------------------------------------------------------------
    def battle_actions(self) -> list[Action]:
        seat = self.turn_player
        if self.fought:
            # Only the Wine Sword Immortal gets here: a second battle or not (XJ-8.1).
            return [Action("fight", seat, {}, "Fight a second battle (Drunken Immortal Moon Step)", "XJ-8.1"),
                    Action("end_battles", seat, {}, "No second battle: go to the draw step", "XJ-8.1")]
        out = [Action("fight", seat, {}, "Fight the top monster", "XJ-4.6"),
               Action("no_fight", seat, {}, "Do not fight: discard the top monster", "XJ-4.6"),
               Action("concede", seat, {}, f"Concede: team {self.p[seat].team} gives up", "XJ-6.3")]
        out += self.play_actions(seat, "before_fight", "XJ-7.10")
        return out

    def act_fight(self, action) -> None:
        self.fought += 1
        self.start_battle(action.player)     # its reveal event names the trigger (XJ-3.1)

    def act_no_fight(self, action) -> None:
        self.goto("battle.skip")
        uid = self.monsters[-1]
        self.move(uid, "monster_discard")
        self.emit("no_fight", f"Seat {action.player} does not fight; the top monster, {self.name(uid)}, is discarded.",
                  "XJ-4.6", seat=action.player, card=self.cards[uid].cid)
        if not self.monsters_exhausted():
            self.later("draw_phase")

    def act_end_battles(self, action) -> None:
        self.later("draw_phase")

    # ----- draw, discard, end (XJ-4.7 .. XJ-4.9) ---------------------------------------------------------
    def do_draw_phase(self) -> None:
        self.goto("draw")
        seat = self.turn_player
        if self.p[seat].hooks.get("draw_start"):
            self.then(("draw_cards", {}), ("discard_phase", {}))
            self.run_skills("draw_start", seat)      # e.g. A'nu's Gu Swarm, before the draw
        else:
            self.do_draw_cards()
            self.do_discard_phase()

    def do_draw_cards(self) -> None:
        seat = self.turn_player
        n = 2 if self.fought else 1
        extra = self.skill(seat, "two_battles")
        why = "after a battle" if self.fought else "without a battle"
        if extra and self.fought == 1:
            n += extra["n"]
            why += " (+1: exactly one battle, Drunken Immortal Moon Step)"
        self.emit("draw_step", f"Seat {seat} draws {n} {why}.", "XJ-4.7", seat=seat, n=n)
        self.draw(seat, n, "XJ-4.7")

    def do_discard_phase(self) -> None:
        self.goto("discard")
        seat = self.turn_player
        over = len(self.p[seat].hand) - self.hand_limit(seat)
        if over > 0:
            self.later("turn_end")
            self.discard_some(seat, over, "XJ-4.8", f" (hand limit {self.hand_limit(seat)})")
        else:
            self.do_turn_end()

    def do_turn_end(self) -> None:
        self.goto("turn.end")
        if self.p[self.turn_player].hooks.get("turn_end"):
            self.later("next_turn")
            self.run_skills("turn_end", self.turn_player)     # e.g. the Demon Lord's Collapse
        else:
            self.do_next_turn()

    # ----- small procedures the effects use ---------------------------------------------------------------
    def do_hurt_one(self, seat: int, n: int, ctx: dict) -> None:
        self.hurt([(seat, n)], ctx)

    def do_heal_one(self, seat: int, n: int, ctx: dict) -> None:
        self.heal(seat, n, ctx["clause"], ctx.get("why", ""))

    def do_draw_one(self, seat: int, n: int, ctx: dict) -> None:
        self.draw(seat, n, ctx["clause"])

    def do_peek_monsters(self, seat: int, n: int) -> None:
        top = self.monsters[-n:][::-1]
        if not top:
            return
        names = ", ".join(self.name(u) for u in top)
        self.emit("peek", f"Seat {seat} looks at the top of the monster deck: {names} (top first).", "XJ-7.2", seat=seat,
                  only=seat, public=f"Seat {seat} looks at the top {len(top)} monsters.")
        if len(top) >= 2:
            opts = [({"swap": False}, f"Keep the order ({names})"),
                    ({"swap": True}, f"Swap them ({self.name(top[1])} on top)")]
            self.ask(seat, "peek_order", "Put the two monsters back as they were, or swapped?", opts, "XJ-7.2")

    def choose_peek_order(self, choice, action) -> None:
        if action.args["swap"]:
            self.monsters[-1], self.monsters[-2] = self.monsters[-2], self.monsters[-1]
        self.emit("peek_order", f"Seat {action.player} puts the monsters back "
                                f"{'swapped' if action.args['swap'] else 'in the same order'}.", "XJ-7.2",
                  seat=action.player, only=action.player, public=f"Seat {action.player} puts the monsters back.")
