"""Buddyfight state: the fighters on the core zone model and the card queries every rule asks
(power with modifiers, keywords, targets, costs, who may attack).

The rules themselves are functions registered in ``BOOK`` (book.py): the turn (turn.py), costs,
spells, abilities, the chain and counter windows (chain.py), the attack phase (battle.py),
cards leaving the field (field.py) and the card effects (effects.py); phases.py says which flow
node lists which moves. view.py and scenario.py describe and build positions.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.effects import EffectCtx
from ...core.modifiers import total
from ...core.state import Book, State
from ...core.zones import Zones
from . import phases
from .book import BOOK
from .effects import CONDITIONS
from .turn import setup_game
from .zones import AREA_ZONES, AREAS, FIELD, FIELD_ZONES, PLAYING, ZONE, Card, Fighter, soul_zone

if TYPE_CHECKING:
    from ...core.game import Game
    from .cards import Effect, Target

RULES = phases.RULES        # importing phases registers every rule in BOOK


class BuddyfightState(State):
    game_id = "buddyfight"
    book: ClassVar[Book] = BOOK
    # Buddyfight's listers build no refusal unless explaining (phases.py):
    # listing joins their lists as they are (core State._legal).
    plain_phase_listers: ClassVar[bool] = True
    # What a seat cannot see (core/determinize.py): the other's hand, deck and face-down gauge are
    # one pool (which of their cards is where is unknown); its own deck and gauge another (BF-2.2, BF-4.3).
    secret_zones: ClassVar[dict[str, str]] = {
        "{o}.hand": "{o}.unseen", "{o}.deck": "{o}.unseen", "{o}.gauge": "{o}.unseen",
        "{me}.deck": "{me}.unseen", "{me}.gauge": "{me}.unseen"}

    def __init__(self, game: Game, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        self.zones: Zones[Card] = Zones()
        self.zones.add(PLAYING)
        self.cards: list[Card] = self.zones.cards
        self.fighters = [Fighter(0, self.zones), Fighter(1, self.zones)]
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.attacks = 0               # attacks declared this turn (BF-6.3)
        self.battle: dict[str, Any] | None = None
        self.chain: list[dict[str, Any]] = []
        self.chain_home: str | None = None
        self.used_once: list[list[int]] = []   # [uid, ability index] used this turn (limit once_per_turn)
        self.moved: list[int] = []             # monsters that moved in this move window

    # ----- the contract -------------------------------------------------------------------------
    def setup(self) -> None:
        setup_game(self)

    def _actor(self) -> int:
        return self.turn_player

    def named_cards(self, player: int) -> list[int]:
        if player not in (0, 1):
            return []
        f = self.fighters[player]
        return f.hand + [u for a in FIELD if (u := f.at(a)) is not None] + f.set

    def new_card(self, cid: str, owner: int, place: str, host: int | None = None) -> int:
        """A new card instance of definition ``cid`` in one of ``owner``'s places (or, with
        ``host``, in the soul of that card)."""
        zone = ZONE[owner, place] if host is None else soul_zone(self, host)
        c = Card(len(self.cards), self.game.cards[cid], owner, zone)
        c.host = host
        return self.zones.new(c)

    # ----- where cards are ------------------------------------------------------------------------
    def on_field(self, uid: int) -> bool:
        return self.cards[uid].zone in FIELD_ZONES

    def monsters(self, seat: int) -> list[int]:
        field = self.fighters[seat].field
        return [lst[0] for a in AREAS if (lst := field[a])]

    def size_total(self, seat: int) -> int:
        return sum(self.cards[u].f.size for u in self.monsters(seat))

    # ----- numbers with modifiers ----------------------------------------------------------------
    def _continuous(self, uid: int, field: str) -> int:
        c = self.cards[uid]
        total = 0
        owner = c.owner
        cards = self.cards
        for s in self.fighters[owner].set:
            for target, buffs in cards[s].f.continuous_buffs:
                if self.matches(target, owner, uid, owner):
                    total += buffs[field]
        return total

    def stat(self, uid: int, field: str) -> int:
        c = self.cards[uid]
        base: int = c.f.base[field]
        if c.mods:
            base += total(c.mods, field)
        # Continuous abilities come from the set area (BF-5.7): nothing to add while it is empty.
        if c.zone in AREA_ZONES and self.fighters[c.owner].set:
            base += self._continuous(uid, field)
        return base

    def power(self, uid: int) -> int:
        return self.stat(uid, "power")

    def defense(self, uid: int) -> int:
        return self.stat(uid, "defense")

    def critical(self, uid: int) -> int:
        return self.stat(uid, "critical")

    def has_kw(self, uid: int, kw: str) -> bool:
        """A keyword, printed or granted; granting it twice still gives it once (BF-7.3)."""
        c = self.cards[uid]
        if kw in c.f.keywords:
            return True
        mods = c.mods
        return bool(mods) and any(kw in m.get("grant", ()) for m in mods)

    def matches(self, target: Target, seat: int, uid: int, by: int) -> bool:
        """Does card ``uid`` qualify as ``target`` for an effect used by seat ``by``?"""
        c = self.cards[uid]
        if c.zone not in AREA_ZONES:
            return False
        side, attribute, power_max, defense_max, size_max, who = target.plan
        if side == "own" and c.owner != by or side == "opponent" and c.owner == by:
            return False
        if attribute and attribute not in c.f.attributes:
            return False
        if power_max is not None and self.stat(uid, "power") > power_max:
            return False
        if defense_max is not None and self.stat(uid, "defense") > defense_max:
            return False
        if size_max is not None and c.f.size > size_max:
            return False
        if who == "monster":
            return True
        pool = self.battle_pool(who)
        return pool is None or uid in pool

    def battle_pool(self, who: str) -> Collection[int | str] | None:
        """The cards a target's ``who`` limits it to, whatever the card: the attackers
        ("attacking"), the attackers and the attacked ("battling"), nothing while no battle is
        under way; None: no such limit ("monster", "self"). Asked once per listing by
        ``target_options`` (it does not depend on the candidate) and by ``matches``."""
        if who != "attacking" and who != "battling":
            return None
        b = self.battle
        if not b:
            return ()
        if who == "attacking":
            return b["attackers"]
        return (*b["attackers"], b["target"])

    # ----- what can be used ------------------------------------------------------------------------
    def conditions_hold(self, seat: int, eff: Effect) -> bool:
        conditions = eff.condition
        if not conditions:
            return True
        ctx = EffectCtx(seat)
        fns = CONDITIONS.fns
        for c in conditions:          # names checked when the cards were loaded
            if not fns[c](self, ctx):
                return False
        return True

    def target_options(self, seat: int, eff: Effect, source: int | None = None) -> list[int | None]:
        """Legal targets of an effect; [None] when it takes none; [] when it cannot be used."""
        t = eff.target
        if t is None:
            return [None]
        if t.who == "self":
            return [source] if source is not None and self.on_field(source) else []
        out: list[int | None] = []
        pool = self.battle_pool(t.who)
        if pool is not None and not pool:
            return out           # no battle: nothing is attacking or battling (BF-5.12: no target)
        matches = self.matches
        for s in (seat, 1 - seat):
            for lst in self.fighters[s].area_lists:
                if lst and matches(t, s, lst[0], seat):
                    out.append(lst[0])
        return out

    # ----- attacks ---------------------------------------------------------------------------------
    def battle_live(self) -> bool:
        """Still an attack to resolve: not nullified, some attacker left (BF-6.10, BF-6.11).
        Attackers that left the field (or changed hands) are no longer part of the battle."""
        b = self.battle
        if not b or b["nullified"]:
            return False
        b["attackers"] = [u for u in b["attackers"] if self.on_field(u) and self.cards[u].owner == b["attacker"]]
        if not b["attackers"]:
            return False
        return b["target"] == "fighter" or self.on_field(b["target"])
