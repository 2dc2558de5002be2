"""Clauses VV-1 .. VV-5: the game, the cards, deck building, the field and setup."""
from __future__ import annotations

import copy

import pytest
from vv_helpers import placed

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.vividz.cards import resolve_deck, symbols_used

AOI = {"id": "aoi-test", "name": {"en": "test"}, "account": "aoi-hoshino",
       "missions": ["aoi-debut", "aoi-encore", "aoi-full-house"],
       "cards": {"aoi-stage-rookie": 4, "aoi-spotlight": 4, "aoi-encore-rina": 4, "aoi-headliner": 4,
                 "aoi-backup-dancer": 4, "aoi-curtain-guard": 4, "aoi-cheer-yui": 4, "aoi-twin-vocal": 4,
                 "aoi-stagehand": 2, "aoi-fan-service": 4, "aoi-encore-event": 4, "aoi-scouting": 4,
                 "aoi-final-chorus": 4}}


def deck(**change):
    d = copy.deepcopy(AOI)
    d.update(change)
    return d


def refused_deck(vv, spec, clause):
    with pytest.raises(DataError) as err:
        vv.new_game(seed=0, options={"decks": [spec, "ren-demo"]})
    assert f"rule {clause}" in str(err.value), str(err.value)
    return err.value


# ----- VV-1 the game  ----------
@pytest.mark.clause("VV-1.1")
def test_vv_1_1_two_players_each_with_account_missions_deck(vv):
    assert vv.player_counts == (2,)
    with pytest.raises(ValueError):
        vv.new_game(seed=0, players=3)
    st = placed(vv, 0)
    for seat in (0, 1):
        assert len(st.zones[f"{seat}.account"]) == 1 and len(st.zones[f"{seat}.missions"]) == 3
        assert len(st.zones[f"{seat}.deck"]) + len(st.zones[f"{seat}.hand"]) + st.energy(seat) == 50


@pytest.mark.clause("VV-1.5")
def test_vv_1_5_every_card_is_demo_and_the_decks_use_every_symbol(vv):
    assert all(c.demo for c in vv.cards.values())
    assert all(d.demo for d in vv.decks.values()) and len(vv.decks) == 2
    used = set()
    for d in vv.decks.values():
        assert sum(d.cards.values()) == 50 and len(d.missions) == 3
        for cid in [d.account, *d.missions, *d.cards]:
            used |= symbols_used(vv.cards[cid])
    need = {"act", "auto", "continuous", "event", "valid", "cost", "effect", "check", "clear", "condition",
            "turn_limit", "own_turn", "opp_turn", "rest", "stand", "exp", "accelerate", "search", "search_symbol",
            "reload", "enter", "lvup", "attack_success", "p_attack_success", "cost_reduction", "no_attack"}
    assert need <= used, need - used
    assert vv.new_game(seed=0).view(0)["players"][0]["account"]["demo"] is True


# ----- VV-2 cards  ----------
@pytest.mark.clause("VV-2.1", "VV-3.3")
def test_vv_2_1_four_types_and_only_characters_and_events_in_the_deck(vv):
    assert {c.type for c in vv.cards.values()} == {"account", "mission", "character", "event"}
    for d in vv.decks.values():
        assert {vv.cards[c].type for c in d.cards} == {"character", "event"}
    refused_deck(vv, deck(cards={**AOI["cards"], "aoi-stagehand": 1, "aoi-debut": 1}), "VV-3.3")


@pytest.mark.clause("VV-2.2", "VV-4.3")
def test_vv_2_2_the_account_sits_face_up_in_its_area_outside_the_deck(vv):
    st = vv.new_game(seed=1)
    for seat in (0, 1):
        acc = st.cards[st.account(seat)]
        assert acc.d.type == "account" and acc.face_up and not acc.rested
        assert all(st.cards[u].d.type != "account" for u in st.zones[f"{seat}.deck"])


