"""Issue 35 item 4, a trustworthy position editor: Vividz's three missions (and lanes) labelled as
the board numbers them, plain defaults in the reader's words, cards picked by name, every number
shown with the rules' bounds, the issue's five impossible positions refused with their clauses
(in the editor and by ``check --file``, the same builder), and an empty zh question left empty."""
from __future__ import annotations

import re

import pytest
import yaml

import tabletop_rules as tr
from tabletop_rules.cli import main
from tabletop_rules.notebook.editor import PositionEditor
from tabletop_rules.notebook.editor_controls import Seats
from tabletop_rules.notebook.i18n import t, term


def seats(ed: PositionEditor) -> Seats:
    return next(c for c in ed.form.controls.values() if isinstance(c, Seats))


def widgets(wd):
    yield wd
    for c in getattr(wd, "children", ()):
        yield from widgets(c)


def shown_texts(ed: PositionEditor) -> list[str]:
    """Every word the Position tab shows a reader: labels, dropdown entries, empty-box hints,
    tab titles, combobox and card-picker choices."""
    out: list[str] = []
    for wd in widgets(ed.tabs.children[0]):
        for attr in ("description", "placeholder", "tooltip"):
            v = getattr(wd, attr, None)
            if isinstance(v, str) and v != "\u200b":
                out.append(v)
        if hasattr(wd, "_options_labels"):
            out += list(wd._options_labels)
        for attr in ("options", "allowed_tags", "titles"):
            v = getattr(wd, attr, None)
            if isinstance(v, list | tuple) and all(isinstance(x, str) for x in v):
                out += list(v)
        if type(wd).__name__ == "Label":
            out.append(wd.value)
    return [s for s in out if s]


# ----- 1 the missions and lanes ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_vividz_three_missions_and_three_lanes_labelled_as_the_board_numbers_them(lang):
    game = tr.load_game("vividz")
    ed = PositionEditor(game, lang=lang)
    me = seats(ed).forms[0]
    mission, lane = term(game, "mission", lang, cap=True), term(game, "lane", lang, cap=True)
    assert list(me.controls["missions"].widget.titles) == [f"{mission} {i}" for i in (1, 2, 3)]
    assert list(me.controls["field"].widget.titles) == [f"{lane} {i}" for i in (1, 2, 3)]
    assert list(seats(ed).widget.titles) == [game.texts.seat(i, lang) for i in (0, 1)]
    # the third mission is there and it is the third lane's: clearing it clears lane 3's mission (VV-1.1)
    me.controls["missions"].forms[2].controls["cleared"].widget.value = True
    assert ed.spec == {"players": [{"missions": [None, None, {"cleared": True}]}]}
    lanes = ed.state.view(None)["players"][0]["lanes"]
    assert [ln["mission"]["face_up"] for ln in lanes] == [True, True, False]
    # a character put in lane 2 by name stands in the board's lane 2
    card = game.cards["aoi-headliner"] if "aoi-headliner" in game.cards else next(
        c for c in game.cards.values() if c.type == "character")
    me.controls["field"].forms[1].controls["card"].widget.value = card.name.zh if lang == "zh" else card.name.en
    assert ed.refusal is None, ed.refusal
    assert ed.spec["players"][0]["field"] == [None, {"card": card.id}]
    assert ed.state.view(None)["players"][0]["lanes"][1]["character"]["id"] == card.id


def test_a_ruling_with_a_lane_shorthand_loads_into_the_lane_tab():
    game = tr.load_game("vividz")
    ed = PositionEditor(game)
    cid = next(c.id for c in game.cards.values() if c.type == "character")
    assert ed.set_spec({"players": [{"field": [None, None, cid]}]}) is not None
    assert seats(ed).forms[0].controls["field"].forms[2].controls["card"].get() == cid
    assert ed.spec == {"players": [{"field": [None, None, {"card": cid}]}]}


# ----- 2 plain defaults, 3 cards by name ----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game_id", tr.list_games())
def test_the_form_shows_no_json_none_list_or_id(game_id, lang):
    game = tr.load_game(game_id)
    ed = PositionEditor(game, lang=lang)
    texts = shown_texts(ed)
    nodes = set(game.flow.nodes)
    ids = {cid for g in tr.list_games() for cid, c in tr.load_game(g).cards.items()
           if cid not in (c.name.en, c.name.zh)}                  # any game's card ids (a default may name one)
    for s in texts:
        assert "None" not in s and "[]" not in s and not re.search(r'\("|"\)|^\(\d+\)$', s), s
        assert s not in nodes, s                     # a phase by its flow label, not "main.actions"
        assert s not in ids, s                       # a card by its name, not its id
    if lang == "zh":
        assert not any("(default)" in s or "Seat" in s for s in texts)


