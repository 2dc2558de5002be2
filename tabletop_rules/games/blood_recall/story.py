"""Blood Recall story mode (solo against a Mythic Madness): setup, the three chapters, the blood
battle against the Madness and cleanup. The player's turn is duel mode's (turn.py); the
Madness's turn is madness.py.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ...core.actions import Action
from ...core.checks import Why
from ...core.game import Game, Option
from ...core.moves import Refusal, refuse
from ...core.state import Book, Choice
from ...core.texts import Say
from .book import STORY
from .madness import madness_turn, rebuild_madness
from .state import BloodRecallState, BRCard
from .turn import ask_recaller, start_battle
from .view import elements, story_view, table_view

if TYPE_CHECKING:
    from .cards import MadnessSide

TITLE = {"en": "Blood Recall: story mode", "zh": "Blood Recall：故事模式"}
HP = 2                       # the Madness's HP in every chapter (BRS-2.1)

STORY.moves.declare("difficulty", None, not_now=("why.setup_over", "BRS-1.3"),
                    no_such=("why.difficulty.no_such", "BRS-1.3"), label="kind.difficulty")
STORY.moves.declare("madness", None, not_now=("why.setup_over", "BRS-1.4"),
                    no_such=("why.madness.no_such", "BRS-1.4"), label="kind.madness")
STORY.moves.declare("vessel", None, not_now=("why.setup_over", "BRS-1.2"),
                    no_such=("why.vessel.no_such", "BRS-1.2"), label="kind.vessel")


class StoryState(BloodRecallState):
    book: ClassVar[Book] = STORY
    # What the player cannot see (core/determinize.py): its deck's order, the Madness's deck, and
    # each pile under its face-up top card.
    secret_zones: ClassVar[dict[str, str]] = {
        "{me}.deck": "{me}.deck", "m.deck": "m.deck", **{f"pile.{i}~under": f"pile.{i}" for i in range(5)}}
    mode = "story"
    STORY = True
    TURN_NODE = "player.turn"
    END_NODE = "player.end"

    def __init__(self, game: Game, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        for z in ("m.deck", "m.play", "m.discard", "m.card"):
            self.zones.add(z)
        self.difficulty: str | None = None
        self.madness: str | None = None
        self.chapter = 0             # 0 prologue, 1 middle, 2 final (BRS-2.2 .. BRS-2.4)
        self.hp = HP
        self.deified = False
        self.m_left = 0              # cards the Madness still plays this turn
        self.chant_next = 0          # extra plays next turn from chants (BRS-3.5)
        self.m_bonus = 0             # attack from end / special effects this round
        self.m_pending = False       # deck rebuild waiting for cleanup (BRS-3.10)

    # ----- the Madness being fought ---------------------------------------------------------------------------
    def m_card(self) -> BRCard:
        """The Madness being fought: the top card of the Madness area."""
        return self.cards[self.zones["m.card"][-1]]

    def m_side(self) -> MadnessSide:
        d = self.m_card().d
        return cast("MadnessSide", d.deified if self.deified else d.front)

    def madness_total(self) -> int:
        """Magic attack cards times the magic-attack value, plus this round's effects (BRS-3.4)."""
        cards = self.cards
        magic = sum(1 for u in self.zones["m.play"] if cards[u].d.kind == "magic")
        total = magic * self.m_side().magic + self.m_bonus
        return total if total > 0 else 0

    # ----- setup (BRS-1.x) ------------------------------------------------------------------------------------
    def setup(self) -> None:
        """In the rule book's order (S 1.①-⑥, BRS-8.1): vessel, difficulty (and the Madness deck),
        the Madness to fight, the starting deck, the Blood Recaller (it needs the vessel's crest), then
        the table is laid out and the opening hand drawn."""
        self.create_components()
        self.then((ask_vessel, {}), (ask_difficulty, {}), (ask_madness, {}), (starting_deck, {}),
                  (ask_recaller, {"seat": 0}), (table, {}), (opening, {}), (madness_turn, {}))
        self.run()

    # ----- the round ---------------------------------------------------------------------------------------------
    def turn_ended(self, seat: int) -> None:
        start_battle(self, battle_result, cleanup)

    def effect_order(self) -> tuple[int, ...]:
        return (0,)

    def battle_order(self) -> tuple[int, ...]:
        return (0,)

    def lose(self, seat: int) -> None:
        self.goto("game-over")
        # A loss, not a draw: nobody wins and the player is the loser (BRS-7.2, core ``losers``).
        self.finish((), "result.lose", "BRS-7.2", losers=(0,))

    def no_seat(self, seat: int) -> tuple[Say, str]:
        return self.say("why.no_seat_story", n=seat), "BRS-8.2"

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return dict(table_view(self, seat), story=story_view(self, seat is None))


