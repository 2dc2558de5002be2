"""Tic-tac-toe written on this kit's core the way the five games are: a yardstick, not a game of the kit.

OpenSpiel's pure-Python tic-tac-toe is issue 15's yardstick. This is the same game on ``tabletop_rules.core``:
a Book, a flow.yaml with one decision node, one lister that is both the listing and the refusals
(``plain_phase_listers``), a move kind with its clause, labels and events as ``Say`` templates, a record of
every action and the checks ``apply`` makes. Its cost per action is the core's cost of one action of the
smallest game there is: what the kit's contract costs before any card game's rules (benchmarks/speed.py
and instructions.py measure it beside OpenSpiel's).

    import core_tictactoe  # with benchmarks/ on sys.path
    game = core_tictactoe.load()
    state = game.new_game(seed=0)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tabletop_rules.core.actions import Action
from tabletop_rules.core.game import Game
from tabletop_rules.core.moves import refuse
from tabletop_rules.core.state import Book, State
from tabletop_rules.core.texts import Say

BOOK = Book("core-tic-tac-toe")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
CELLS = range(9)


@BOOK.moves.lister("mark")
def marks(s: TicTacToeState, seat: int) -> list:
    """Every empty cell (TTT-1.2); a taken one is refused only while explaining."""
    out: list = []
    if seat != s.to_move:
        if s.explaining:
            out.append(refuse("why.turn", "TTT-1.1", kind="mark"))
        return out
    board = s.board
    texts = s.game.texts
    for cell in CELLS:
        if board[cell] is None:
            out.append(Action("mark", seat, {"cell": cell}, Say((texts, "label.mark", {"cell": cell})), "TTT-1.2"))
        elif s.explaining:
            out.append(refuse(s.say("why.taken", cell=cell), "TTT-1.2", kind="mark", cell=cell))
    return out


@BOOK.moves.kind("mark", not_now=("why.not_now", "TTT-1.2"), no_such=("why.no_such", "TTT-1.2"),
                 label={"en": "Mark", "zh": "画记号"})
def mark(s: TicTacToeState, action: Action) -> None:
    seat, cell = action.player, action.args["cell"]
    board = s.board
    board[cell] = seat
    s.emit("mark", "mark", "TTT-1.2", seat=seat, cell=cell)
    if any(board[a] == seat and board[b] == seat and board[c] == seat for a, b, c in LINES):
        s.goto("game-over")
        s.finish((seat,), s.say("result.line", seat=seat), "TTT-1.3")
    elif None not in board:
        s.goto("game-over")
        s.finish((), "result.draw", "TTT-1.3")
    else:
        s.to_move = 1 - seat



class TicTacToeState(State):
    game_id = "core-tic-tac-toe"
    book: ClassVar[Book] = BOOK
    plain_phase_listers: ClassVar[bool] = True

    def __init__(self, game: Any, seed: int, players: int, options: dict[str, Any]):
        super().__init__(game, seed, players, options)
        self.board: list[int | None] = [None] * 9
        self.to_move = 0

    def setup(self) -> None:
        self.run()

    def _actor(self) -> int:
        return self.to_move

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"board": list(self.board), "to_move": self.to_move, "phase": self.phase}


def load(directory: Path | None = None) -> Game:
    """The game from its files (``directory``: another copy of them, as every game's ``load`` takes). Installed
    as an outside package declaring the entry point ``tabletop_rules.games``, the kit finds it by its id
    (tests/test_outside_game.py): nothing of the kit names it."""
    return Game("core-tic-tac-toe", {"en": "Tic-tac-toe (core yardstick)", "zh": "井字棋（内核基准）"}, (2,),
                TicTacToeState, lambda directory, game: None, directory=directory or Path(__file__).resolve().parent)
