"""benchmarks/core_tictactoe: the speed yardstick written on the kit's core plays tic-tac-toe by its
rules (a yardstick that played some other game would measure nothing): a line of three wins, a full
board without one is a draw, a taken cell and the other player's turn are refused citing their
clauses with the state unchanged, and a record replays to the same board."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tabletop_rules.core.actions import Action, IllegalAction

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import core_tictactoe


@pytest.fixture(scope="module")
def game():
    return core_tictactoe.load()


def play(game, cells):
    s = game.new_game(seed=0)
    for cell in cells:
        s.apply(Action("mark", s.current_player, {"cell": cell}))
    return s


def test_a_line_of_three_wins_for_its_player(game):
    s = play(game, [0, 3, 1, 4, 2])            # the first player fills the top row
    assert s.is_over and s.winners == (0,) and s.log[-1].clause == "TTT-1.3"
    s = play(game, [0, 2, 1, 4, 8, 6])          # the second player fills the diagonal 2-4-6
    assert s.winners == (1,)


def test_a_full_board_without_a_line_is_a_draw(game):
    s = play(game, [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert s.is_over and s.winners == () and s.board.count(None) == 0
    assert s.describe_result("zh") == "平局：棋盘已满。"


def test_every_empty_cell_is_listed_and_only_those(game):
    s = play(game, [4, 0])
    assert sorted(a.args["cell"] for a in s.legal_actions()) == [1, 2, 3, 5, 6, 7, 8]
    assert {a.player for a in s.legal_actions()} == {0}


@pytest.mark.parametrize("action, clause, says", [
    (Action("mark", 0, {"cell": 4}), "TTT-1.2", "Cell 4 is taken."),
    (Action("mark", 1, {"cell": 5}), "TTT-1.1", "It is the other player's turn."),
])
def test_a_refused_mark_cites_its_clause_and_changes_nothing(game, action, clause, says):
    s = play(game, [4, 0])
    before = (list(s.board), len(s.log), len(s.record.actions))
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.clause == clause and says in str(err.value)
    assert (list(s.board), len(s.log), len(s.record.actions)) == before


def test_a_random_game_replays_to_the_same_board(game):
    s = game.new_game(seed=3)
    rng = random.Random(3)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    again = game.replay(s.record)
    assert again.board == s.board and again.winners == s.winners
