"""Buddyfight state: fighters, zones, card instances, setup, and the shared card helpers.

The turn (turn.py), the counter/chain machinery and costs (chain.py) and the attack phase
(battle.py) are mixins on this class; view.py and scenario.py describe and build positions.
"""
from __future__ import annotations

from ...core.actions import Action
from ...core.state import State
from .battle import BattleMixin
from .cards import resolve_deck
from .chain import ChainMixin
from .refusals import RefusalMixin
from .turn import TurnMixin
from .view import ViewMixin

AREAS = ("left", "center", "right")
LIST_ZONES = ("deck", "hand", "gauge", "drop", "set")


class Card:
    """One physical card in a game. ``cid`` is its definition id, ``uid`` its identity here."""

    __slots__ = ("uid", "cid", "d", "owner", "zone", "rested", "soul", "host", "mods", "dbl_used")

    def __init__(self, uid: int, d, owner: int):
        self.uid, self.cid, self.d, self.owner = uid, d.id, d, owner
        self.zone = "deck"
        self.rested = False
        self.soul: list[int] = []
        self.host: int | None = None
        self.mods: list[dict] = []     # {power, defense, critical, grant, until}
        self.dbl_used = False


class Fighter:
    __slots__ = ("seat", "deck", "hand", "gauge", "drop", "set", "areas", "flag", "buddy", "life",
                 "buddy_called", "world", "deck_id", "charged")

    def __init__(self, seat: int):
        self.seat = seat
        self.deck: list[int] = []      # top of the deck is the END of the list
        self.hand: list[int] = []
        self.gauge: list[int] = []
        self.drop: list[int] = []
        self.set: list[int] = []
        self.areas: dict[str, int | None] = {"left": None, "center": None, "right": None, "item": None}
        self.flag: int | None = None
        self.buddy: int | None = None
        self.life = 10
        self.buddy_called = False
        self.world = ""
        self.deck_id = ""
        self.charged = False


