"""Blood Recall duel mode (two players): setup with secret vessel and recaller choices, the round
(token holder's turn, the other's turn, blood battle, cleanup) and the end of the game.
"""
from __future__ import annotations

from ...core.game import Game, Option
from .state import BloodRecallState

TITLE = {"en": "Blood Recall: duel mode", "zh": "Blood Recall 決斗模式"}

# Concept -> clause of data/blood-recall-duel/rules.yaml (shared code cites rules through this).
K = {
    "deck": "BRD-1.6", "piles": "BRD-1.9", "effects": "BRD-3.12", "recall_points": "BRD-4.2",
    "turn_actions": "BRD-3.1", "play": "BRD-3.2", "self_harm": "BRD-3.3", "lineage": "BRD-3.4",
    "recall": "BRD-3.5", "reveal": "BRD-3.6", "enhance": "BRD-3.7", "free_enhance": "BRD-3.8",
    "free_choice": "BRD-6.9", "end_turn": "BRD-3.9", "pool_return": "BRD-3.10", "hindrance": "BRD-3.11",
    "effect_draw": "BRD-3.12", "blood_recall": "BRD-4.1", "battle_recall": "BRD-4.3", "once": "BRD-4.4",
    "rebuild": "BRD-4.5", "empty_discard": "BRD-4.6", "rebuild_mid": "BRD-4.7", "awaken": "BRD-2.10",
    "choose_recaller": "BRD-1.4", "ongoing": "BRD-6.3", "turn_up": "BRD-6.11", "draw_empty": "BRD-6.12",
    "give_hindrance": "BRD-6.10",
}


