"""Blood Recall duel mode (two players): setup with secret vessel and recaller choices, the round
(token holder's turn, the other's turn, blood battle, cleanup) and the end of the game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.game import Game, Option
from ...core.moves import Refusal
from ...core.state import Book, Choice
from ...core.texts import Say
from .book import DUEL
from .cards import VesselSide
from .checks import not_dealt, secret_choice
from .state import BloodRecallState
from .turn import Offer, ask_recaller, begin_turn, start_battle
from .view import elements, table_view

TITLE = {"en": "Blood Recall: duel mode", "zh": "Blood Recall：决斗模式"}

# The choices of story mode's setup, which duel mode does not have.
NOT_IN_DUEL = ("why.not_in_duel", "BRD-1.1")
DUEL.moves.declare("difficulty", None, not_now=NOT_IN_DUEL, label="kind.difficulty")
DUEL.moves.declare("madness", None, not_now=NOT_IN_DUEL, label="kind.madness")
DUEL.moves.declare("vessel", None, not_now=("why.setup_over", "BRD-1.3"), no_such=("why.dealt", "BRD-1.3"),
                   label="kind.vessel")


class DuelState(BloodRecallState):
    book: ClassVar[Book] = DUEL
    # What a seat cannot see (core/determinize.py): the other's hand and deck, its own deck's
    # order, the vessels dealt to the other, their face-down Blood Recallers, and each pile under
    # its face-up top card.
    secret_zones: ClassVar[dict[str, str]] = {
        "{o}.hand": "{o}.unseen", "{o}.deck": "{o}.unseen", "{me}.deck": "{me}.deck",
        "{o}.dealt": "{o}.dealt", "{o}.recaller~down": "{o}.recaller",
        **{f"pile.{i}~under": f"pile.{i}" for i in range(5)}}
    mode = "duel"
    STORY = False
    TURN_NODE = "main.turn"
    END_NODE = "main.end"

    def __init__(self, game: Game, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        self.token = 0               # holder of the Blood Covenant token: the first player (BRD-2.2)

    # ----- setup (BRD-1.2 .. BRD-2.3) ---------------------------------------------------------------------
    def setup(self, deal: list[list[str]] | None = None) -> None:
        """``deal`` (scenarios only): the vessel ids dealt to each seat instead of a shuffle."""
        self.create_components()
        cards = self.cards
        if deal is None:
            # Shuffled out of sight and three dealt to each player (BRD-1.2).
            vessels = [u for u in self.zones["box"] if cards[u].d.type == "vessel"]
            self.rng.shuffle(vessels)
            for i, u in enumerate(vessels):
                self.move(u, f"{i % 2}.dealt")
        else:
            for seat, cids in enumerate(deal):
                for cid in cids:
                    self.from_box(cid, f"{seat}.dealt")
        for seat in (0, 1):
            dealt = [cards[u].cid for u in self.seats[seat].dealt]
            self.emit("deal", "deal", "BRD-1.2", seat=seat, cards=dealt, only=seat, public="deal.public")
        self.then((ask_vessel, {"seat": 0}), (ask_vessel, {"seat": 1}), (reveal_vessels, {}),
                  (ask_recaller, {"seat": 0}), (ask_recaller, {"seat": 1}), (table, {}),
                  (first_player, {}), (opening, {}), (round_start, {}))
        self.run()

    # ----- the round (BRD-2.4 .. BRD-2.13) -----------------------------------------------------------------
    def turn_ended(self, seat: int) -> None:
        if seat == self.token:
            begin_turn(self, 1 - seat)           # then the other player's turn (BRD-2.4)
        else:
            start_battle(self, battle_result, cleanup)

    def effect_order(self) -> tuple[int, ...]:
        return (self.token, 1 - self.token)

    def battle_order(self) -> tuple[int, ...]:
        return (1 - self.token, self.token)     # the second player decides first (BRD-4.3)

    def lose(self, seat: int) -> None:
        self.goto("game-over")
        self.finish((1 - seat,), self.say("result.duel", winner=1 - seat, loser=seat), "BRD-5.1")

    def no_seat(self, seat: int) -> tuple[Say, str]:
        return self.say("why.no_seat_duel", n=seat), "BRD-1.1"

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return dict(table_view(self, seat), token=self.token)


# ----- setup ------------------------------------------------------------------------------------------
@DUEL.procedure
def ask_vessel(s: DuelState, seat: int) -> None:
    s.goto("setup.vessel")
    s.ask(seat, "vessel", "prompt.vessel_secret", "BRD-1.3")


@DUEL.moves.lister("vessel", name="vessel", actor="chooser", not_yours=secret_choice)
def vessel_answers(s: DuelState, seat: int) -> list[Offer]:
    """One of the three vessels dealt to the seat (``not_dealt``, BRD-1.3), chosen in secret: the
    other seat waits (BRD-6.13, the declared prologue). Listed in the order they were dealt."""
    ch = s.choices[-1]
    cards = s.cards
    out: list[Offer] = []
    for u in s.seats[seat].dealt:
        d = cards[u].d
        if not_dealt(s, seat, d.id) is None:
            hand = d.front.hand if isinstance(d.front, VesselSide) else 0
            out.append(Action("vessel", seat, {"vessel": d.id},
                              s.say("label.vessel_duel", card=d.id, era=d.era, hand=hand), ch.clause))
    if s.explaining:
        for cid in s.tables.by_type["vessel"]:
            no = not_dealt(s, seat, cid)
            if no is not None:
                out.append(Refusal(no[0], no[1], {"vessel": cid}, "vessel"))
    return out


@DUEL.choice("vessel")
def vessel_answer(s: DuelState, choice: Choice, action: Action) -> None:
    seat = action.player
    cards = s.cards
    uid = next(u for u in s.seats[seat].dealt if cards[u].cid == action.args["vessel"])
    s.move(uid, f"{seat}.vessel")
    s.emit("choose", "choose.vessel_secret", "BRD-1.3", seat=seat, card=cards[uid].cid, only=seat,
           public="choose.vessel_secret.public")


@DUEL.procedure
def reveal_vessels(s: DuelState) -> None:
    """Both choices are turned up at the same moment; the rest go back to the box (BRD-1.3)."""
    s.goto("setup.reveal")
    for p in s.seats:
        p.revealed = True
        for u in list(p.dealt):
            s.move(u, "box")
    a, b = (s.cards[p.vessel[0]].cid for p in s.seats)
    s.emit("reveal", "reveal.vessels", "BRD-1.3", a=a, b=b)


@DUEL.procedure
def table(s: DuelState) -> None:
    s.goto("setup.table")
    for seat in (0, 1):
        s.build_deck(seat, 4, s.options["crimson_blood"])
    s.emit("life", "life.duel", "BRD-1.8")
    s.build_covenant()


@DUEL.procedure
def first_player(s: DuelState) -> None:
    """Older era first; then the smaller hand; then at random. The first holds the token (BRD-2.2)."""
    s.goto("setup.first")
    a, b = (s.cards[p.vessel[0]].d for p in s.seats)
    ha, hb = s.side(0).hand, s.side(1).hand
    if a.era != b.era:
        first, why = (0 if (a.era or 0) < (b.era or 0) else 1), "first.era"
    elif ha != hb:
        first, why = (0 if ha < hb else 1), "first.hand"
    else:
        first, why = s.rng.randrange(2), "first.random"
    s.token = first
    s.emit("first", "first", "BRD-2.2", seat=first, why=why)


@DUEL.procedure
def opening(s: DuelState) -> None:
    s.goto("setup.draw")
    for seat in (s.token, 1 - s.token):
        s.draw(seat, s.side(seat).hand, "BRD-2.3")


@DUEL.procedure
def round_start(s: DuelState) -> None:
    s.round += 1
    begin_turn(s, s.token)


# ----- the blood battle and cleanup ----------------------------------------------------------------------
@DUEL.procedure
def battle_result(s: DuelState) -> None:
    """The higher total deals the difference; the dealer takes the token (BRD-2.6 .. BRD-2.8)."""
    s.goto("battle.damage")
    a, b = s.attack_total(0), s.attack_total(1)
    s.emit("totals", "totals.duel", "BRD-2.5", totals=[a, b], a=a, b=b)
    if a == b:
        s.emit("no_damage", "no_damage", "BRD-2.8", seat=s.token)
        return
    winner = 0 if a > b else 1
    s.take_damage(1 - winner, abs(a - b), "BRD-2.6", "why.battle", hi=max(a, b), lo=min(a, b))
    if s.is_over:
        return
    s.goto("battle.token")
    s.token = winner
    s.emit("token", "token", "BRD-2.8", seat=winner)


@DUEL.procedure
def cleanup(s: DuelState) -> None:
    s.goto("cleanup.discard")
    for seat in s.effect_order():
        p = s.seats[seat]
        zone = f"{seat}.discard"
        move = s.zones.move
        for u in list(p.play):
            move(u, zone)
        p.bonus = 0
    s.emit("cleanup", "cleanup.duel", "BRD-2.11")
    s.goto("cleanup.draw")
    for seat in s.effect_order():
        s.seats[seat].rested = False
    s.emit("stand", "stand.duel", "BRD-2.12")
    for seat in s.effect_order():
        s.draw(seat, s.side(seat).hand, "BRD-2.12")
    s.round += 1
    begin_turn(s, s.token)                   # the token holder starts the next round (BRD-2.13)


def load(directory: Path | None = None) -> Game:
    from .cards import load_cards

    options = {
        "crimson_blood": Option(4, (1, 2, 3, 4, 5, 6, 7, 8), "Crimson Blood cards in each starting deck (the "
                                "count is lost in the rule book's text; 4 by decision 1)", "BRD-1.6"),
    }
    return Game("blood-recall-duel", TITLE, (2,), DuelState, load_cards, options, directory,
                common="blood-recall-common", scenario=f"{__package__}.scenario:build", elements=elements)
