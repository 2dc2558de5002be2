"""Event effects (XJ-4.3, XJ-8.2): named ops for events.yaml and the procedures behind them.

'You' is the turn player; where an event leaves a choice open the turn player makes it, except
where the event hands it to others (discarding from one's own hand, the Trial Cave's picks).
"""
from __future__ import annotations

from ...core.actions import Action
from .effects import select
from .registry import OPS

EV = {"where": ("event",)}


@OPS("island_encounter", meta=EV, n=int, damage=int)
def island_encounter(st, ctx, n, damage):
    you = ctx["by"]
    if st.cdef(you).gender == "male":
        st.then(("draw_one", {"seat": you, "n": n, "ctx": ctx}), ("hurt_one", {"seat": you, "n": 1, "ctx": ctx}))
        return
    pl = st.p[you]
    if pl.armour is not None:
        st.do_discard_chosen(pl.armour, you, ctx["clause"], ctx["why"])
    males = [s for s in st.order_from(you) if st.cdef(s).gender == "male"]
    # As if from Heaven Thunder Strike: skill-card damage (the Qiankun Robe blocks it).
    thunder = dict(ctx, damage="skill_card", why=ctx["why"] + " (as Heaven Thunder Strike)")
    st.pick_player(you, males, "hurt_one", {"n": damage, "ctx": thunder},
                   f"Choose a male character to take {damage} damage, or nobody", ctx["clause"], optional=True)


@OPS("draw_if_no_pets", meta=EV, n=int)
def draw_if_no_pets(st, ctx, n):
    for s in st.order_from(ctx["by"]):
        if not st.p[s].pets:
            st.draw(s, n, ctx["clause"])


@OPS("draw_if_hp_at_most", meta=EV, hp=int, n=int)
def draw_if_hp_at_most(st, ctx, hp, n):
    for s in st.order_from(ctx["by"]):
        if st.p[s].hp <= hp:
            st.draw(s, n, ctx["clause"])


@OPS("trial_cave", meta=EV, n=int)
def trial_cave(st, ctx, n):
    st.later("trial_cave", n=n, ctx=ctx)


@OPS("forbidden_space", meta=EV, hp=int, n=int)
def forbidden_space(st, ctx, hp, n):
    you = ctx["by"]
    ours = [s for s in select(st, ctx, "our_team") if st.p[s].hp >= 2]
    if not ours:
        st.emit("no_effect", "Nobody of your team has 2 HP or more: nothing happens.", ctx["clause"])
        return
    st.pick_player(you, ours, "forbidden_space", {"hp": hp, "n": n, "ctx": ctx},
                   f"Choose a player of your team whose HP becomes {hp}", ctx["clause"])


@OPS("hands_to", meta=EV, n=int)
def hands_to(st, ctx, n):
    for s in st.order_from(ctx["by"]):
        have = len(st.p[s].hand)
        if have < n:
            st.draw(s, n - have, ctx["clause"])
    for s in reversed(st.order_from(ctx["by"])):      # queued: they run in seat order
        have = len(st.p[s].hand)
        if have > n:
            st.discard_some(s, have - n, ctx["clause"], ctx["why"])


@OPS("heal_lowest", meta=EV, n=int)
def heal_lowest(st, ctx, n):
    order = st.order_from(ctx["by"])
    low = min(st.p[s].hp for s in order)
    for s in order:
        if st.p[s].hp == low:
            st.heal(s, n, ctx["clause"], ctx["why"])


@OPS("discard_per_pet_then_draw", meta=EV, n=int)
def discard_per_pet_then_draw(st, ctx, n):
    you = ctx["by"]
    st.then(("discard_some", {"seat": you, "n": len(st.p[you].pets), "clause": ctx["clause"], "why": ctx["why"]}),
            ("draw_one", {"seat": you, "n": n, "ctx": ctx}))


@OPS("army_siege", meta=EV, discard=int, n=int)
def army_siege(st, ctx, discard, n):
    order = st.order_from(ctx["by"])
    powers = {s: st.power(s) for s in order}
    hi, lo = max(powers.values()), min(powers.values())
    steps = [("discard_some", {"seat": s, "n": discard, "clause": ctx["clause"], "why": ctx["why"]})
             for s in order if powers[s] == hi]
    steps += [("draw_one", {"seat": s, "n": n, "ctx": ctx}) for s in order if powers[s] == lo]
    st.emit("army", f"Highest power {hi} discards {discard}; lowest power {lo} draws {n}.", ctx["clause"])
    st.then(*steps)


