"""Issue 35/40: a click is answered at once. Against a searching bot (ismc, which may think for up to
REPLY_SECONDS), the table draws the reader's own move before the bot starts, then the bot's reply;
against the random bot (no thinking) it draws once."""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tabletop_rules.notebook.table import PlayTable


def _drawn_while_playing(bot: str) -> list[tuple[int | None, int]]:
    table = PlayTable(tr.load_game("vividz"), seed=5, seats=["human", bot])
    st = table.state
    assert st.current_player == 0
    drawn: list[tuple[int | None, int]] = []
    real = table.refresh

    def spy() -> None:
        drawn.append((table.state.current_player, len(table.state.record.actions)))
        real()

    table.refresh = spy                           # type: ignore[method-assign]
    # play the reader's moves until one hands the turn to the bot
    for _ in range(200):
        before = len(table.state.record.actions)
        end = [a for a in table.state.legal_actions() if a.kind in ("end_phase", "end_turn", "pass")]
        action = end[0] if end else table.state.legal_actions()[0]
        drawn.clear()
        table.apply(action)
        if len(table.state.record.actions) > before + 1:          # the bot replied
            return [(cp, n - before) for cp, n in drawn]
    pytest.fail("the bot never replied")


def test_against_a_searching_bot_the_readers_move_is_drawn_before_the_bot_thinks():
    drawn = _drawn_while_playing("ismc")
    # first drawing: the reader's move made, the bot (seat 1) to act, nothing of the bot's yet
    assert drawn[0] == (1, 1), drawn
    assert drawn[-1][1] > 1, drawn                # then the board with the bot's reply


def test_against_the_random_bot_the_table_draws_once():
    drawn = _drawn_while_playing("random")
    assert len(drawn) == 1 and drawn[0][1] > 1, drawn