@pytest.mark.parametrize("game_id", ["vividz", "mirror-dolls"])
def test_phase_and_seat_dropdowns_speak_the_games_words(game_id):
    game = tr.load_game(game_id)
    ed = PositionEditor(game, lang="zh")
    phase, turn_player = ed.form.controls["phase"], ed.form.controls["turn_player"]
    labels = list(phase.widget._options_labels)
    assert labels[0] == game.flow.phase_label(phase.options[0], "zh") + "（默认）"
    assert labels[1:] == [game.flow.phase_label(p, "zh") for p in phase.options]
    assert list(turn_player.widget._options_labels)[1:] == [game.texts.seat(i, "zh") for i in (0, 1)]
    turn_player.widget.value = 1
    assert ed.spec == {"turn_player": 1} and ed.state.turn_player == 1


@pytest.mark.parametrize("game_id", ["vividz", "mirror-dolls"])
def test_cards_are_picked_by_their_chinese_name_and_saved_by_id(game_id):
    game = tr.load_game(game_id)
    ed = PositionEditor(game, lang="zh")
    zone = seats(ed).forms[0].controls["drop" if game_id == "vividz" else "pile"]
    card = next(c for c in game.cards.values() if (game_id == "vividz" or c.type == "doll") and c.name.zh)
    assert card.name.zh in zone.tags.allowed_tags and card.id not in zone.tags.allowed_tags
    zone.tags.value = [card.name.zh]
    assert ed.refusal is None, ed.refusal
    assert list(ed.spec["players"][0].values()) == [[card.id]]


# ----- 4 bounds shown, the five impossible positions refused ------------------------------------
FIVE = [  # (game, the seat's field, the box, the value typed, the spec, the clause that refuses it)
    ("mirror-dolls", "order", "99", {"players": [{"order": 99}]}, "MD-5.1", "0–10"),
    ("mirror-dolls", "overflow", "5", {"players": [{"overflow": 5}]}, "MD-5.1", "0–1"),
    ("mirror-dolls", "score", "250", {"players": [{"score": 250}]}, "MD-1.2", "0–99"),
    ("vividz", "energy", "-2", {"players": [{"energy": -2}]}, "VV-3.4", "0–70"),
    ("vividz", "missions", None, {"players": [{"missions": [{}, {}, {}, {}]}]}, "VV-1.1", None),
]


@pytest.mark.parametrize("game_id, field, typed, spec, clause, bounds", FIVE,
                         ids=["order-99", "overflow-5", "score-250", "energy-minus-2", "fourth-mission"])
def test_the_five_impossible_positions_are_refused_with_their_rule(game_id, field, typed, spec, clause, bounds,
                                                                     tmp_path, capsys):
    game = tr.load_game(game_id)
    ed = PositionEditor(game)
    if typed is not None:             # typed into the box, which shows the bounds before anything is typed
        ctl = seats(ed).forms[0].controls[field]
        box = getattr(ctl, "count", ctl.widget)
        assert bounds in box.placeholder and clause in box.placeholder
        box.value = typed
    else:                             # a fourth mission has no tab to type into: it can only be handed in
        assert len(seats(ed).forms[0].controls[field].forms) == 3
        ed.set_spec(spec)
    assert ed.state is None and ed.refusal is not None
    assert clause in str(ed.refusal) and f"players.0.{field}" in str(ed.refusal)
    assert clause in ed.board.value and ed.panel.buttons == {}
    with pytest.raises(ValueError):
        ed.save_ruling()
    # the same builder refuses the same position handed to the command line in a rulings file
    path = tmp_path / "impossible.yaml"
    path.write_text(yaml.safe_dump({"rulings": [{
        "id": "impossible", "source": "a reader", "question": {"en": "Can this be?"}, "answer": {"en": "No."},
        "clauses": [clause], "scenario": spec, "expect": [{"over": False}]}]}), encoding="utf-8")
    code = main(["check", game_id, "--file", str(path)])
    err = capsys.readouterr().err
    assert code != 0 and clause in err and f"players.0.{field}" in err


def test_a_number_within_its_bounds_builds():
    ed = PositionEditor(tr.load_game("mirror-dolls"))
    seats(ed).forms[0].controls["order"].widget.value = "10"
    assert ed.refusal is None and ed.state.view(None)["players"][0]["points"]["order"] == 10


