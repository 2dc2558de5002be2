"""HP, damage, death, revival, leaving the game, and the end of the game (XJ-2.4, XJ-5, XJ-6).

Damage is a small sequence of procedures: armour first, then each character about to be hurt is
asked (in seat order) whether to cancel it with Hidden Gu, then all of it lands at once; the
characters left at 0 HP die one after the other in seat order from the turn player (XJ-5.3),
each with its own revival question (XJ-5.6); then the game checks for a team that is gone.
"""
from __future__ import annotations

from ...core.actions import Action


class LifeMixin:
    # ----- recovering and losing HP ----------------------------------------------------------------
    def heal(self, seat: int, n: int, clause: str, why: str = "") -> None:
        """Recover HP, never above the maximum (XJ-2.4); the Heaven Serpent Staff adds 1."""
        pl = self.p[seat]
        if not pl.in_game or n <= 0:
            return
        if pl.weapon is not None and self.weapons_work(seat):
            bonus = self.cards[pl.weapon].d.trait("heal_bonus")
            if bonus:
                n += bonus["n"]
        mx = self.cdef(seat).hp
        before = pl.hp
        pl.hp = min(mx, pl.hp + n)
        lost = before + n - pl.hp
        note = f" ({lost} above the maximum is lost)" if lost else ""
        self.emit("heal", f"Seat {seat} recovers {pl.hp - before} HP{why} (HP {pl.hp}/{mx}){note}.", clause,
                  seat=seat, amount=pl.hp - before, hp=pl.hp, capped=lost)

    def lose_hp(self, seat: int, n: int, clause: str, why: str = "") -> None:
        """HP lost that is not damage (a character's own skill, XJ-5.10): cannot be cancelled."""
        pl = self.p[seat]
        if not pl.in_game or n <= 0:
            return
        pl.hp = max(0, pl.hp - n)
        self.emit("hp_loss", f"Seat {seat} loses {n} HP{why} (HP {pl.hp}).", clause, seat=seat, amount=n, hp=pl.hp)
        if pl.hp == 0:
            self.later("deaths", seats=[seat])

    def set_hp(self, seat: int, hp: int, clause: str, why: str = "") -> None:
        pl = self.p[seat]
        pl.hp = hp
        self.emit("hp_set", f"Seat {seat}'s HP becomes {hp}{why}.", clause, seat=seat, hp=hp)

    # ----- damage (XJ-5.10, XJ-5.2, XJ-5.3) ----------------------------------------------------------------
    def hurt(self, pairs, ctx: dict) -> None:
        """Queue damage: ``pairs`` of (seat, amount) landing together."""
        pairs = [[s, n] for s, n in pairs if n > 0 and self.p[s].in_game]
        if pairs:
            self.later("hurt", pairs=pairs, ctx=ctx)

    def do_hurt(self, pairs, ctx) -> None:
        skill_card = ctx.get("damage") == "skill_card"
        amounts = []
        for s, n in pairs:
            pl = self.p[s]
            if not pl.in_game:
                continue
            armour = self.cards[pl.armour].d if pl.armour is not None else None
            if armour is not None and skill_card and armour.trait("immune_skill_card_damage") is not None:
                self.emit("immune", f"Seat {s}'s {armour.name.en} blocks the skill card's damage.", "XJ-5.10", seat=s)
                continue
            red = armour.trait("reduce_damage") if armour is not None else None
            if red:
                n = max(0, n - red["n"])
                self.emit("reduce", f"Seat {s}'s {armour.name.en} takes {red['n']} off the damage ({n} left).",
                          "XJ-5.10", seat=s, amount=n)
            if n > 0:
                amounts.append([s, n])
        if not amounts:
            return
        self.hurting = {"amounts": amounts, "ctx": ctx}
        self.then(("hurt_ask", {"i": 0}), ("hurt_land", {}))

    def gu_options(self, seat: int) -> list[Action]:
        """Cards that can cancel this seat's damage: Hidden Gu, or any card under the Vestment."""
        pl = self.p[seat]
        any_card = pl.armour is not None and self.cards[pl.armour].d.trait("any_card_as_gu") is not None
        out, seen = [], set()
        for u in pl.hand:
            c = self.cards[u]
            gu = "damage" in c.at
            if c.cid in seen or not (any_card or gu):
                continue
            seen.add(c.cid)
            out.append(Action("cancel_damage", seat, {"card": u, "name": c.cid},
                              f"Cancel the damage with {c.name}" + ("" if gu else " (as Hidden Gu)"), "XJ-5.10"))
        return out

    def do_hurt_ask(self, i: int) -> None:
        amounts = self.hurting["amounts"]
        while i < len(amounts):
            s, n = amounts[i]
            if n > 0 and self.p[s].in_game:
                opts = self.gu_options(s)
                if opts:
                    opts.append(Action("pass", s, {}, f"Take the {n} damage", "XJ-5.10"))
                    self.ask(s, "cancel_damage", f"Seat {s} is about to take {n} damage: cancel it?", opts, "XJ-5.10",
                             i=i, offers=["cancel_damage", "pass"])
                    return
            i += 1

    def choose_cancel_damage(self, choice, action) -> None:
        i = choice.ctx["i"]
        self.later("hurt_ask", i=i + 1)
        if action.kind == "cancel_damage":
            self.play_card(action.player, action.args["card"], "cancel_damage", {"i": i}, "XJ-5.10",
                           as_what="Hidden Gu")

    def do_cancel_damage(self, i: int) -> None:
        s, n = self.hurting["amounts"][i]
        self.hurting["amounts"][i][1] = 0
        self.emit("cancelled_damage", f"Seat {s}'s {n} damage is cancelled.", "XJ-5.10", seat=s, amount=n)

    def do_hurt_land(self) -> None:
        h, self.hurting = self.hurting, None
        why = h["ctx"].get("why", "")
        clause = h["ctx"].get("clause") or "XJ-5.10"
        dead = []
        for s, n in h["amounts"]:
            pl = self.p[s]
            if n <= 0 or not pl.in_game:
                continue
            before = pl.hp
            pl.hp = max(0, pl.hp - n)          # never below 0 (XJ-5.2)
            over = n - before if n > before else 0
            note = " (HP cannot go below 0)" if over else ""
            self.emit("damage", f"Seat {s} takes {n} damage{why} (HP {pl.hp}){note}.", clause, seat=s, amount=n,
                      hp=pl.hp, overflow=over)
            if pl.hp == 0:
                dead.append(s)
        if dead:
            self.later("deaths", seats=dead)

    # ----- death (XJ-5.1, XJ-5.3 .. XJ-5.8) ----------------------------------------------------------------
    def do_deaths(self, seats) -> None:
        tp = self.turn_player
        n = self.players
        ordered = sorted(seats, key=lambda s: (s - tp) % n)
        if len(ordered) > 1:
            self.emit("deaths", f"Seats {', '.join(map(str, ordered))} reach 0 HP together; each death is dealt "
                                f"with in seat order from the turn player.", "XJ-5.3", seats=ordered)
        self.then(*[("dying", {"seat": s}) for s in ordered], ("after_deaths", {}))

    def do_dying(self, seat: int) -> None:
        pl = self.p[seat]
        if not pl.in_game or pl.hp > 0:
            return
        self.emit("dying", f"Seat {seat}'s character is at 0 HP and dies unless revived.", "XJ-5.1", seat=seat)
        self.later("revive_ask", seat=seat, i=0)

    def revive_options(self, s: int, dying: int) -> list[Action]:
        pl = self.p[s]
        out, seen = [], set()
        for u in pl.hand:
            c = self.cards[u]
            use = c.at.get("revive")
            if use and c.cid not in seen:
                seen.add(c.cid)
                out.append(Action("revive", s, {"card": u, "name": c.cid, "seat": dying},
                                  f"Play {c.name}: seat {dying} revives with {use['n']} HP", "XJ-5.4"))
        if s == dying and pl.armour is not None:
            t = self.cards[pl.armour].d.trait("revive_burst")
            if t:
                out.append(Action("revive", s, {"card": pl.armour, "name": self.cards[pl.armour].cid, "seat": dying},
                                  f"Burst {self.name(pl.armour)}: revive with {t['n']} HP", "XJ-5.5"))
        for u in pl.pets:
            if self.cards[u].d.pet_arg("burst_revive") is not None:
                out.append(Action("revive", s, {"card": u, "name": self.cards[u].cid, "seat": dying},
                                  f"Burst {self.name(u)}: seat {dying} revives at full HP", "XJ-7.7"))
        return out

    def do_revive_ask(self, seat: int, i: int) -> None:
        if not self.p[seat].in_game or self.p[seat].hp > 0:
            return
        askers = self.order_from(seat)       # the dying player first, then seat order (XJ-5.6)
        for j in range(i, len(askers)):
            s = askers[j]
            opts = self.revive_options(s, seat)
            if opts:
                opts.append(Action("pass", s, {}, "Do not revive", "XJ-5.6"))
                self.ask(s, "revive", f"Seat {seat} is dying: revive the character?", opts, "XJ-5.6",
                         seat=seat, j=j, offers=["revive", "pass"])
                return
        self.later("leave_game", seat=seat)

    def choose_revive(self, choice, action) -> None:
        seat, j = choice.ctx["seat"], choice.ctx["j"]
        if action.kind == "pass":
            self.later("revive_ask", seat=seat, i=j + 1)
            return
        uid = action.args["card"]
        c = self.cards[uid]
        if self.zone[uid] == "hand":
            # A card played: it can be cancelled, and then the question starts again (XJ-5.6).
            self.later("revive_check", seat=seat)
            self.play_card(action.player, uid, "revive", {"seat": seat, "n": c.d.use_at("revive")["n"]}, "XJ-5.4")
        elif self.zone[uid] == "armour":
            self.emit("burst", f"Seat {action.player} bursts {c.d.name.en}.", "XJ-5.5", seat=action.player, card=c.cid)
            self.discard_card(uid)
            self.do_revive(seat, c.d.trait("revive_burst")["n"])
        else:
            self.emit("burst", f"Seat {action.player} bursts the pet {c.d.name.en}.", "XJ-7.7", seat=action.player,
                      card=c.cid)
            self.discard_card(uid)
            self.do_revive(seat, self.cdef(seat).hp)

    def do_revive(self, seat: int, n: int) -> None:
        pl = self.p[seat]
        if not pl.in_game or pl.hp > 0:
            return
        self.emit("revive", f"Seat {seat}'s character revives.", "XJ-5.4", seat=seat)
        self.heal(seat, n, "XJ-5.4")

    def do_revive_check(self, seat: int) -> None:
        if self.p[seat].in_game and self.p[seat].hp == 0:
            self.later("revive_ask", seat=seat, i=0)

    def do_leave_game(self, seat: int) -> None:
        """Not revived: discard everything and leave (XJ-5.7), then give 2 cards away (XJ-5.8)."""
        pl = self.p[seat]
        gone = [self.name(u) for u in pl.hand] + [self.name(u) for u in (pl.weapon, pl.armour) if u is not None]
        pets = [self.name(u) for u in pl.pets]
        for u in list(pl.hand) + [u for u in (pl.weapon, pl.armour) if u is not None] + list(pl.pets):
            self.discard_card(u)
        pl.in_game = False
        pl.turned = False
        self.seats_changed()
        bits = ", ".join(gone + pets) or "nothing"
        self.emit("leave", f"Seat {seat} ({pl.label}) leaves the game, discarding {bits}.", "XJ-5.7",
                  seat=seat, team=pl.team)
        others = [s for s in self.order_from(seat) if s != seat]
        if others:
            opts = [({"seat": s}, f"Seat {s} ({self.p[s].label}) draws 2") for s in others]
            self.ask(seat, "pick_drawer", f"Seat {seat} leaves: choose a player who draws 2 cards", opts, "XJ-5.8")

    def choose_pick_drawer(self, choice, action) -> None:
        s = action.args["seat"]
        self.emit("gift", f"Seat {action.player} lets seat {s} draw 2.", "XJ-5.8", seat=s)
        self.draw(s, 2, "XJ-5.8")

    def do_after_deaths(self) -> None:
        alive = {t: [pl.seat for pl in self.p if pl.team == t and pl.in_game] for t in ("A", "B")}
        if not alive["A"] and not alive["B"]:
            self.end_game((), "Draw: the last players of both teams left the game together", "XJ-6.4")
        elif not alive["A"] or not alive["B"]:
            win = "A" if alive["A"] else "B"
            lose = "B" if win == "A" else "A"
            self.end_game(tuple(self.team_seats(win)), f"Team {win} wins: every player of team {lose} has left "
                                                        f"the game", "XJ-6.1")
        elif not self.p[self.turn_player].in_game:
            self.abort_turn()

    def abort_turn(self) -> None:
        """The turn player left on their own turn: the rest of the turn is skipped (XJ-4.12)."""
        self.todo.clear()
        self.hurting = None
        if self.battle is not None:
            # The trigger's death ends the battle at once, in the debut step or later (XJ-3.4).
            step = "its debut effect" if self.phase == "battle.debut" else "the battle"
            self.emit("battle_stopped", f"The trigger died in {step}: the battle ends with no result.",
                      "XJ-3.4" if self.phase == "battle.debut" else "XJ-3.17", seat=self.turn_player)
        self.clear_table()
        self.emit("turn_lost", f"Seat {self.turn_player} has left the game: the rest of the turn is skipped.", "XJ-4.12",
                  seat=self.turn_player)
        self.goto("turn.end", "XJ-4.12")
        self.later("next_turn")

    def clear_table(self) -> None:
        """Cards lying in play (a battle's monster, an event, revealed or played cards) are discarded."""
        if self.battle is not None:
            self.battle = None
        for u in list(self.table):
            self.discard_card(u)
        self.plays = {}
        self.trial = None

    # ----- the end (XJ-6) -----------------------------------------------------------------------------------
    def end_game(self, winners: tuple, result: str, clause: str) -> None:
        if self.is_over:
            return
        self.goto("game-over", clause)
        self.finish(winners, result, clause)

    def monsters_exhausted(self) -> bool:
        """The monster deck is used up: compare the teams' pet power (XJ-6.2). True if it ended."""
        if self.monsters or self.is_over:
            return False
        a, b = self.team_pet_power("A"), self.team_pet_power("B")
        text = f"the monster deck is used up; pet power A {a}, B {b}"
        if a == b:
            self.end_game((), f"Draw: {text}", "XJ-6.2")
        else:
            win = "A" if a > b else "B"
            self.end_game(tuple(self.team_seats(win)), f"Team {win} wins: {text}", "XJ-6.2")
        return True

    def act_concede(self, action) -> None:
        team = self.p[action.player].team
        win = "B" if team == "A" else "A"
        self.emit("concede", f"Seat {action.player} concedes for team {team}.", "XJ-6.3", seat=action.player)
        self.end_game(tuple(self.team_seats(win)), f"Team {win} wins: team {team} conceded", "XJ-6.3")
