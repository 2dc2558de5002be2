"""The Blood Recall state both modes share: cards and zones, the players' blood, decks and draws.

Every physical card is a ``BRCard`` (core.zones.CardInstance) in exactly one zone of ``self.zones``
(``0.hand``, ``pile.2``, ``art.slash-2``, ``m.deck`` ...): the census that tests check is the core
model's ``zones.census()``. Blood cards are different: the covenant area's supply is unlimited
(BRD-1.11), so life, the blood pool and blood used as recall points are counts, not cards.

Clauses are cited as literal ids where the rule is applied. Code both modes share names the
clause of each mode, duel first: ``s.cite("BRD-3.3", "BRS-4.3")`` (the same rule is BRD-3.3 in
duel mode and BRS-4.3 in story mode); tests read these pairs statically.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, IllegalAction
from ...core.effects import EffectCtx
from ...core.state import State
from ...core.texts import Say
from ...core.zones import CardInstance, Zones
from .book import SHARED

if TYPE_CHECKING:
    from ...core.game import Game
    from .cards import CardDef, Tables, VesselSide

LIFE = 20                   # 10 sideways + 10 upright blood cards (BRD-1.8)
SIDEWAYS = 10


class BRCard(CardInstance):
    """A physical card; ``used``: a Blood Recaller that has been Blood Recalled (BRD-4.4).
    Recall piles' tops may lie face down; recallers start face down."""

    __slots__ = ("used",)
    d: CardDef

    def __init__(self, uid: int, d: CardDef, zone: str, face_up: bool = True):
        CardInstance.__init__(self, uid, d, None, zone, face_up)     # cards belong to the covenant area, not to a seat
        self.used = False


class Player:
    __slots__ = ("seat", "life", "pool", "rp_blood", "removed_blood", "awake", "rested", "lineage_used", "bonus",
                 "recalled", "revealed", "deck", "hand", "play", "discard", "recall", "removed", "vessel", "recaller",
                 "dealt")

    def __init__(self, seat: int, zones: Zones[BRCard]):
        self.seat = seat
        self.life = LIFE
        self.pool = 0            # blood cards in the blood pool
        self.rp_blood = 0        # blood cards in the recall-point area (effects); art cards are in .recall
        self.removed_blood = 0   # blood cards paid for Blood Recalls: in the removed area, out of the game (BRD-4.1)
        self.awake = False
        self.rested = False
        self.lineage_used = 0
        self.bonus = 0           # attack from effects this round (BRD-3.12)
        self.recalled: list[int] = []    # ongoing recallers used in this turn / this blood battle
        self.revealed = False    # the chosen vessel is face up (duel: both at once, BRD-1.3)
        # The seat's zones (lists of card uids in ``zones``), end of a list = top.
        self.deck = zones.add(f"{seat}.deck")
        self.hand = zones.add(f"{seat}.hand")
        self.play = zones.add(f"{seat}.play")
        self.discard = zones.add(f"{seat}.discard")
        self.recall = zones.add(f"{seat}.recall")        # art cards used as recall points
        self.removed = zones.add(f"{seat}.removed")
        self.vessel = zones.add(f"{seat}.vessel", cap=1)
        self.recaller = zones.add(f"{seat}.recaller")
        self.dealt = zones.add(f"{seat}.dealt")

    @property
    def sideways(self) -> int:
        return max(0, self.life - SIDEWAYS)

    @property
    def upright(self) -> int:
        return min(self.life, SIDEWAYS)

    @property
    def recall_points(self) -> int:
        return self.rp_blood + len(self.recall)