class BuddyfightState(TurnMixin, ChainMixin, BattleMixin, ViewMixin, RefusalMixin, State):
    game_id = "buddyfight"

    def __init__(self, game, seed, players, options):
        super().__init__(game, seed, players, options)
        self.cards: list[Card] = []
        self.fighters = [Fighter(0), Fighter(1)]
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.raised = False            # flag and buddy face up (BF-3.7)
        self.attacks = 0               # attacks declared this turn (BF-6.3)
        self.battle: dict | None = None
        self.chain: list[dict] = []
        self.chain_home: str | None = None
        self.used_once: list[list] = []
        self.moved: list[int] = []       # monsters that moved in this move window   # [uid, ability index] used this turn (limit once_per_turn)

    # ----- card helpers ------------------------------------------------------------------------
    def card(self, uid: int) -> Card:
        return self.cards[uid]

    def new_card(self, cid: str, owner: int) -> int:
        c = Card(len(self.cards), self.game.cards[cid], owner)
        self.cards.append(c)
        return c.uid

    def remove(self, uid: int) -> None:
        """Take a card out of wherever it is (it must then be put somewhere)."""
        c = self.cards[uid]
        f = self.fighters[c.owner]
        z = c.zone
        if z in LIST_ZONES:
            getattr(f, z).remove(uid)
        elif z in f.areas:
            f.areas[z] = None
        elif z == "soul":
            self.cards[c.host].soul.remove(uid)
            c.host = None
        c.zone = "playing"

    def put(self, uid: int, zone: str) -> None:
        c = self.cards[uid]
        f = self.fighters[c.owner]
        if zone in LIST_ZONES:
            getattr(f, zone).append(uid)
        elif zone in f.areas:
            f.areas[zone] = uid
        c.zone = zone

    def to_drop(self, uid: int, zone: str = "drop") -> None:
        """A card leaves the field (or is used up) for its owner's drop zone (or ``zone``); its
        soul goes to the drop zone and its modifiers end (BF-9.2)."""
        c = self.cards[uid]
        for s in list(c.soul):
            self.remove(s)
            self.put(s, "drop")
        self.remove(uid)
        c.rested = False
        c.mods = []
        c.dbl_used = False
        self.put(uid, zone)

    def on_field(self, uid: int) -> bool:
        return self.cards[uid].zone in ("left", "center", "right", "item")

    def monsters(self, seat: int) -> list[int]:
        a = self.fighters[seat].areas
        return [a[z] for z in AREAS if a[z] is not None]

    def usable(self, seat: int, uid: int) -> bool:
        """Only cards of the flag's world, or Generic cards, may be used (BF-1.7)."""
        w = self.cards[uid].d.world
        return w == "generic" or w == self.fighters[seat].world

    # ----- numbers with modifiers ----------------------------------------------------------------
    def _continuous(self, uid: int, field: str) -> int:
        c = self.cards[uid]
        total = 0
        for s in self.fighters[c.owner].set:
            for ab in self.cards[s].d.abilities:
                if ab.when == "continuous" and self.matches(ab.target, c.owner, uid, c.owner):
                    total += sum(getattr(o, field) for o in ab.do if o.op == "buff")
        return total

    def stat(self, uid: int, field: str) -> int:
        c = self.cards[uid]
        base = getattr(c.d, field) or 0
        for m in c.mods:
            base += m[field]
        if c.zone in AREAS:
            base += self._continuous(uid, field)
        return base

    def power(self, uid):
        return self.stat(uid, "power")

    def defense(self, uid):
        return self.stat(uid, "defense")

    def critical(self, uid):
        return self.stat(uid, "critical")

    def has_kw(self, uid: int, kw: str) -> bool:
        """A keyword, printed or granted; granting it twice still gives it once (BF-7.3)."""
        c = self.cards[uid]
        return kw in c.d.keywords or any(kw in m["grant"] for m in c.mods)

    def add_mod(self, uid, power=0, defense=0, critical=0, grant=(), until="turn"):
        c = self.cards[uid]
        if not self.on_field(uid):
            return
        c.mods.append({"power": power, "defense": defense, "critical": critical,
                       "grant": list(grant), "until": until})
        bits = [f"{k} {v:+d}" for k, v in (("power", power), ("defense", defense), ("critical", critical)) if v]
        bits += [f"gains [{g}]" for g in grant]
        span = {"turn": "until end of turn", "battle": "for this battle", "always": ""}[until]
        self.emit("modify", f"{c.d.name.en}: {', '.join(bits)} {span}".strip(),
                  {"turn": "BF-8.2", "battle": "BF-6.14"}.get(until, "BF-5.7"), card=c.cid, uid=uid)

    def expire(self, until: str) -> None:
        """End modifiers that last "until end of turn" or "for this battle" (BF-8.2)."""
        for f in self.fighters:
            for u in f.areas.values():
                if u is not None and self.cards[u].mods:
                    c = self.cards[u]
                    c.mods = [m for m in c.mods if m["until"] != until]

    def matches(self, target, seat: int, uid: int, by: int) -> bool:
        """Does card ``uid`` qualify as ``target`` for an effect used by seat ``by``?"""
        c = self.cards[uid]
        if c.zone not in AREAS:
            return False
        if target.side == "own" and c.owner != by or target.side == "opponent" and c.owner == by:
            return False
        if target.attribute and target.attribute not in c.d.attributes:
            return False
        if target.power_max is not None and self.power(uid) > target.power_max:
            return False
        if target.defense_max is not None and self.defense(uid) > target.defense_max:
            return False
        if target.size_max is not None and (c.d.size or 0) > target.size_max:
            return False
        b = self.battle
        if target.who == "attacking":
            return bool(b) and uid in b["attackers"]
        if target.who == "battling":
            return bool(b) and (uid in b["attackers"] or b["target"] == uid)
        return True

    # ----- life, deck, damage --------------------------------------------------------------------
    def check_life(self) -> None:
        """0 life loses (BF-1.4); both at 0 together is a draw (BF-1.6)."""
        dead = [f.seat for f in self.fighters if f.life <= 0]
        if len(dead) == 2:
            self.goto("game-over")
            self.finish((), "Draw: both fighters reached 0 life at the same time", "BF-1.6")
        elif dead:
            self.goto("game-over")
            self.finish((1 - dead[0],), f"Seat {1 - dead[0]} wins: seat {dead[0]}'s life reached 0", "BF-1.4")

    def check_deck(self, seat: int) -> bool:
        """A fighter loses the moment the deck is empty (BF-1.5). True when the game ended."""
        if not self.fighters[seat].deck and not self.is_over:
            self.goto("game-over")
            self.finish((1 - seat,), f"Seat {1 - seat} wins: seat {seat}'s deck is empty", "BF-1.5")
        return self.is_over

    def deal_damage(self, seat: int, n: int, clause: str) -> None:
        f = self.fighters[seat]
        f.life -= n
        self.emit("damage", f"Seat {seat} takes {n} damage (life {f.life}).", clause, seat=seat, amount=n)
        self.check_life()

    def gain_life(self, seat: int, n: int, clause: str) -> None:
        f = self.fighters[seat]
        f.life += n                      # no upper limit (BF-1.3)
        self.emit("life", f"Seat {seat} gains {n} life (life {f.life}).", clause, seat=seat, amount=n)

    def pay_life(self, seat: int, n: int) -> None:
        f = self.fighters[seat]
        f.life -= n
        self.emit("pay", f"Seat {seat} pays {n} life (life {f.life}).", "BF-5.10", seat=seat, life=n)
        self.check_life()

    def _take_top(self, seat: int) -> int | None:
        f = self.fighters[seat]
        if self.is_over or not f.deck:
            return None
        uid = f.deck[-1]
        self.remove(uid)
        return uid

    def draw(self, seat: int, n: int = 1, clause: str = "BF-4.2") -> None:
        for _ in range(n):
            uid = self._take_top(seat)
            if uid is None:
                return
            self.put(uid, "hand")
            name = self.cards[uid].d.name.en
            self.emit("draw", f"Seat {seat} draws {name}.", clause, seat=seat, only=seat,
                      public=f"Seat {seat} draws a card.")
            if self.check_deck(seat):
                return

    def deck_to_gauge(self, seat: int, n: int, clause: str) -> None:
        for _ in range(n):
            uid = self._take_top(seat)
            if uid is None:
                return
            self.put(uid, "gauge")
            self.emit("gauge", f"Seat {seat} puts the top card of the deck into the gauge "
                               f"({len(self.fighters[seat].gauge)} gauge).", clause, seat=seat)
            if self.check_deck(seat):
                return

    def deck_to_soul(self, seat: int, host: int, n: int) -> None:
        if not self.on_field(host):
            return
        for _ in range(n):
            uid = self._take_top(seat)
            if uid is None:
                return
            self.cards[uid].zone = "soul"
            self.cards[uid].host = host
            self.cards[host].soul.append(uid)
            self.emit("soul", f"{self.cards[uid].d.name.en} goes into the soul of {self.cards[host].d.name.en}.",
                      "BF-9.2", card=self.cards[uid].cid)
            if self.check_deck(seat):
                return

    # ----- setup (BF-3.1 .. BF-3.7) -----------------------------------------------------------------
    def setup(self) -> None:
        decks = self.options["decks"]
        for seat in (0, 1):
            self._build(seat, resolve_deck(self.game, decks[seat], f"options.decks.{seat}"))
        self.goto("setup.flag")
        self.emit("setup", "Each fighter puts a flag face down in the flag area.", "BF-3.1")
        self.goto("setup.buddy")
        self.emit("setup", "Each fighter puts the chosen buddy face down in the buddy area.", "BF-3.2")
        self.goto("setup.shuffle")
        for f in self.fighters:
            self.rng.shuffle(f.deck)
            self.emit("shuffle", f"Seat {f.seat} shuffles, and the opponent shuffles too "
                                 f"({len(f.deck)} cards).", "BF-3.3", seat=f.seat)
        self.goto("setup.hand")
        for f in self.fighters:
            self.draw(f.seat, 6, "BF-3.4")
        self.goto("setup.gauge")
        for f in self.fighters:
            self.deck_to_gauge(f.seat, 2, "BF-3.5")
        self.goto("setup.first")
        # A random draw decides; its winner must go first, there is no choice (BF-3.6).
        self.first_player = self.rng.randrange(2)
        self.emit("first", f"Seat {self.first_player} wins the draw and must go first.", "BF-3.6",
                  seat=self.first_player)
        self.goto("setup.raise")
        self.raise_flag()
        self.start_turn(self.first_player)
        self.run()

    def raise_flag(self) -> None:
        self.raised = True
        for f in self.fighters:
            flag = self.cards[f.flag].d
            self.emit("raise", f"Seat {f.seat} raises {flag.name.en} with buddy "
                               f"{self.cards[f.buddy].d.name.en}.", "BF-3.7", seat=f.seat)
            f.life = flag.life
            self.emit("life", f"Seat {f.seat} starts with {f.life} life and {len(f.gauge)} gauge, as the flag "
                              f"says.", "BF-1.2", seat=f.seat, amount=f.life)

    def _build(self, seat: int, deck) -> None:
        f = self.fighters[seat]
        f.deck_id = deck.id
        f.flag = self.new_card(deck.flag, seat)
        self.cards[f.flag].zone = "flag"
        f.world = self.game.cards[deck.flag].world
        f.buddy = self.new_card(deck.buddy, seat)
        self.cards[f.buddy].zone = "buddy"
        for cid, n in deck.cards.items():
            for _ in range(n):
                f.deck.append(self.new_card(cid, seat))

    # ----- actions: dispatch --------------------------------------------------------------------------
    def _actor(self) -> int:
        return self.turn_player

    def _legal(self) -> list[Action]:
        p = self.phase
        if p == "start.charge":
            return self.charge_actions()
        if p == "main.actions":
            return self.main_actions()
        if p == "attack.declare":
            return self.attack_actions()
        if p == "final.impacts":
            return self.final_actions()
        return []

    def _apply(self, action: Action) -> None:
        getattr(self, "act_" + action.kind)(action)

    def named_cards(self, player: int) -> list[int]:
        f = self.fighters[player] if player in (0, 1) else None
        return [] if f is None else f.hand + [u for u in f.areas.values() if u is not None] + f.set

    @classmethod
    def from_scenario(cls, game, spec, seed=0, source="scenario"):
        from .scenario import build

        return build(cls, game, spec, seed, source)

    def census(self) -> dict:
        """Where every card is (tests check that no card is created or lost)."""
        where: dict[int, str] = {}
        for f in self.fighters:
            for z in LIST_ZONES:
                for u in getattr(f, z):
                    where[u] = z
            for a, u in f.areas.items():
                if u is not None:
                    where[u] = a
                    for s in self.cards[u].soul:
                        where[s] = "soul"
            where[f.flag] = "flag"
            where[f.buddy] = "buddy"
        for it in self.chain:
            if it["kind"] in ("spell", "impact"):
                where[it["card"]] = "playing"    # cast, waiting on the chain
        for c in self.cards:
            if c.zone == "playing":
                where[c.uid] = "playing"
        return where
