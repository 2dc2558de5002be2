"""A battle against a monster (XJ-3): reveal, battle start, debut effect, the war-card step with
the sides taking turns, the result, win and lose effects, the pet, and the battle end.

The war-card step is a loop of procedures: ``war_turn`` gives a side its turn, ``war_ask`` asks
its players one after the other (the first play ends the side's turn, XJ-3.6); two passes in a
row end the step. Monster effects run as lists of ops with the trigger as "you" (XJ-7.11).
"""
from __future__ import annotations

from ...core.actions import Action

OTHER = {"trigger": "monster", "monster": "trigger"}


class BattleMixin:
    # ----- powers (XJ-3.5, XJ-3.9) ----------------------------------------------------------------------
    def trigger_power(self) -> int:
        b = self.battle
        t = b["trigger"]
        base = self.power(t)
        total = base * (2 if b["double"] else 1) + b["dice"] + b["bonus"]["trigger"]
        eb = self.skill(t, "element_bonus")
        if eb and self.cards[b["monster"]].d.element in eb["elements"]:
            total += eb["n"]
        return total

    def monster_power(self) -> int:
        b = self.battle
        return self.cards[b["monster"]].d.power + b["bonus"]["monster"]

    def side_of(self, seat: int) -> str:
        return "trigger" if self.p[seat].team == self.p[self.battle["trigger"]].team else "monster"

    def side_members(self, side: str) -> list[int]:
        """A side's players in the order they are asked: the trigger first on its side, the enemy
        team in seat order after the trigger (XJ-3.6, XJ-3.8)."""
        t = self.battle["trigger"]
        tteam = self.p[t].team
        return [s for s in self.order_from(t) if (self.p[s].team == tteam) == (side == "trigger")]

    # ----- the battle, step by step ------------------------------------------------------------------------
    def start_battle(self, seat: int) -> None:
        self.goto("battle.reveal")
        uid = self.monsters[-1]
        self.move(uid, "table")
        d = self.cards[uid].d
        self.battle = {"monster": uid, "trigger": seat, "bonus": {"trigger": 0, "monster": 0}, "dice": 0,
                       "double": False, "played": [], "war_cards": [], "escaped": False, "result": None,
                       "side": None, "first": None}
        self.emit("reveal_monster", f"Seat {seat} fights and reveals {d.name.en} ({d.element}, power {d.power}, "
                                    f"level {d.level}).", "XJ-3.2", seat=seat, card=d.id, power=d.power,
                  element=d.element)
        self.then(("battle_start", {}), ("debut", {}), ("war", {}), ("resolve", {}), ("battle_end", {}))

    def monster_ctx(self, part: str) -> dict:
        d = self.cards[self.battle["monster"]].d
        clause = {"debut": "XJ-3.4", "win": "XJ-3.10", "lose": "XJ-3.11"}[part]
        return {"by": self.battle["trigger"], "target": None, "source": "monster", "card": d.id, "clause": clause,
                "why": f" ({d.name.en}, {part} effect)", "damage": "effect"}

    def do_battle_start(self) -> None:
        self.goto("battle.start")
        self.run_skills("battle_start", self.battle["trigger"])

    def do_debut(self) -> None:
        self.goto("battle.debut")
        d = self.cards[self.battle["monster"]].d
        if not d.debut:
            self.emit("debut", f"{d.name.en} has no debut effect.", "XJ-3.4")
            return
        self.emit("debut", f"Debut effect of {d.name.en}: {d.text.debut.en}", "XJ-3.4", card=d.id)
        ctx = self.monster_ctx("debut")
        self.then(*[("op", {"call": op, "ctx": ctx}) for op in d.debut])

    def do_war(self) -> None:
        self.goto("battle.war")
        b = self.battle
        tp, mp = self.trigger_power(), self.monster_power()
        first = "trigger" if tp < mp else "monster"    # a tie counts the monster side as lower (XJ-3.5)
        b["first"] = first
        self.emit("war_start", f"Trigger side {tp} against monster side {mp}: the {first} side plays war cards first"
                               f"{' (a tie counts the monster side as the weaker)' if tp == mp else ''}.", "XJ-3.5",
                  trigger=tp, monster=mp, first=first)
        self.later("war_turn", side=first, passes=0)

    def do_war_turn(self, side: str, passes: int) -> None:
        b = self.battle
        if b is None or b["escaped"] or passes >= 2:
            return
        b["side"] = side
        self.later("war_ask", side=side, passes=passes, members=self.side_members(side), i=0)

    def war_options(self, seat: int) -> list[Action]:
        b = self.battle
        out: list[Action] = []
        if seat not in b["war_cards"]:                 # one war card per battle (XJ-3.7)
            seen = set()
            for u in self.p[seat].hand:
                c = self.cards[u]
                use = c.at.get("war_step")
                if use is None or c.cid in seen or use["op"] == "double_base" and seat != b["trigger"]:
                    continue
                seen.add(c.cid)
                if use["op"] == "side_power" and use["side"] == "choose":
                    for s in ("trigger", "monster"):
                        out.append(Action("war_card", seat, {"card": u, "name": c.cid, "side": s},
                                          f"Play {c.name} for the {s} side (+{use['n']})", "XJ-7.3"))
                else:
                    out.append(Action("war_card", seat, {"card": u, "name": c.cid}, f"Play {c.name}", "XJ-7.3"))
        for u in self.p[seat].pets:
            burst = self.cards[u].d.pet_arg("burst_side_power")
            if burst:
                out.append(Action("burst", seat, {"card": u, "name": self.cards[u].cid},
                                  f"Burst the pet {self.name(u)}: your side +{burst['n']}", "XJ-7.7"))
        out += self.war_skills(seat)
        return out

    def do_war_ask(self, side: str, passes: int, members: list, i: int) -> None:
        for j in range(i, len(members)):
            s = members[j]
            if not self.p[s].in_game:
                continue
            opts = self.war_options(s)
            if opts:
                opts.append(Action("pass", s, {}, "Pass", "XJ-3.6"))
                self.ask(s, "war", f"War-card step, {side} side's turn: seat {s}, play or pass?", opts, "XJ-3.6",
                         side=side, passes=passes, members=members, j=j,
                         offers=["war_card", "burst", "summon", "pass"])
                return
        # Nobody on this side plays: the side has passed (XJ-3.6).
        self.emit("side_pass", f"The {side} side passes.", "XJ-3.6", side=side)
        self.later("war_turn", side=OTHER[side], passes=passes + 1)

    def choose_war(self, choice, action) -> None:
        c = choice.ctx
        seat = action.player
        if action.kind == "pass":
            self.later("war_ask", side=c["side"], passes=c["passes"], members=c["members"], i=c["j"] + 1)
            return
        b = self.battle
        if seat not in b["played"]:
            b["played"].append(seat)               # taking part: a supporter or a hinderer (XJ-3.15)
        self.later("war_turn", side=OTHER[c["side"]], passes=0)
        side = self.side_of(seat)
        if action.kind == "war_card":
            uid = action.args["card"]
            b["war_cards"].append(seat)
            chosen = action.args.get("side", side)
            text = f" for the {chosen} side" if "side" in action.args else ""
            self.play_card(seat, uid, "card_use", {"cid": self.cards[uid].cid, "at": "war_step",
                                                   "ctx": self.card_ctx(seat, uid, side=chosen)}, "XJ-7.3", text)
        elif action.kind == "burst":
            uid = action.args["card"]
            n = self.cards[uid].d.pet_arg("burst_side_power")["n"]
            self.emit("burst", f"Seat {seat} bursts the pet {self.name(uid)}: the {side} side +{n}.", "XJ-7.7",
                      seat=seat, card=self.cards[uid].cid)
            self.discard_card(uid)
            b["bonus"][side] += n
        else:   # summon: Moon Worship Master's Summon the Water Beast
            args = self.skill(seat, "summon_beast")
            b["war_cards"].append(seat)            # no war card after it
            self.emit("skill", f"Seat {seat} summons the Water Beast: the {side} side +{args['n']}.", "XJ-8.1", seat=seat)
            b["bonus"][side] += args["n"]
            self.discard_some(seat, args["discard"], "XJ-8.1", " (Summon the Water Beast)")

    def do_resolve(self) -> None:
        b = self.battle
        if b is None or b["escaped"]:
            return
        self.goto("battle.resolve")
        tp, mp = self.trigger_power(), self.monster_power()
        d = self.cards[b["monster"]].d
        win = tp >= mp                                  # the trigger side wins ties (XJ-3.9)
        b["result"] = "win" if win else "lose"
        tie = " (a tie is a win)" if tp == mp else ""
        self.emit("result", f"Trigger side {tp} against monster side {mp}: seat {b['trigger']} "
                            f"{'wins' if win else 'loses'}{tie}.", "XJ-3.9", trigger=tp, monster=mp,
                  result=b["result"], seat=b["trigger"])
        part = "win" if win else "lose"
        self.goto("battle." + part)
        ops = getattr(d, part)
        text = getattr(d.text, part)
        self.emit(part + "_effect", f"{d.name.en}'s {part} effect: {text.en if text else 'nothing happens.'}",
                  "XJ-3.10" if win else "XJ-3.11", card=d.id)
        ctx = self.monster_ctx(part)
        self.then(*[("op", {"call": op, "ctx": ctx}) for op in ops], ("take_pet" if win else "monster_away", {}))

    def do_take_pet(self) -> None:
        b = self.battle
        t = b["trigger"]
        self.goto("battle.pet")
        uid = b["monster"]
        d = self.cards[uid].d
        self.move(uid, "pets", t)
        self.emit("pet", f"Seat {t} takes {d.name.en} as a pet ({d.element}).", "XJ-3.10", seat=t, card=d.id)
        self.later("pet_gained", seat=t)
        same = [u for u in self.p[t].pets if self.cards[u].d.element == d.element]
        if len(same) > 1:
            opts = [({"card": u, "name": self.cards[u].cid}, f"Keep {self.name(u)} (power {self.cards[u].d.power})")
                    for u in same]
            self.ask(t, "keep_pet", f"Seat {t} now has two {d.element} pets: keep one", opts, "XJ-3.12", seat=t)

    def do_pet_gained(self, seat: int) -> None:
        for s in reversed(self.order_from(seat)):      # queued: they act in seat order
            if self.p[s].team == self.p[seat].team:
                self.run_skills("pet_gained", s)

    def choose_keep_pet(self, choice, action) -> None:
        seat, keep = choice.ctx["seat"], action.args["card"]
        el = self.cards[keep].d.element
        for u in list(self.p[seat].pets):
            if u != keep and self.cards[u].d.element == el:
                self.emit("drop_pet", f"Seat {seat} keeps {self.name(keep)} and discards {self.name(u)}.", "XJ-3.12",
                          seat=seat, card=self.cards[u].cid)
                self.discard_card(u)

    def do_monster_away(self) -> None:
        b = self.battle
        if b is not None and self.zone[b["monster"]] == "table":
            self.emit("monster_away", f"{self.name(b['monster'])} is discarded.", "XJ-3.11")
            self.discard_card(b["monster"])

    def do_battle_end(self) -> None:
        b = self.battle
        self.goto("battle.end")
        if self.zone[b["monster"]] == "table":
            self.emit("monster_away", f"{self.name(b['monster'])} is discarded: the battle had no result.", "XJ-3.17")
            self.discard_card(b["monster"])
        self.later("after_battle")
        for s in self.order_from(b["trigger"]):
            self.run_skills("battle_end", s)

    def do_after_battle(self) -> None:
        t = self.battle["trigger"]
        self.battle = None
        if self.monsters_exhausted():
            return
        if self.skill(t, "two_battles") is not None and self.fought == 1:
            self.goto("battle.choose", "XJ-8.1")      # the Wine Sword Immortal may fight again
        else:
            self.do_draw_phase()

    # ----- monster-effect procedures -------------------------------------------------------------------------
    def do_strip_most(self, n: int, ctx: dict) -> None:
        order = self.order_from(ctx["by"])
        count = {s: (self.p[s].weapon is not None) + (self.p[s].armour is not None) for s in order}
        most = max(count.values(), default=0)
        if most == 0:
            return
        for s in reversed(order):               # queued, so they run in seat order
            if count[s] == most:
                self.lose_card(s, s, "discard_chosen", {"seat": s, "clause": ctx["clause"], "why": ctx["why"]},
                               f"Seat {s}: choose a piece of equipment to lose", ctx["clause"], hand=False)

    def do_discard_for_hp(self, seat: int, n: int, ctx: dict) -> None:
        pl = self.p[seat]
        if not pl.in_game:
            return
        opts, seen = [], set()
        for u in pl.hand + [u for u in (pl.weapon, pl.armour) if u is not None]:
            key = (self.cards[u].cid, self.zone[u])
            if key not in seen:
                seen.add(key)
                where = "" if self.zone[u] == "hand" else " (in play)"
                opts.append(Action("discard_for_hp", seat, {"card": u, "name": self.cards[u].cid},
                                   f"Discard {self.name(u)}{where} for {n} HP", ctx["clause"]))
        if not opts:
            return
        opts.append(Action("stop", seat, {}, "Stop discarding", ctx["clause"]))
        self.ask(seat, "discard_for_hp", f"Seat {seat}: discard cards for {n} HP each?", opts, ctx["clause"],
                 n=n, ctx=ctx, offers=["discard_for_hp", "stop"])

    def choose_discard_for_hp(self, choice, action) -> None:
        if action.kind == "stop":
            return
        c = choice.ctx
        uid = action.args["card"]
        self.emit("discard", f"Seat {action.player} discards {self.name(uid)}.", c["ctx"]["clause"], seat=action.player,
                  card=self.cards[uid].cid)
        self.discard_card(uid)
        self.heal(action.player, c["n"], c["ctx"]["clause"], c["ctx"]["why"])
        self.later("discard_for_hp", seat=action.player, n=c["n"], ctx=c["ctx"])

    def do_take_from(self, seat: int, ctx: dict) -> None:
        you = ctx["by"]
        self.lose_card(seat, you, "take_chosen", {"seat": you, "clause": ctx["clause"], "why": ctx["why"]},
                       f"Take a piece of equipment or a random hand card from seat {seat}", ctx["clause"])

    def do_earth_swap(self, seats: list, ctx: dict) -> None:
        b = self.battle
        if b is None or self.zone[b["monster"]] != "table":
            return
        for k, s in enumerate(seats):
            earth = [u for u in self.p[s].pets if self.cards[u].d.element == "earth"] if self.p[s].in_game else []
            if earth:
                old = earth[0]
                opts = [Action("swap_pet", s, {"card": old, "name": self.cards[old].cid},
                               f"Swap {self.name(old)} for {self.name(b['monster'])}", ctx["clause"]),
                        Action("pass", s, {}, f"Keep {self.name(old)}", ctx["clause"])]
                self.ask(s, "earth_swap", f"Seat {s}: swap your earth pet for {self.name(b['monster'])}?", opts,
                         ctx["clause"], rest=seats[k + 1:], ctx=ctx, offers=["swap_pet", "pass"])
                return

    def choose_earth_swap(self, choice, action) -> None:
        if action.kind == "pass":
            self.later("earth_swap", seats=choice.ctx["rest"], ctx=choice.ctx["ctx"])
            return
        seat, old = action.player, action.args["card"]
        new = self.battle["monster"]
        self.emit("swap_pet", f"Seat {seat} discards {self.name(old)} and takes {self.name(new)} as a pet instead.",
                  choice.clause, seat=seat, card=self.cards[new].cid)
        self.discard_card(old)
        self.move(new, "pets", seat)
        self.later("pet_gained", seat=seat)         # a pet gained from a monster (Loving Care)
