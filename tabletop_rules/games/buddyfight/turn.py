"""The turn outside battles: start phase, main phase (call, equip, cast, [Act], buddy call),
the move window at the start of the attack phase, the final phase and the end of the turn.
"""
from __future__ import annotations

from ...core.actions import Action

AREAS = ("left", "center", "right")


class TurnMixin:
    # ----- start phase (BF-4.1 .. BF-4.3) -----------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        self.turn += 1
        self.turn_player = seat
        self.attacks = 0
        self.used_once = []
        f = self.fighters[seat]
        f.charged = False
        self.goto("start.stand")
        self.emit("turn", f"Turn {self.turn}: seat {seat}'s turn begins.", "BF-4.1", seat=seat, turn=self.turn)
        for u in list(f.areas.values()):
            if u is not None:
                self.cards[u].rested = False
                self.cards[u].dbl_used = False
        self.emit("stand", f"Seat {seat} stands every card on the field.", "BF-4.1", seat=seat)
        if self.turn == 1:
            # The first player skips the draw of the first turn (BF-4.2).
            self.emit("no_draw", f"Seat {seat} goes first and does not draw this turn.", "BF-4.2", seat=seat)
        else:
            self.goto("start.draw")
            self.draw(seat, 1, "BF-4.2")
            if self.is_over:
                return
        self.goto("start.charge")

    def charge_actions(self) -> list[Action]:
        seat = self.turn_player
        f = self.fighters[seat]
        out, seen = [], set()
        if f.deck:
            for uid in f.hand:
                cid = self.cards[uid].cid
                if cid in seen:
                    continue
                seen.add(cid)
                out.append(Action("charge", seat, {"card": uid, "name": cid},
                                  f"Charge {self.cards[uid].d.name.en} and draw", "BF-4.3"))
        out.append(Action("skip_charge", seat, {}, "Do not charge", "BF-4.3"))
        return out

    def act_charge(self, action: Action) -> None:
        seat, uid = action.player, action.args["card"]
        self.remove(uid)
        self.put(uid, "gauge")
        self.fighters[seat].charged = True
        self.emit("charge", f"Seat {seat} charges {self.cards[uid].d.name.en} into the gauge.", "BF-4.3",
                  seat=seat, only=seat, public=f"Seat {seat} charges a card from hand into the gauge.")
        self.draw(seat, 1, "BF-4.3")
        if not self.is_over:
            self.goto("main.actions")

    def act_skip_charge(self, action: Action) -> None:
        self.goto("main.actions")

    # ----- main phase (BF-5.x) --------------------------------------------------------------------------
    def main_actions(self) -> list[Action]:
        seat = self.turn_player
        f = self.fighters[seat]
        out: list[Action] = []
        buddy_name = self.cards[f.buddy].d.name.en
        seen = set()
        # What calling into each area would drop (BF-5.3), said in the action's label.
        notes = [(a, f" (drops {self.cards[f.areas[a]].d.name.en})" if f.areas[a] is not None else "")
                 for a in AREAS]
        for uid in f.hand:
            d = self.cards[uid].d
            if d.id in seen or d.type not in ("monster", "item") or not self.usable(seat, uid):
                continue
            seen.add(d.id)
            if not self.can_pay(seat, d.cost, uid):
                continue
            if d.type == "item":
                out.append(Action("equip", seat, {"card": uid, "name": d.id}, f"Equip {d.name.en}", "BF-5.5"))
                continue
            for area, note in notes:
                out.append(Action("call", seat, {"card": uid, "name": d.id, "area": area},
                                  f"Call {d.name.en} to {area}{note}", "BF-5.2"))
                if d.name.en == buddy_name and not f.buddy_called:
                    out.append(Action("call", seat, {"card": uid, "name": d.id, "area": area, "buddy": True},
                                      f"Buddy call {d.name.en} to {area}{note} (+1 life)", "BF-5.9"))
        out += self.spell_actions(seat, counter_only=False)
        out += self.ability_actions(seat, counter_only=False)
        out.append(Action("end_main", seat, {}, "End the main phase", "BF-5.1"))
        return out

    def act_call(self, action: Action) -> None:
        a, seat = action.args, action.player
        uid = a["card"]
        d = self.cards[uid].d
        self.remove(uid)
        buddy = bool(a.get("buddy"))
        self.emit("call", f"Seat {seat} {'buddy ' if buddy else ''}calls {d.name.en} to the {a['area']}.",
                  "BF-5.9" if buddy else "BF-5.2", seat=seat, card=d.id, area=a["area"])
        self.later("place", uid=uid, area=a["area"], buddy=buddy)
        self.pay(seat, d.cost, uid)

    def do_place(self, uid: int, area: str, buddy: bool) -> None:
        c = self.cards[uid]
        seat = c.owner
        f = self.fighters[seat]
        old = f.areas[area]
        if old is not None:
            # Calling over a monster drops it, soul and all (BF-5.3); it is not destroyed.
            self.emit("drop", f"{self.cards[old].d.name.en} is dropped to make room.", "BF-5.3",
                      card=self.cards[old].cid)
            self.to_drop(old)
        self.put(uid, area)
        if buddy:
            f.buddy_called = True
            self.cards[f.buddy].rested = True
            self.emit("buddy_gift", f"Buddy call! Seat {seat} turns the buddy sideways and gains 1 life.",
                      "BF-5.9", seat=seat)
            self.gain_life(seat, 1, "BF-5.9")
        if c.d.cost.soul_from_deck:
            self.deck_to_soul(seat, uid, c.d.cost.soul_from_deck)
            if self.is_over:
                return
        steps = [("size_check", {"seat": seat, "new": uid})]
        steps += [("enter", {"uid": uid, "ability": i}) for i, ab in enumerate(c.d.abilities) if ab.when == "enter"]
        self.then(*steps)

    def size_total(self, seat: int) -> int:
        return sum(self.cards[u].d.size or 0 for u in self.monsters(seat))

    def do_size_check(self, seat: int, new: int) -> None:
        """Over size 3 after a call: the caller drops earlier monsters of its choice (BF-5.4)."""
        if self.size_total(seat) <= 3:
            return
        opts = [({"card": u, "name": self.cards[u].cid, "area": self.cards[u].zone},
                 f"Drop {self.cards[u].d.name.en} ({self.cards[u].zone}, size {self.cards[u].d.size})")
                for u in self.monsters(seat) if u != new and (self.cards[u].d.size or 0) > 0]
        self.ask(seat, "size_drop", f"Total size {self.size_total(seat)} is over 3: choose a monster to drop",
                 opts, "BF-5.4", seat=seat, new=new)

    def choose_size_drop(self, choice, action) -> None:
        uid = action.args["card"]
        self.emit("drop", f"{self.cards[uid].d.name.en} is dropped to keep the size at 3 or less.", "BF-5.4",
                  card=self.cards[uid].cid)
        self.to_drop(uid)
        self.later("size_check", **choice.ctx)

    def do_enter(self, uid: int, ability: int) -> None:
        """A "when this card enters" ability: on the chain once per entry (BF-5.13)."""
        if self.on_field(uid):
            self.later("chain_add", item={"kind": "enter", "by": self.cards[uid].owner, "card": uid,
                                          "ability": ability, "target": None})

    def act_equip(self, action: Action) -> None:
        seat, uid = action.player, action.args["card"]
        d = self.cards[uid].d
        self.remove(uid)
        self.emit("equip", f"Seat {seat} equips {d.name.en}.", "BF-5.5", seat=seat, card=d.id)
        self.later("place_item", uid=uid)
        self.pay(seat, d.cost, uid)

    def do_place_item(self, uid: int) -> None:
        f = self.fighters[self.cards[uid].owner]
        old = f.areas["item"]
        if old is not None:
            self.emit("drop", f"{self.cards[old].d.name.en} is dropped for the new item.", "BF-5.5",
                      card=self.cards[old].cid)
            self.to_drop(old)
        self.put(uid, "item")

    def act_end_main(self, action: Action) -> None:
        self.emit("end_main", f"Seat {action.player} ends the main phase.", "BF-5.1")
        self.then(("window", {"owner": 1 - action.player, "node": "main.end"}), ("attack_start", {}))

    # ----- attack phase start: move (BF-6.1, BF-9.4) ----------------------------------------------------
    def move_options(self, seat: int) -> list[Action]:
        f = self.fighters[seat]
        empty = [a for a in AREAS if f.areas[a] is None]
        out = []
        for a in AREAS:
            u = f.areas[a]
            if u is not None and self.has_kw(u, "move") and u not in self.moved:
                for to in empty:
                    out.append(Action("move", seat, {"card": u, "name": self.cards[u].cid, "from": a, "to": to},
                                      f"Move {self.cards[u].d.name.en} from {a} to {to}", "BF-9.4"))
        return out

    def do_attack_start(self) -> None:
        self.moved = []
        tp = self.turn_player
        movers = [s for s in (tp, 1 - tp) if self.move_options(s)]
        if movers:
            self.goto("attack.move")
            # The turn player moves first, then the opponent (decision 8).
            self.then(("move_window", {"seat": tp}), ("move_window", {"seat": 1 - tp}), ("enter_declare", {}))
        else:
            self.goto("attack.declare")

    def do_move_window(self, seat: int) -> None:
        acts = self.move_options(seat)
        if acts:
            acts.append(Action("pass", seat, {}, "Do not move", "BF-6.1"))
            self.ask(seat, "move", "Move a monster with [Move], or pass", acts, "BF-6.1", seat=seat,
                     offers=["move", "pass"])

    def choose_move(self, choice, action) -> None:
        if action.kind == "pass":
            return
        a = action.args
        self.remove(a["card"])
        self.put(a["card"], a["to"])
        self.moved.append(a["card"])
        self.emit("move", f"{self.cards[a['card']].d.name.en} moves from {a['from']} to {a['to']}.", "BF-9.4")
        self.later("move_window", seat=choice.player)

    def do_enter_declare(self) -> None:
        self.goto("attack.declare")

    # ----- final phase and end of turn (BF-8.1, BF-8.2) ----------------------------------------------
    def final_actions(self) -> list[Action]:
        seat = self.turn_player
        out = self.spell_actions(seat, counter_only=True, impacts=True)
        out += self.ability_actions(seat, counter_only=True)
        out.append(Action("end_turn", seat, {}, "End the turn", "BF-8.2"))
        return out

    def act_end_turn(self, action: Action) -> None:
        seat = action.player
        self.goto("end.turn")
        self.expire("turn")
        self.emit("end_turn", f"Seat {seat}'s turn ends; effects until end of turn end.", "BF-8.2", seat=seat)
        self.start_turn(1 - seat)