# ----- setup, in the rule book's order: each choice fixed by the game's options, or the player's (BRS-8.1) -------
@STORY.procedure
def ask_difficulty(s: StoryState) -> None:
    s.goto("setup.difficulty", "BRS-8.1")
    fixed = s.options.get("difficulty")
    if fixed is not None:
        set_difficulty(s, fixed)
        return
    s.ask(0, "difficulty", "prompt.difficulty", "BRS-1.3")


@STORY.moves.lister("difficulty", name="difficulty", actor="chooser")
def difficulties(s: StoryState, seat: int) -> list[Action]:
    """Every difficulty of the kit's table (BRS-1.3)."""
    return [Action("difficulty", seat, {"difficulty": d.id},
                   s.say("label.difficulty", difficulty=d.id, seals=d.seals), "BRS-1.3")
            for d in s.tables.difficulties.values()]


@STORY.choice("difficulty")
def difficulty_answer(s: StoryState, choice: Choice, action: Action) -> None:
    set_difficulty(s, action.args["difficulty"])


def set_difficulty(s: StoryState, difficulty: str) -> None:
    """The difficulty's seals and one each of magic attack, chant and end make the Madness deck (BRS-1.3)."""
    s.difficulty = difficulty
    d = s.tables.difficulties[difficulty]
    s.emit("difficulty", "difficulty", "BRS-1.3", difficulty=d.id, seals=d.seals)
    cards = s.cards
    want = {"seal": d.seals, "magic": 1, "chant": 1, "end": 1}
    for u in list(s.zones["supply.disaster"]):
        k = cards[u].d.kind or ""
        if want.get(k, 0) > 0:
            want[k] -= 1
            s.move(u, "m.deck")
    s.rng.shuffle(s.zones["m.deck"])
    s.emit("madness_deck", "madness_deck", "BRS-1.3", seals=d.seals, size=len(s.zones["m.deck"]))


@STORY.procedure
def ask_madness(s: StoryState) -> None:
    s.goto("setup.madness", "BRS-8.1")
    fixed = s.options.get("madness")
    if fixed is not None:
        set_madness(s, fixed)
        return
    s.ask(0, "madness", "prompt.madness", "BRS-1.4")


@STORY.rule("BRS-1.4")
def on_the_table_anyway(s: StoryState, cid: str) -> Why | None:
    """The prologue's Madness (the Evil Fruit of the Cosmos) is on the table in every game: the
    player chooses one of the others to battle (BRS-1.4)."""
    return ("why.madness.prologue", "BRS-1.4") if s.game.cards[cid].prologue else None


@STORY.moves.lister("madness", name="madness", actor="chooser")
def madnesses(s: StoryState, seat: int) -> list[Action | Refusal]:
    cards = s.game.cards
    out: list[Action | Refusal] = []
    for cid in s.tables.by_type["madness"]:
        no = on_the_table_anyway(s, cid)
        if no is None:
            out.append(Action("madness", seat, {"madness": cid},
                              s.say("label.madness", card=cid, stars="★" * (cards[cid].stars or 0)), "BRS-1.4"))
        elif s.explaining:
            out.append(refuse(s.say(no[0], card=cid), no[1], madness=cid))
    return out


@STORY.choice("madness")
def madness_answer(s: StoryState, choice: Choice, action: Action) -> None:
    set_madness(s, action.args["madness"])


def set_madness(s: StoryState, madness: str) -> None:
    s.madness = madness
    d = s.game.cards[madness]
    s.emit("madness", "madness", "BRS-1.4", madness=d.id, stars="★" * (d.stars or 0))


@STORY.procedure
def ask_vessel(s: StoryState) -> None:
    fixed = s.options.get("vessel")
    if fixed is not None:
        set_vessel(s, fixed)
        return
    s.ask(0, "vessel", "prompt.vessel", "BRS-1.2")


