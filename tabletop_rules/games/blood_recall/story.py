"""Blood Recall story mode (solo against a Mythic Madness): setup, the three chapters, the blood
battle against the Madness and cleanup. The player's turn is duel mode's (turn.py); the
Madness's turn is madness.py.
"""
from __future__ import annotations

from ...core.actions import Action
from ...core.game import Game, Option
from .madness import MadnessMixin
from .state import BloodRecallState

TITLE = {"en": "Blood Recall: story mode", "zh": "Blood Recall 故事模式"}
HP = 2                       # the Madness's HP in every chapter (BRS-2.1)

K = {
    "deck": "BRS-1.6", "piles": "BRS-1.8", "effects": "BRS-4.12", "recall_points": "BRS-6.2",
    "turn_actions": "BRS-4.1", "play": "BRS-4.2", "self_harm": "BRS-4.3", "lineage": "BRS-4.4",
    "recall": "BRS-4.5", "reveal": "BRS-4.6", "enhance": "BRS-4.7", "free_enhance": "BRS-4.8",
    "free_choice": "BRS-8.8", "end_turn": "BRS-4.9", "pool_return": "BRS-4.10", "hindrance": "BRS-4.11",
    "effect_draw": "BRS-4.12", "blood_recall": "BRS-6.1", "battle_recall": "BRS-6.3", "once": "BRS-6.4",
    "rebuild": "BRS-6.6", "empty_discard": "BRS-6.7", "rebuild_mid": "BRS-6.8", "awaken": "BRS-5.5",
    "choose_recaller": "BRS-1.7", "ongoing": "BRS-8.5", "turn_up": "BRS-8.10", "draw_empty": "BRS-8.11",
    "give_hindrance": "BRS-8.9", "no_opponent": "BRS-8.4",
}


