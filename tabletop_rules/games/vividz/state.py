"""Vividz state: the zones, the card helpers every rule uses, setup (VV-5.x) and the shared
procedures (effects, [Auto] triggers, retiring, the mission check).

The turn (turn.py), the main phase (main.py) and the attack (attack.py) register their moves
and procedures in the same Book; view.py and scenario.py describe and build positions.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.effects import EffectCtx
from ...core.modifiers import Mod, total
from ...core.registry import args_of
from ...core.state import Book, State
from ...core.zones import CardInstance, ZoneError, Zones
from .book import BOOK
from .cards import CardDef, resolve_deck
from .checks import used_up, wrong_turn
from .effects import not_valid, targets, valid

LANES = (0, 1, 2)
# "missions": the three missions while they are being placed face down at setup (VV-5.2), the
# first ``placed[seat]`` in lane order; they enter the mission areas when the game begins (VV-5.7)
ZONES = ("deck", "hand", "energy", "drop", "removed", "play", "reveal", "missions")
# each seat's zone names, built once (not formatted on the hot path): DECK[seat] == f"{seat}.deck"
DECK, HAND, ENERGY, DROP, PLAY = (tuple(f"{seat}.{z}" for seat in (0, 1))
                                  for z in ("deck", "hand", "energy", "drop", "play"))
AREA = tuple(tuple(f"{seat}.area{lane}" for lane in LANES) for seat in (0, 1))


@BOOK.rule("VV-7.5")
def keeps_exp(cost: int, old_cost: int) -> bool:
    """Which level up this is: over a cheaper character the old cards stay beneath as EXP
    (VV-7.5); over one that costs as much or more they go to the drop zone (VV-7.6). The cost
    reduction (VV-7.7), the label that says which it will be and ``enter`` all ask this."""
    return old_cost < cost


def cost_over(d: CardDef, cards_there: int, old_cost: int | None) -> int:
    """A character's cost into an area holding ``cards_there`` cards whose character costs ``old_cost``
    (None: empty): lowered by those cards only over a cheaper character (VV-7.7)."""
    # the symbol first: most characters lack it, and then the level up's kind is not asked
    if old_cost is not None and "cost_reduction" in d.symbols and keeps_exp(d.cost, old_cost):
        return max(0, d.cost - cards_there)
    return d.cost


class VCard(CardInstance):
    """A card in a game: its damage this turn and its power changes (core/modifiers.py dicts:
    ``{"power": n, "until": "mission" | "always"}``, VV-9.5)."""

    __slots__ = ("damage", "mods")
    d: CardDef
    owner: int

    def __init__(self, uid: int, d: CardDef, owner: int, zone: str, face_up: bool = True):
        CardInstance.__init__(self, uid, d, owner, zone, face_up)
        self.damage = 0
        self.mods: list[Mod] = []


class VividzState(State):
    game_id = "vividz"
    book: ClassVar[Book] = BOOK
    # this game's listers return lists and build no refusal unless explaining:
    # listing joins their lists as they are (core State._legal).
    plain_phase_listers: ClassVar[bool] = True
    # What a seat cannot see (core/determinize.py): the other's hand and deck are one pool; its own
    # deck another (energy lies face up, VV-4.6). The other's missions, placed face down at setup
    # (VV-5.2), are a pool of their own until they are turned face up (VV-5.7): which lies where.
    secret_zones: ClassVar[dict[str, str]] = {
        "{o}.hand": "{o}.unseen", "{o}.deck": "{o}.unseen", "{me}.deck": "{me}.unseen",
        "{o}.missions": "{o}.missions"}
    # The ISMC bot's playouts (core State.playout_weights). Missions are checked after actions
    # (VV-7.10) and are mostly about attacks (VV-8.x): a playout that ends its main phase (VV-7.1)
    # or passes its interference (VV-8.3) at random rarely attacks, and judges every move by games
    # no one plays. Leaning to attacks and characters won 61 of 80 games against the peeking bot,
    # uniform playouts 48 (benchmarks/RESULTS.md).
    playout_weights: ClassVar[dict[str, float]] = {"attack": 4.0, "use_character": 2.0, "end_main": 0.3,
                                                    "pass": 0.5}

    def __init__(self, game: Any, seed: int, players: int, options: dict):
        super().__init__(game, seed, players, options)
        self.zones: Zones[VCard] = Zones()
        self.cards: list[VCard] = self.zones.cards
        for seat in (0, 1):
            for z in ZONES:
                self.zones.add(f"{seat}.{z}")
            self.zones.add(f"{seat}.keep", 1)
            self.zones.add(f"{seat}.account", 1)
            for lane in LANES:
                self.zones.add(f"{seat}.mission{lane}", 1)
                self.zones.add(f"{seat}.area{lane}")       # the character on top, its EXP beneath
        # the three character areas of each seat (the same list objects the zones hold)
        self.areas: list[list[list[int]]] = [[self.zones.lists[f"{seat}.area{lane}"] for lane in LANES]
                                             for seat in (0, 1)]
        self.mission_areas: list[list[list[int]]] = [[self.zones.lists[f"{seat}.mission{lane}"] for lane in LANES]
                                                     for seat in (0, 1)]
        # each seat's hand, energy and keep zone lists, looked up once (the listers read them often)
        self.hands: list[list[int]] = [self.zones.lists[f"{seat}.hand"] for seat in (0, 1)]
        self.energies: list[list[int]] = [self.zones.lists[f"{seat}.energy"] for seat in (0, 1)]
        self.keeps: list[list[int]] = [self.zones.lists[f"{seat}.keep"] for seat in (0, 1)]
        self.accounts: list[list[int]] = [self.zones.lists[f"{seat}.account"] for seat in (0, 1)]
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.energy_left = 0                     # cards the second player still puts to energy (VV-5.6)
        self.attack: dict | None = None          # the attack in progress
        self.turn_log: list[dict] = []           # this turn's records, read by mission conditions
        self.used: dict[str, int] = {}           # "uid:ability" -> uses this turn ([Turn 1])
        self.deck_ids = ["", ""]                 # the decks.yaml ids (or inline ids) of the two decks
        self.placed = [0, 0]                     # missions each seat has placed face down (VV-5.2)

    # ----- cards and zones ------------------------------------------------------------------------
    def new_card(self, cid: str, seat: int, zone: str) -> int:
        c = VCard(len(self.cards), self.game.cards[cid], seat, f"{seat}.{zone}")
        return self.zones.new(c)

    def move(self, uid: int, zone: str) -> None:
        """Move a card on top of ``zone``: face down only in a deck, standing, with no damage or
        power changes (they belong to where it was). Zones.move, unrolled: it is the hottest call."""
        c = self.cards[uid]
        zones = self.zones
        lists = zones.lists
        lists[c.zone].remove(uid)
        lst = lists.get(zone)
        if lst is None:
            raise ZoneError(f"no zone {zone!r}")
        cap = zones.caps.get(zone)
        if cap is not None and len(lst) >= cap:
            raise ZoneError(f"zone {zone!r} is full ({cap})")
        lst.append(uid)
        c.zone = zone
        c.face_up = zone not in DECK            # the two decks are the only zones named *.deck
        c.rested = False
        c.damage = 0
        if c.mods:
            c.mods = []
        if zones.seen:                          # as Zones.move does (core Zones.learn)
            zones.forget((uid,))

    def name(self, uid: int) -> str:
        return self.cards[uid].d.name.en

    def character(self, seat: int, lane: int | None) -> int | None:
        """The character in a seat's area of ``lane`` (the top of the stack), or None."""
        if lane is None:
            return None
        lst = self.areas[seat][lane]
        return lst[-1] if lst else None

    def characters(self, seat: int) -> list[int]:
        return [lst[-1] for lst in self.areas[seat] if lst]

    def lane_of(self, uid: int) -> int | None:
        """The lane of a character on the field (None: not a character on the field, e.g. EXP)."""
        z = self.cards[uid].zone
        if ".area" not in z:
            return None
        lst = self.zones.lists[z]
        return int(z[-1]) if lst and lst[-1] == uid else None

    def missions(self, seat: int) -> list[int]:
        return [lst[0] for lst in self.mission_areas[seat] if lst]

    def account(self, seat: int) -> int:
        return self.accounts[seat][0]

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat]

    def energy(self, seat: int) -> int:
        return len(self.energies[seat])

    def first_turn(self) -> bool:
        """The first player's first turn (VV-6.4, VV-7.2)."""
        return self.turn == 1

    # ----- numbers ----------------------------------------------------------------------------------
    def power(self, uid: int, sources: list[tuple[int, int, tuple]] | None = None) -> int:
        """Printed power, its changes, and the [Continuous] abilities on the field that reach it.
        ``sources``: ``continuous_sources()`` as the field stands now (check_retire asks once)."""
        cards = self.cards
        c = cards[uid]
        p = c.d.power or 0
        if c.mods:
            p += total(c.mods, "power")
        # [Continuous] abilities reach characters on the field only: ``targets`` lists no other card
        for seat, src, conts in self.continuous_sources() if sources is None else sources:
            for ab in conts:
                for op in ab.do:
                    if uid in targets(self, op["target"], seat, src):
                        p += op["n"]
        return p

    def continuous_sources(self) -> list[tuple[int, int, tuple]]:
        """(seat, uid, [Continuous] abilities working now) of each character on the field that has
        any: an ability works while its [Valid] holds (VV-12.5), asked here once for the whole field
        rather than once for every character whose power is read."""
        cards = self.cards
        out = []
        for seat in (0, 1):
            for stack in self.areas[seat]:
                if stack:
                    u = stack[-1]
                    conts = cards[u].d.continuous
                    if not conts:               # most characters have none
                        continue
                    for ab in conts:
                        if ab.valid and not valid(self, ab.valid, seat, u):
                            conts = tuple(x for x in conts if valid(self, x.valid, seat, u))
                            break
                    if conts:
                        out.append((seat, u, conts))
        return out

    def cost_to_use(self, uid: int, seat: int, lane: int) -> int:
        """The energy a character costs into ``lane``: lowered by the cards there when it has the
        cost reduction symbol and levels up over a cheaper character (VV-7.7)."""
        stack = self.areas[seat][lane]
        return cost_over(self.cards[uid].d, len(stack), self.cards[stack[-1]].d.cost if stack else None)

    # ----- drawing, paying, entering, retiring ------------------------------------------------------------
    def draw(self, seat: int, n: int, clause: str) -> None:
        deck, hand = self.zones.lists[DECK[seat]], HAND[seat]
        for _ in range(n):
            if not deck:
                self.emit("no_draw", "draw.empty", clause, seat=seat)
                return
            top = deck[-1]
            self.move(top, hand)
            self.emit("draw", "draw", clause, seat=seat, card=self.cards[top].cid, only=seat, public="draw.public")

    def draw_up(self, seat: int, clause: str) -> None:
        """5 or more in hand: draw 1; 4 or fewer: draw to 5. The keep zone does not count (VV-10.2)."""
        have = len(self.hand(seat))
        self.draw(seat, 1 if have >= 5 else 5 - have, clause)

    def pay_energy(self, seat: int, n: int, clause: str = "VV-7.4") -> None:
        """Queue paying ``n`` energy: the payer picks the cards that go to the drop zone, one at a
        time, asked only while the choice matters (VV-7.4). A caller queues what the payment buys
        first (``later``), then this, so the payment runs before it."""
        if n:
            self.later("pay_step", seat=seat, left=n, n=n, clause=clause)     # decisions.py's procedure

    def enter_area(self, uid: int, seat: int, lane: int, clause: str) -> None:
        self.later(enter_proc, uid=uid, seat=seat, lane=lane, clause=clause)

    def enter(self, uid: int, seat: int, lane: int, clause: str) -> None:
        """A character enters an area: a level up if the area holds one (VV-7.5, VV-7.6)."""
        area = AREA[seat][lane]
        old = self.character(seat, lane)
        d = self.cards[uid].d
        if old is not None:
            # Any entry into an occupied area is a level up, whatever the two costs (VV-7.5, VV-7.6):
            # the costs decide only where the old cards go, and [LvUP] triggers either way (VV-12.22).
            if keeps_exp(d.cost, self.cards[old].d.cost):
                for u in self.zones.lists[area]:
                    c = self.cards[u]
                    c.rested, c.damage, c.mods = False, 0, []
                self.emit("level_up", "level_up.exp", "VV-7.5", seat=seat, lane=lane, card=d.id,
                          old=self.cards[old].cid)
            else:
                stack = list(self.zones.lists[area])
                for u in stack:
                    self.move(u, DROP[seat])
                self.emit("level_up", "level_up.drop", "VV-7.6", seat=seat, lane=lane, card=d.id,
                          old=self.cards[old].cid, exp=len(stack) - 1)
        self.move(uid, area)
        self.emit("enter", "enter", clause, seat=seat, lane=lane, lane_no=lane + 1, card=d.id)
        self.turn_log.append({"kind": "use", "seat": seat, "card": d.id})
        if old is not None:
            self.turn_log.append({"kind": "level_up", "seat": seat, "card": d.id})
        # a card arriving (and one leaving by a level up) can change powers: the state check (VV-8.10)
        self.check_retire()
        if self.lane_of(uid) is not None:
            self.fire(["enter", "lvup"] if old is not None else ["enter"], [uid])

    def add_damage(self, uid: int, n: int, clause: str) -> None:
        c = self.cards[uid]
        c.damage += n
        self.emit("damage", "damage", clause, card=c.cid, uid=uid, n=n, total=c.damage, power=self.power(uid))

    def check_retire(self) -> None:
        """The retire check, a state check (VV-8.10): every character on the field whose damage this
        turn is at least its power, or whose power is 0 or less, retires. It runs whenever damage or
        power may have changed (after each effect step, a battle's damage, a character entering, the
        start of a turn, an attack's rest, the mission phase's cleanup) and looks again after each
        retirement: a character leaving takes its [Continuous] abilities with it, which can lower
        another's power (Backup Dancer's +1000)."""
        cards = self.cards
        tp = self.turn_player
        while True:
            sources = self.continuous_sources()
            gone = None
            for seat in (tp, 1 - tp):
                for stack in self.areas[seat]:
                    if stack:
                        u = stack[-1]
                        p = self.power(u, sources)
                        if cards[u].damage >= p or p <= 0:
                            gone = u
                            break
                if gone is not None:
                    break
            if gone is None:
                return
            self.retire(gone)

    def retire(self, uid: int) -> None:
        """To the energy zone with its EXP (VV-8.11)."""
        c = self.cards[uid]
        seat, area = c.owner, c.zone
        why = "retire.power" if self.power(uid) <= 0 else "retire.damage"
        total = c.damage
        stack = list(self.zones.lists[area])
        for u in stack:
            self.move(u, ENERGY[seat])
        self.emit("retire", "retire", "VV-8.11", seat=seat, card=c.cid, exp=len(stack) - 1, why=why, total=total)
        self.turn_log.append({"kind": "retire", "seat": seat, "card": c.cid})

    # ----- abilities ---------------------------------------------------------------------------------------
    def uses(self, uid: int, ab: int) -> int:
        return self.used.get(f"{uid}:{ab}", 0)

    def fire(self, triggers: list[str], uids: list[int]) -> None:
        """Queue the [Auto] abilities these cards trigger: the turn player's first, each player's in lane
        order (VV-12.27); [Turn N] limits count each time one works (VV-12.11)."""
        hits = []
        for uid in uids:
            c = self.cards[uid]
            index = c.d.auto_index
            for trig in triggers:
                for i in index[trig]:
                    hits.append((c.owner != self.turn_player, self.lane_of(uid) or 0, uid, i))
        if not hits:                    # most cards have no [Auto] ability
            return
        hits.sort(key=lambda h: (h[0], h[1]))
        steps = []
        for _, _, uid, i in hits:
            steps.append((auto_ability, {"uid": uid, "ab": i}))
        self.then(*steps)

    def run_ability(self, seat: int, uid: int, ab: int) -> None:
        self.later(resolve, seat=seat, uid=uid, cid=self.cards[uid].cid, ab=ab, i=0)

    def holds(self, cond: Any, seat: int) -> bool:
        return cond.test(self, seat)

    # ----- setup (VV-5.1 .. VV-5.7) ----------------------------------------------------------------------
    def setup(self) -> None:
        decks = self.options["decks"]
        if not isinstance(decks, list | tuple) or len(decks) != 2:
            raise ValueError(f"option 'decks' must list two decks (ids or mappings), got {decks!r}")
        for seat in (0, 1):
            self._build(seat, resolve_deck(self.game, decks[seat], f"options.decks.{seat}"))
        self.emit("setup", "setup.decks", "VV-3.7")
        self.goto("setup.shuffle")
        for seat in (0, 1):
            self.rng.shuffle(self.zones.lists[f"{seat}.deck"])
            self.emit("shuffle", "shuffle", "VV-5.1", seat=seat)
        self.goto("setup.place")
        self.emit("setup", "setup.place", "VV-5.2")
        # each player places its missions face down in the order it chooses (VV-5.2); seat 0 first,
        # which tells seat 1 nothing: the other's missions lie face down
        self.then(("place_mission", {"seat": 0, "lane": 0}), ("place_mission", {"seat": 1, "lane": 0}),
                  ("setup_rest", {}))                     # decisions.py's procedures, by name
        self.run()

    def setup_rest(self) -> None:
        """After the missions: who goes first, the opening hands, the second player's energy (VV-5.3 .. VV-5.6)."""
        self.goto("setup.first")
        self.decide_first()
        self.goto("setup.hand")
        for seat in (0, 1):
            self.draw(seat, 5, "VV-5.5")
        self.goto("setup.energy")
        # two cards (VV-5.6); fewer only in a built position whose short decks dealt fewer
        self.energy_left = min(2, len(self.hands[1 - self.first_player]))
        if not self.energy_left:
            self.begin()

    def decide_first(self) -> None:
        """Reveal the top cards; the higher cost goes first; ties reveal again (VV-5.3, VV-5.4)."""
        while True:
            t0, t1 = self.zones.top("0.deck"), self.zones.top("1.deck")
            if t0 is None or t1 is None:      # a deck ran out while tying: a coin decides
                self.first_player = self.rng.randrange(2)
                self.emit("first", "first.lot", "VV-5.4", seat=self.first_player)
                break
            tops = [t0, t1]
            costs = [self.cards[u].d.cost for u in tops]
            for seat, u in ((0, tops[0]), (1, tops[1])):
                self.move(u, ENERGY[seat])
            self.emit("reveal", "reveal", "VV-5.3", costs=costs, card0=self.cards[tops[0]].cid, cost0=costs[0],
                      card1=self.cards[tops[1]].cid, cost1=costs[1])
            if costs[0] != costs[1]:
                self.first_player = 0 if costs[0] > costs[1] else 1
                self.emit("first", "first", "VV-5.3", seat=self.first_player)
                break
            self.emit("tie", "tie", "VV-5.4")
        self.turn_player = self.first_player

    def _build(self, seat: int, deck: Any) -> None:
        self.new_card(deck.account, seat, "account")
        for m in deck.missions:                 # placed face down in the lanes by their owner (VV-5.2)
            u = self.new_card(m, seat, "missions")
            self.cards[u].face_up = False
        # the deck, face down, made at once (core Zones.new_pile)
        defs, zone = self.game.cards, f"{seat}.deck"
        self.zones.new_pile(zone, ((defs[cid], n) for cid, n in deck.cards.items()),
                            lambda uid, d: VCard(uid, d, seat, zone, False))
        self.deck_ids[seat] = deck.id

    def begin(self) -> None:
        """Missions face up; the first player's turn begins (VV-5.7)."""
        self.goto("setup.reveal")
        for seat in (0, 1):
            for lane, u in enumerate(list(self.zones.lists[f"{seat}.missions"])):
                self.move(u, f"{seat}.mission{lane}")           # face up, standing (move)
        self.emit("setup", "setup.reveal", "VV-5.7")
        from .turn import start_turn

        self.later(start_turn, seat=self.first_player)

    # ----- dispatch -----------------------------------------------------------------------------------------
    def _actor(self) -> int:
        if self.phase == "setup.energy":
            return 1 - self.first_player
        return self.turn_player

    def named_cards(self, player: int) -> list[int]:
        if player not in (0, 1):
            return []
        return (list(self.hand(player)) + list(self.zones.lists[f"{player}.keep"]) + self.characters(player)
                + [self.account(player)] + list(self.zones.lists[f"{player}.reveal"])
                + list(self.zones.lists[f"{player}.missions"]) + list(self.energies[player]))