@STORY.moves.lister("vessel", name="vessel", actor="chooser")
def vessels(s: StoryState, seat: int) -> list[Action]:
    """Any vessel card of the box (BRS-1.2)."""
    return [Action("vessel", seat, {"vessel": cid}, s.say("label.vessel_story", card=cid), "BRS-1.2")
            for cid in s.tables.by_type["vessel"]]


@STORY.choice("vessel")
def vessel_answer(s: StoryState, choice: Choice, action: Action) -> None:
    set_vessel(s, action.args["vessel"])


def set_vessel(s: StoryState, vessel: str) -> None:
    uid = s.from_box(vessel, "0.vessel")
    s.seats[0].revealed = True
    s.emit("choose", "choose.vessel", "BRS-1.2", vessel=s.cards[uid].cid)


@STORY.procedure
def starting_deck(s: StoryState) -> None:
    s.goto("setup.deck", "BRS-8.1")
    s.build_deck(0, 4, s.options["crimson_blood"])


@STORY.procedure
def table(s: StoryState) -> None:
    s.goto("setup.table", "BRS-8.1")
    assert s.madness is not None
    chosen = s.from_box(s.madness, "m.card")
    fruit = s.from_box(next(c for c in s.tables.by_type["madness"] if s.game.cards[c].prologue), "m.card")
    s.emit("madness_area", "madness_area", "BRS-1.9", fruit=s.cards[fruit].cid, chosen=s.cards[chosen].cid, hp=HP)
    s.emit("life", "life.story", "BRS-1.8")
    s.build_covenant()


@STORY.procedure
def opening(s: StoryState) -> None:
    s.goto("setup.draw")
    s.draw(0, s.side(0).hand, "BRS-1.11")


# ----- the blood battle, the chapters and cleanup ---------------------------------------------------------------
@STORY.procedure
def battle_result(s: StoryState) -> None:
    """The Madness's excess hurts the player; otherwise the Madness loses exactly 1 HP (BRS-5.2, 5.3)."""
    s.goto("battle.damage")
    mine, theirs = s.attack_total(0), s.madness_total()
    name = s.m_card().cid
    s.emit("totals", "totals.story", "BRS-5.1", totals=[mine, theirs], mine=mine, theirs=theirs, madness=name)
    if theirs > mine:
        s.take_damage(0, theirs - mine, "BRS-5.2", "why.battle", hi=theirs, lo=mine)
        return
    s.hp -= 1
    s.emit("madness_hp", "madness_hp", "BRS-5.3", hp=s.hp, madness=name)
    if s.chapter == 0 and s.hp == 1 and not s.deified:
        s.goto("battle.chapter")
        s.deified = True
        s.emit("deify", "deify", "BRS-2.2", madness=name)
    elif s.hp == 0:
        s.goto("battle.chapter")
        clear_chapter(s)


def clear_chapter(s: StoryState) -> None:
    if s.chapter == 2:
        s.goto("game-over")
        s.finish((0,), "result.win", "BRS-7.1")
        return
    if s.chapter == 0:
        fruit = s.zones["m.card"][-1]
        s.move(fruit, "removed")
        s.deified = False
        s.emit("chapter", "chapter.middle", "BRS-2.2", chapter=1, fruit=s.cards[fruit].cid, madness=s.m_card().cid)
    else:
        s.deified = True
        s.emit("chapter", "chapter.final", "BRS-2.3", chapter=2, madness=s.m_card().cid)
    s.chapter += 1
    s.hp = HP
    if s.chant_next:
        s.emit("chant_cancelled", "chant_cancelled", "BRS-5.6", cancelled=s.chant_next)
        s.chant_next = 0


@STORY.procedure
def cleanup(s: StoryState) -> None:
    s.goto("cleanup.discard")
    p = s.seats[0]
    for u in list(p.play):
        s.move(u, "0.discard")
    for u in list(s.zones["m.play"]):
        s.move(u, "m.discard")
    p.bonus = 0
    s.m_bonus = 0
    s.emit("cleanup", "cleanup.story", "BRS-5.7")
    if s.m_pending:
        rebuild_madness(s, "BRS-3.10")
    s.goto("cleanup.draw")
    p.rested = False
    s.emit("stand", "stand.story", "BRS-5.8")
    s.draw(0, s.side(0).hand, "BRS-5.8")
    madness_turn(s)


def load(directory: Path | None = None) -> Game:
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
    return Game("blood-recall-story", TITLE, (1,), StoryState, load_cards, options, directory,
                common="blood-recall-common", scenario=f"{__package__}.scenario:build", elements=elements)
