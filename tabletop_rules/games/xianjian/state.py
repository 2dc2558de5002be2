"""Sword-and-Fairy state: seats and teams, the card piles, setup, and the shared helpers.

The turn (turn.py), battles (battle.py), playing and cancelling cards (cardplay.py), damage,
death and the end of the game (life.py) are mixins on this class; view.py and scenario.py
describe and build positions; refusals.py explains illegal actions.
"""
from __future__ import annotations

from ...core.actions import Action
from ...core.state import State
from .battle import BattleMixin
from .cardplay import CardPlayMixin
from .events import EventMixin
from .life import LifeMixin
from .refusals import RefusalMixin
from .skills import SkillMixin
from .turn import TurnMixin
from .view import ViewMixin

# Piles shared by the table (top of a pile = END of its list) and each player's own zones.
PILES = ("deck", "discard", "monsters", "monster_discard", "events", "event_discard", "char_pile",
         "char_out", "table")
SEAT_LISTS = ("hand", "pets", "dealt")
SEAT_SLOTS = ("weapon", "armour", "character")
TEAMS = ("A", "B")


class Card:
    """Which card a ``uid`` is: its definition id and definition, plus the facts the engine reads
    constantly, copied into plain slots (reading them through the validated model is slower).
    Immutable, so states share them; where a card is lives in the state (``zone[uid]``, ``owner[uid]``)."""

    __slots__ = ("uid", "cid", "d", "kind", "type", "name", "at", "pawn", "equip")

    def __init__(self, uid: int, d):
        self.uid, self.cid, self.d = uid, d.id, d
        self.kind = d.kind
        self.name = d.name.en
        self.type = getattr(d, "type", None)
        self.at = {u["at"]: u for u in getattr(d, "uses", ())}     # moment -> use (XJ-7.x)
        self.pawn = getattr(d, "pawn", None)
        self.equip = self.type in ("weapon", "armour")

    def __deepcopy__(self, memo):
        return self


class Player:
    __slots__ = ("seat", "team", "label", "character", "dealt", "hp", "in_game", "hand", "weapon",
                 "armour", "pets", "turned", "skills", "hooks")

    def __init__(self, seat: int, team: str, label: str):
        self.seat, self.team, self.label = seat, team, label
        self.character: int | None = None
        self.dealt: list[int] = []
        self.hp = 0
        self.in_game = True
        self.hand: list[int] = []
        self.weapon: int | None = None
        self.armour: int | None = None
        self.pets: list[int] = []
        self.turned = False
        self.skills: dict = {}          # skill function name -> its args (filled at the reveal)
        self.hooks: dict = {}           # when a skill acts -> [(skill function name, args)]

    def set_skills(self, d) -> None:
        """The character's skills, by function and by the step they act in (XJ-8.1); the maps
        belong to the card definition and are only read."""
        self.skills = d.skill_map
        self.hooks = d.hook_map


_TEXTS: dict = {}


def _setup_texts(teams: dict, cycle: list) -> tuple[str, str]:
    """The setup's announcements of teams and turn order (the same for every game of a size)."""
    key = (tuple(map(tuple, teams.values())), tuple(cycle))
    got = _TEXTS.get(key)
    if got is None:
        t = "; ".join(f"team {k}: seat{'s' if len(v) > 1 else ''} {' and '.join(map(str, v))}"
                      for k, v in teams.items()) + "."
        got = _TEXTS[key] = (t, f"Turn order: seats {' -> '.join(map(str, cycle))}, and round again.")
    return got


def _keep_label(d) -> str:
    got = _TEXTS.get(d.id)
    if got is None:
        got = _TEXTS[d.id] = f"Keep {d.name.en} (HP {d.hp}, power {d.power})"
    return got


def seating(players: int, three_order: str) -> tuple[list[str], list[int]]:
    """Teams by seat and the turn cycle (XJ-1.2, XJ-1.3): A1 B1 A2 B2, the lone B player twice."""
    teams = [TEAMS[s % 2] for s in range(players)]
    if players == 3 and three_order == "alternate":
        cycle = [0, 1, 2, 1]
    else:
        cycle = list(range(players))
    return teams, cycle