class DuelState(BloodRecallState):
    mode = "duel"
    K = K
    TURN_NODE = "main.turn"
    END_NODE = "main.end"

    def __init__(self, game, seed, players, options):
        super().__init__(game, seed, players, options)
        self.token = 0               # holder of the Blood Covenant token: the first player (BRD-2.2)

    # ----- setup (BRD-1.2 .. BRD-2.3) ---------------------------------------------------------------------
    def setup(self, deal: list | None = None) -> None:
        """``deal`` (scenarios only): the vessel ids dealt to each seat instead of a shuffle."""
        self.create_components()
        vessels = [u for u in self.zones["box"] if self.cards[u].d.type == "vessel"]
        if deal is None:
            # Shuffled out of sight and three dealt to each player (BRD-1.2).
            self.rng.shuffle(vessels)
            for i, u in enumerate(vessels):
                self.move(u, f"{i % 2}.dealt")
        else:
            for seat, cids in enumerate(deal):
                for cid in cids:
                    self.from_box(cid, f"{seat}.dealt")
        for seat in (0, 1):
            names = ", ".join(self.name(u) for u in self.seats[seat].dealt)
            self.emit("deal", f"Seat {seat} is dealt three vessels: {names}.", "BRD-1.2", seat=seat, only=seat,
                      public=f"Seat {seat} is dealt three vessels, face down.")
        self.then(("ask_vessel", {"seat": 0}), ("ask_vessel", {"seat": 1}), ("reveal", {}),
                  ("ask_recaller", {"seat": 0}), ("ask_recaller", {"seat": 1}), ("table", {}),
                  ("first_player", {}), ("opening", {}), ("round_start", {}))
        self.run()

    def do_ask_vessel(self, seat: int) -> None:
        self.goto("setup.vessel")
        opts = [({"vessel": self.cards[u].cid}, f"Choose {self.name(u)} (era {self.cards[u].d.era}, "
                                                f"hand {self.cards[u].d.front.hand})") for u in self.seats[seat].dealt]
        self.ask(seat, "vessel", "Choose your vessel in secret", opts, "BRD-1.3", seat=seat)

    def choose_vessel(self, choice, action) -> None:
        seat = action.player
        p = self.seats[seat]
        uid = next(u for u in p.dealt if self.cards[u].cid == action.args["vessel"])
        self.move(uid, f"{seat}.vessel")
        self.emit("choose", f"Seat {seat} secretly chooses {self.name(uid)}.", "BRD-1.3", seat=seat, only=seat,
                  public=f"Seat {seat} chooses a vessel in secret.")

    def do_reveal(self) -> None:
        """Both choices are turned up at the same moment; the rest go back to the box (BRD-1.3)."""
        self.goto("setup.reveal")
        for p in self.seats:
            p.revealed = True
            for u in list(p.dealt):
                self.move(u, "box")
        a, b = (self.name(p.vessel[0]) for p in self.seats)
        self.emit("reveal", f"Both vessels are revealed together: seat 0 {a}, seat 1 {b}.", "BRD-1.3")

    def do_table(self) -> None:
        self.goto("setup.table")
        for seat in (0, 1):
            self.build_deck(seat, 4, self.options["crimson_blood"])
        self.emit("life", "Each player lays out 20 blood cards as life: 10 sideways above, 10 upright below.",
                  "BRD-1.8")
        self.build_covenant()

    def do_first_player(self) -> None:
        """Older era first; then the smaller hand; then at random. The first holds the token (BRD-2.2)."""
        self.goto("setup.first")
        a, b = (self.cards[p.vessel[0]].d for p in self.seats)
        if a.era != b.era:
            first, why = (0 if a.era < b.era else 1), "its vessel's era is older"
        elif a.front.hand != b.front.hand:
            first, why = (0 if a.front.hand < b.front.hand else 1), "same era, and its vessel's hand size is smaller"
        else:
            first, why = self.rng.randrange(2), "same era and hand size: decided at random"
        self.token = first
        self.emit("first", f"Seat {first} goes first ({why}) and takes the Blood Covenant token.", "BRD-2.2",
                  seat=first, why=why)

    def do_opening(self) -> None:
        self.goto("setup.draw")
        for seat in (self.token, 1 - self.token):
            self.draw(seat, self.side(seat).hand, "BRD-2.3")

    def do_round_start(self) -> None:
        self.round += 1
        self.begin_turn(self.token)

    # ----- the round (BRD-2.4 .. BRD-2.13) -----------------------------------------------------------------
    def turn_ended(self, seat: int) -> None:
        if seat == self.token:
            self.begin_turn(1 - seat)            # then the other player's turn (BRD-2.4)
        else:
            self.start_battle()

    def effect_order(self) -> tuple:
        return (self.token, 1 - self.token)

    def battle_order(self) -> tuple:
        return (1 - self.token, self.token)     # the second player decides first (BRD-4.3)

    def do_battle_result(self) -> None:
        """The higher total deals the difference; the dealer takes the token (BRD-2.6 .. BRD-2.8)."""
        self.goto("battle.damage")
        a, b = self.attack_total(0), self.attack_total(1)
        self.emit("totals", f"Attack totals: seat 0 {a}, seat 1 {b}.", "BRD-2.5", totals=[a, b])
        if a == b:
            self.emit("no_damage", f"Equal totals: no damage; seat {self.token} keeps the Blood Covenant token.",
                      "BRD-2.8")
            return
        winner = 0 if a > b else 1
        self.take_damage(1 - winner, abs(a - b), "BRD-2.6", f"in the blood battle ({max(a, b)} against {min(a, b)})")
        if self.is_over:
            return
        self.goto("battle.token")
        self.token = winner
        self.emit("token", f"Seat {winner} dealt the damage and takes the Blood Covenant token.", "BRD-2.8",
                  seat=winner)

    def do_cleanup(self) -> None:
        self.goto("cleanup.discard")
        for seat in self.effect_order():
            p = self.seats[seat]
            zone = f"{seat}.discard"
            for u in list(p.play):
                self.move(u, zone)
            p.bonus = 0
        self.emit("cleanup", "Both play areas go to the discard piles; blood in the pools stays.", "BRD-2.11")
        self.goto("cleanup.draw")
        for seat in self.effect_order():
            self.seats[seat].rested = False
        self.emit("stand", "Both vessels stand up again.", "BRD-2.12")
        for seat in self.effect_order():
            self.draw(seat, self.side(seat).hand, "BRD-2.12")
        self.round += 1
        self.begin_turn(self.token)              # the token holder starts the next round (BRD-2.13)

    def lose(self, seat: int) -> None:
        self.goto("game-over")
        self.finish((1 - seat,), f"Seat {1 - seat} wins: seat {seat}'s life reached 0", "BRD-5.1")

    def explain_wrong_seat(self, action):
        if self.choices and self.choices[-1].kind in ("vessel", "recaller"):
            return (f"seat {self.current_player} is choosing in secret now; seat {action.player} chooses in its "
                    "own time", "BRD-6.13")
        if self.phase == "main.turn" and not self.choices:
            return f"it is seat {self.turn_player}'s turn: players take turns, token holder first", "BRD-2.4"
        return None


def load(directory=None) -> Game:
    from .cards import load_cards

    options = {
        "crimson_blood": Option(4, (1, 2, 3, 4, 5, 6, 7, 8), "Crimson Blood cards in each starting deck (the "
                                "count is lost in the rule book's text; 4 by decision 1)", "BRD-1.6"),
    }
    return Game("blood-recall-duel", TITLE, (2,), DuelState, load_cards, options, directory)
