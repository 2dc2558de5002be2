"""Costs, using spells and abilities, the chain of responses, and counter windows.

- Costs (BF-5.10): every part must be payable before a card is offered; gauge, discards and
  soul are paid one card at a time by the payer's choice (decision 15), life at once.
- Using a spell or ability puts it on the chain; the other fighter may respond with a
  [Counter] (BF-7.2). When a fighter declines, the chain resolves newest first and each
  item's target and condition are checked again (BF-7.4).
- Counter windows (BF-6.6, BF-7.2): after an attack is declared (defender, then attacker) and
  at the end of the turn player's main phase (the opponent). A fighter with nothing playable
  is not asked: the window passes by itself.
"""
from __future__ import annotations

from ...core.actions import Action
from .effects import CONDITIONS, OPS

WINDOW_KINDS = ["cast", "act", "pass"]      # what a counter window can be answered with

# Where a response is made, by where the chain started (flow.yaml nodes).
RESPONSE_NODE = {"main.actions": "main.counter", "main.counter": "main.counter", "main.end": "main.end",
                 "attack.counter": "attack.counter", "final.impacts": "final.counter",
                 "final.counter": "final.counter"}


class ChainMixin:
    # ----- costs -----------------------------------------------------------------------------------
    def can_pay(self, seat: int, cost, uid: int | None = None) -> bool:
        f = self.fighters[seat]
        if cost.gauge > len(f.gauge) or cost.life > f.life:
            return False
        in_hand = 1 if uid is not None and self.cards[uid].zone == "hand" else 0
        if cost.discard > len(f.hand) - in_hand:
            return False
        if cost.soul and (uid is None or len(self.cards[uid].soul) < cost.soul):
            return False
        return cost.soul_from_deck <= len(f.deck)

    def pay(self, seat: int, cost, uid: int | None = None) -> None:
        """Queue the payment of a cost (runs before whatever is queued after it)."""
        if cost.life:
            self.pay_life(seat, cost.life)
        self.later("pay", seat=seat, gauge=cost.gauge, discard=cost.discard, soul=cost.soul, uid=uid)

    def do_pay(self, seat, gauge, discard, soul, uid):
        f = self.fighters[seat]
        ctx = {"seat": seat, "gauge": gauge, "discard": discard, "soul": soul, "uid": uid}
        if gauge:
            if gauge >= len(f.gauge):
                for g in list(f.gauge):
                    self._drop_paid(seat, g, "gauge")
            else:
                # Face-down gauge cards are told apart by position only (decision 15).
                opts = [({"slot": i}, f"Gauge card {i + 1} (face down)") for i in range(len(f.gauge))]
                self.ask(seat, "pay_gauge", f"Choose a gauge card to pay ({gauge} to pay)", opts, "BF-5.10", **ctx)
                return
        if discard:
            if discard >= len(f.hand):
                for h in list(f.hand):
                    self._drop_paid(seat, h, "discard")
            else:
                opts = [({"card": h, "name": self.cards[h].cid}, f"Discard {self.cards[h].d.name.en}")
                        for h in f.hand]
                self.ask(seat, "pay_discard", f"Choose a card to discard ({discard} to pay)", opts, "BF-5.10",
                         **dict(ctx, gauge=0))
                return
        if soul and uid is not None:
            souls = self.cards[uid].soul
            if soul >= len(souls):
                for s in list(souls):
                    self._drop_paid(seat, s, "soul")
            else:
                opts = [({"card": s, "name": self.cards[s].cid}, f"Soul card {self.cards[s].d.name.en}")
                        for s in souls]
                self.ask(seat, "pay_soul", f"Choose a soul card to pay ({soul} to pay)", opts, "BF-5.10",
                         **dict(ctx, gauge=0, discard=0))

    def _drop_paid(self, seat: int, uid: int, how: str) -> None:
        self.remove(uid)
        self.put(uid, "drop")
        what = {"gauge": "1 gauge", "discard": f"a discard ({self.cards[uid].d.name.en})",
                "soul": f"a soul card ({self.cards[uid].d.name.en})"}[how]
        self.emit("pay", f"Seat {seat} pays {what}.", "BF-5.10", seat=seat, how=how)

    def choose_pay_gauge(self, choice, action):
        c = choice.ctx
        self._drop_paid(c["seat"], self.fighters[c["seat"]].gauge[action.args["slot"]], "gauge")
        self.later("pay", seat=c["seat"], gauge=c["gauge"] - 1, discard=c["discard"], soul=c["soul"], uid=c["uid"])

    def choose_pay_discard(self, choice, action):
        c = choice.ctx
        self._drop_paid(c["seat"], action.args["card"], "discard")
        self.later("pay", seat=c["seat"], gauge=0, discard=c["discard"] - 1, soul=c["soul"], uid=c["uid"])

    def choose_pay_soul(self, choice, action):
        c = choice.ctx
        self._drop_paid(c["seat"], action.args["card"], "soul")
        self.later("pay", seat=c["seat"], gauge=0, discard=0, soul=c["soul"] - 1, uid=c["uid"])

    # ----- what can be used --------------------------------------------------------------------------
    def conditions_hold(self, seat: int, eff) -> bool:
        for c in eff.condition:
            if not CONDITIONS[c](self, seat):
                return False
        return True

    def target_options(self, seat: int, eff, source: int | None = None) -> list[int | None]:
        """Legal targets of an effect; [None] when it takes none; [] when it cannot be used."""
        t = eff.target
        if t is None:
            return [None]
        if t.who == "self":
            return [source] if source is not None and self.on_field(source) else []
        out = []
        for s in (seat, 1 - seat):
            for uid in self.monsters(s):
                if self.matches(t, s, uid, seat):
                    out.append(uid)
        return out

    def _at(self, uid: int) -> str:
        c = self.cards[uid]
        return f"{c.owner}:{c.zone}"

    def _target_label(self, uid):
        c = self.cards[uid]
        return f" on {c.d.name.en} (seat {c.owner} {c.zone})"

    def spell_actions(self, seat: int, counter_only: bool, impacts: bool = False) -> list[Action]:
        """Spells (and impacts in the final phase) castable from hand now (BF-5.6, BF-7.1, BF-8.1)."""
        out = []
        f = self.fighters[seat]
        seen = set()
        for uid in f.hand:
            d = self.cards[uid].d
            if d.type == "impact":
                if not impacts:
                    continue
            elif d.type != "spell" or (counter_only and "counter" not in d.keywords):
                continue
            if d.id in seen or not self.usable(seat, uid) or not self.can_pay(seat, d.cost, uid):
                continue
            if not self.conditions_hold(seat, d.effect):
                continue
            seen.add(d.id)           # copies of one card are the same choice
            for tgt in self.target_options(seat, d.effect):
                args = {"card": uid, "name": d.id}
                label = f"Cast {d.name.en}"
                if tgt is not None:
                    args.update(target=tgt, at=self._at(tgt))
                    label += self._target_label(tgt)
                out.append(Action("cast", seat, args, label, "BF-8.1" if d.type == "impact" else "BF-5.6"))
        return out

    def ability_actions(self, seat: int, counter_only: bool) -> list[Action]:
        """[Act] abilities of the seat's cards on the field and in the set area (BF-5.8)."""
        out = []
        f = self.fighters[seat]
        sources = [u for u in f.areas.values() if u is not None] + list(f.set)
        for uid in sources:
            d = self.cards[uid].d
            for i, ab in d.acts:
                if counter_only and not ab.counter:
                    continue
                if ab.limit == "once_per_turn" and [uid, i] in self.used_once:
                    continue
                if not self.can_pay(seat, ab.cost, uid) or not self.conditions_hold(seat, ab):
                    continue
                for tgt in self.target_options(seat, ab, uid):
                    args = {"card": uid, "name": d.id, "ability": i}
                    label = f"Use [Act] of {d.name.en}: {ab.text or ''}".rstrip(": ")
                    if tgt is not None and tgt != uid:
                        args.update(target=tgt, at=self._at(tgt))
                        label += self._target_label(tgt)
                    out.append(Action("act", seat, args, label, "BF-5.8"))
        return out

    def counter_actions(self, seat: int) -> list[Action]:
        f = self.fighters[seat]
        cards = self.cards
        # Quick check first: most of the time a fighter holds no counter at all.
        if not any(cards[u].d.is_counter for u in f.hand) and not any(
                u is not None and cards[u].d.is_counter for u in f.areas.values()) and not any(
                cards[u].d.is_counter for u in f.set):
            return []
        return self.spell_actions(seat, True) + self.ability_actions(seat, True)

    # ----- using a card puts it on the chain --------------------------------------------------------------
    def act_cast(self, action: Action) -> None:
        a = action.args
        uid, seat = a["card"], action.player
        d = self.cards[uid].d
        self.remove(uid)
        self.cards[uid].zone = "playing"
        self.emit("cast", f"Seat {seat} casts {d.name.en} (shown to both fighters).",
                  "BF-8.1" if d.type == "impact" else "BF-5.6", seat=seat, card=d.id)
        self.later("chain_add", item={"kind": d.type, "by": seat, "card": uid, "target": a.get("target")})
        self.pay(seat, d.cost, uid)

    def act_act(self, action: Action) -> None:
        a = action.args
        uid, seat, i = a["card"], action.player, a["ability"]
        d = self.cards[uid].d
        ab = d.abilities[i]
        if ab.limit == "once_per_turn":
            self.used_once.append([uid, i])
        self.emit("act", f"Seat {seat} uses [Act] of {d.name.en}.", "BF-5.8", seat=seat, card=d.id)
        self.later("chain_add", item={"kind": "ability", "by": seat, "card": uid, "ability": i,
                                      "target": a.get("target")})
        self.pay(seat, ab.cost, uid)

    def do_chain_add(self, item: dict) -> None:
        if not self.chain:
            self.chain_home = self.phase
        self.chain.append(item)
        self.later("respond", seat=1 - item["by"])

    def do_respond(self, seat: int) -> None:
        acts = self.counter_actions(seat)
        if acts:
            self.goto(RESPONSE_NODE.get(self.phase, self.phase))
            acts.append(Action("pass", seat, {}, "Pass (let the chain resolve)", "BF-7.4"))
            self.ask(seat, "respond", "Respond with a [Counter], or pass", acts, "BF-7.4", offers=WINDOW_KINDS)
        else:
            self.later("resolve_chain")

    def choose_respond(self, choice, action: Action) -> None:
        if action.kind == "pass":
            self.later("resolve_chain")
        else:
            self._apply(action)

    def do_resolve_chain(self) -> None:
        if not self.chain:
            home, self.chain_home = self.chain_home, None
            if home:
                self.goto(home)
            return
        item = self.chain.pop()
        self.later("resolve_chain")
        self.resolve_item(item)

    def resolve_item(self, item: dict) -> None:
        uid, seat = item["card"], item["by"]
        d = self.cards[uid].d
        if item["kind"] == "enter":
            eff = d.abilities[item["ability"]]
            if eff.optional and not eff.cost.is_free():
                if self.can_pay(seat, eff.cost, uid):
                    self.ask(seat, "enter_pay", f"{d.name.en} entered: pay the optional cost?",
                             [({"pay": True}, "Pay and resolve"), ({"pay": False}, "Do not pay")], "BF-5.13",
                             item=item)
                return
            self.run_effect(eff, item)
            return
        eff = d.effect if item["kind"] in ("spell", "impact") else d.abilities[item["ability"]]
        if item["kind"] in ("spell", "impact"):
            if "set" in d.keywords:
                self.put(uid, "set")
                self.emit("set", f"{d.name.en} is set and stays in play.", "BF-5.7", card=d.id)
            else:
                self.put(uid, "drop")
        self.run_effect(eff, item)

    def choose_enter_pay(self, choice, action) -> None:
        item = choice.ctx["item"]
        eff = self.cards[item["card"]].d.abilities[item["ability"]]
        if action.args["pay"]:
            self.later("run_effect_item", item=item)
            self.pay(item["by"], eff.cost, item["card"])
        else:
            self.emit("decline", "The optional cost is not paid; the ability does nothing.", "BF-5.13")

    def do_run_effect_item(self, item):
        self.run_effect(self.cards[item["card"]].d.abilities[item["ability"]], item, recheck=False)

    def run_effect(self, eff, item: dict, recheck: bool = True) -> None:
        """Carry out an effect, checking its condition and target again first (BF-7.4)."""
        seat, d = item["by"], self.cards[item["card"]].d
        tgt = item.get("target")
        if recheck and not self.conditions_hold(seat, eff):
            self.emit("fizzle", f"{d.name.en}: its condition no longer holds, so it does nothing.", "BF-7.4")
            return
        if eff.target is not None and eff.target.who != "self":
            if tgt is None or not self.matches(eff.target, self.cards[tgt].owner, tgt, seat):
                self.emit("fizzle", f"{d.name.en}: its target no longer qualifies, so it does nothing.", "BF-7.4")
                return
        ctx = {"by": seat, "card": item["card"], "target": tgt}
        self.emit("resolve", f"{d.name.en} resolves.", "BF-5.13" if item["kind"] == "enter" else "BF-7.4",
                  card=d.id)
        for o in eff.do:
            if self.is_over:
                return
            OPS[o.op](self, ctx, o)

    # ----- counter windows -----------------------------------------------------------------------
    def do_window(self, owner: int, node: str) -> None:
        if node == "attack.counter" and not self.battle_live():
            return
        acts = self.counter_actions(owner)
        if not acts:
            return
        self.goto(node)
        acts.append(Action("pass", owner, {}, "Pass (close this counter window)", "BF-7.2"))
        self.ask(owner, "window", "Play a [Counter], or pass", acts, "BF-7.2", owner=owner, node=node,
                 offers=WINDOW_KINDS)

    def choose_window(self, choice, action: Action) -> None:
        if action.kind == "pass":
            return
        # Play the counter, then reopen the same window once the chain has resolved.
        self.later("window", owner=choice.ctx["owner"], node=choice.ctx["node"])
        self._apply(action)
