"""Sword-and-Fairy state: seats and teams, the card zones, setup, and the query helpers.

The rules are functions registered in the game's Book (book.py): the turn (turn.py), the
battle (battle.py, war.py), playing and cancelling cards (cardplay.py, hand.py), events
(events.py), skills (skills.py), damage, death and the end of the game (life.py), setup
(dealing.py). view.py and scenario.py describe and build positions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, IllegalAction
from ...core.moves import Lister
from ...core.state import Book, State
from ...core.texts import Say
from ...core.zones import Zones
from . import battle, cardplay, dealing, effects, events, hand, life, skills, turn, war
from .book import BOOK
from .cards import Card

if TYPE_CHECKING:
    from .battle import Battle
    from .cardplay import Play
    from .cards import CharacterDef, Tables
    from .events import Trial
    from .life import Hurting

# Importing these modules registers the game's procedures, decisions, moves and effects.
RULES = (battle, cardplay, dealing, effects, events, hand, life, skills, turn, war)

TEAMS = ("A", "B")
DISCARD_OF = {"hand": "discard", "monster": "monster_discard", "event": "event_discard"}
SEAT_PLACES = ("hand", "pets", "dealt", "character", "weapon", "armour")
# (seat, place) -> the zone's name, made once (a move names its zone this way constantly).
SEAT_ZONE = {(seat, place): f"{seat}.{place}" for seat in range(4) for place in SEAT_PLACES}

# The moves each decision node lists, in order, are data/xianjian/flow.yaml's ``moves:`` (XJ-4.4,
# XJ-4.6); a concession may come at any decision of the team's own turn (XJ-6.3), so every decision
# lists it too (``ask``). These listers build their refusals only while explaining
# (``XianjianState._legal`` relies on it). Every lister's labels are ``Say(texts, key, data)``:
# ``s.say(key, **data)`` packs keywords, which costs more than the Say itself, on every listed
# action (the tests render every label strictly).


class Player:
    """A seat: its team, HP, and its zones (lists of card uids, shared with the state's Zones)."""

    __slots__ = ("seat", "team", "label", "hp", "in_game", "turned", "skills", "hooks", "hand", "pets", "dealt",
                 "slots")

    def __init__(self, seat: int, team: str, label: str, zones: Zones[Card]):
        self.seat, self.team, self.label = seat, team, label
        self.hp = 0
        self.in_game = True
        self.turned = False
        self.skills: dict[str, dict[str, Any]] = {}              # skill function -> its args (from the reveal)
        self.hooks: dict[str, list[tuple[str, dict[str, Any]]]] = {}  # when a skill acts -> [(function, args)]
        self.hand = zones.add(f"{seat}.hand")
        self.pets = zones.add(f"{seat}.pets")
        self.dealt = zones.add(f"{seat}.dealt")
        self.slots = {z: zones.add(f"{seat}.{z}", cap=1) for z in ("character", "weapon", "armour")}

    @property
    def character(self) -> int | None:
        lst = self.slots["character"]
        return lst[0] if lst else None

    @property
    def weapon(self) -> int | None:
        lst = self.slots["weapon"]
        return lst[0] if lst else None

    @property
    def armour(self) -> int | None:
        lst = self.slots["armour"]
        return lst[0] if lst else None

    def in_slot(self, zone: str) -> int | None:
        """The card in one of the seat's one-card zones ("character", "weapon", "armour")."""
        lst = self.slots[zone]
        return lst[0] if lst else None

    def equipment(self) -> list[int]:
        """Weapon and armour in play, in that order."""
        return self.slots["weapon"] + self.slots["armour"]

    def set_skills(self, d: CharacterDef) -> None:
        """The character's skills, by function and by the step they act in (XJ-8.1); the maps
        belong to the card definition and are only read."""
        self.skills = d.skill_map
        self.hooks = d.hook_map


def seating(players: int, three_order: str) -> tuple[list[str], list[int]]:
    """Teams by seat and the turn cycle (XJ-1.2, XJ-1.3): A1 B1 A2 B2, the lone B player twice."""
    teams = [TEAMS[s % 2] for s in range(players)]
    if players == 3 and three_order == "alternate":
        cycle = [0, 1, 2, 1]
    else:
        cycle = list(range(players))
    return teams, cycle


class XianjianState(State):
    game_id = "xianjian"
    book: ClassVar[Book] = BOOK
    # the nodes' listers build no refusal unless explaining:
    # listing joins their lists as they are (core State._legal).
    plain_phase_listers: ClassVar[bool] = True
    # What a seat cannot see (core/determinize.py): the others' hands and the shared deck are one
    # pool (their cards are drawn from it); the monster and event decks; the characters dealt to
    # the others together with the character pile.
    secret_zones: ClassVar[dict[str, str]] = {
        "{o}.hand": "cards", "deck": "cards", "monsters": "monsters", "events": "events",
        "{o}.dealt": "characters", "char_pile": "characters"}
    # Its playouts are short (~35 actions) and its decisions stay far inside the ISMC bot's budget, so
    # a candidate may get 48 playouts instead of 24 (core State.bot_playouts): on the same seeded games,
    # 184 of 200 against random play (179 with 24) and 47 of 80 against the peeking bot (45), the
    # slowest decision 0.55 s (benchmarks/RESULTS.md, session 29).
    bot_playouts: ClassVar[int | None] = 48

    def __init__(self, game: Any, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        teams, self.cycle = seating(players, options["three_player_order"])
        # The zones: piles shared by the table (top of a pile = END of its list), and each seat's
        # own ("0.hand", "0.pets", "0.dealt", one-card "0.character", "0.weapon", "0.armour").
        self.zones: Zones[Card] = Zones()
        self.cards: list[Card] = self.zones.cards
        z = self.zones
        self.deck, self.discard = z.add("deck"), z.add("discard")
        self.monsters, self.monster_discard = z.add("monsters"), z.add("monster_discard")
        self.events, self.event_discard = z.add("events"), z.add("event_discard")
        self.char_pile, self.char_out, self.table = z.add("char_pile"), z.add("char_out"), z.add("table")
        counts = {"A": 0, "B": 0}
        self.p: list[Player] = []
        for s, t in enumerate(teams):
            counts[t] += 1
            self.p.append(Player(s, t, f"{t}{counts[t]}", z))
        self.turn = 0
        self.turn_player = 0
        self.pos = 0                   # index of the turn player in ``cycle``
        self.revealed = False          # characters face up (XJ-2.2)
        self.fought = 0                # battles triggered this turn (XJ-4.7)
        self.used: list[list[Any]] = []      # once-per-turn marks, e.g. ["gift", seat]
        self.battle: Battle | None = None
        self.hurting: Hurting | None = None
        self.plays: dict[int, Play] = {}
        self.play_seq = 0
        self.trial: Trial | None = None
        self._orders: dict[int, tuple[int, ...]] = {}

    @property
    def tables(self) -> Tables:
        tables: Tables = self.game.tables
        return tables

    # ----- cards and zones ---------------------------------------------------------------------------
    def new_card(self, cid: str, zone: str, owner: int | None = None) -> int:
        """Bring a card of definition ``cid`` into the game (scenarios build positions this way)."""
        uid = len(self.cards)
        return self.zones.new(Card(uid, self.game.cards[cid], owner, zone if owner is None else f"{owner}.{zone}"))

    def move(self, uid: int, zone: str, owner: int | None = None) -> None:
        """Move a card to a shared pile (``owner`` None) or to a seat's zone ("hand", "pets" ...)."""
        if owner is not None:
            zone = SEAT_ZONE.get((owner, zone)) or f"{owner}.{zone}"
        self.zones.move(uid, zone)
        self.cards[uid].owner = owner

    def place(self, uid: int) -> str:
        """Which kind of zone a card is in: a pile's name, or a seat zone ("hand", "weapon" ...)."""
        z = self.cards[uid].zone
        return z[z.find(".") + 1:]

    def discard_card(self, uid: int) -> None:
        """A card goes to the discard pile of its kind (hand cards, monsters, events)."""
        self.move(uid, DISCARD_OF.get(self.cards[uid].kind, "char_out"))

    def name(self, uid: int) -> str:
        return self.cards[uid].name

    def cdef(self, seat: int) -> CharacterDef:
        """The character definition of a seat (once it has kept one)."""
        u = self.p[seat].character
        if u is None:
            raise RuntimeError(f"engine bug: seat {seat} has no character yet")
        d: CharacterDef = self.cards[u].d
        return d

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

    def skill(self, seat: int, fn: str) -> dict[str, Any] | None:
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
        total = self.cdef(seat).power if pl.character is not None else 0
        weapon, armour = pl.weapon, pl.armour
        if weapon is not None and self.weapons_work(seat):
            total += self.cards[weapon].d.power
            bonus = pl.skills.get("weapon_mastery")
            if bonus:
                total += bonus["n"]
        if armour is not None:
            total += self.cards[armour].d.power
        for u in pl.pets:
            total += self.cards[u].d.owner_power
        return total

    def pet_power(self, seat: int, uid: int, final: bool = False) -> int:
        """A pet's own power (XJ-6.2): printed, or its game-end value, plus the owner's bonus."""
        d = self.cards[uid].d
        n: int = d.power
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
        deck, cards = self.deck, self.cards
        for _ in range(n):
            if not deck and not self.refill("deck", "discard", "XJ-4.10"):
                break
            uid = deck[-1]                     # the top card, straight into the hand
            self.move(uid, "hand", seat)
            got.append(cards[uid].cid)
        if got:
            self.emit("draw", "draw", clause, seat=seat, n=len(got), cards=got, only=seat, public="draw.public")
        else:
            self.emit("draw", "draw.none", "XJ-4.10", seat=seat, n=0)

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle in place with the state's own generator: every card gets a random key and
        the pile is sorted by it (a uniform shuffle, and half the cost of random.shuffle).
        What a seat had seen of these cards' places is gone with it (core Zones.learn: the monsters
        a seat peeked at, XJ-7.2 and XJ-7.10; a card it gave, XJ-8.1)."""
        r = self.rng.random
        cards.sort(key=lambda _: r())
        if self.zones.seen:
            self.zones.forget(cards)

    def refill(self, pile: str, from_pile: str, clause: str) -> bool:
        """Shuffle a discard pile into its empty deck (XJ-4.10, XJ-4.3). False when nothing is left."""
        src = self.zones[from_pile]
        if not src:
            return False
        for uid in list(src):
            self.move(uid, pile)
        self.shuffle(self.zones[pile])
        self.emit("reshuffle", "reshuffle", clause, pile=pile, n=len(self.zones[pile]))
        return True

    # ----- setup (XJ-1, XJ-2) ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.goto("setup.teams")
        teams = {t: self.team_seats(t) for t in TEAMS}
        self.emit("teams", "teams", "XJ-1.1", teams=teams, a=teams["A"], b=teams["B"])
        self.emit("order", "order", "XJ-1.3" if self.players == 3 else "XJ-1.2", cycle=list(self.cycle),
                  order=" → ".join(map(str, self.cycle)))
        self.goto("setup.decks")
        # The box's cards in a fixed order (monsters, events, hand cards, characters): the same
        # uids every game, copied from the catalogue's prototypes in one go (they are in uid
        # order, each in its starting pile); only the piles are shuffled.
        tables = self.tables
        self.cards.extend(Card.fresh_all(tables.setup_cards))
        for pile, uids in tables.piles:
            self.zones[pile].extend(uids)
        for deck in (self.monsters, self.events, self.deck):
            self.shuffle(deck)
        self.emit("shuffle", "shuffle", "XJ-1.5", monsters=len(self.monsters), events=len(self.events),
                  deck=len(self.deck))
        self.goto("setup.deal")
        self.shuffle(self.char_pile)
        for pl in self.p:
            for _ in range(2):
                self.move(self.char_pile[-1], "dealt", pl.seat)
            self.emit("deal", "deal", "XJ-2.1", seat=pl.seat, cards=[self.cards[u].cid for u in pl.dealt],
                      only=pl.seat, public="deal.public")
        self.goto("setup.choose")
        self.then(*[(dealing.ask_character, {"seat": s}) for s in range(self.players)], (dealing.reveal, {}))
        self.run()

    # ----- the contract ------------------------------------------------------------------------------------
    def _actor(self) -> int:
        return self.turn_player

    def ask(self, player: int, kind: str, prompt: str | Say, clause: str | None = None,
            listers: tuple[Lister | str, ...] = (), **ctx: Any) -> None:
        """Every decision may also be answered by conceding, where the concession rule allows it
        (XJ-6.3): the same lister says when, and why not."""
        State.ask(self, player, kind, prompt, clause, listers, **ctx)
        ch = self.choices[-1]
        ch.listers = (*ch.listers, "concede")

    def _answer(self, legal: Action) -> None:
        if legal.kind == "concede" and self.choices:
            # A concession answers no pending question: it sets the decision aside and ends
            # the game (XJ-6.3), so it is applied as a move of its own.
            self.choices.clear()
        State._answer(self, legal)        # every action passes here: no super() object made for it

    def _refusal(self, action: Action) -> IllegalAction:
        err = super()._refusal(action)
        if err.clause is None and not self.is_over:
            # Not an action of this game at all (an unknown kind, a seat that does not exist):
            # the rule of the moment says what may be done. The template (err.says) is kept, so
            # a Chinese reader reads the refusal in Chinese too (issue 34).
            return IllegalAction(err.says or err.reason, self.game.flow.nodes[self.phase].clause, action)
        return err

    def named_cards(self, player: int) -> list[int]:
        if not 0 <= player < self.players:
            return []
        pl = self.p[player]
        return pl.hand + pl.equipment() + pl.pets + pl.dealt