@pytest.mark.clause("VV-2.3", "VV-12.8", "VV-12.9")
def test_vv_2_3_missions_carry_check_and_clear_conditions(vv):
    missions = [c for c in vv.cards.values() if c.type == "mission"]
    assert len(missions) == 6 and all(m.check is not None and m.clear is not None for m in missions)
    v = vv.scenario({})
    m = v.view(None)["players"][0]["lanes"][0]["mission"]
    assert m["check"] and m["clear"] and m["state"] == "standing"


@pytest.mark.clause("VV-2.4", "VV-2.5")
def test_vv_2_4_characters_stay_on_the_field_events_go_to_the_drop(kit):
    st = kit.scen(players=[{"hand": ["aoi-spotlight", "aoi-fan-service"], "energy": 5}, {}])
    kit.use(st, "aoi-spotlight", 1)
    assert kit.char(st, 0, 1) == "aoi-spotlight"
    kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-fan-service"))
    assert "aoi-fan-service" in kit.cids(st, 0, "drop")


@pytest.mark.clause("VV-2.6")
def test_vv_2_6_card_information(vv, tmp_path):
    c = vv.cards["aoi-headliner"]
    assert (c.cost, c.power, c.mission_info, c.trait, c.account_info) == (5, 7000, "C", "Idol", "Aoi")
    assert {a.kind for a in vv.cards["aoi-hoshino"].abilities} == {"act"}
    bad = _copy_data(vv, tmp_path, "cards.yaml", "    power: 7000\n", "")
    with pytest.raises(DataError) as err:
        _load(bad)
    assert "aoi-headliner" in str(err.value) and "power" in str(err.value)


@pytest.mark.clause("VV-2.7")
def test_vv_2_7_face_and_standing_are_two_separate_states(vv):
    st = placed(vv, 0)
    m = st.cards[st.zones["0.missions"][0]]
    assert not m.face_up and not m.rested        # face down but standing during setup
    assert st.view(1)["players"][0]["lanes"][0]["mission"] == {"state": "standing", "face_up": False,
                                                               "rested": False}
    acc = st.cards[st.account(0)]
    assert acc.face_up and not acc.rested


