"""The Blood Recall state both modes share: cards and zones, the players' blood, decks and draws.

Every physical card is a ``Card`` with an id (``uid``) and sits in exactly one zone list of
``self.zones`` (``0.hand``, ``pile.2``, ``art.slash-2``, ``m.deck`` ...): the census that tests
check is just those lists. Blood cards are different: the covenant area's supply is unlimited
(BRD-1.11), so life, the blood pool and blood used as recall points are counts, not cards.

Clauses are cited through ``self.K`` (concept -> clause id), set by each mode: the same rule
reads BRD-3.3 in duel mode and BRS-4.3 in story mode.
"""
from __future__ import annotations

from ...core.actions import Action
from ...core.state import State
from .effects import OPS
from .refusals import RefusalMixin
from .turn import TurnMixin
from .view import ViewMixin

PLAYER_ZONES = ("deck", "hand", "play", "discard", "recall", "removed", "vessel", "recaller", "dealt")
LIFE = 20                   # 10 sideways + 10 upright blood cards (BRD-1.8)
SIDEWAYS = 10


class Card:
    """One physical card: ``cid`` its definition id, ``uid`` its identity in this game."""

    __slots__ = ("uid", "cid", "d", "zone", "up", "used")

    def __init__(self, uid: int, d, zone: str):
        self.uid, self.cid, self.d, self.zone = uid, d.id, d, zone
        self.up = True           # recall piles: the top may be turned face down; recallers start face down
        self.used = False        # recallers: Blood Recalled at least once (BRD-4.4)


class Player:
    __slots__ = ("seat", "life", "pool", "rp_blood", "awake", "rested", "lineage_used", "bonus",
                 "recalled", "revealed") + PLAYER_ZONES

    def __init__(self, seat: int, zones: dict):
        self.seat = seat
        self.life = LIFE
        self.pool = 0            # blood cards in the blood pool
        self.rp_blood = 0        # blood cards in the recall-point area (effects); art cards are in .recall
        self.awake = False
        self.rested = False
        self.lineage_used = 0
        self.bonus = 0           # attack from effects this round (BRD-3.12)
        self.recalled: list[int] = []    # ongoing recallers used in this turn / this blood battle
        self.revealed = False    # the chosen vessel is face up (duel: both at once, BRD-1.3)
        for z in PLAYER_ZONES:
            lst: list[int] = []
            zones[f"{seat}.{z}"] = lst
            setattr(self, z, lst)

    @property
    def sideways(self) -> int:
        return max(0, self.life - SIDEWAYS)

    @property
    def upright(self) -> int:
        return min(self.life, SIDEWAYS)

    @property
    def recall_points(self) -> int:
        return self.rp_blood + len(self.recall)


