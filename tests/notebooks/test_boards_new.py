"""The Vividz and mirror-doll boards in plain Python: each is drawn for seat 0, seat 1 and the
referee after some random actions; hidden cards never show; the zones and numbers the rules
name are on the board; the play table runs on each."""
from __future__ import annotations

import json
import random
import re
from html import escape

import pytest

import tabletop_rules as tr
from tabletop_rules.notebook.boards import board_html, board_module

GAMES = ("vividz", "mirror-dolls")
SEEDS = (1, 2, 3)
STEPS = (0, 12, 40, 90)


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return tr.load_game(request.param)


def played(game, seed: int, n: int):
    state, rng = game.new_game(seed=seed), random.Random(seed)
    while not state.is_over and len(state.record.actions) < n:
        state.apply(rng.choice(state.legal_actions()))
    return state


def names(d) -> list[str]:
    return [x for x in (d.name.en, d.name.zh) if x]


def hidden_cards(game, view: dict) -> list:
    """Card definitions of which the view holds neither the id nor the name: the board may not show them."""
    text = json.dumps(view, ensure_ascii=False)
    ids = set(re.findall(r'"([a-z0-9][a-z0-9-]*)"', text))
    return [d for cid, d in game.cards.items() if cid not in ids and not any(n in text for n in names(d))]


def shows(html: str, name: str) -> bool:
    """A card name drawn as a tile (bold main name, or the second-language line) or listed in a note."""
    e = escape(name)
    return f"<b>{e}</b>" in html or f"'ttr-zh'>{e}</div>" in html or re.search(rf"[ :,…] ?{re.escape(e)}(,|<)", html)


def test_both_games_have_a_board():
    assert (board_module("vividz"), board_module("mirror-dolls")) == ("vividz", "mirror_dolls")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("steps", STEPS)
def test_each_seat_sees_only_its_view(game, seed, steps):
    state = played(game, seed, steps)
    for seat in (0, 1, None):
        view = state.view(seat)
        for lang in ("en", "zh"):
            html = board_html(game, view, seat, lang, {0: "you", 1: "bot"})
            assert html.startswith("<div class='ttr-board'>")
            assert "DEMO" in html or "示范" in html            # every card is demo data (VV-1.5, MD-1.6)
            leaked = [n for d in hidden_cards(game, view) for n in names(d) if shows(html, n)]
            assert not leaked, f"seat {seat} ({lang}) sees hidden cards: {leaked}"
        if seat is not None and not state.is_over:
            other = state.view(None)["players"][1 - seat]
            seen = json.dumps(view, ensure_ascii=False)
            count = other["hand_count"] if game.id == "vividz" else other["doll_hand_count"] + other["spell_hand_count"]
            html = board_html(game, view, seat, "en", {})
            assert html.count("ttr-card ttr-down'>?</div>") >= min(count, 10)
            hand = other["hand"] if game.id == "vividz" else other["dolls"] + other["spells"]
            for c in hand:                 # unless the same card shows elsewhere (drop zone, field ...)
                if c["name"] not in seen and f'"{c["id"]}"' not in seen:
                    assert not shows(html, c["name"]), f"seat {seat} sees {c['name']} in the other hand"


def test_the_referee_sees_both_hands(game):
    state = played(game, 4, 30)
    view = state.view(None)
    html = board_html(game, view, None, "en", {})
    for p in view["players"]:
        hand = p["hand"] if game.id == "vividz" else p["dolls"] + p["spells"]
        assert all(f"<b>{escape(c['name'])}</b>" in html for c in hand)
    assert "ttr-card ttr-down'>?</div>" not in html


# ----- Vividz ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def vv():
    return tr.load_game("vividz")


def test_vividz_missions_face_down_at_setup_stay_secret(vv):
    state = vv.new_game(seed=1)
    while state.phase == "setup.place":         # both place their missions face down (VV-5.2)
        state.apply(state.legal_actions()[0])
    assert state.phase == "setup.energy"
    theirs = state.view(None)["players"][0]["lanes"]
    html = board_html(vv, state.view(1), 1, "en", {})
    for lane in theirs:
        assert lane["mission"]["name"] not in html
    own = board_html(vv, state.view(0), 0, "en", {})
    assert all(lane["mission"]["name"] in own for lane in theirs)


