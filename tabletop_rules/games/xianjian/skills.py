"""Character skills (XJ-8.1): named functions that characters.yaml refers to, by the step they act in.

``meta['hook']`` says when a skill acts: turn_start, turn_end, battle_start, battle_end,
draw_start, pet_gained (run there by the engine), skill_step / war_step (they add actions),
or passive (the engine asks for their numbers: power, hand limit, pet power, draws).
"""
from __future__ import annotations

from ...core.actions import Action
from .registry import ELEMENTS, SKILLS


def hook(name):
    return {"hook": name}


@SKILLS("no_effect", meta=hook("none"))
def no_effect(st, seat):
    """Hit, support or admiration only: nothing in beginner mode (XJ-3.16)."""


@SKILLS("snatch_at_battle_start", meta=hook("battle_start"), evade_max=int)
def snatch_at_battle_start(st, seat, evade_max):
    m = st.cards[st.battle["monster"]].d
    if m.evade > evade_max:
        return
    enemies = [s for s in st.order_from(seat) if st.p[s].team != st.p[seat].team and st.p[s].hand]
    st.pick_player(seat, enemies, "snatch", {"taker": seat}, "Choose an enemy to take a random card from", "XJ-8.1")


@SKILLS("weapon_mastery", meta=hook("passive"), n=int)
def weapon_mastery(st, seat, n):
    """Read by ``power`` (state.py)."""


@SKILLS("grudge", meta=hook("battle_end"), n=int)
def grudge(st, seat, n):
    b = st.battle
    if b is None or b.get("result") is None:
        return
    tteam = st.p[b["trigger"]].team
    mine = "trigger" if st.p[seat].team == tteam else "monster"
    took_part = seat == b["trigger"] or seat in b["played"]
    lost = (b["result"] == "lose") == (mine == "trigger")
    if not took_part or not lost:
        return
    foes = [s for s in st.order_from(seat) if st.p[s].team != st.p[seat].team
            and (s == b["trigger"] or s in b["played"])]
    ctx = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": " (Hatred of Evil)",
           "damage": "effect"}
    st.emit("skill", f"Seat {seat}'s Hatred of Evil: every enemy who took part takes {n} damage.", "XJ-8.1", seat=seat)
    st.hurt([(s, n) for s in foes], ctx)


@SKILLS("give_cards", meta=hook("skill_step"))
def give_cards(st, seat):
    out, seen = [], set()
    others = [s for s in st.order_from(seat) if s != seat]
    for u in st.p[seat].hand:
        d = st.cards[u].d
        if d.id in seen:
            continue
        seen.add(d.id)
        for s in others:
            out.append(Action("give", seat, {"card": u, "name": d.id, "to": s},
                              f"Clever Imp: give {d.name.en} to seat {s} ({st.p[s].label})", "XJ-8.1"))
    return out


@SKILLS("gu_swarm", meta=hook("draw_start"), n=int)
def gu_swarm(st, seat, n):
    if st.p[seat].hand:
        return
    st.emit("skill", f"Seat {seat}'s Gu Swarm: an empty hand, so the team draws and everyone else is hurt.", "XJ-8.1",
            seat=seat)
    team = [s for s in st.order_from(seat) if st.p[s].team == st.p[seat].team]
    for s in team:
        st.draw(s, 1, "XJ-8.1")
    ctx = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": " (Gu Swarm)", "damage": "effect"}
    st.hurt([(s, n) for s in st.order_from(seat) if s != seat], ctx)


@SKILLS("two_battles", meta=hook("passive"), n=int)
def two_battles(st, seat, n):
    """Read by the battle step (a second fight) and the draw step (1 more after exactly one)."""


@SKILLS("element_bonus", meta=hook("passive"), n=int, elements=("list", ELEMENTS))
def element_bonus(st, seat, n, elements):
    """Read by ``trigger_power`` (battle.py)."""


@SKILLS("summon_beast", meta=hook("war_step"), discard=int, n=int)
def summon_beast(st, seat, discard, n):
    b = st.battle
    if seat in b["war_cards"] or len(st.p[seat].hand) < discard:
        return []
    return [Action("summon", seat, {}, f"Summon the Water Beast: discard {discard} cards, your side +{n}", "XJ-8.1")]


@SKILLS("tiger_roll", meta=hook("battle_start"))
def tiger_roll(st, seat):
    st.later("tiger_roll", seat=seat)


@SKILLS("reroll_for_card", meta=hook("passive"))
def reroll_for_card(st, seat):
    """Offered after each roll of Tiger Fiend Strength."""


@SKILLS("draw_at_turn_start", meta=hook("turn_start"), n=int)
def draw_at_turn_start(st, seat, n):
    st.emit("skill", f"Seat {seat}'s Gathering Strength: draw {n} at the turn start.", "XJ-4.2", seat=seat)
    st.draw(seat, n, "XJ-4.2")


@SKILLS("lose_hp_at_turn_end", meta=hook("turn_end"), n=int)
def lose_hp_at_turn_end(st, seat, n):
    st.lose_hp(seat, n, "XJ-4.9", " (Collapse)")