class BloodRecallState(TurnMixin, ViewMixin, RefusalMixin, State):
    """Shared by DuelState and StoryState (``mode`` says which)."""

    mode = "?"
    K: dict = {}

    def __init__(self, game, seed, players, options):
        super().__init__(game, seed, players, options)
        self.cards: list[Card] = []
        self.zones: dict[str, list[int]] = {}
        # ``self.players`` (the core's) is the number of seats; ``self.seats`` are the Player objects.
        self.seats = [Player(s, self.zones) for s in range(players)]
        for z in ("box", "removed", "supply.hindrance", "supply.disaster"):
            self.zones[z] = []
        self.npiles = len(game.piles)
        for i in range(self.npiles):
            self.zones[f"pile.{i}"] = []
        for cid in game.by_type.get("art", []):
            self.zones[f"art.{cid}"] = []
        self.round = 0
        self.turn_player = 0

    # ----- cards and zones -----------------------------------------------------------------------
    def new_card(self, cid: str, zone: str) -> int:
        c = Card(len(self.cards), self.game.cards[cid], zone)
        self.cards.append(c)
        self.zones[zone].append(c.uid)
        return c.uid

    def move(self, uid: int, zone: str) -> None:
        c = self.cards[uid]
        self.zones[c.zone].remove(uid)
        self.zones[zone].append(uid)
        c.zone = zone

    def name(self, uid: int) -> str:
        return self.cards[uid].d.name.en

    def census(self) -> dict[int, str]:
        """Where every card is (tests check that no card is created or lost)."""
        return {u: z for z, lst in self.zones.items() for u in lst}

    def opponent(self, seat: int) -> int | None:
        return None if self.players == 1 else 1 - seat

    def side(self, seat: int):
        """The vessel's numbers in force: the awakened side once awakened (BRD-2.10)."""
        p = self.seats[seat]
        d = self.cards[p.vessel[0]].d
        return d.awakened if p.awake else d.front

    # ----- the components and the table (BRD-1.6 .. BRD-1.11) ---------------------------------------------
    def create_components(self) -> None:
        """Every card of the game, made once at the start (so the census never changes): vessels,
        recallers (face down), Madness cards and the starting arts in the box; recall piles,
        art, hindrance and disaster supplies straight into the covenant area, unshuffled."""
        g = self.game
        by = g.by_type
        for cid in by["vessel"] + by.get("madness", []):
            self.new_card(cid, "box")
        for cid in by["recaller"]:
            self.cards[self.new_card(cid, "box")].up = False
        for _ in self.seats:
            for cid, n in (("slash-1", 4), ("crimson-1", self.options["crimson_blood"])):
                for _ in range(n):
                    self.new_card(cid, "box")
        for i, pile in enumerate(g.piles):
            for cid in pile:
                self.new_card(cid, f"pile.{i}")
        for cid in by["art"]:
            for _ in range(g.cards[cid].supply):
                self.new_card(cid, f"art.{cid}")
        for t, zone in (("hindrance", "supply.hindrance"), ("disaster", "supply.disaster")):
            for cid in by.get(t, []):
                for _ in range(g.cards[cid].supply):
                    self.new_card(cid, zone)

    def from_box(self, cid: str, zone: str) -> int:
        for u in self.zones["box"]:
            if self.cards[u].cid == cid:
                self.move(u, zone)
                return u
        raise RuntimeError(f"engine bug: no {cid} in the box")

    def build_deck(self, seat: int, slash: int, crimson: int) -> None:
        """The starting deck: stage-1 Slash and Crimson Blood, shuffled (BRD-1.6)."""
        zone = f"{seat}.deck"
        for cid, n in (("slash-1", slash), ("crimson-1", crimson)):
            for _ in range(n):
                self.from_box(cid, zone)
        self.rng.shuffle(self.seats[seat].deck)
        self.emit("deck", f"Seat {seat} shuffles a starting deck of {slash} Slash and {crimson} Crimson Blood.",
                  self.K["deck"], seat=seat, slash=slash, crimson=crimson)

    def build_covenant(self) -> None:
        """Recall piles (5 crests x 5) shuffled and set face up; arts, blood and hindrance cards
        laid out (BRD-1.9 .. BRD-1.11)."""
        for i in range(self.npiles):
            self.rng.shuffle(self.zones[f"pile.{i}"])
        self.emit("covenant", "The covenant area is laid out: five face-up recall piles, the art cards by type and "
                  "stage, hindrance cards and an unlimited supply of blood cards.", self.K["piles"])

    # ----- blood: damage, pool, recall points ------------------------------------------------------------
    def take_damage(self, seat: int, n: int, clause: str, why: str = "") -> None:
        """Blood cards leave the life area (sideways ones first) for the blood pool (BRD-2.7).
        At 0 the player loses at once, whatever caused it (BRD-5.1)."""
        p = self.seats[seat]
        n = min(n, p.life)
        if n <= 0:
            return
        p.life -= n
        p.pool += n
        self.emit("damage", f"Seat {seat} takes {n} damage{(' ' + why) if why else ''}: life {p.life} "
                            f"({p.sideways} sideways, {p.upright} upright), blood pool {p.pool}.",
                  clause, seat=seat, amount=n, life=p.life)
        if p.life == 0:
            self.lose(seat)

    def gain_blood(self, seat: int, n: int) -> None:
        p = self.seats[seat]
        p.pool += n
        self.emit("blood", f"Seat {seat} puts {n} blood card(s) from the covenant area into the blood pool "
                           f"(pool {p.pool}).", self.K["effects"], seat=seat, amount=n)

    def add_recall_points(self, seat: int, n: int) -> None:
        p = self.seats[seat]
        p.rp_blood += n
        self.emit("recall_points", f"Seat {seat} gains {n} recall point(s) ({p.recall_points} in all).",
                  self.K["recall_points"], seat=seat, amount=n)

    def add_bonus(self, seat: int, n: int, why: str = "") -> None:
        p = self.seats[seat]
        p.bonus += n
        self.emit("attack", f"Seat {seat}: {n:+d} attack this round{(' (' + why + ')') if why else ''}.",
                  self.K["effects"], seat=seat, amount=n)

    def attack_total(self, seat: int) -> int:
        """Printed attack of the play area, this round's effects and face-up recallers' attack,
        never below 0 (BRD-2.5, BRD-6.4, BRD-6.5)."""
        p = self.seats[seat]
        cards = self.cards
        total = p.bonus
        for u in p.play:
            total += cards[u].d.attack or 0
        for u in p.recaller:
            c = cards[u]
            if c.up and c.d.attack:
                total += c.d.attack
        return total if total > 0 else 0

    # ----- decks (BRD-4.5 .. BRD-4.7) ------------------------------------------------------------------
    def draw(self, seat: int, n: int, clause: str) -> int:
        """Draw ``n``; the deck is rebuilt the moment it empties. Returns the cards drawn."""
        p = self.seats[seat]
        got = 0
        hand_zone = f"{seat}.hand"
        for i in range(n):
            if not p.deck and not self.rebuild(seat, self.K["draw_empty"]):
                self.emit("no_draw", f"Seat {seat}'s deck and discard pile are empty: "
                                     f"{n - i} draw(s) do nothing.", self.K["empty_discard"], seat=seat, missed=n - i)
                break
            uid = p.deck.pop()
            p.hand.append(uid)
            c = self.cards[uid]
            c.zone = hand_zone
            got += 1
            self.emit("draw", f"Seat {seat} draws {c.d.name.en}.", clause, seat=seat, only=seat,
                      public=f"Seat {seat} draws a card.")
            if not p.deck:
                self.rebuild(seat, self.K["rebuild_mid"] if clause == self.K["effect_draw"] else self.K["rebuild"])
        return got

    def rebuild(self, seat: int, clause: str) -> bool:
        """Shuffle the discard pile into a new deck; False when it is empty too (BRD-4.6)."""
        p = self.seats[seat]
        if not p.discard:
            return False
        zone = f"{seat}.deck"
        for u in p.discard:
            self.cards[u].zone = zone
        p.deck.extend(p.discard)
        p.discard.clear()
        self.rng.shuffle(p.deck)
        self.emit("rebuild", f"Seat {seat}'s deck is empty: the discard pile is shuffled into a new deck "
                             f"({len(p.deck)} cards).", clause, seat=seat, size=len(p.deck))
        return True

    # ----- hindrance and fog (BRD-3.11, BRD-6.10) --------------------------------------------------------
    def give_hindrance(self, seat: int, cid: str, where: str) -> None:
        supply = self.zones["supply.hindrance"]
        cards = self.cards
        for u in reversed(supply):
            if cards[u].cid == cid:
                self.move(u, f"{seat}.{'hand' if where == 'hand' else 'discard'}")
                self.emit("hindrance", f"Seat {seat} receives a {cards[u].d.name.en} hindrance card "
                                       f"({'into the hand' if where == 'hand' else 'into the discard pile'}).",
                          self.K["give_hindrance"], seat=seat, card=cid, where=where)
                return
        self.emit("no_effect", f"No {self.game.cards[cid].name.en} is left in the covenant area: nothing is given.",
                  self.K["give_hindrance"], card=cid)

    def fog(self) -> None:
        tops = [self.zones[f"pile.{i}"][-1] for i in range(self.npiles) if self.zones[f"pile.{i}"]]
        if not tops:
            self.emit("no_effect", "Every recall pile is empty: the fog has nothing to hide.", self.K["hindrance"])
            return
        for u in tops:
            self.cards[u].up = False
        self.emit("fog", "The top card of every recall pile is turned face down.", self.K["reveal"])

    # ----- effects ------------------------------------------------------------------------------------------
    def run_effect(self, seat: int, cid: str, part: str) -> None:
        """Queue a card's ops to resolve in order, before anything queued earlier (BRD-3.12)."""
        ops = self.game.ops.get((cid, part))
        if ops:
            self.then(*[("op", {"seat": seat, "cid": cid, "part": part, "i": i}) for i in range(len(ops))])

    def do_op(self, seat: int, cid: str, part: str, i: int) -> None:
        o = self.game.ops[(cid, part)][i]
        OPS[o.op](self, seat, o)

    # ----- the Blood Recaller choice (BRD-1.4 / BRS-1.7) ----------------------------------------------------------
    def do_ask_recaller(self, seat: int) -> None:
        self.goto("setup.recaller")
        crest = self.cards[self.seats[seat].vessel[0]].d.crest
        g = self.game
        opts = [({"recaller": cid}, f"Choose {g.cards[cid].name.en} (cost {g.cards[cid].cost}"
                                    f"{', ongoing' if g.cards[cid].ongoing else ''})") for cid in g.recallers_of[crest]]
        self.ask(seat, "recaller", "Choose a Blood Recaller of your vessel's crest, face down", opts,
                 self.K["choose_recaller"], seat=seat)

    def choose_recaller(self, choice, action) -> None:
        seat = action.player
        uid = self.from_box(action.args["recaller"], f"{seat}.recaller")
        self.emit("choose", f"Seat {seat} puts {self.name(uid)} face down as the Blood Recaller.",
                  self.K["choose_recaller"], seat=seat, only=seat, public=f"Seat {seat} puts a Blood Recaller face down.")

    def start_battle(self) -> None:
        """The blood battle's steps, in order; the Blood Recall window may stop for decisions."""
        self.then(("battle_effects", {}), ("battle_window", {}), ("battle_result", {}), ("awaken", {}),
                  ("cleanup", {}))

    # ----- dispatch ------------------------------------------------------------------------------------------
    def _actor(self) -> int:
        return self.turn_player

    def _legal(self) -> list[Action]:
        # Everything else the players decide is a pending Choice (setup picks, Blood Recall windows).
        return self.turn_actions() if self.phase == self.TURN_NODE else []

    def _apply(self, action: Action) -> None:
        getattr(self, "act_" + action.kind)(action)

    @classmethod
    def from_scenario(cls, game, spec, seed=0, source="scenario"):
        from .scenario import build

        return build(cls, game, spec, seed, source)

    def lose(self, seat: int) -> None:  # pragma: no cover - each mode ends the game its own way
        raise NotImplementedError
