"""PositionEditor in plain Python: build a position in every game through its controls, play two
actions with the ordinary action buttons, save it as a ruling, and check that the ruling passes
(`check --file`), loads back into the editor and into the RulingExplorer."""
from __future__ import annotations

import pytest
import yaml

import tabletop_rules as tr
from tabletop_rules.cli import main
from tabletop_rules.notebook.editor import PositionEditor
from tabletop_rules.notebook.editor_controls import UNSET, CardsZone, Seats, spec_model
from tabletop_rules.notebook.rulings import RulingExplorer

# a card each game accepts in a seat's hand
HAND = {"buddyfight": "dragoenergy", "blood-recall-duel": "slash-1", "blood-recall-story": "slash-1",
        "xianjian": "heaven-thunder"}
GAMES = [g for g in tr.list_games() if g in HAND]


def seats(ed: PositionEditor) -> Seats:
    return next(c for c in ed.form.controls.values() if isinstance(c, Seats))


def click_first(ed: PositionEditor) -> None:
    """Click the first action control, as a reader would (a button, else a picker's Do it)."""
    if ed.panel.buttons:
        next(iter(ed.panel.buttons.values())).click()
    else:
        next(iter(ed.panel.pickers.values())).go.click()


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_model_drives_the_controls(game_id):
    game = tr.load_game(game_id)
    model = spec_model(game)
    ed = PositionEditor(game)
    assert set(ed.form.controls) == set(model.model_fields)
    hand = seats(ed).forms[0].controls["hand"]
    # cards are offered by name, in the reader's language, never by id
    assert isinstance(hand, CardsZone) and set(hand.tags.allowed_tags) == {c.name.en for c in game.cards.values()}
    assert ed.read_spec() == {} and ed.refusal is None and ed.state is not None
    assert "ttr-board" in ed.board.value


@pytest.mark.parametrize("game_id", GAMES)
def test_build_play_two_actions_save_and_check(game_id, tmp_path, capsys):
    game = tr.load_game(game_id)
    ed = PositionEditor(game)
    name = game.cards[HAND[game_id]].name.en
    seats(ed).forms[0].controls["hand"].tags.value = [name, name]       # picked by name
    assert ed.refusal is None, ed.refusal
    assert ed.spec["players" if "players" in ed.spec and isinstance(ed.spec["players"], list) else "seats"][0] == \
        {"hand": [HAND[game_id], HAND[game_id]]}
    before = ed.state.view(None)
    click_first(ed)
    click_first(ed)
    assert ed.error.value == "" and len(ed.actions) == 2 and ed.state.view(None) != before
    assert ed.new_events and "ttr-log" in ed.events.value
    ed.q_en.value = "What happens when I play these?"
    ed.rid.value = f"editor-{game_id}"
    text = ed.save_ruling(str(tmp_path / "mine.yaml"))
    assert ed.ruling_check.ok, ed.ruling_check.detail
    data = yaml.safe_load(text)["rulings"][0]
    assert data["question"] == {"en": "What happens when I play these?"}      # no zh typed: none saved
    assert len(data["steps"]) == 2 and data["expect"] and data["scenario"] == ed.spec
    assert "data:text/yaml;base64," in ed.download.value
    # the command line accepts the file and prints the ordinary table
    code = main(["check", game_id, "--file", str(tmp_path / "mine.yaml")])
    out = capsys.readouterr().out
    assert code == 0 and "1 passed, 0 failed" in out and f"editor-{game_id}" in out
    # it loads back into a fresh editor: same position, same actions, same outcome
    again = PositionEditor(game)
    again.load_ruling(text)
    assert again.spec == ed.spec and [a.key for a in again.actions] == [a.key for a in ed.actions]
    assert again.state.view(None) == ed.state.view(None)
    assert seats(again).forms[0].controls["hand"].tags.value == [name, name]
    assert seats(again).forms[0].controls["hand"].get() == [HAND[game_id], HAND[game_id]]
    # and into the ruling explorer
    ex = RulingExplorer(game, rulings=[ed.ruling()])
    assert ex.result is not None and ex.result.ok


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_and_restart(game_id):
    ed = PositionEditor(tr.load_game(game_id))
    start = ed.state.view(None)
    click_first(ed)
    ed.undo_button.click()
    assert ed.actions == [] and ed.state.view(None) == start
    ed.undo()
    assert "Nothing to undo" in ed.message.value
    click_first(ed)
    ed.restart_button.click()
    assert ed.actions == [] and ed.state.view(None) == start


@pytest.mark.parametrize("game_id, where, value, words", [
    ("buddyfight", ("players", 1, "life"), "ten", "players.1.life"),
    ("blood-recall-duel", ("players", 0, "life"), "lots", "players.0.life"),
    ("xianjian", ("turn_player",), 3, "turn_player"),
    ("xianjian", ("players",), "9", "players"),
])
def test_a_position_the_spec_refuses_gets_its_message(game_id, where, value, words):
    if game_id not in GAMES:
        pytest.skip(f"{game_id} is not registered")
    ed = PositionEditor(tr.load_game(game_id))
    ctl = ed.form.controls[where[0]]
    if len(where) == 3:
        ctl = ctl.forms[where[1]].controls[where[2]]
    ctl.set(value)
    assert ed.state is None and ed.refusal is not None
    assert words in ed.board.value and "refuse" in ed.board.value
    assert ed.panel.buttons == {} and ed.error.value == ""
    with pytest.raises(ValueError, match="refuse"):
        ed.save_ruling()
    ctl.set(UNSET)                                 # back to the default: allowed again
    assert ed.state is not None and ed.refusal is None


def test_buddyfight_areas_numbers_and_phase():
    game = tr.load_game("buddyfight")
    ed = PositionEditor(game)
    me = seats(ed).forms[0]
    me.controls["field"].forms[1].controls["card"].set("drum-bunker-dragon")
    me.controls["field"].forms[1].controls["power"].set(9000)
    seats(ed).forms[1].controls["life"].set(3)
    ed.form.controls["phase"].set("attack.declare")
    assert ed.spec == {"players": [{"field": {"center": {"card": "drum-bunker-dragon", "power": 9000}}},
                                   {"life": 3}], "phase": "attack.declare"}
    assert ed.state.phase == "attack.declare"
    ed.play("attack", target="fighter")
    assert ed.state.view(None)["players"][1]["life"] < 3


def test_language_switch_keeps_the_position():
    ed = PositionEditor(tr.load_game("buddyfight"))
    seats(ed).forms[0].controls["hand"].set(["dragoenergy"])
    ed.set_lang("zh")
    assert ed.spec == {"players": [{"hand": ["dragoenergy"]}]}
    assert seats(ed).forms[0].controls["hand"].get() == ["dragoenergy"] and ed.tabs.get_title(0) == "局面"


def test_raw_yaml_field_and_bad_yaml():
    ed = PositionEditor(tr.load_game("buddyfight"))
    ed.form.controls["options"].widget.value = "{link_critical: one"
    assert "not YAML" in ed.error.value


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_ruling_loads_into_the_editor_and_saves_as_a_passing_ruling(game_id):
    game = tr.load_game(game_id)
    ed = PositionEditor(game)
    for r in game.rulings:
        ed.load_ruling(r)
        assert ed.refusal is None, (r.id, ed.refusal)
        if any("illegal" in st for st in r.steps):
            continue                                  # the editor records actions taken, not refusals
        ed.save_ruling()
        assert ed.ruling_check.ok, (r.id, ed.ruling_check.detail)
