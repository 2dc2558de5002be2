"""Play on the board, in process (issue 35.2, 35.3): for every game, a whole seeded game against
the random bot made by clicks on board elements (the list buttons only for actions that belong to
no card); the selection rules (nothing moves on a first click, a lit target makes the move, a card
in no move says why with the engine's clause, Escape clears); ``PlayTable.show_move``."""
from __future__ import annotations

import random

import pytest

import tabletop_rules as tr
from tabletop_rules.core.elements import elements
from tabletop_rules.notebook.table import PlayTable
from tabletop_rules.notebook.whynot import own_cards

from tests.notebooks.boardplay import board_moves, play_move

MAX_MOVES = 400          # a cap on the human's moves per game


def marks(table) -> dict:
    b = table.board
    return {"selected": list(b.selected), "lit": dict(b.lit), "ready": b.ready,
            "choice_keys": [a.key for a in b._choices]}


def play_by_board(gid: str, seed: int, lang: str) -> tuple[int, int]:
    table = PlayTable(tr.load_game(gid), seed=seed, seats=None, lang=lang)
    rng = random.Random(seed)
    clicks = by_button = 0
    for _ in range(MAX_MOVES):
        st = table.state
        if st.is_over:
            break
        on, off = board_moves(st, st.legal_actions())
        if on and (not off or rng.random() < 0.85):
            action = rng.choice(on)
            before = len(st.record.actions)
            clicks += play_move(st, action, lambda: marks(table), table.board.click, table.board.choose,
                                lambda: len(table.state.record.actions) > before)
            made = table.state.record.actions[before]
            assert (made["kind"], made["args"]) == (action.kind, dict(action.args))
        else:                                       # an action of no card: the list view's button
            table._on_action(rng.choice(off))
            by_button += 1
    assert table.state.is_over, f"{gid} seed {seed}: not over after {MAX_MOVES} moves"
    return clicks, by_button


GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_a_whole_game_by_board_clicks(gid):
    clicks, _ = play_by_board(gid, seed=5, lang="zh" if GAMES.index(gid) % 2 else "en")
    assert clicks > 0


@pytest.mark.parametrize("gid", GAMES)
def test_first_click_selects_and_a_lit_target_moves(gid):
    table = PlayTable(tr.load_game(gid), seed=11)
    st = table.state
    acts = st.legal_actions()
    board = table.board
    assert set(board.playable) == {e.ref for a in acts for e in elements(st, a)}
    n = len(st.record.actions)
    for ref in board.playable:                      # no first click ever moves
        board.click(ref)
        assert len(table.state.record.actions) == n
        assert list(board.selected) == [ref]
        assert board.lit or board.ready or board.choices
        board.clear()
        assert not board.selected and not board.lit
    on, _ = board_moves(st, acts)
    if on:
        target = next((a for a in on if len(elements(st, a)) > 1), on[0])
        play_move(st, target, lambda: marks(table), board.click, board.choose,
                  lambda: len(table.state.record.actions) > n)
        assert table.state.record.actions[n]["kind"] == target.kind


@pytest.mark.parametrize("gid", GAMES)
def test_a_card_in_no_move_says_why(gid):
    game = tr.load_game(gid)
    for seed in range(1, 30):
        table = PlayTable(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            st = table.state
            if st.is_over:
                break
            seat = st.current_player
            idle = [u for u in own_cards(st, seat) if f"card:{u}" not in table.board.playable
                    and f"data-el='card:{u}'" in table.board.value]
            if idle:
                table.board.click(f"card:{idle[0]}")
                assert not table.board.selected
                assert "ttr-cite" in table.board.note       # the engine's reason cites its clause
                return
            table._on_action(rng.choice(st.legal_actions()))
    pytest.skip(f"{gid}: no idle card of the seat to move met")


def test_show_move_lights_the_move():
    table = PlayTable(tr.load_game("buddyfight"), seed=3)
    st = table.state
    on, off = board_moves(st, st.legal_actions())
    action = on[-1]
    refs = table.show_move(action)
    assert refs == tuple(e.ref for e in elements(st, action))
    assert refs and set(table.board.lit) == set(refs) and not table.board.selected
    assert all(label for label in table.board.lit.values())
    table.board.clear()
    assert not table.board.lit
    assert len(table.state.record.actions) == len(st.record.actions)     # nothing played
    if off:
        assert table.show_move(off[0]) == ()


def test_static_export_has_the_board_as_html():
    table = PlayTable(tr.load_game("vividz"), seed=2)
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "data-el=" in bundle["text/html"] and "ttr-board" in bundle["text/html"]


@pytest.mark.parametrize("name", ["light", "dark"])
def test_lit_and_selected_marks_stand_out_in_both_themes(name):
    """A lit or selected element's ring stands out from every surface it may sit on (the page, a
    seat's box, a card tile), at WCAG's 3 to 1 for interface marks; its label's text is in
    style.COLOURS, so test_contrast holds it to 4.5 to 1."""
    from tabletop_rules.notebook import style
    from tests.notebooks.test_contrast import ratio, theme

    values = theme(name)
    for rings in (style.LIT_RINGS, style.SELECTED_RINGS):
        for surface in (style.PAGE, style.CARD):
            best = max(ratio(r, surface, values) for r in rings)
            assert best >= 3, f"{name}: {rings} on {surface}: {best:.2f}"
    assert ".ttr-litlabel" in style.COLOURS