def test_vividz_board_draws_lanes_missions_and_exp(vv):
    seen = {"checked": False, "cleared": False, "exp": False, "damage": False, "keep": False}
    for seed in range(12):
        state, rng = vv.new_game(seed=seed), random.Random(seed)
        while not state.is_over and not all(seen.values()):
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(0)
            html = board_html(vv, view, 0, "en", {})
            assert all(f"Lane {i}" in html for i in (1, 2, 3)) and "Energy" in html and "Keep zone" in html
            for p in view["players"]:
                assert f"Energy <b>{p['energy']}</b>" in html
                for lane in p["lanes"]:
                    m, ch = lane["mission"], lane["character"]
                    if m and m["state"] == "checked":
                        seen["checked"] = True
                        assert "✔ Check (rested)" in html
                    if m and m["state"] == "cleared":
                        seen["cleared"] = True
                        assert "ttr-card ttr-down' title='" in html and "✔ Clear (face down)" in html
                    if ch and ch["exp"]:
                        seen["exp"] = True
                        assert f"EXP {len(ch['exp'])}: " in html
                    if ch and ch["damage"]:
                        seen["damage"] = True
                        assert f"Damage {ch['damage']}" in html
                if p["keep"]:
                    seen["keep"] = True
    assert all(seen.values()), seen


# ----- mirror dolls ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def md():
    return tr.load_game("mirror-dolls")


def test_mirror_board_draws_sides_points_and_mirror(md):
    state = played(md, 2, 120)
    view = state.view(1)
    html = board_html(md, view, 1, "en", {})
    for word in ("Real side", "Mirror side", "Threshold", "Front row", "Back row", "Spell slot", "Mirror slot",
                 "Mirror pile", "Score", "Order point", "Chaos point", "Overflow point", "Doll hand", "Spell hand"):
        assert word in html, word
    for p in view["players"]:
        pt = p["points"]
        assert f"Order point <b>{pt['order']}</b>/10" in html and f"Chaos point <b>{pt['chaos']}</b>/10" in html
        assert f"Overflow point <b>{pt['overflow']}</b>/1" in html and f"Score <b>{p['score']}</b>/100" in html
        for c in p["field"].values():
            if c:
                assert f"Attack {c['attack']} · HP {c['hp']}/{c['max_hp']}" in html
    if view["mirror"]:
        assert f"<b>{escape(view['mirror']['name'])}</b>" in html
    zh = board_html(md, view, 1, "zh", {})
    # issue 34: the board shows the glossary's Simplified words, never the book's Traditional forms
    assert "现世侧" in zh and "临界线" in zh and "秩序点" in zh
    assert "現世側" not in zh and "臨界線" not in zh and "秩序點" not in zh


def test_mirror_board_shows_acted_shield_and_overflow_wait(md):
    seen = {"acted": False, "shield": False, "wait": False, "out_of_form": False}
    for seed in range(8):
        state, rng = md.new_game(seed=seed), random.Random(seed)
        while not state.is_over and not all(seen.values()) and len(state.record.actions) < 600:
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(None)
            html = board_html(md, view, None, "en", {})
            for p in view["players"]:
                if p["points"]["overflow_wait"]:
                    seen["wait"] = True
                    assert f"{p['points']['overflow_wait']} own turn(s) to wait" in html
                for c in p["field"].values():
                    if c and c["acted"]:
                        seen["acted"] = True
                        assert "Doll action: used" in html
                    if c and c["shield"]:
                        seen["shield"] = True
                        assert f"Shield {c['shield']}" in html
                    if c and c["out_of_form"]:
                        seen["out_of_form"] = True
                        assert "out of form" in html
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_mirror_other_mirror_deck_is_hidden(md):
    state = played(md, 3, 20)
    seat = state.current_player if state.current_player is not None else 0
    theirs = state.view(None)["players"][1 - seat]["mirror_deck"]
    view = state.view(seat)
    html = board_html(md, view, seat, "en", {})
    visible = json.dumps(view, ensure_ascii=False)
    for c in theirs:
        if c["name"] not in visible:
            assert not shows(html, c["name"])


# ----- the play table on each game ---------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_play_table_clicks_without_errors(gid):
    pytest.importorskip("ipywidgets")
    from tabletop_rules.notebook.table import PlayTable

    game = tr.load_game(gid)
    table = PlayTable(game, seed=1, seats=["human", "random"])
    for _ in range(15):
        if table.state.is_over:
            break
        before = len(table.state.record.actions)
        panel = table.panel
        if panel.buttons:
            next(iter(panel.buttons.values())).click()
        else:
            next(iter(panel.pickers.values())).go.click()
        assert len(table.state.record.actions) > before
        assert not table.error.value, table.error.value
        assert "ttr-board" in table.board.value
    other = table.state.view(None)["players"][1]
    hand = other["hand"] if gid == "vividz" else other["dolls"] + other["spells"]
    seen = json.dumps(table.state.view(0), ensure_ascii=False)
    assert not [c["name"] for c in hand
                if c["name"] not in seen and f'"{c["id"]}"' not in seen and shows(table.board.value, c["name"])]