# ----- shared procedures ------------------------------------------------------------------------------------
@BOOK.procedure
def resolve(s: VividzState, seat: int, uid: int, cid: str, ab: int, i: int) -> None:
    """Carry out op ``i`` of an ability, then the next (VV-12.7)."""
    ops = s.game.cards[cid].abilities[ab].do
    if i + 1 < len(ops):
        s.later(resolve, seat=seat, uid=uid, cid=cid, ab=ab, i=i + 1)
    op = ops[i]
    BOOK.effects[op["op"]](s, EffectCtx(seat, uid, clause="VV-12.7"), **args_of(op))
    # each step of an effect may change damage or power (a power change, damage, resting a card a
    # [Valid] reads): the retire check runs after it, before the next step (VV-8.10)
    s.check_retire()


@BOOK.procedure
def auto_ability(s: VividzState, uid: int, ab: int) -> None:
    """An [Auto] ability works if its card is still on the field and its limits allow (VV-12.2)."""
    c = s.cards[uid]
    a = c.d.abilities[ab]
    if s.lane_of(uid) is None:
        return
    # the same checks as an [Act] ability's (main.py act_abilities): they decide "used or works"
    if wrong_turn(s, c.owner, a):
        return
    if used_up(s, uid, ab, a):
        s.emit("limit", "limit", "VV-12.11", card=c.cid, limit=a.limit)
        return
    if not_valid(s, a.valid, c.owner, uid):
        return
    s.used[f"{uid}:{ab}"] = s.uses(uid, ab) + 1
    trig = {"enter": "VV-12.21", "lvup": "VV-12.22", "attack_success": "VV-12.23",
            "p_attack_success": "VV-12.24"}[a.trigger or "enter"]
    s.emit("auto", "auto", trig, card=c.cid, uid=uid, trigger=a.trigger, seat=c.owner)
    s.run_ability(c.owner, uid, ab)


@BOOK.procedure
def mission_check(s: VividzState) -> None:
    """Every standing, face-up mission whose [Check] condition holds is rested (VV-7.10)."""
    cards = s.cards
    for seat in (s.turn_player, 1 - s.turn_player):
        for area in s.mission_areas[seat]:
            if not area:
                continue
            c = cards[area[0]]
            if c.face_up and not c.rested and c.d.check_test(s, seat):
                c.rested = True
                s.emit("mission_check", "mission_check", "VV-7.10", seat=seat, card=c.cid)


@BOOK.procedure
def retire_check(s: VividzState) -> None:
    s.check_retire()


@BOOK.procedure
def enter_proc(s: VividzState, uid: int, seat: int, lane: int, clause: str) -> None:
    """A character used from the hand enters once its cost is paid (VV-7.3 ③④)."""
    s.enter(uid, seat, lane, clause)