@OPS("heal_by_enemy_pets", meta=EV)
def heal_by_enemy_pets(st, ctx):
    n = sum(len(st.p[s].pets) for s in select(st, ctx, "enemy_team"))
    if n == 0:
        st.emit("no_effect", "The enemy team has no pets: nobody recovers anything.", ctx["clause"])
        return
    st.pick_player(ctx["by"], select(st, ctx, "our_team"), "heal_one", {"n": n, "ctx": ctx},
                   f"Choose a player of your team who recovers {n} HP", ctx["clause"])


@OPS("discard_hand_then_draw", meta=EV, n=int)
def discard_hand_then_draw(st, ctx, n):
    you = ctx["by"]
    st.then(("discard_some", {"seat": you, "n": len(st.p[you].hand), "clause": ctx["clause"], "why": ctx["why"]}),
            ("draw_one", {"seat": you, "n": n, "ctx": ctx}))


@OPS("turn_most_cards", meta=EV)
def turn_most_cards(st, ctx):
    order = st.order_from(ctx["by"])
    most = max(len(st.p[s].hand) for s in order)
    top = [s for s in order if len(st.p[s].hand) == most]
    if len(top) > 1:
        st.emit("no_effect", f"Seats {', '.join(map(str, top))} share the most hand cards ({most}): no effect.",
                ctx["clause"])
        return
    st.p[top[0]].turned = True
    st.emit("turned", f"Seat {top[0]} holds the most hand cards ({most}): the character is turned sideways and "
                      f"will skip its next turn.", "XJ-4.13", seat=top[0])


class EventMixin:
    # ----- the event step (XJ-4.3) -------------------------------------------------------------------
    def do_event_phase(self) -> None:
        self.goto("event")
        if not self.events:
            self.refill("events", "event_discard", "XJ-4.3")
        uid = self.events[-1]
        self.move(uid, "table")
        d = self.cards[uid].d
        self.emit("event", f"Event: {d.name.en}. {d.text.en}", "XJ-4.3", card=d.id, seat=self.turn_player)
        ctx = {"by": self.turn_player, "target": None, "source": "event", "card": d.id, "clause": "XJ-8.2",
               "why": f" ({d.name.en})", "damage": "effect"}
        self.then(*[("op", {"call": op, "ctx": ctx}) for op in d.do], ("event_done", {"uid": uid}))

    def do_event_done(self, uid: int) -> None:
        if self.zone[uid] == "table":
            self.move(uid, "event_discard")
        self.goto("skill")

    def do_forbidden_space(self, seat: int, hp: int, n: int, ctx: dict) -> None:
        self.set_hp(seat, hp, ctx["clause"], ctx["why"])
        for s in select(self, ctx, "our_team"):
            self.draw(s, n, ctx["clause"])

    # ----- Braving the Trial Cave (XJ-8.3) -------------------------------------------------------------
    def do_trial_cave(self, n: int, ctx: dict) -> None:
        shown = []
        for _ in range(n):
            if not self.deck and not self.refill("deck", "discard", "XJ-4.10"):
                break
            uid = self.deck[-1]
            self.move(uid, "table")
            shown.append(uid)
        if not shown:
            return
        self.emit("trial", f"Turned up for the Trial Cave: {', '.join(self.name(u) for u in shown)}.", "XJ-8.3",
                  cards=[self.cards[u].cid for u in shown])
        you = ctx["by"]
        enemies = [s for s in self.order_from(you) if self.p[s].team != self.p[you].team]
        self.trial = {"cards": shown, "pickers": [enemies[0], you], "next": 0}
        self.later("trial_pick")

    def do_trial_pick(self) -> None:
        t = self.trial
        if not t or not t["cards"]:
            self.trial = None
            return
        picker = t["pickers"][t["next"]]
        if not self.p[picker].in_game:
            t["next"] = 1 - t["next"]
            picker = t["pickers"][t["next"]]
        opts, seen = [], set()
        for u in t["cards"]:
            if self.cards[u].cid in seen:
                continue
            seen.add(self.cards[u].cid)
            for s in self.order_from(picker):
                opts.append(Action("trial_pick", picker, {"card": u, "name": self.cards[u].cid, "to": s},
                                   f"Give {self.name(u)} to seat {s} ({self.p[s].label})", "XJ-8.3"))
        self.ask(picker, "trial_pick", f"Seat {picker}: pick a Trial Cave card and give it to a player", opts, "XJ-8.3")

    def choose_trial_pick(self, choice, action) -> None:
        uid, to = action.args["card"], action.args["to"]
        self.trial["cards"].remove(uid)
        self.move(uid, "hand", to)
        self.emit("trial_pick", f"Seat {action.player} gives {self.name(uid)} to seat {to}.", "XJ-8.3",
                  seat=action.player, to=to, card=self.cards[uid].cid)
        self.trial["next"] = 1 - self.trial["next"]
        self.later("trial_pick")
