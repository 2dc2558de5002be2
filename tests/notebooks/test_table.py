"""PlayTable in plain Python (no kernel): every kind of control changes what it should."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

from tabletop_rules.core.actions import Action
from tabletop_rules.notebook.table import PlayTable


def click_first(table, kind=None):
    """Click a listed action's button (or fire its picker) and return the action."""
    panel = table.panel
    for key, btn in panel.buttons.items():
        if kind is None or key[0] == kind:
            action = next(a for a in table.state.legal_actions() if a.key == key)
            btn.click()
            return action
    for k, picker in panel.pickers.items():
        if kind is None or k == kind:
            action = picker.current()
            picker.go.click()
            return action
    raise AssertionError(f"no control for {kind}")


@pytest.fixture()
def table(bf):
    return PlayTable(bf, seed=3, seats=["human", "random"])


def test_the_board_is_the_human_seats_view(table):
    assert table.viewer() == 0
    html = table.board.value
    hand = table.state.view(0)["players"][0]["hand"]
    assert all(c["name"] in html for c in hand)
    # the bot's hand is face down: none of its cards' names that are not also ours may show
    other = [table.state.cards[u].d.name.en for u in table.state.fighters[1].hand]
    mine = {c["name"] for c in hand}
    public = {"Rampage Ogre", "Danger World", "Drum Bunker Dragon", "Dragon World"}    # flags and buddies show
    assert not any(n in html for n in set(other) - mine - public)


def test_a_button_applies_its_action_and_bots_reply(table):
    before = len(table.state.record.actions)
    click_first(table)
    assert len(table.state.record.actions) > before
    assert table.state.is_over or table.human(table.state.current_player)
    assert not table.error.value


def test_multi_part_choice_builds_the_action_from_parts(bf):
    table = PlayTable(bf, seed=3, seats=["human", "random"])
    while "call" not in table.panel.pickers:
        click_first(table, next(iter({a.kind for a in table.state.legal_actions()} & {"skip_charge", "charge"}), None))
        if table.state.is_over:
            pytest.skip("no call picker in this game")
    picker = table.panel.pickers["call"]
    assert picker.keys[:2] == ["card", "area"]
    picker.choose(area="right")
    chosen = picker.current()
    assert chosen.args["area"] == "right" and chosen in table.state.legal_actions()
    n = len(table.state.record.actions)
    picker.go.click()
    assert table.state.record.actions[n]["args"]["area"] == "right"


def test_undo_and_redo(table):
    click_first(table)
    click_first(table)
    rec2 = table.state.record.to_json()
    table.undo_btn.click()
    rec1 = table.state.record.to_json()
    assert len(json.loads(rec1)["actions"]) < len(json.loads(rec2)["actions"])
    table.redo_btn.click()
    assert table.state.record.to_json() == rec2
    table.redo_btn.click()                       # nothing left to redo: a message, no change
    assert table.state.record.to_json() == rec2 and "redo" in table.status.value.lower()


def test_new_game_with_a_seed(table):
    click_first(table)
    table.seed_box.value = "11"
    table.new_btn.click()
    fresh = table.game.new_game(seed=11)
    assert table.state.seed == 11
    assert table.state.record.actions[: len(fresh.record.actions)] == fresh.record.actions


def test_save_and_load_by_path(table, tmp_path):
    click_first(table)
    path = tmp_path / "game.json"
    table.path_box.value = str(path)
    table.save_btn.click()
    saved = table.state.record.to_json()
    assert json.loads(path.read_text())["game"] == "buddyfight"
    table.new_btn.click()
    table.load_btn.click()
    assert table.state.record.to_json() == saved


def test_upload_a_record(table):
    click_first(table)
    rec = table.state.record.to_json()
    table.new_btn.click()
    table.upload.value = ({"name": "g.json", "type": "application/json", "size": len(rec),
                           "content": memoryview(rec.encode()),
                           "last_modified": __import__("datetime").datetime(2026, 1, 1)},)
    assert table.state.record.to_json() == rec


def test_a_broken_file_is_reported_and_the_game_kept(table, tmp_path):
    click_first(table)
    before = table.state.record.to_json()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-rules-record/1", "game": "vividz", "seed": 1, "players": 2, '
                   '"options": {}, "actions": []}')
    table.path_box.value = str(bad)
    table.load_btn.click()
    assert "vividz" in table.file_note.value and "ttr-error" in table.file_note.value
    assert table.state.record.to_json() == before
    table.path_box.value = str(tmp_path / "missing.json")
    table.load_btn.click()
    assert "missing.json" in table.file_note.value and table.state.record.to_json() == before
    assert "Traceback" not in table.file_note.value


def test_an_illegal_action_is_shown_and_changes_nothing(table):
    before = table.state.record.to_json()
    table._on_action(Action("attack", 0, {"attackers": ["center"], "target": "fighter"}))
    assert "ttr-error" in table.status.value and "BF-" in table.status.value
    assert table.state.record.to_json() == before


def test_an_exception_inside_a_callback_restores_the_game(table, monkeypatch):
    before = table.state.record.to_json()
    legal = table.state.legal_actions()[0]
    real = type(table.state)._apply

    def broken(self, action):
        real(self, action)
        raise RuntimeError("boom")

    monkeypatch.setattr(type(table.state), "_apply", broken)
    table._on_action(legal)
    monkeypatch.setattr(type(table.state), "_apply", real)
    assert "RuntimeError" in table.status.value and "Traceback" not in table.status.value
    assert table.state.record.to_json() == before


