"""Playing hand cards: the skill step's actions, equipment, pawning, and the Ice Heart window.

Every skill, war or special card goes through ``play_card``: it lies on the table while the
other players holding the Ice Heart Mantra are asked, in seat order, whether to cancel it
(XJ-7.5); then it is discarded and, unless cancelled, its use runs (``card_use``). A Mantra is
played the same way, so a Mantra can be cancelled by another one.
"""
from __future__ import annotations

from ...core.actions import Action
from .registry import OPS, args_of

SKILL_CLAUSE = {"skill": "XJ-7.2", "war": "XJ-7.3", "special": "XJ-7.4"}
_LABELS: dict = {}          # action labels are pure text of names: made once, shared


def _label(kind: str, cid: str, c, *more) -> str:
    key = (kind, cid) + more
    got = _LABELS.get(key)
    if got is None:
        name = c.name
        if kind == "play":
            got = f"Play {name}"
        elif kind == "play_on":
            got = f"Play {name} on seat {more[0]} ({more[1]})"
        elif kind == "equip":
            got = f"Equip {name}" + (f" (replacing {more[0]})" if more[0] else "")
        else:
            got = f"Pawn {name}: discard it and draw {c.pawn}"
        _LABELS[key] = got
    return got


class CardPlayMixin:
    # ----- the Ice Heart window (XJ-7.5) ------------------------------------------------------------
    def play_card(self, seat: int, uid: int, proc: str, kw: dict, clause: str, target_text: str = "",
                  as_what: str | None = None) -> int:
        d = self.cards[uid].d
        self.move(uid, "table")
        pid = self.play_seq
        self.play_seq += 1
        self.plays[pid] = {"seat": seat, "card": uid, "nullified": False}
        as_ = f" as {as_what}" if as_what and d.use_at("damage") is None else ""
        self.emit("play", f"Seat {seat} plays {d.name.en}{as_}{target_text}.", clause, seat=seat, card=d.id, pid=pid)
        order = [s for s in self.order_from(seat) if s != seat]
        self.then(("respond", {"pid": pid, "order": order}), ("resolve_play", {"pid": pid, "proc": proc, "kw": kw}))
        return pid

    def nullify_options(self, seat: int, pid: int) -> list[Action]:
        out, seen = [], set()
        cards = self.cards
        for u in self.p[seat].hand:
            c = cards[u]
            if "respond" in c.at and c.cid not in seen:
                seen.add(c.cid)
                out.append(Action("nullify", seat, {"card": u, "name": c.cid, "pid": pid},
                                  f"Cancel it with {c.name}", "XJ-7.5"))
        return out

    def do_respond(self, pid: int, order: list) -> None:
        play = self.plays.get(pid)
        if play is None or play["nullified"]:
            return
        what = f"seat {play['seat']}'s {self.name(play['card'])}"
        for j, s in enumerate(order):
            if not self.p[s].in_game:
                continue
            opts = self.nullify_options(s, pid)
            if opts:
                opts.append(Action("pass", s, {}, f"Let {what} work", "XJ-7.5"))
                self.ask(s, "respond", f"Seat {s}: cancel {what}?", opts, "XJ-7.5", pid=pid, rest=order[j + 1:],
                         offers=["nullify", "pass"])
                return

    def choose_respond(self, choice, action) -> None:
        pid = choice.ctx["pid"]
        self.later("respond", pid=pid, order=choice.ctx["rest"])
        if action.kind == "nullify":
            play = self.plays[pid]
            self.play_card(action.player, action.args["card"], "nullify", {"pid": pid}, "XJ-7.5",
                           f" against seat {play['seat']}'s {self.name(play['card'])}")

    def do_nullify(self, pid: int) -> None:
        play = self.plays.get(pid)
        if play is not None:
            play["nullified"] = True

    def do_resolve_play(self, pid: int, proc: str, kw: dict) -> None:
        play = self.plays.pop(pid)
        uid = play["card"]
        if self.zone[uid] == "table":
            self.discard_card(uid)
        if play["nullified"]:
            self.emit("cancelled", f"Seat {play['seat']}'s {self.name(uid)} is cancelled and has no effect.", "XJ-7.5",
                      seat=play["seat"], card=self.cards[uid].cid)
            return
        self.later(proc, **kw)

    def do_card_use(self, cid: str, at: str, ctx: dict) -> None:
        use = self.game.cards[cid].use_at(at)
        OPS[use["op"]](self, ctx, **args_of(use, extra=("at", "target")))

    # ----- targets --------------------------------------------------------------------------------------
    def targets(self, kind: str, seat: int) -> list:
        if kind == "none":
            return [None]
        order = self.order_from(seat)
        if kind == "any":
            return order
        others = [s for s in order if s != seat]
        if kind == "other":
            return others
        if kind == "other_with_hand":
            return [s for s in others if self.p[s].hand]
        return [s for s in others if self.p[s].hand or self.p[s].weapon is not None or self.p[s].armour is not None]

    def play_actions(self, seat: int, at: str, clause: str) -> list[Action]:
        return self._hand_actions(seat, at, clause, False)

    def _hand_actions(self, seat: int, at: str, clause: str, skill_step: bool) -> list[Action]:
        """'play' actions for the cards usable ``at`` this moment (one per card name and target);
        in the skill step also 'equip' and 'pawn' (one pass over the hand: this is asked often)."""
        out = []
        seen = set()
        pl = self.p[seat]
        cards = self.cards
        targets: dict = {}
        for u in pl.hand:
            c = cards[u]
            cid = c.cid
            if cid in seen:
                continue
            seen.add(cid)
            use = c.at.get(at)
            if use is not None:
                kind = use.get("target", "none")
                ts = targets.get(kind)
                if ts is None:
                    ts = targets[kind] = self.targets(kind, seat)
                cl = SKILL_CLAUSE[c.type] if skill_step else clause
                for t in ts:
                    if t is None:
                        out.append(Action("play", seat, {"card": u, "name": cid}, _label("play", cid, c), cl))
                    else:
                        out.append(Action("play", seat, {"card": u, "name": cid, "target": t},
                                          _label("play_on", cid, c, t, self.p[t].label), cl))
            elif skill_step and c.equip:
                old = pl.weapon if c.type == "weapon" else pl.armour
                out.append(Action("equip", seat, {"card": u, "name": cid},
                                  _label("equip", cid, c, None if old is None else cards[old].name), "XJ-4.5"))
            if skill_step and c.pawn:
                out.append(Action("pawn", seat, {"card": u, "name": cid}, _label("pawn", cid, c), "XJ-7.6"))
        return out

    # ----- the skill step (XJ-4.4) -------------------------------------------------------------------------
    def skill_actions(self) -> list[Action]:
        seat = self.turn_player
        pl = self.p[seat]
        out = self._hand_actions(seat, "skill_step", "XJ-7.2", True)
        for u in (pl.weapon, pl.armour):
            if u is not None and self.cards[u].pawn:
                c = self.cards[u]
                out.append(Action("pawn", seat, {"card": u, "name": c.cid},
                                  f"Pawn {c.name} (in play): discard it and draw {c.pawn}", "XJ-7.6"))
        if pl.hooks:
            out += self.skill_step_skills(seat)
        out.append(Action("end_skill", seat, {}, "End the skill step", "XJ-4.4"))
        return out

    def card_ctx(self, seat: int, uid: int, target=None, **more) -> dict:
        d = self.cards[uid].d
        ctx = {"by": seat, "target": target, "source": "card", "card": d.id, "why": f" from {d.name.en}",
               "clause": SKILL_CLAUSE.get(d.type, "XJ-7.4"), "damage": "skill_card" if d.type == "skill" else "effect"}
        ctx.update(more)
        return ctx

    def act_play(self, action) -> None:
        seat, uid = action.player, action.args["card"]
        target = action.args.get("target")
        d = self.cards[uid].d
        at = "skill_step" if self.phase == "skill" else "before_fight"
        text = f" on seat {target}" if target is not None else ""
        self.play_card(seat, uid, "card_use", {"cid": d.id, "at": at, "ctx": self.card_ctx(seat, uid, target)},
                       SKILL_CLAUSE[d.type] if at == "skill_step" else "XJ-7.10", text)

    def act_equip(self, action) -> None:
        seat, uid = action.player, action.args["card"]
        d = self.cards[uid].d
        slot = d.type
        old = getattr(self.p[seat], slot)
        if old is not None:
            self.emit("replace", f"Seat {seat} discards {self.name(old)} to make room.", "XJ-4.5", seat=seat)
            self.discard_card(old)
        self.move(uid, slot, seat)
        self.emit("equip", f"Seat {seat} puts {d.name.en} into play as {'a weapon' if slot == 'weapon' else 'armour'}.",
                  "XJ-4.5", seat=seat, card=d.id)

    def act_pawn(self, action) -> None:
        seat, uid = action.player, action.args["card"]
        d = self.cards[uid].d
        self.emit("pawn", f"Seat {seat} pawns {d.name.en} to draw {d.pawn}.", "XJ-7.6", seat=seat, card=d.id)
        self.discard_card(uid)
        self.draw(seat, d.pawn, "XJ-7.6")

    def act_end_skill(self, action) -> None:
        self.goto("battle.choose")           # the phase event reports it

    # ----- effects that need a choice by their user -----------------------------------------------------------
    def pick_player(self, chooser: int, seats: list, proc: str, kw: dict, prompt: str, clause: str,
                    optional: bool = False) -> None:
        """``chooser`` names one of ``seats``; then ``do_<proc>(seat=..., **kw)`` runs.
        A single candidate is taken without asking (unless the pick is optional)."""
        seats = [s for s in seats if self.p[s].in_game]
        if not seats:
            return
        if len(seats) == 1 and not optional:
            self.later(proc, seat=seats[0], **kw)
            return
        opts = [({"seat": s}, f"Seat {s} ({self.p[s].label})") for s in seats]
        if optional:
            opts.append(({"seat": None}, "Nobody"))
        self.ask(chooser, "pick_player", prompt, opts, clause, proc=proc, kw=kw)

    def choose_pick_player(self, choice, action) -> None:
        s = action.args["seat"]
        if s is not None:
            self.later(choice.ctx["proc"], seat=s, **choice.ctx["kw"])

    def lose_card(self, owner: int, chooser: int, proc: str, kw: dict, prompt: str, clause: str,
                  hand: bool = True, equipment: bool = True) -> None:
        """``chooser`` picks one of ``owner``'s equipment or (a random) hand card; then
        ``do_<proc>(card=uid, **kw)``. One possibility is taken without asking."""
        pl = self.p[owner]
        opts = []
        if equipment:
            opts += [({"card": u, "name": self.cards[u].cid}, f"{self.name(u)} (in play)")
                     for u in (pl.weapon, pl.armour) if u is not None]
        if hand and pl.hand:
            opts.append(({"card": "hand"}, f"A random card from seat {owner}'s hand ({len(pl.hand)})"))
        if not opts:
            return
        if len(opts) == 1:
            self.later(proc, card=self._resolve_pick(owner, opts[0][0]["card"]), **kw)
            return
        self.ask(chooser, "pick_card", prompt, opts, clause, owner=owner, proc=proc, kw=kw)

    def _resolve_pick(self, owner: int, card):
        return self.rng.choice(self.p[owner].hand) if card == "hand" else card   # XJ-7.8

    def choose_pick_card(self, choice, action) -> None:
        c = choice.ctx
        self.later(c["proc"], card=self._resolve_pick(c["owner"], action.args["card"]), **c["kw"])

    def do_discard_chosen(self, card: int, seat: int, clause: str, why: str = "") -> None:
        owner = self.owner[card]
        self.emit("discard", f"Seat {owner} discards {self.name(card)}{why}.", clause, seat=owner,
                  card=self.cards[card].cid)
        self.discard_card(card)

    def do_take_chosen(self, card: int, seat: int, clause: str, why: str = "") -> None:
        """``seat`` takes ``card`` into hand (from another player's hand or equipment)."""
        owner = self.owner[card]
        from_hand = self.zone[card] == "hand"
        self.move(card, "hand", seat)
        name = self.name(card)
        if from_hand:
            self.emit("take", f"Seat {seat} takes {name} from seat {owner}'s hand{why}.", clause, seat=seat,
                      source=owner, only=seat, public=f"Seat {seat} takes a card from seat {owner}'s hand{why}.")
        else:
            self.emit("take", f"Seat {seat} takes {name} from seat {owner}'s equipment{why}.", clause, seat=seat,
                      source=owner, card=self.cards[card].cid)

    def discard_some(self, seat: int, n: int, clause: str, why: str = "") -> None:
        """``seat`` discards ``n`` hand cards of their choice, one at a time (all if they hold fewer)."""
        self.later("discard_some", seat=seat, n=n, clause=clause, why=why)

    def do_discard_some(self, seat: int, n: int, clause: str, why: str = "") -> None:
        pl = self.p[seat]
        if n <= 0 or not pl.hand or not pl.in_game:
            return
        if n >= len(pl.hand):
            names = ", ".join(self.name(u) for u in pl.hand)
            for u in list(pl.hand):
                self.discard_card(u)
            self.emit("discard", f"Seat {seat} discards {names}{why}.", clause, seat=seat)
            return
        opts, seen = [], set()
        for u in pl.hand:
            if self.cards[u].cid not in seen:
                seen.add(self.cards[u].cid)
                opts.append(({"card": u, "name": self.cards[u].cid}, f"Discard {self.name(u)}"))
        self.ask(seat, "discard", f"Seat {seat}: discard {n} card{'s' if n > 1 else ''}{why}", opts, clause,
                 seat=seat, n=n, why=why)

    def choose_discard(self, choice, action) -> None:
        c = choice.ctx
        uid = action.args["card"]
        self.emit("discard", f"Seat {c['seat']} discards {self.name(uid)}{c['why']}.", choice.clause, seat=c["seat"],
                  card=self.cards[uid].cid)
        self.discard_card(uid)
        self.later("discard_some", seat=c["seat"], n=c["n"] - 1, clause=choice.clause, why=c["why"])