@SKILLS("care_on_pet", meta=hook("pet_gained"), n=int)
def care_on_pet(st, seat, n):
    ctx = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": " (Loving Care)",
           "damage": "effect"}
    st.pick_player(seat, st.order_from(seat), "draw_one", {"n": n, "ctx": ctx},
                   f"Loving Care: choose a player who draws {n}", "XJ-8.1")


@SKILLS("pet_power_bonus", meta=hook("passive"), n=int)
def pet_power_bonus(st, seat, n):
    """Read by ``pet_power`` (state.py)."""


@SKILLS("give_equipment", meta=hook("skill_step"), n=int)
def give_equipment(st, seat, n):
    out = []
    pl = st.p[seat]
    for s in st.order_from(seat):
        if s == seat or ["gift", s] in st.used:
            continue
        for u in (pl.weapon, pl.armour):
            if u is not None:
                out.append(Action("gift", seat, {"card": u, "name": st.cards[u].cid, "to": s},
                                  f"Gift of Swords: move {st.name(u)} to seat {s} ({st.p[s].label}) and draw {n}",
                                  "XJ-8.1"))
    return out


@SKILLS("hand_limit_bonus", meta=hook("passive"), n=int)
def hand_limit_bonus(st, seat, n):
    """Read by ``hand_limit`` (state.py)."""


class SkillMixin:
    def run_skills(self, hook_name: str, seat: int) -> None:
        """Run the seat's skills that act at this step (they queue what they do)."""
        pl = self.p[seat]
        if pl.in_game:
            for fn, args in pl.hooks.get(hook_name, ()):
                SKILLS[fn](self, seat, **args)

    def skill_step_skills(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for fn, args in self.p[seat].hooks.get("skill_step", ()):
            out += SKILLS[fn](self, seat, **args)
        return out

    def war_skills(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for fn, args in self.p[seat].hooks.get("war_step", ()):
            out += SKILLS[fn](self, seat, **args)
        return out

    # ----- skill actions -------------------------------------------------------------------------------
    def act_give(self, action) -> None:
        seat, uid, to = action.player, action.args["card"], action.args["to"]
        self.move(uid, "hand", to)
        self.emit("give", f"Seat {seat} gives {self.name(uid)} to seat {to} (Clever Imp).", "XJ-8.1", seat=seat, to=to,
                  only=seat, public=f"Seat {seat} gives a card to seat {to} (Clever Imp).")

    def act_gift(self, action) -> None:
        seat, uid, to = action.player, action.args["card"], action.args["to"]
        n = self.skill(seat, "give_equipment")["n"]
        slot = self.cards[uid].d.type
        old = getattr(self.p[to], slot)
        if old is not None:
            self.emit("replace", f"Seat {to} discards {self.name(old)} to make room.", "XJ-4.5", seat=to)
            self.discard_card(old)
        self.move(uid, slot, to)
        self.used.append(["gift", to])
        self.emit("gift_equipment", f"Seat {seat} moves {self.name(uid)} to seat {to} (Gift of Swords).", "XJ-8.1",
                  seat=seat, to=to, card=self.cards[uid].cid)
        self.draw(seat, n, "XJ-8.1")

    def do_snatch(self, seat: int, taker: int) -> None:
        if self.p[seat].hand and self.p[taker].in_game:
            self.do_take_chosen(self.rng.choice(self.p[seat].hand), taker, "XJ-7.8", " (Cloud-Grabbing Hand)")

    def do_tiger_roll(self, seat: int) -> None:
        if self.battle is None:
            return
        roll = self.rng.randint(1, 6)
        value = 0 if roll in (1, 6) else roll
        self.battle["dice"] = value
        self.emit("dice", f"Seat {seat} rolls {roll}: power +{value} for this battle"
                          f"{' (1 and 6 count as 0)' if value == 0 else ''}.", "XJ-8.4", seat=seat, roll=roll, value=value)
        if self.skill(seat, "reroll_for_card") is not None and self.p[seat].hand:
            opts = [Action("keep_roll", seat, {}, f"Keep the roll (+{value})", "XJ-8.1")]
            seen = set()
            for u in self.p[seat].hand:
                if self.cards[u].cid not in seen:
                    seen.add(self.cards[u].cid)
                    opts.append(Action("reroll", seat, {"card": u, "name": self.cards[u].cid},
                                       f"Never Give Up: discard {self.name(u)} and roll again", "XJ-8.1"))
            self.ask(seat, "reroll", f"Seat {seat}: keep +{value} or discard a card to roll again?", opts, "XJ-8.1",
                     seat=seat, offers=["keep_roll", "reroll"])

    def choose_reroll(self, choice, action) -> None:
        if action.kind == "reroll":
            uid = action.args["card"]
            self.emit("discard", f"Seat {action.player} discards {self.name(uid)} to roll again.", "XJ-8.1",
                      seat=action.player, card=self.cards[uid].cid)
            self.discard_card(uid)
            self.later("tiger_roll", seat=action.player)