def test_a_second_click_while_busy_does_nothing(table):
    table._busy = True
    before = table.state.record.to_json()
    click_first(table)
    assert table.state.record.to_json() == before
    table._busy = False


def test_language_switch(table):
    table.lang_btns.value = "zh"
    assert table.new_btn.description == "新游戏"
    assert "阶段" in table.status.value
    assert "生命" in table.board.value
    table.lang_btns.value = "en"
    assert "Life" in table.board.value


def test_open_hands_shows_both_hands(table):
    opp = {table.state.cards[u].d.name.en for u in table.state.fighters[1].hand}
    table.open_box.value = True
    assert all(n in table.board.value for n in opp)
    assert table.viewer() is None


def test_hot_seat_hides_each_hand_until_the_seat_confirms(bf):
    table = PlayTable(bf, seed=2, seats=["human", "human"])
    cp = table.state.current_player
    assert table.hidden_between_turns()
    assert table.actions_box.children == (table.reveal_btn,)
    hand_names = [table.state.cards[u].d.name.en for u in table.state.fighters[cp].hand]
    assert not any(n in table.board.value for n in hand_names)
    assert not any(n in table.log.value for n in hand_names), "the log leaks a draw between turns"
    table.reveal_btn.click()
    assert not table.hidden_between_turns()
    assert all(n in table.board.value for n in hand_names)
    while table.state.current_player == cp and not table.state.is_over:
        click_first(table)
    if not table.state.is_over:
        assert table.hidden_between_turns()         # the next seat must confirm first


def test_log_cites_clauses_with_their_text(table):
    assert "[BF-3.6 " in table.log.value                 # id and title, e.g. [BF-3.6 ...]
    clause = table.game.rules.clause("BF-3.6")
    assert clause.text.en[:40].replace("'", "&#x27;") in table.log.value


def test_phase_graph_lights_the_current_phase(table):
    assert table.graph.value == ""                   # drawn only when its tab is opened
    table.tabs.selected_index = 1
    label = table.game.flow.label(table.state.phase)
    assert "<svg" in table.graph.value or "digraph" in table.graph.value
    assert label.split()[0] in table.graph.value


def test_end_of_game_banner(bf):
    table = PlayTable(bf, seed=4, seats=["human", "random"])
    for _ in range(400):
        if table.state.is_over:
            break
        click_first(table)
    assert table.state.is_over
    assert "ttr-banner" in table.status.value and table.actions_box.children == ()


def test_bots_only_table_steps_on_request(bf):
    table = PlayTable(bf, seed=5, seats=["random", "random"])
    n = len(table.state.record.actions)
    assert table.actions_box.children == (table.bot_btn,)
    table.bot_btn.click()
    assert len(table.state.record.actions) == n + 1


def test_bad_seat_names_are_refused(bf):
    with pytest.raises(ValueError, match="human"):
        PlayTable(bf, seats=["human", "genius"])


def test_click_latency_is_measured(table):
    lat = table.click_latency(10)
    assert lat and all(x > 0 for x in lat)


def test_story_mode_is_played_solo(bf):
    """One seat: the Madness is not a seat, its turns run inside the table by themselves."""
    import tabletop_rules as tr

    story = tr.load_game("blood-recall-story")
    table = PlayTable(story, seed=2, seats=["human"], options={"difficulty": "normal", "madness": "seedbed-worm"})
    for _ in range(60):
        if table.state.is_over:
            break
        assert table.state.current_player == 0 and table.actions_box.children[0] is table.panel.widget
        click_first(table)
    assert "Madness" in table.board.value or table.state.is_over
    assert any(e.kind.startswith("madness") for e in table.state.log)
    assert not table.error.value


def test_four_seats_show_teams_and_hide_each_person_in_hot_seat(bf):
    import tabletop_rules as tr

    xj = tr.load_game("xianjian")
    table = PlayTable(xj, seed=1, seats=["human", "random", "human", "random"])
    assert table.hidden_between_turns() and table.state.current_player == 0
    table.reveal_btn.click()
    assert "Team A" in table.board.value and "Team B" in table.board.value
    seen = set()
    for _ in range(80):
        if table.state.is_over:
            break
        if table.hidden_between_turns():
            seen.add(table.state.current_player)
            table.reveal_btn.click()
        else:
            assert table.state.current_player in (0, 2)          # the bots' turns ran by themselves
            click_first(table)
    assert seen >= {2}, "seat 2 had to confirm before its side was shown"
    assert not table.error.value


def test_a_record_for_another_player_count_is_refused(tmp_path):
    import tabletop_rules as tr

    xj = tr.load_game("xianjian")
    three = xj.new_game(seed=1, players=3)
    table = PlayTable(xj, seed=1, seats=["human", "random", "random", "random"])
    before = table.state.record.to_json()
    path = tmp_path / "three.json"
    path.write_text(three.record.to_json())
    table.path_box.value = str(path)
    table.load_btn.click()
    assert "3 players" in table.file_note.value and table.state.record.to_json() == before
