"""The Hint control at the play table (issue 38), driven in plain Python."""
from __future__ import annotations

from tabletop_rules import list_games, load_game
from tabletop_rules.core.tutor import ui
from tabletop_rules.notebook.table import PlayTable


def test_every_table_has_a_hint_that_names_a_legal_move_with_its_rules():
    for gid in list_games():
        table = PlayTable(load_game(gid), seed=1)
        if table.state.is_over or not table.human(table.state.current_player):
            continue
        table.tutor.button.click()
        given = table.tutor.given
        assert given is not None, gid
        assert any(a.key == given.action.key for a in table.state.legal_actions())
        assert "Suggested move:" in table.tutor.out.value and given.clauses[0] in table.tutor.out.value


def test_hint_lights_the_move_where_the_table_can_and_then_says_how_it_went():
    table = PlayTable(load_game("buddyfight"), seed=2)
    lit = []
    table.show_move = lit.append
    table.tutor.button.click()
    assert lit and lit[0] is table.tutor.given.action
    table.apply(table.tutor.given.action)
    assert "How did that go? You made the suggested move" in table.tutor.out.value


def test_hint_in_chinese_and_none_for_a_finished_game():
    table = PlayTable(load_game("vividz"), seed=0, lang="zh")
    table.tutor.button.click()
    assert "建议的行动：" in table.tutor.out.value and table.tutor.button.description == "提示"
    table.set_lang("en")
    assert "Suggested move:" in table.tutor.out.value
    for _ in range(20_000):
        if table.state.is_over:
            break
        table.state.apply(table.state.legal_actions()[0])
    table.tutor.button.click()
    assert ui("hint_over", "en") in table.tutor.out.value


def test_the_hint_is_lit_on_the_board_itself():
    """With the clickable board (issue 35), the hint's card and target light up on the board."""
    lit_any = 0
    for gid in list_games():
        table = PlayTable(load_game(gid), seed=2)
        if table.state.is_over or not table.human(table.state.current_player):
            continue
        table.tutor.button.click()
        action = table.tutor.given.action
        refs = {e.ref for e in table.state.elements(action)}
        if refs:
            lit_any += 1
            shown = set(table.board.lit) | {table.board.ready} - {""}
            assert refs <= shown, (gid, refs, shown)
    assert lit_any, "no game's hint named a card or a place"