class BloodRecallState(State):
    """Shared by DuelState and StoryState; each mode sets its Book, its turn nodes and the hooks
    at the end (how a turn ends, who acts first in the battle, how the game is lost)."""

    mode: ClassVar[str]
    STORY: ClassVar[bool]
    # The turn listers build refusals only while explaining (issue 37): listing joins their lists as
    # they are (core/state.py _legal; core/conformance.py checks the claim).
    plain_phase_listers: ClassVar[bool] = True
    TURN_NODE: ClassVar[str]
    END_NODE: ClassVar[str]

    def __init__(self, game: Game, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        zones: Zones[BRCard] = Zones()
        self.zones = zones
        # ``self.players`` (the core's) is the number of seats; ``self.seats`` are the Player objects.
        self.seats = [Player(s, zones) for s in range(players)]
        for z in ("box", "removed", "supply.hindrance", "supply.disaster"):
            zones.add(z)
        t = self.tables
        self.npiles = len(t.piles)
        self.pile_zones = [f"pile.{i}" for i in range(self.npiles)]
        for z in self.pile_zones:
            zones.add(z)
        for cid in t.by_type.get("art", []):
            zones.add(f"art.{cid}")
        self.round = 0
        self.turn_player = 0

    # ----- reading the table ------------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return self.game.tables

    @property
    def cards(self) -> list[BRCard]:
        return self.zones.cards

    def cite(self, duel: str, story: str) -> str:
        """The clause of this mode for a rule both modes share."""
        return story if self.STORY else duel

    def outlook(self, seat: int) -> float | None:
        """Duel: who is ahead in life, for a bot's playout cut off before the end (a player at 0
        life loses, BRD-5.1). Kept within 0.25 .. 0.75: a lead in life is not yet a win.
        Story mode has no opponent to compare with (None)."""
        if self.players == 1:
            return None
        return 0.5 + (self.seats[seat].life - self.seats[1 - seat].life) / (4 * LIFE)

    def opponent(self, seat: int) -> int | None:
        return None if self.players == 1 else 1 - seat

    def side(self, seat: int) -> VesselSide:
        """The vessel's numbers in force: the awakened side once awakened (BRD-2.10)."""
        p = self.seats[seat]
        d = self.zones.cards[p.vessel[0]].d
        return d.awakened if p.awake else d.front  # type: ignore[return-value]

    def attack_total(self, seat: int) -> int:
        """Printed attack of the play area, this round's effects and face-up recallers' attack,
        never below 0 (BRD-2.5, BRD-6.4, BRD-6.5)."""
        p = self.seats[seat]
        cards = self.zones.cards
        total = p.bonus
        for u in p.play:
            total += cards[u].d.attack or 0
        for u in p.recaller:
            c = cards[u]
            if c.face_up and c.d.attack:
                total += c.d.attack
        return total if total > 0 else 0

    # ----- cards and zones -----------------------------------------------------------------------
    def new_card(self, cid: str, zone: str) -> int:
        return self.zones.new(BRCard(len(self.zones.cards), self.game.cards[cid], zone))

    def move(self, uid: int, zone: str) -> None:
        self.zones.move(uid, zone)

    # ----- the components and the table (BRD-1.6 .. BRD-1.11) ---------------------------------------------
    def create_components(self) -> None:
        """Every card of the game, made once at the start (so the census never changes): vessels,
        recallers (face down), Madness cards and the starting arts in the box; recall piles,
        art, hindrance and disaster supplies straight into the covenant area, unshuffled.
        Each zone's cards are made as one pile (core ``Zones.new_pile``): about 100 cards a setup."""
        t = self.tables
        by = t.by_type
        cards = self.game.cards
        new_pile = self.zones.new_pile

        def make(zone: str, face_up: bool = True) -> Callable[[int, CardDef], BRCard]:
            return partial(BRCard, zone=zone, face_up=face_up)     # no Python frame of its own per card

        in_box = make("box")
        new_pile("box", [(cards[cid], 1) for cid in by["vessel"] + by.get("madness", [])], in_box)
        new_pile("box", [(cards[cid], 1) for cid in by["recaller"]], make("box", False))
        starting = [(cards["slash-1"], 4), (cards["crimson-1"], self.options["crimson_blood"])]
        for _ in self.seats:
            new_pile("box", starting, in_box)
        for zone, pile in zip(self.pile_zones, t.piles, strict=True):
            new_pile(zone, [(cards[cid], 1) for cid in pile], make(zone))
        for cid in by["art"]:
            zone = f"art.{cid}"
            new_pile(zone, [(cards[cid], cards[cid].supply)], make(zone))
        for kind, zone in (("hindrance", "supply.hindrance"), ("disaster", "supply.disaster")):
            new_pile(zone, [(cards[cid], cards[cid].supply) for cid in by.get(kind, [])], make(zone))

    def from_box(self, cid: str, zone: str) -> int:
        cards = self.zones.cards
        for u in self.zones["box"]:
            if cards[u].cid == cid:
                self.zones.move(u, zone)
                return u
        raise RuntimeError(f"engine bug: no {cid} in the box")

    def build_deck(self, seat: int, slash: int, crimson: int) -> None:
        """The starting deck: stage-1 Slash and Crimson Blood, shuffled (BRD-1.6)."""
        zone = f"{seat}.deck"
        box = self.zones["box"]
        cards = self.zones.cards
        move = self.zones.move
        for cid, n in (("slash-1", slash), ("crimson-1", crimson)):
            # The first n copies in the box, as ``from_box`` takes them one by one, found in one pass.
            found = [u for u in box if cards[u].cid == cid][:n]
            if len(found) < n:
                raise RuntimeError(f"engine bug: no {cid} in the box")
            for u in found:
                move(u, zone)
        self.rng.shuffle(self.seats[seat].deck)
        self.emit("deck", "deck", self.cite("BRD-1.6", "BRS-1.6"), seat=seat, slash=slash, crimson=crimson)

    def build_covenant(self) -> None:
        """Recall piles (5 crests x 5) shuffled and set face up; arts, blood and hindrance cards
        laid out (BRD-1.9 .. BRD-1.11)."""
        for z in self.pile_zones:
            self.rng.shuffle(self.zones[z])
        self.emit("covenant", "covenant", self.cite("BRD-1.9", "BRS-1.8"))

    # ----- blood: damage, pool, recall points ------------------------------------------------------------
    def take_damage(self, seat: int, n: int, clause: str, why: str = "", **more: int) -> None:
        """Blood cards leave the life area (sideways ones first) for the blood pool (BRD-2.7).
        At 0 the player loses at once, whatever caused it (BRD-5.1). ``why``: the key of the
        sentence naming the cause (texts.yaml ``why.*``), ``more`` its data."""
        p = self.seats[seat]
        n = min(n, p.life)
        if n <= 0:
            return
        p.life -= n
        p.pool += n
        self.emit("damage", "damage", clause, seat=seat, amount=n, life=p.life, sideways=p.sideways,
                  upright=p.upright, pool=p.pool, why=why, **more)
        if p.life == 0:
            self.lose(seat)

    def gain_blood(self, seat: int, n: int) -> None:
        p = self.seats[seat]
        p.pool += n
        self.emit("blood", "blood", self.cite("BRD-3.12", "BRS-4.12"), seat=seat, amount=n, pool=p.pool)

    def add_recall_points(self, seat: int, n: int) -> None:
        p = self.seats[seat]
        p.rp_blood += n
        self.emit("recall_points", "recall_points", self.cite("BRD-4.2", "BRS-6.2"), seat=seat, amount=n,
                  total=p.recall_points)

    def add_bonus(self, seat: int, n: int, why: str = "", **more: object) -> None:
        p = self.seats[seat]
        p.bonus += n
        self.emit("attack", "attack", self.cite("BRD-3.12", "BRS-4.12"), seat=seat, amount=n, why=why, **more)

    # ----- decks (BRD-4.5 .. BRD-4.7) ------------------------------------------------------------------
    def draw(self, seat: int, n: int, clause: str) -> int:
        """Draw ``n``; the deck is rebuilt the moment it empties. Returns the cards drawn."""
        p = self.seats[seat]
        cards = self.zones.cards
        got = 0
        hand_zone = f"{seat}.hand"
        for i in range(n):
            if not p.deck and not self.rebuild(seat, self.cite("BRD-6.12", "BRS-8.11")):
                self.emit("no_draw", "no_draw", self.cite("BRD-4.6", "BRS-6.7"), seat=seat, missed=n - i)
                break
            uid = p.deck[-1]
            self.zones.move(uid, hand_zone)
            got += 1
            self.emit("draw", "draw", clause, seat=seat, card=cards[uid].cid, only=seat, public="draw.public")
            if not p.deck:
                mid_effect = clause == self.cite("BRD-3.12", "BRS-4.12")
                self.rebuild(seat, self.cite("BRD-4.7", "BRS-6.8") if mid_effect else self.cite("BRD-4.5", "BRS-6.6"))
        return got

    def rebuild(self, seat: int, clause: str) -> bool:
        """Shuffle the discard pile into a new deck; False when it is empty too (BRD-4.6)."""
        p = self.seats[seat]
        if not p.discard:
            return False
        zone = f"{seat}.deck"
        for u in list(p.discard):
            self.zones.move(u, zone)
        self.rng.shuffle(p.deck)
        self.emit("rebuild", "rebuild", clause, seat=seat, size=len(p.deck))
        return True

    # ----- hindrance and fog (BRD-3.11, BRD-6.10) --------------------------------------------------------
    def give_hindrance(self, seat: int, cid: str, where: str) -> None:
        cards = self.zones.cards
        clause = self.cite("BRD-6.10", "BRS-8.9")
        for u in reversed(self.zones["supply.hindrance"]):
            if cards[u].cid == cid:
                self.zones.move(u, f"{seat}.{'hand' if where == 'hand' else 'discard'}")
                self.emit("hindrance", "hindrance.hand" if where == "hand" else "hindrance.discard",
                          clause, seat=seat, card=cid, where=where)
                return
        self.emit("no_effect", "no_hindrance", clause, card=cid)

    def take_recaller(self, seat: int) -> None:
        """A further Blood Recaller of the seat's crest from the box, face down (BRD-6.14, BRS-8.16)."""
        cards = self.zones.cards
        crest = cards[self.seats[seat].vessel[0]].d.crest
        clause = self.cite("BRD-6.14", "BRS-8.16")
        for u in self.zones["box"]:
            c = cards[u]
            if c.d.type == "recaller" and c.d.crest == crest:
                c.face_up = False
                self.zones.move(u, f"{seat}.recaller")
                n = len(self.seats[seat].recaller)
                self.emit("recaller", "recaller", clause, seat=seat, card=c.cid, only=seat, held=n,
                          public="recaller.public")
                return
        self.emit("no_effect", "no_recaller", clause, seat=seat)

    def fog(self) -> None:
        tops = [self.zones[z][-1] for z in self.pile_zones if self.zones[z]]
        if not tops:
            self.emit("no_effect", "fog.empty", self.cite("BRD-3.11", "BRS-4.11"))
            return
        for u in tops:
            self.zones.cards[u].face_up = False
        self.emit("fog", "fog", self.cite("BRD-3.6", "BRS-4.6"))

    # ----- effects ------------------------------------------------------------------------------------------
    def run_effect(self, seat: int, cid: str, part: str) -> None:
        """Queue a card's effects to resolve in order, before anything queued earlier (BRD-3.12)."""
        ops = self.game.tables.ops.get((cid, part))
        if ops:
            self.then(*[(op, {"seat": seat, "cid": cid, "part": part, "i": i}) for i in range(len(ops))])

    # ----- the contract --------------------------------------------------------------------------------------
    # The listers build refusals only while a refused action is explained (core ``State.explaining``,
    # set by ``Moves.explain``): nobody reads a refusal while legal_actions() lists.
    def _actor(self) -> int:
        return self.turn_player

    def _refusal(self, action: Action) -> IllegalAction:
        """What no lister can say: an action Blood Recall does not have, or a seat it does not have."""
        if not self.is_over:
            if action.kind not in self.book.moves.kinds:
                return IllegalAction(self.say("why.no_action", kind=action.kind),
                                     self.cite("BRD-3.1", "BRS-4.1"), action)
            if not 0 <= action.player < self.players:
                return IllegalAction(*self.no_seat(action.player), action)
        return super()._refusal(action)


    # ----- what each mode decides -------------------------------------------------------------------------
    def setup(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def no_seat(self, seat: int) -> tuple[Say, str]:  # pragma: no cover - each mode says it its own way
        raise NotImplementedError

    def lose(self, seat: int) -> None:  # pragma: no cover
        raise NotImplementedError

    def turn_ended(self, seat: int) -> None:  # pragma: no cover
        raise NotImplementedError

    def effect_order(self) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError

    def battle_order(self) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError


@SHARED.procedure
def op(s: BloodRecallState, seat: int, cid: str, part: str, i: int) -> None:
    """One effect of a card (``part``: effect, battle, front.effect ...), resolved for ``seat``."""
    fn, params = s.game.tables.ops[(cid, part)][i]
    fn(s, EffectCtx(seat, cid), **params)