class StoryState(MadnessMixin, BloodRecallState):
    mode = "story"
    K = K
    TURN_NODE = "player.turn"
    END_NODE = "player.end"

    def __init__(self, game, seed, players, options):
        super().__init__(game, seed, players, options)
        for z in ("m.deck", "m.play", "m.discard", "m.card"):
            self.zones[z] = []
        self.difficulty: str | None = None
        self.madness: str | None = None
        self.chapter = 0             # 0 prologue, 1 middle, 2 final (BRS-2.2 .. BRS-2.4)
        self.hp = HP
        self.deified = False
        self.m_left = 0              # cards the Madness still plays this turn
        self.chant_next = 0          # extra plays next turn from chants (BRS-3.5)
        self.m_bonus = 0             # attack from end / special effects this round
        self.m_pending = False       # deck rebuild waiting for cleanup (BRS-3.10)

    # ----- setup (BRS-1.x) ------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.create_components()
        self.then(("ask_difficulty", {}), ("ask_madness", {}), ("ask_vessel", {}), ("ask_recaller", {"seat": 0}),
                  ("table", {}), ("opening", {}), ("madness_turn", {}))
        self.run()

    def _pick(self, kind: str, opts: list, prompt: str, clause: str) -> None:
        """A setup choice: fixed by the game's options, or the player's decision (BRS-8.1)."""
        fixed = self.options.get(kind)
        if fixed is not None:
            getattr(self, "choose_" + kind)(None, Action(kind, 0, {kind: fixed}))
        else:
            self.ask(0, kind, prompt, opts, clause)

    def do_ask_difficulty(self) -> None:
        opts = [({"difficulty": d.id}, f"{d.name.en}: {d.seals} seal card(s)") for d in self.game.difficulties.values()]
        self._pick("difficulty", opts, "Choose the difficulty", "BRS-1.3")

    def choose_difficulty(self, choice, action) -> None:
        self.difficulty = action.args["difficulty"]
        d = self.game.difficulties[self.difficulty]
        self.emit("difficulty", f"Difficulty: {d.name.en} ({d.seals} seal cards).", "BRS-1.3", difficulty=d.id)

    def do_ask_madness(self) -> None:
        self.goto("setup.madness")
        opts = [({"madness": cid}, f"{self.game.cards[cid].name.en} ({'★' * self.game.cards[cid].stars})")
                for cid in self.game.by_type["madness"] if not self.game.cards[cid].prologue]
        self._pick("madness", opts, "Choose the Mythic Madness to fight", "BRS-1.4")

    def choose_madness(self, choice, action) -> None:
        self.madness = action.args["madness"]
        d = self.game.cards[self.madness]
        self.emit("madness", f"The Mythic Madness of this story: {d.name.en} ({'★' * d.stars}).", "BRS-1.4",
                  madness=d.id)

    def do_ask_vessel(self) -> None:
        self.goto("setup.vessel")
        opts = [({"vessel": cid}, f"{self.game.cards[cid].name.en}") for cid in self.game.by_type["vessel"]]
        self._pick("vessel", opts, "Choose your vessel", "BRS-1.2")

    def choose_vessel(self, choice, action) -> None:
        uid = self.from_box(action.args["vessel"], "0.vessel")
        self.seats[0].revealed = True
        self.emit("choose", f"The player takes {self.name(uid)} as the vessel.", "BRS-1.2", vessel=self.cards[uid].cid)

    def do_table(self) -> None:
        self.goto("setup.table")
        seals = self.game.difficulties[self.difficulty].seals
        supply = self.zones["supply.disaster"]
        want = {"seal": seals, "magic": 1, "chant": 1, "end": 1}
        for u in list(supply):
            k = self.cards[u].d.kind
            if want.get(k, 0) > 0:
                want[k] -= 1
                self.move(u, "m.deck")
        self.rng.shuffle(self.zones["m.deck"])
        self.emit("madness_deck", f"The Madness deck: {seals} seal(s) and one each of magic attack, chant and end, "
                                  f"shuffled ({len(self.zones['m.deck'])} cards).", "BRS-1.3")
        chosen = self.from_box(self.madness, "m.card")
        fruit = self.from_box(next(c for c in self.game.by_type["madness"] if self.game.cards[c].prologue), "m.card")
        self.emit("madness_area", f"{self.name(fruit)} lies on top of {self.name(chosen)}, deified sides down; "
                                  f"the Madness has {HP} HP.", "BRS-1.9")
        self.build_deck(0, 4, self.options["crimson_blood"])
        self.emit("life", "The player lays out 20 blood cards as life: 10 sideways above, 10 upright below.", "BRS-1.8")
        self.build_covenant()

    def do_opening(self) -> None:
        self.goto("setup.draw")
        self.draw(0, self.side(0).hand, "BRS-1.11")

    # ----- the round ---------------------------------------------------------------------------------------------
    def turn_ended(self, seat: int) -> None:
        self.start_battle()

    def effect_order(self) -> tuple:
        return (0,)

    def battle_order(self) -> tuple:
        return (0,)

    def do_battle_result(self) -> None:
        """The Madness's excess hurts the player; otherwise the Madness loses exactly 1 HP (BRS-5.2, 5.3)."""
        self.goto("battle.damage")
        mine, theirs = self.attack_total(0), self.madness_total()
        self.emit("totals", f"Attack totals: the player {mine}, {self.m_card().d.name.en} {theirs}.", "BRS-5.1",
                  totals=[mine, theirs])
        if theirs > mine:
            self.take_damage(0, theirs - mine, "BRS-5.2", f"in the blood battle ({theirs} against {mine})")
            return
        self.hp -= 1
        self.emit("madness_hp", f"{self.m_card().d.name.en} loses 1 HP, whatever the margin ({self.hp} HP left).",
                  "BRS-5.3", hp=self.hp)
        if self.chapter == 0 and self.hp == 1 and not self.deified:
            self.goto("battle.chapter")
            self.deified = True
            self.emit("deify", f"At 1 HP {self.m_card().d.name.en} turns to its deified side.", "BRS-2.2")
        elif self.hp == 0:
            self.goto("battle.chapter")
            self.clear_chapter()

    def clear_chapter(self) -> None:
        if self.chapter == 2:
            self.goto("game-over")
            self.finish((0,), "The player wins: the final chapter is cleared", "BRS-7.1")
            return
        if self.chapter == 0:
            fruit = self.zones["m.card"][-1]
            self.move(fruit, "removed")
            self.deified = False
            self.emit("chapter", f"The prologue is cleared: {self.name(fruit)} is removed; the middle chapter begins "
                                 f"against {self.m_card().d.name.en}.", "BRS-2.2", chapter=1)
        else:
            self.deified = True
            self.emit("chapter", f"The middle chapter is cleared: {self.m_card().d.name.en} turns to its deified side "
                                 "for the final chapter.", "BRS-2.3", chapter=2)
        self.chapter += 1
        self.hp = HP
        if self.chant_next:
            self.emit("chant_cancelled", f"A new chapter: the chants in play are void ({self.chant_next} extra "
                                         "play(s) cancelled).", "BRS-5.6", cancelled=self.chant_next)
            self.chant_next = 0

    def do_cleanup(self) -> None:
        self.goto("cleanup.discard")
        p = self.seats[0]
        for u in list(p.play):
            self.move(u, "0.discard")
        for u in list(self.zones["m.play"]):
            self.move(u, "m.discard")
        p.bonus = 0
        self.m_bonus = 0
        self.emit("cleanup", "The player's and the Madness's play areas go to their discard piles; blood in the pool "
                             "stays.", "BRS-5.7")
        if self.m_pending:
            self.rebuild_madness("BRS-3.10")
        self.goto("cleanup.draw")
        p.rested = False
        self.emit("stand", "The vessel stands up again.", "BRS-5.8")
        self.draw(0, self.side(0).hand, "BRS-5.8")
        self.do_madness_turn()

    def lose(self, seat: int) -> None:
        self.goto("game-over")
        self.finish((), "The player loses: life reached 0", "BRS-7.2")

    def explain_wrong_seat(self, action):
        return "story mode has one player, seat 0; the Madness is not a seat and acts by itself", "BRS-8.2"


def load(directory=None) -> Game:
    from .cards import load_cards

    options = {
        "difficulty": Option(None, (None, "easy", "normal", "hard", "nightmare"), "The difficulty; None: the player "
                             "chooses at setup (recommended first game: normal)", "BRS-1.3"),
        "madness": Option(None, (None, "seedbed-worm", "songstress-of-the-deep", "king-of-a-thousand-eyes"),
                          "The Mythic Madness to fight; None: the player chooses at setup", "BRS-1.4"),
        "vessel": Option(None, (None, "shiragane", "apoitakara", "totsukamadichi", "hihiirogane", "niraikanai",
                                "kutoneshirika"), "The vessel; None: the player chooses at setup", "BRS-1.2"),
        "crimson_blood": Option(4, (1, 2, 3, 4, 5, 6, 7, 8), "Crimson Blood cards in the starting deck (decision 1)",
                                "BRS-1.6"),
    }
    return Game("blood-recall-story", TITLE, (1,), StoryState, load_cards, options, directory)