class XianjianState(TurnMixin, BattleMixin, CardPlayMixin, EventMixin, SkillMixin, LifeMixin, ViewMixin,
                    RefusalMixin, State):
    game_id = "xianjian"

    def __init__(self, game, seed, players, options):
        super().__init__(game, seed, players, options)
        teams, self.cycle = seating(players, options["three_player_order"])
        counts = {"A": 0, "B": 0}
        self.p: list[Player] = []
        for s, t in enumerate(teams):
            counts[t] += 1
            self.p.append(Player(s, t, f"{t}{counts[t]}"))
        self.cards: list[Card] = []
        self.zone: list[str] = []          # uid -> where the card is (a pile or a seat's zone)
        self.owner: list = []              # uid -> the seat of a seat zone, else None
        self.pile: dict[str, list[int]] = {}
        for pile in PILES:
            self.pile[pile] = []
            setattr(self, pile, self.pile[pile])       # the same list, by name (self.deck ...)
        self.turn = 0
        self.turn_player = 0
        self.pos = 0                   # index of the turn player in ``cycle``
        self.revealed = False          # characters face up (XJ-2.2)
        self.fought = 0                # battles triggered this turn (XJ-4.7)
        self.used: list = []           # once-per-turn marks, e.g. ["gift", seat]
        self.battle: dict | None = None
        self.hurting: dict | None = None
        self.plays: dict = {}
        self.play_seq = 0
        self.trial: dict | None = None
        self._orders: dict = {}

    # ----- cards and zones ---------------------------------------------------------------------------
    def new_card(self, cid: str, zone: str, owner: int | None = None) -> int:
        uid = len(self.cards)
        self.cards.append(Card(uid, self.game.cards[cid]))
        self.zone.append("")
        self.owner.append(None)
        self.put(uid, zone, owner)
        return uid

    def take(self, uid: int) -> int:
        """Lift a card out of wherever it is (it must then be put somewhere)."""
        z = self.zone[uid]
        pile = self.pile.get(z)
        if pile is not None:
            if pile[-1] == uid:            # mostly the top card (a draw)
                pile.pop()
            else:
                pile.remove(uid)
        else:
            pl = self.p[self.owner[uid]]
            if z == "hand":
                pl.hand.remove(uid)
            elif z == "pets":
                pl.pets.remove(uid)
            elif z == "dealt":
                pl.dealt.remove(uid)
            else:
                setattr(pl, z, None)
        self.zone[uid] = ""
        self.owner[uid] = None
        return uid

    def put(self, uid: int, zone: str, owner: int | None = None) -> None:
        pile = self.pile.get(zone)
        if pile is not None:
            pile.append(uid)
        elif zone in SEAT_LISTS:
            getattr(self.p[owner], zone).append(uid)
        else:
            setattr(self.p[owner], zone, uid)
        self.zone[uid] = zone
        self.owner[uid] = owner

    def move(self, uid: int, zone: str, owner: int | None = None) -> None:
        self.take(uid)
        self.put(uid, zone, owner)

    def discard_card(self, uid: int) -> None:
        """A card goes to the discard pile of its kind (hand cards, monsters, events)."""
        kind = self.cards[uid].kind
        self.move(uid, {"hand": "discard", "monster": "monster_discard", "event": "event_discard"}.get(kind, "char_out"))

    def name(self, uid: int) -> str:
        return self.cards[uid].name

    def cdef(self, seat: int):
        """The character definition of a seat (None before the characters are revealed)."""
        u = self.p[seat].character
        return None if u is None else self.cards[u].d

    # ----- seats and teams ------------------------------------------------------------------------------
    def order_from(self, seat: int) -> tuple[int, ...]:
        """Seats still in the game in seat order, starting with ``seat`` (if it is in).
        Cached until a player leaves (``seats_changed``): it is asked for constantly."""
        got = self._orders.get(seat)
        if got is None:
            n = self.players
            p = self.p
            got = self._orders[seat] = tuple(s for s in ((seat + k) % n for k in range(n)) if p[s].in_game)
        return got

    def seats_changed(self) -> None:
        self._orders = {}

    def team_seats(self, team: str) -> list[int]:
        return [pl.seat for pl in self.p if pl.team == team]

    def skill(self, seat: int, fn: str):
        """The args of skill function ``fn`` if the seat's character has it, else None."""
        return self.p[seat].skills.get(fn)

    # ----- power (XJ-3.5, XJ-3.13, XJ-7.12) -----------------------------------------------------------
    def weapons_work(self, seat: int) -> bool:
        team = self.p[seat].team
        for pl in self.p:
            if pl.in_game and pl.team != team:
                for u in pl.pets:
                    if self.cards[u].d.pet_arg("void_enemy_weapons") is not None:
                        return False
        return True

    def power(self, seat: int) -> int:
        """Character power with equipment and pet bonuses: what the trigger side starts from."""
        pl = self.p[seat]
        d = self.cdef(seat)
        total = d.power if d is not None else 0
        if pl.weapon is not None and self.weapons_work(seat):
            total += self.cards[pl.weapon].d.power
            bonus = pl.skills.get("weapon_mastery")
            if bonus:
                total += bonus["n"]
        if pl.armour is not None:
            total += self.cards[pl.armour].d.power
        for u in pl.pets:
            total += self.cards[u].d.owner_power
        return total

    def pet_power(self, seat: int, uid: int, final: bool = False) -> int:
        """A pet's own power (XJ-6.2): printed, or its game-end value, plus the owner's bonus."""
        d = self.cards[uid].d
        n = d.power
        if final:
            end = d.pet_arg("final_power")
            if end:
                n = end["n"]
        sacred = self.p[seat].skills.get("pet_power_bonus")
        if sacred:
            n += sacred["n"]
        return n

    def team_pet_power(self, team: str, final: bool = True) -> int:
        return sum(self.pet_power(pl.seat, u, final) for pl in self.p if pl.team == team and pl.in_game
                   for u in pl.pets)

    def hand_limit(self, seat: int) -> int:
        bonus = self.p[seat].skills.get("hand_limit_bonus")
        return 3 + (bonus["n"] if bonus else 0)           # XJ-4.8

    # ----- drawing (XJ-4.10) ------------------------------------------------------------------------------
    def draw(self, seat: int, n: int, clause: str) -> None:
        if n <= 0 or not self.p[seat].in_game:
            return
        got = []
        deck, hand, zone, owner, cards = self.deck, self.p[seat].hand, self.zone, self.owner, self.cards
        for _ in range(n):
            if not deck and not self.refill("deck", "discard", "XJ-4.10"):
                break
            uid = deck.pop()                   # the top card, straight into the hand
            hand.append(uid)
            zone[uid] = "hand"
            owner[uid] = seat
            got.append(cards[uid].name)
        if got:
            self.emit("draw", f"Seat {seat} draws {len(got)}: {', '.join(got)}.", clause, seat=seat, n=len(got),
                      only=seat, public=f"Seat {seat} draws {len(got)} card{'s' if len(got) > 1 else ''}.")
        else:
            self.emit("draw", f"Seat {seat} cannot draw: both hand-card piles are empty.", "XJ-4.10", seat=seat, n=0)

    def shuffle(self, cards: list) -> None:
        """Shuffle in place with the state's own generator: every card gets a random key and
        the pile is sorted by it (a uniform shuffle, and half the cost of random.shuffle)."""
        r = self.rng.random
        cards.sort(key=lambda _: r())

    def refill(self, pile: str, from_pile: str, clause: str) -> bool:
        """Shuffle a discard pile into its empty deck (XJ-4.10, XJ-4.3). False when nothing is left."""
        src = getattr(self, from_pile)
        if not src:
            return False
        for uid in list(src):
            self.move(uid, pile)
        self.shuffle(self.pile[pile])
        self.emit("reshuffle", f"The discards are shuffled into a new {pile.replace('_', ' ')} "
                               f"({len(getattr(self, pile))} cards).", clause)
        return True

    # ----- setup (XJ-1, XJ-2) ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.goto("setup.teams")
        teams = {t: self.team_seats(t) for t in TEAMS}
        teams_text, order_text = _setup_texts(teams, self.cycle)
        self.emit("teams", teams_text, "XJ-1.1", teams=teams)
        self.emit("order", order_text, "XJ-1.3" if self.players == 3 else "XJ-1.2", cycle=list(self.cycle))
        self.goto("setup.decks")
        # The box's cards in a fixed order (monsters, events, hand cards, characters): the same
        # uids every game, so the card list is shared and only the piles are shuffled.
        cards, zones, piles = self.game.setup_cards
        self.cards = list(cards)
        self.zone = list(zones)
        self.owner = [None] * len(cards)
        for z, uids in piles:
            self.pile[z].extend(uids)
        for pile in ("monsters", "events", "deck"):
            self.shuffle(self.pile[pile])
        self.emit("shuffle", f"The monster deck ({len(self.monsters)}), the event deck ({len(self.events)}) and the "
                             f"hand-card deck ({len(self.deck)}) are shuffled and put face down.", "XJ-1.5")
        self.goto("setup.deal")
        self.shuffle(self.char_pile)
        for pl in self.p:
            for _ in range(2):
                self.move(self.char_pile[-1], "dealt", pl.seat)
            names = " and ".join(self.name(u) for u in pl.dealt)
            self.emit("deal", f"Seat {pl.seat} is dealt {names}.", "XJ-2.1", seat=pl.seat, only=pl.seat,
                      public=f"Seat {pl.seat} is dealt two characters.")
        self.goto("setup.choose")
        self.then(*[("ask_character", {"seat": s}) for s in range(self.players)], ("reveal", {}))
        self.run()

    def do_ask_character(self, seat: int) -> None:
        cards = self.cards
        opts = [({"card": u, "name": cards[u].cid}, _keep_label(cards[u].d)) for u in self.p[seat].dealt]
        self.ask(seat, "keep_character", f"Seat {seat}: keep one of your two characters", opts, "XJ-2.2", seat=seat)

    def choose_keep_character(self, choice, action) -> None:
        seat, uid = choice.ctx["seat"], action.args["card"]
        pl = self.p[seat]
        for u in list(pl.dealt):
            if u != uid:
                self.move(u, "char_out")
        self.move(uid, "character", seat)
        self.emit("keep", f"Seat {seat} keeps {self.name(uid)} face down.", "XJ-2.2", seat=seat, only=seat,
                  public=f"Seat {seat} keeps a character face down.")

    def do_reveal(self) -> None:
        self.goto("setup.reveal")
        self.revealed = True
        for pl in self.p:
            self.reveal_seat(pl.seat)
        self.goto("setup.hand")
        for pl in self.p:
            self.draw(pl.seat, 3, "XJ-2.6")
        self.goto("opening")
        self.emit("opening", "The opening step passes: no character acts in it.", "XJ-4.1")
        self.later("turn_start", seat=self.cycle[0])

    def reveal_seat(self, seat: int) -> None:
        pl = self.p[seat]
        d = self.cdef(seat)
        pl.hp = d.hp
        pl.set_skills(d)
        self.emit("reveal", f"Seat {seat} reveals {d.name.en}: HP {d.hp}, power {d.power}.", "XJ-2.3",
                  seat=seat, character=d.id, hp=d.hp)

    # ----- actions: dispatch -----------------------------------------------------------------------------
    def _actor(self) -> int:
        return self.turn_player

    def _legal(self) -> list[Action]:
        if self.phase == "skill":
            return self.skill_actions()
        if self.phase == "battle.choose":
            return self.battle_actions()
        return []

    def _apply(self, action: Action) -> None:
        getattr(self, "act_" + action.kind)(action)

    def named_cards(self, player: int) -> list[int]:
        if not 0 <= player < self.players:
            return []
        pl = self.p[player]
        return pl.hand + [u for u in (pl.weapon, pl.armour) if u is not None] + pl.pets + pl.dealt

    @classmethod
    def from_scenario(cls, game, spec, seed=0, source="scenario"):
        from .scenario import build

        return build(cls, game, spec, seed, source)

    def census(self) -> dict:
        """Where every card is (tests check that no card is created or lost)."""
        where: dict[int, str] = {}
        for pile in PILES:
            for u in getattr(self, pile):
                where[u] = pile
        for pl in self.p:
            for z in SEAT_LISTS:
                for u in getattr(pl, z):
                    where[u] = z
            for z in SEAT_SLOTS:
                u = getattr(pl, z)
                if u is not None:
                    where[u] = z
        return where