def _copy_data(vv, tmp_path, name, old, new):
    import shutil

    d = tmp_path / "vividz"
    shutil.copytree(vv.dir, d)
    text = (d / name).read_text(encoding="utf-8")
    assert old in text
    (d / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


def _load(directory):
    from tabletop_rules.games.vividz import load

    return load(directory)


# ----- VV-3 deck building  ----------
@pytest.mark.clause("VV-3.1")
def test_vv_3_1_exactly_one_account(vv):
    refused_deck(vv, deck(account="aoi-spotlight"), "VV-3.1")
    with pytest.raises(DataError):
        vv.new_game(seed=0, options={"decks": [deck(account=["aoi-hoshino", "aoi-hoshino"]), "ren-demo"]})


@pytest.mark.clause("VV-3.2")
def test_vv_3_2_three_missions_with_different_names(vv):
    refused_deck(vv, deck(missions=["aoi-debut", "aoi-encore"]), "VV-3.2")
    refused_deck(vv, deck(missions=["aoi-debut", "aoi-debut", "aoi-encore"]), "VV-3.2")
    refused_deck(vv, deck(missions=["aoi-debut", "aoi-encore", "aoi-spotlight"]), "VV-3.2")


@pytest.mark.clause("VV-3.4")
def test_vv_3_4_fifty_to_seventy_cards(vv):
    refused_deck(vv, deck(cards={**AOI["cards"], "aoi-stagehand": 1}), "VV-3.4")
    assert resolve_deck(vv, deck()).id == "aoi-test"
    big = {k: 4 for k in AOI["cards"]}
    big["aoi-stagehand"] = 4
    assert sum(big.values()) == 52
    assert resolve_deck(vv, deck(cards=big))


@pytest.mark.clause("VV-3.5")
def test_vv_3_5_at_most_four_of_a_name(vv):
    err = refused_deck(vv, deck(cards={**AOI["cards"], "aoi-stagehand": 5}), "VV-3.5")
    assert "Stagehand" in str(err)


@pytest.mark.clause("VV-3.6")
def test_vv_3_6_cards_must_match_a_mission_and_star_matches_all(vv):
    # a Ren card (trait Steel) does not match Aoi's missions ...
    err = refused_deck(vv, deck(cards={**AOI["cards"], "aoi-stagehand": 1, "ren-iron-vanguard": 1}), "VV-3.6")
    assert "ren-iron-vanguard" in str(err)
    # ... but a ☆ card of the other account fits any deck
    assert resolve_deck(vv, deck(cards={**AOI["cards"], "aoi-stagehand": 1, "ren-bolt-pup": 1}))
    # with only missions A and B chosen, a C card no longer fits
    refused_deck(vv, deck(missions=["aoi-debut", "aoi-encore", "ren-clear-lane"]), "VV-3.6")


@pytest.mark.clause("VV-3.7")
def test_vv_3_7_decks_are_checked_when_loaded(vv, tmp_path):
    bad = _copy_data(vv, tmp_path, "decks.yaml", "aoi-stagehand: 2", "aoi-stagehand: 6")
    with pytest.raises(DataError) as err:
        _load(bad)
    assert "aoi-demo" in str(err.value) and "VV-3.5" in str(err.value) and "decks.yaml" in str(err.value)
    # written while the cards are still loading: the card's id stands in for its name, in both languages
    assert "aoi-stagehand" in str(err.value) and "（规则 VV-3.5）" in err.value.describe("zh")
    assert vv.new_game(seed=0).log[0].clause == "VV-3.7"


# ----- VV-4 the field  ----------
@pytest.mark.clause("VV-4.1")
def test_vv_4_1_three_lanes_each_with_a_mission_and_a_character_area(vv):
    st = placed(vv, 0)
    v = st.view(None)
    for p in v["players"]:
        assert len(p["lanes"]) == 3 and all(lane["mission"] is not None for lane in p["lanes"])
    assert all(f"{s}.area{i}" in st.zones and f"{s}.mission{i}" in st.zones for s in (0, 1) for i in range(3))


@pytest.mark.clause("VV-4.2")
def test_vv_4_2_the_deck_is_face_down_and_hidden(vv):
    st = vv.new_game(seed=0)
    assert all(not st.cards[u].face_up for u in st.zones["0.deck"])
    for seat in (0, 1):
        assert all("deck_order" not in p for p in st.view(seat)["players"])


@pytest.mark.clause("VV-4.4")
def test_vv_4_4_mission_states_in_the_view(kit):
    st = kit.scen(players=[{"missions": [{"rested": True}, {"cleared": True}, None]}, {}])
    lanes = st.view(1)["players"][0]["lanes"]
    assert [lane["mission"]["state"] for lane in lanes] == ["checked", "cleared", "standing"]


@pytest.mark.clause("VV-4.5")
def test_vv_4_5_one_character_per_area_with_exp_beneath(kit):
    st = kit.scen(players=[{"field": [{"card": "aoi-headliner", "exp": ["aoi-stagehand", "aoi-spotlight"]}]}, {}])
    ch = st.view(None)["players"][0]["lanes"][0]["character"]
    assert ch["id"] == "aoi-headliner" and ch["exp"] == ["aoi-stagehand", "aoi-spotlight"]
    assert st.characters(0) == [st.character(0, 0)]


@pytest.mark.clause("VV-4.6")
def test_vv_4_6_energy_is_public(kit):
    st = kit.scen(players=[{"energy": 4}, {}])
    assert st.view(1)["players"][0]["energy"] == 4


@pytest.mark.clause("VV-4.7", "VV-4.9")
def test_vv_4_7_drop_and_removed_zones(kit):
    st = kit.scen(players=[{"drop": ["aoi-spotlight"]}, {}])
    v = st.view(1)["players"][0]
    assert v["drop"] == ["aoi-spotlight"] and v["removed"] == []


@pytest.mark.clause("VV-4.8")
def test_vv_4_8_keep_zone_holds_one_card(kit):
    st = kit.scen(players=[{"keep": "aoi-spotlight"}, {}])
    assert st.view(1)["players"][0]["keep"]["id"] == "aoi-spotlight"
    assert st.zones.caps["0.keep"] == 1


# ----- VV-5 setup  ----------
@pytest.mark.clause("VV-5.1", "VV-5.2")
def test_vv_5_1_setup_in_the_book_order(vv):
    st = placed(vv, 3)
    phases = [e.data["to"] for e in st.log if e.kind == "phase"]
    assert phases == ["setup.shuffle", "setup.place", "setup.first", "setup.hand", "setup.energy"]
    assert [e.clause for e in st.log if e.kind == "shuffle"] == ["VV-5.1", "VV-5.1"]
    assert any(e.clause == "VV-5.2" for e in st.log)
    assert vv.new_game(seed=3).view(None)["players"][0]["deck_order"] != vv.new_game(seed=4).view(None)[
        "players"][0]["deck_order"]


@pytest.mark.clause("VV-5.3")
def test_vv_5_3_higher_revealed_cost_goes_first(vv):
    for seed in range(10):
        st = placed(vv, seed)
        costs = [e for e in st.log if e.kind == "reveal"][-1].data["costs"]
        assert st.first_player == (0 if costs[0] > costs[1] else 1)
        assert st.current_player == 1 - st.first_player      # the second player chooses energy


@pytest.mark.clause("VV-5.4")
def test_vv_5_4_equal_costs_reveal_again(vv):
    for seed in range(200):
        st = placed(vv, seed)
        reveals = [e for e in st.log if e.kind == "reveal"]
        if len(reveals) > 1:
            break
    else:
        raise AssertionError("no tie in 200 seeds")
    assert any(e.kind == "tie" and e.clause == "VV-5.4" for e in st.log)
    assert all(r.data["costs"][0] == r.data["costs"][1] for r in reveals[:-1])
    second = 1 - st.first_player
    assert st.energy(st.first_player) == len(reveals) and st.energy(second) == len(reveals)


@pytest.mark.clause("VV-5.5")
def test_vv_5_5_five_cards_each_hidden_from_the_other(vv):
    st = placed(vv, 0)
    assert [len(st.hand(s)) for s in (0, 1)] == [5, 5]
    assert st.view(0)["players"][1]["hand"] is None and st.view(0)["players"][1]["hand_count"] == 5


@pytest.mark.clause("VV-5.6")
def test_vv_5_6_the_second_player_puts_two_cards_into_energy(vv, kit):
    st = placed(vv, 0)
    second = 1 - st.first_player
    before = st.energy(second)
    acts = st.legal_actions()
    assert {a.kind for a in acts} == {"setup_energy"} and all(a.player == second for a in acts)
    uid = st.hand(st.first_player)[0]
    kit.refused(st, Action("setup_energy", st.first_player, {"card": uid}), "VV-5.6")
    st.apply(acts[0])
    st.apply(st.legal_actions()[0])
    assert st.energy(second) == before + 2 and len(st.hand(second)) == 3


@pytest.mark.clause("VV-5.7")
def test_vv_5_7_missions_turn_face_up_and_the_first_turn_begins(vv):
    st = placed(vv, 0)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert all(st.cards[u].face_up for s in (0, 1) for u in st.missions(s))
    assert st.phase == "main.actions" and st.turn == 1 and st.turn_player == st.first_player
    with pytest.raises(IllegalAction):
        st.apply(Action("setup_energy", 1 - st.first_player, {"card": st.hand(1 - st.first_player)[0]}))