# ----- 5 an empty zh question or answer stays empty -----------------------------------------------------
def test_an_empty_chinese_question_or_answer_is_not_filled_with_placeholder_text():
    game = tr.load_game("mirror-dolls")
    ed = PositionEditor(game)
    ed.q_en.value, ed.a_en.value, ed.a_zh.value = "What now?", "This.", "这样。"
    data = yaml.safe_load(ed.save_ruling())["rulings"][0]
    assert data["question"] == {"en": "What now?"} and data["answer"] == {"en": "This.", "zh": "这样。"}
    assert ed.ruling_check.ok, ed.ruling_check.detail
    again = PositionEditor(game)
    again.load_ruling(ed.ruling_yaml)
    assert again.q_zh.value == "" and again.a_zh.value == "这样。"


@pytest.mark.parametrize("game_id, field, glossary_id", [("mirror-dolls", "order", "order-point"),
                                                          ("mirror-dolls", "pile", "mirror-pile"),
                                                          ("vividz", "drop", "drop-zone")])
def test_fields_are_labelled_with_the_glossary_term_in_chinese(game_id, field, glossary_id):
    game = tr.load_game(game_id)
    ctl = seats(PositionEditor(game, lang="zh")).forms[0].controls[field]
    label = ctl.widget.description if hasattr(ctl.widget, "description") else ctl.widget.children[0].value
    assert label == game.glossary.get(glossary_id).zh


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_mirror_dolls_field_by_the_boards_slot_words_and_doll_names(lang):
    game = tr.load_game("mirror-dolls")
    ed = PositionEditor(game, lang=lang)
    field = seats(ed).forms[0].controls["field"]
    titles = list(field.widget.titles)
    assert len(titles) == 13 and titles[0].endswith(game.texts.word("word.real_f0", lang)[1:])
    assert not any("_" in s for s in titles)                 # no slot id (real_f0)
    doll = game.cards["glass-archer"]
    front = field.forms[0].controls
    front["card"].widget.value = doll.name.zh if lang == "zh" else doll.name.en
    assert ed.refusal is None, ed.refusal
    assert ed.spec == {"players": [{"field": {"real_f0": {"card": "glass-archer"}}}]}
    assert ed.state.view(None)["players"][0]["field"]["real_f0"]["id"] == "glass-archer"
    # a ruling's short form loads into the slot's form; a slot the board has not is refused by the builder
    ed.set_spec({"players": [{"field": {"mirror_b2": "glass-archer"}}]})
    assert field.forms[11].controls["card"].get() == "glass-archer" and ed.refusal is None
    assert ed.set_spec({"players": [{"field": {"real_f9": "glass-archer"}}]}) is None
    assert "real_f9" in str(ed.refusal) and "players.0.field" in str(ed.refusal)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_static_field_list_names_the_places_and_the_rules_bounds(lang):
    from tabletop_rules.notebook.static import editor_block

    vv, md = tr.load_game("vividz"), tr.load_game("mirror-dolls")
    rows = {re.sub("<[^>]+>", "|", r).split("|")[2]: re.sub("<[^>]+>", "|", r)
            for g in (vv, md) for r in re.findall("<tr>(.*?)</tr>", editor_block(g, lang))}
    missions = rows["players.N.missions"]
    assert t("static_kind_places", lang, word=term(vv, "mission", lang)) in missions
    assert t("static_max_items", lang, n=3) in missions and "VV-1.1" in missions
    order = rows["players.N.order"]
    assert t("static_at_most", lang, n=10) in order and "MD-5.1" in order


def test_mirror_dolls_mirror_card_by_name_and_owner_by_seat_name():
    game = tr.load_game("mirror-dolls")
    ed = PositionEditor(game, lang="zh")
    mirror = ed.form.controls["mirror"].controls
    card = next(c for c in game.cards.values() if c.type == "mirror")
    mirror["card"].widget.value = card.name.zh
    mirror["owner"].widget.value = 1                       # the entry for 座位 1
    assert list(mirror["owner"].widget._options_labels)[2] == game.texts.seat(1, "zh")
    assert ed.refusal is None, ed.refusal
    assert ed.spec == {"mirror": {"card": card.id, "owner": 1}}
    ed.set_spec({"mirror": card.id})                       # a ruling's short form fills the same boxes
    assert mirror["card"].get() == card.id and ed.refusal is None
