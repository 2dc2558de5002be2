"""Mirror-doll duel state: players, points, zones and card instances, setup, and the shared look-ups.

The rules live in their own modules, each registering into ``BOOK``: points (points.py), the board,
forms and damage (board.py), card effects and ongoing spells (effects.py), the turn, draws and the
mirror slot (turn.py), and the action step's moves (play.py). view.py and scenario.py describe and
build positions.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...core.state import Book, State
from ...core.zones import CardInstance, Zones
from . import board, effects, play, turn  # noqa: F401  (their rules register into BOOK)
from .book import BOOK, FIELD, PILES, WIN_SCORE, ZONE
from .cards import CardDef, resolve_deck


class Doll(CardInstance):
    """A physical card. On the field a doll carries its form, damage taken, lost printed shield,
    effects on it (``mods``) and whether it has acted this turn."""

    __slots__ = ("form", "damage", "shield_dmg", "mods", "acted")
    d: CardDef

    def __init__(self, uid: int, d: CardDef, owner: int, zone: str):
        super().__init__(uid, d, owner, zone)
        self.form: str | None = None
        self.damage = 0
        self.shield_dmg = 0
        self.mods: list[dict[str, Any]] = []
        self.acted = False


class Player:
    __slots__ = ("seat", "score", "order", "chaos", "overflow", "chaos_count", "suppress", "ready",
                 "own_turns", "deck_id")

    def __init__(self, seat: int):
        self.seat = seat
        self.score = 0
        self.order = 0
        self.chaos = 0
        self.overflow = 0
        self.chaos_count = 0     # chaos spent towards the next overflow point (MD-5.3)
        self.suppress = 0        # chaos still to spend without counting, after an overflow spend (MD-5.5)
        self.ready = 0           # own turn from which the overflow point may be spent again (MD-5.6)
        self.own_turns = 0
        self.deck_id = ""


class MirrorDollsState(State):
    game_id = "mirror-dolls"
    book: ClassVar[Book] = BOOK
    # What a seat cannot see (core/determinize.py): the other's doll hand and real-side doll deck are
    # one pool, their spell hand and spell deck another, their mirror deck a third; its own decks'
    # orders are pools of their own.
    secret_zones: ClassVar[dict[str, str]] = {
        "{o}.dolls": "{o}.dolls", "{o}.real_deck": "{o}.dolls", "{me}.real_deck": "{me}.real_deck",
        "{o}.spells": "{o}.spells", "{o}.spell_deck": "{o}.spells", "{me}.spell_deck": "{me}.spell_deck",
        "{o}.mirror_deck": "{o}.mirror_deck"}
    # Random games run ~900 actions: a bot's playout stops after 40 and reads the scores (outlook).
    playout_steps: ClassVar[int | None] = 40
    # An action here costs about twice one of the other games (benchmarks/RESULTS.md): half the
    # playout actions per decision keep the bot's decisions under a second (0.9 s median at 6,000).
    bot_budget: ClassVar[int | None] = 3000
    # The ISMC bot's playouts (core State.playout_weights): they stop after 40 actions and read the
    # scores (outlook), which only attacks change (MD-9.4); uniform playouts spend most of those 40
    # on moves, mirror swaps and turn ends. Leaning to attacks and summons won 35 of 40 games against
    # the peeking bot, uniform playouts 25 (benchmarks/RESULTS.md).
    playout_weights: ClassVar[dict[str, float]] = {"attack": 3.0, "summon": 1.5, "move": 0.5, "end_turn": 0.5,
                                                    "place_mirror": 0.5}
    # Refusals are built only while explaining (tests/games/mirror_dolls/test_md_listing.py checks it).
    plain_phase_listers: ClassVar[bool] = True

    def __init__(self, game, seed: int, players: int, options: dict):
        super().__init__(game, seed, players, options)
        self.zones: Zones[Doll] = Zones()
        self.cards: list[Doll] = self.zones.cards
        self.ps = [Player(0), Player(1)]
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.mirror_done = False       # the mirror card was replaced in this action step (MD-4.5)
        self.ongoing: list[dict[str, Any]] = []
        self.next_ongoing = 1
        # Board facts shared by the move listers while one listing of the legal actions runs (board.occupied,
        # board.spots); None at any other time, so nothing outlives the position it describes.
        self.memo: dict[Any, Any] | None = None
        self.firsts: dict[tuple[int, ...], list] = {}    # play.distinct: the first doll of each name in a pile
        for seat in (0, 1):
            for pile in PILES:
                self.zones.add(f"{seat}.{pile}")
            self.zones.add(f"{seat}.spell_slot", 1)
            for slot in FIELD:
                self.zones.add(f"{seat}.{slot}", 1)
        self.zones.add("table.mirror", 1)

    # ----- cards and zones --------------------------------------------------------------------------
    def new_card(self, cid: str, owner: int, zone: str) -> int:
        return self.zones.new(Doll(len(self.cards), self.game.cards[cid], owner, zone))

    def pile(self, seat: int, name: str) -> list[int]:
        return self.zones.lists[ZONE[seat][name]]

    def at(self, seat: int, slot: str) -> int | None:
        lst = self.zones.lists[ZONE[seat][slot]]
        return lst[0] if lst else None

    def name(self, uid: int) -> str:
        return self.cards[uid].d.name.en

    def shuffle(self, seat: int, pile: str) -> None:
        self.rng.shuffle(self.zones.lists[ZONE[seat][pile]])

    def named_cards(self, player: int) -> list:
        if player not in (0, 1):
            return []
        out = list(self.pile(player, "dolls")) + list(self.pile(player, "spells"))
        out += board.field_dolls(self, player) + list(self.pile(player, "mirror_deck"))
        return out + list(self.pile(player, "mirror_pile"))

    def build_action(self, spec: dict):
        """As the base, and ``from`` / ``at`` (a slot; ``seat:slot``) name the doll and the target."""
        action = super().build_action(spec)
        args = action.args
        if "from" in args and "card" not in args and action.player in (0, 1):
            uid = self.at(action.player, args["from"]) if args["from"] in FIELD else None
            if uid is not None:
                args["card"] = uid
        if isinstance(args.get("at"), str) and "target" not in args:
            seat, _, slot = args["at"].partition(":")
            if seat in ("0", "1") and slot in FIELD and self.at(int(seat), slot) is not None:
                args["target"] = self.at(int(seat), slot)
        return action

    def census(self) -> dict[int, str]:
        return self.zones.census()

    # ----- setup (MD-2.4, MD-3.1 .. MD-3.3) -----------------------------------------------------------
    def setup(self) -> None:
        decks = self.options["decks"]
        built = [resolve_deck(self.game, decks[seat], f"options.decks.{seat}") for seat in (0, 1)]
        self.emit("setup", "setup", "MD-2.4", decks=[d.id for d in built])
        self.goto("setup.piles")
        for seat, deck in enumerate(built):
            self.ps[seat].deck_id = deck.id
            for cid, n in deck.dolls.items():
                for _ in range(n):
                    self.new_card(cid, seat, f"{seat}.real_deck")
            for cid, n in deck.spells.items():
                for _ in range(n):
                    self.new_card(cid, seat, f"{seat}.spell_deck")
            for cid in deck.mirrors:
                self.new_card(cid, seat, f"{seat}.mirror_deck")
            self.shuffle(seat, "real_deck")
            self.shuffle(seat, "spell_deck")
            self.emit("shuffle", "shuffle", "MD-3.1", seat=seat, dolls=len(self.pile(seat, "real_deck")),
                      spells=len(self.pile(seat, "spell_deck")))
        self.goto("setup.draw")
        for seat in (0, 1):
            for _ in range(3):
                turn.draw_doll(self, seat, "MD-3.2")
            turn.draw_spell(self, seat, "MD-3.2")
        self.goto("setup.first")
        self.first_player = self.rng.randrange(2)
        self.emit("first", "first", "MD-3.3", seat=self.first_player)
        self.later(turn.turn_start, seat=self.first_player)
        self.run()

    # ----- the contract -------------------------------------------------------------------------------
    def outlook(self, seat: int) -> float | None:
        """Who is ahead in the race to the winning score (MD-1.2), for a bot's playout cut off
        before the end: 0.5 at equal scores, 0 or 1 at a lead of twice the winning score."""
        lead = self.ps[seat].score - self.ps[1 - seat].score
        return min(1.0, max(0.0, 0.5 + lead / (2 * WIN_SCORE)))

    def _actor(self) -> int:
        return self.turn_player

    def _legal(self):
        # A listing's look-ups are shared by its listers (``memo``), for that listing only.
        if self.explaining:
            return super()._legal()
        self.memo = {}
        try:
            return super()._legal()
        finally:
            self.memo = None

    def run(self) -> None:
        """Run procedures; when nothing is pending, check the scores (MD-1.2, MD-1.3)."""
        super().run()
        if self.winners is None and not self.choices:
            turn.check_scores(self)

    def view(self, seat: int | None = None) -> dict:
        from .view import view

        return view(self, seat)

    def elements(self, action: Any) -> tuple:
        from .view import elements

        return elements(self, action)

    @classmethod
    def from_scenario(cls, game, spec, seed=0, source="scenario"):
        from .scenario import build

        return build(cls, game, spec, seed, source)
