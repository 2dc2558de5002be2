"""The attack phase: declaring attacks and link attacks, counter windows, the battle result,
Penetrate, Soulguard, Counterattack and Double Attack.

An attack is a small sequence of procedures: windows (BF-6.6) -> result (BF-6.7 / BF-6.9) ->
Penetrate (BF-9.1) -> Counterattack (BF-9.6) -> end of battle (BF-9.5, BF-6.3).
"""
from __future__ import annotations

from itertools import combinations

from ...core.actions import Action

AREAS = ("left", "center", "right")


class BattleMixin:
    # ----- declaring -------------------------------------------------------------------------------------
    def attackers_available(self, seat: int) -> list[str]:
        """Standing cards that may attack: monsters, and the item only while the center is
        empty (BF-6.2)."""
        f = self.fighters[seat]
        out = [a for a in AREAS if f.areas[a] is not None and not self.cards[f.areas[a]].rested]
        it = f.areas["item"]
        if it is not None and f.areas["center"] is None and not self.cards[it].rested:
            out.append("item")
        return out

    def first_turn_limit(self) -> bool:
        """The first player attacks only once on the first turn (BF-6.3)."""
        return self.turn == 1 and self.attacks >= 1

    def attack_actions(self) -> list[Action]:
        seat = self.turn_player
        out: list[Action] = []
        if not self.first_turn_limit():
            ready = self.attackers_available(seat)
            opp = self.fighters[1 - seat]
            targets = [a for a in AREAS if opp.areas[a] is not None]
            if opp.areas["center"] is None:
                targets.append("fighter")          # BF-6.5
            max_size = len(ready)
            if self.turn == 1 and not self.options["first_turn_link_attack"]:
                max_size = 1
            mine = {g: self.cards[self._area_uid(seat, g)].d.name.en for g in ready}
            tnames = {t: "the fighter" if t == "fighter" else f"{self.cards[opp.areas[t]].d.name.en} ({t})"
                      for t in targets}
            for k in range(1, max_size + 1):
                kind, clause = ("Link attack", "BF-6.4") if k > 1 else ("Attack", "BF-6.2")
                for group in combinations(ready, k):
                    head = f"{kind}: {' + '.join(mine[g] for g in group)} -> "
                    for t in targets:
                        out.append(Action("attack", seat, {"attackers": list(group), "target": t},
                                          head + tnames[t], clause))
        out.append(Action("end_attack", seat, {}, "End the attack phase", "BF-6.12"))
        return out

    def _area_uid(self, seat: int, area: str) -> int:
        return self.fighters[seat].areas[area]

    def act_attack(self, action: Action) -> None:
        seat = action.player
        group, target = action.args["attackers"], action.args["target"]
        uids = [self._area_uid(seat, a) for a in group]
        for u in uids:
            self.cards[u].rested = True
        tuid = "fighter" if target == "fighter" else self._area_uid(1 - seat, target)
        self.attacks += 1
        self.battle = {"attacker": seat, "defender": 1 - seat, "attackers": uids, "target": tuid,
                       "target_area": target, "nullified": False, "link": len(uids) > 1}
        names = " + ".join(self.cards[u].d.name.en for u in uids)
        tname = "the fighter" if tuid == "fighter" else self.cards[tuid].d.name.en
        self.emit("attack", f"Seat {seat} {'link ' if len(uids) > 1 else ''}attacks {tname} with {names}.",
                  "BF-6.4" if len(uids) > 1 else "BF-6.2", seat=seat, attackers=group, target=target)
        self.then(("window", {"owner": 1 - seat, "node": "attack.counter"}),
                  ("window", {"owner": seat, "node": "attack.counter"}),
                  ("battle_result", {}), ("battle_end", {}))

    def act_end_attack(self, action: Action) -> None:
        self.emit("end_attack", f"Seat {action.player} ends the attack phase.", "BF-6.12")
        self.goto("final.impacts")

    # ----- the battle --------------------------------------------------------------------------------------
    def battle_live(self) -> bool:
        """Still an attack to resolve: not nullified, some attacker left (BF-6.10, BF-6.11)."""
        b = self.battle
        if not b or b["nullified"]:
            return False
        b["attackers"] = [u for u in b["attackers"] if self.on_field(u) and self.cards[u].owner == b["attacker"]]
        if not b["attackers"]:
            return False
        return b["target"] == "fighter" or self.on_field(b["target"])

    def do_battle_result(self) -> None:
        self.goto("attack.battle")
        b = self.battle
        if b["nullified"]:
            return
        if not self.battle_live():
            gone = not b["attackers"]
            why = "no attacking card is left" if gone else "its target has left the field"
            self.emit("attack_ends", f"The attack ends: {why}.", "BF-6.10" if gone else "BF-6.13")
            b["nullified"] = True
            return
        total = sum(self.power(u) for u in b["attackers"])
        if b["target"] == "fighter":
            crits = [self.critical(u) for u in b["attackers"]]
            if len(crits) > 1 and self.options["link_critical"] == "one":
                opts = [({"card": u, "name": self.cards[u].cid}, f"{self.cards[u].d.name.en} (critical "
                         f"{self.critical(u)})") for u in b["attackers"]]
                self.ask(b["attacker"], "link_critical", "Choose whose critical the link attack deals", opts,
                         "BF-6.9")
                return
            self.deal_damage(b["defender"], sum(crits), "BF-6.9")
            return
        t = b["target"]
        dfn = self.defense(t)
        if total >= dfn:
            self.emit("battle", f"Power {total} against defense {dfn}: "
                                f"{self.cards[t].d.name.en} is destroyed.", "BF-6.7", power=total, defense=dfn)
            b["center_hit"] = self.cards[t].zone == "center"
            self.then(("destroy", {"uid": t, "clause": "BF-6.7", "why": "in battle"}), ("penetrate", {}),
                      ("counterattack", {}))
        else:
            self.emit("battle", f"Power {total} against defense {dfn}: {self.cards[t].d.name.en} survives; "
                                f"the attacker is not harmed by the result.", "BF-6.8", power=total, defense=dfn)
            self.later("counterattack")

    def choose_link_critical(self, choice, action) -> None:
        self.deal_damage(self.battle["defender"], self.critical(action.args["card"]), "BF-6.9")

    def do_penetrate(self) -> None:
        """Destroying the center monster lets [Penetrate] attackers hit the fighter (BF-9.1)."""
        b = self.battle
        t = b["target"]
        if not b.get("center_hit") or self.cards[t].zone != "drop":
            return
        pens = [u for u in b["attackers"] if self.on_field(u) and self.has_kw(u, "penetrate")]
        if pens:
            self.deal_damage(b["defender"], sum(self.critical(u) for u in pens), "BF-9.1")

    def do_counterattack(self) -> None:
        """A surviving attacked monster with [Counterattack] destroys an attacking monster whose
        defense its power reaches; never an item; once per battle (BF-9.6, BF-7.3)."""
        b = self.battle
        t = b["target"]
        if t == "fighter" or not self.on_field(t) or not self.has_kw(t, "counterattack"):
            return
        pw = self.power(t)
        hits = [u for u in b["attackers"] if self.on_field(u) and self.cards[u].zone != "item"
                and self.defense(u) <= pw]
        if not hits:
            self.emit("counterattack", f"{self.cards[t].d.name.en} counterattacks, but its power {pw} reaches "
                                       f"no attacker's defense.", "BF-9.6")
            return
        if len(hits) == 1:
            self._counterattack(t, hits[0])
            return
        opts = [({"card": u, "name": self.cards[u].cid, "area": self.cards[u].zone},
                 f"{self.cards[u].d.name.en} (defense {self.defense(u)})") for u in hits]
        self.ask(b["defender"], "counterattack", "Counterattack: choose the attacking monster to destroy", opts,
                 "BF-9.6", source=t)

    def choose_counterattack(self, choice, action) -> None:
        self._counterattack(choice.ctx["source"], action.args["card"])

    def _counterattack(self, src: int, victim: int) -> None:
        self.emit("counterattack", f"{self.cards[src].d.name.en} counterattacks "
                                   f"{self.cards[victim].d.name.en}.", "BF-9.6")
        self.later("destroy", uid=victim, clause="BF-9.6", why="by [Counterattack]")

    def do_battle_end(self) -> None:
        b = self.battle
        self.goto("attack.end")
        self.expire("battle")            # "for this battle" effects end (BF-6.14)
        for u in b["attackers"]:
            c = self.cards[u]
            if self.on_field(u) and self.has_kw(u, "double_attack") and not c.dbl_used and c.rested:
                c.rested = False
                c.dbl_used = True
                self.emit("double_attack", f"{c.d.name.en} stands and may attack once more.", "BF-9.5")
        self.battle = None
        if self.first_turn_limit():
            self.emit("first_turn", "The first player's single first-turn attack is done.", "BF-6.3")
            self.goto("final.impacts")
        else:
            self.goto("attack.declare")

    # ----- destruction and Soulguard -------------------------------------------------------------------------
    def do_destroy(self, uid: int, clause: str, why: str) -> None:
        if not self.on_field(uid):
            return
        c = self.cards[uid]
        if c.zone != "item" and self.has_kw(uid, "soulguard") and c.soul:
            self.ask(c.owner, "soulguard", f"{c.d.name.en} would be destroyed {why}: use [Soulguard]?",
                     [({"use": True}, "Use Soulguard (drop one soul card)"), ({"use": False}, "Let it be destroyed")],
                     "BF-9.3", uid=uid, dclause=clause, leave="destroyed")
            return
        self._destroyed(uid, clause)

    def _destroyed(self, uid: int, clause: str) -> None:
        c = self.cards[uid]
        self.emit("destroy", f"{c.d.name.en} is destroyed and goes to the drop zone.", clause,
                  card=c.cid, seat=c.owner)
        self.to_drop(uid)

    def choose_soulguard(self, choice, action) -> None:
        uid = choice.ctx["uid"]
        c = self.cards[uid]
        if action.args["use"]:
            s = c.soul[-1]
            self.remove(s)
            self.put(s, "drop")
            self.emit("soulguard", f"{c.d.name.en} drops a soul card and stays on the field.", "BF-9.3",
                      card=c.cid)
            return
        if choice.ctx["leave"] == "destroyed":
            self._destroyed(uid, choice.ctx["dclause"])
        else:
            self._bounced(uid)

    def do_bounce(self, uid: int) -> None:
        """Returned to hand by an effect; Soulguard protects against this too (decision 4)."""
        if not self.on_field(uid):
            return
        c = self.cards[uid]
        if self.has_kw(uid, "soulguard") and c.soul:
            self.ask(c.owner, "soulguard", f"{c.d.name.en} would return to the hand: use [Soulguard]?",
                     [({"use": True}, "Use Soulguard (drop one soul card)"), ({"use": False}, "Let it return")],
                     "BF-9.3", uid=uid, dclause="BF-9.3", leave="hand")
            return
        self._bounced(uid)

    def _bounced(self, uid: int) -> None:
        c = self.cards[uid]
        self.to_drop(uid, "hand")
        self.emit("bounce", f"{c.d.name.en} returns to its owner's hand.", "BF-9.3", card=c.cid)
