"""Clauses MD-11.x (casting, ongoing spells, durations), MD-12.x (moves) and MD-13.x (forms)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action, IllegalAction


def field(st, seat, slot):
    return st.view(None)["players"][seat]["field"][slot]


# ---------------------------------------------------------------------------------------------------- casting
@pytest.mark.clause("MD-11.1")
def test_md_11_1_cast_from_hand_paying_the_cost(kit):
    st = kit.scen(players=[{"order": 3, "spells": ["mending-thread"], "field": {"real_f0": {"card": "twin-image",
                                                                                          "damage": 4}}}, {}])
    twin = st.at(0, "real_f0")
    kit.do(st, "cast", target=twin)
    assert st.cards[twin].damage == 1 and st.ps[0].order == 2


@pytest.mark.clause("MD-11.1")
def test_md_11_1_a_target_is_needed_and_must_fit(kit):
    st = kit.scen(players=[{"order": 3, "spells": ["shatter-bolt"], "field": {"real_f0": "tin-drummer"}}, {}])
    bolt = kit.uid(st, 0, "shatter-bolt", "spells")
    kit.refused(st, kit.act(st, "cast", card=bolt), "MD-11.1")
    kit.refused(st, kit.act(st, "cast", card=bolt, target=st.at(0, "real_f0")), "MD-11.1")


@pytest.mark.clause("MD-11.2")
def test_md_11_2_a_used_spell_goes_back_to_the_spell_deck(kit):
    st = kit.scen(players=[{"order": 3, "spells": ["chaos-tide"], "chaos": 2, "spell_deck": 4}, {}])
    evs = kit.do(st, "cast")
    assert "chaos-tide" in kit.cids(st, 0, "spell_deck") and len(st.pile(0, "spell_deck")) == 5
    assert any(e.kind == "spell_home" and e.clause == "MD-11.2" for e in evs)
    assert st.ps[0].order == 6


@pytest.mark.clause("MD-11.3")
def test_md_11_3_an_ongoing_spell_takes_the_slot_and_replaces_the_old_one(kit):
    st = kit.scen(players=[{"order": 6, "spells": ["rallying-waltz", "porcelain-ward"],
                            "field": {"real_f0": "lace-duelist"}}, {}])
    duel = st.at(0, "real_f0")
    kit.do(st, "cast", card=kit.uid(st, 0, "rallying-waltz", "spells"))
    assert kit.cids(st, 0, "spell_slot") == ["rallying-waltz"] and field(st, 0, "real_f0")["attack"] == 5
    evs = kit.do(st, "cast", card=kit.uid(st, 0, "porcelain-ward", "spells"), target=duel)
    assert kit.cids(st, 0, "spell_slot") == ["porcelain-ward"]
    assert "rallying-waltz" in kit.cids(st, 0, "spell_deck")
    assert field(st, 0, "real_f0")["attack"] == 3 and field(st, 0, "real_f0")["shield"] == 3
    assert any(e.kind == "ongoing_end" and e.clause == "MD-11.3" for e in evs)


@pytest.mark.clause("MD-11.4")
def test_md_11_4_the_owner_may_end_their_ongoing_spell(kit):
    st = kit.scen(players=[{"spell_slot": "rallying-waltz", "field": {"real_f0": "lace-duelist"}}, {}])
    assert field(st, 0, "real_f0")["attack"] == 5
    kit.do(st, "end_spell")
    assert st.pile(0, "spell_slot") == [] and field(st, 0, "real_f0")["attack"] == 3
    kit.refused(st, kit.act(st, "end_spell"), "MD-11.4")
    st2 = kit.scen(players=[{}, {"spell_slot": "rallying-waltz"}])
    kit.refused(st2, kit.act(st2, "end_spell"), "MD-11.4")               # not the opponent's


@pytest.mark.clause("MD-11.5")
def test_md_11_5_a_doll_casts_as_its_action(kit):
    st = kit.scen(players=[{"order": 1, "field": {"real_f0": "velvet-oracle", "real_f1": "lace-duelist"}}, {}])
    oracle, duel = st.at(0, "real_f0"), st.at(0, "real_f1")
    kit.refused(st, kit.act(st, "ability", card=duel), "MD-11.5")                 # no cast in its form
    kit.do(st, "ability", card=oracle, target=duel)
    assert field(st, 0, "real_f1")["shield"] == 2 and st.ps[0].order == 0 and st.cards[oracle].acted
    kit.refused(st, kit.act(st, "ability", card=oracle, target=duel), "MD-8.1")


@pytest.mark.clause("MD-11.5")
def test_md_11_5_a_dolls_ongoing_cast_takes_no_spell_slot(kit):
    st = kit.scen(players=[{"order": 2, "spell_slot": "rallying-waltz", "field": {"real_f0": "marionette-queen",
                                                                                 "real_f1": "tin-drummer"}}, {}])
    kit.do(st, "ability", card=st.at(0, "real_f0"))
    assert kit.cids(st, 0, "spell_slot") == ["rallying-waltz"] and len(st.ongoing) == 2
    assert field(st, 0, "real_f1")["attack"] == 2 + 2 + 1


@pytest.mark.clause("MD-11.6")
@pytest.mark.parametrize("duration_turns", [2, 3])
def test_md_11_6_a_duration_counts_the_casting_turn_first(kit, duration_turns):
    spell = {2: "porcelain-ward", 3: "rallying-waltz"}[duration_turns]
    st = kit.scen(turn=3, players=[{"order": 5, "spells": [spell], "field": {"real_f0": "lace-duelist"}}, {}])
    kit.do(st, "cast", **({"target": st.at(0, "real_f0")} if spell == "porcelain-ward" else {}))
    assert st.ongoing[0]["until"] == 3 + duration_turns - 1
    for _ in range(duration_turns - 1):
        kit.end_turn(st)
        assert st.ongoing, f"still running in turn {st.turn}"
    kit.end_turn(st)
    assert not st.ongoing and st.pile(0, "spell_slot") == []


@pytest.mark.clause("MD-11.7")
def test_md_11_7_effects_end_but_damage_stays(kit):
    st = kit.scen(players=[{"order": 2, "chaos": 2, "field": {"mirror_f0": "hollow-puppeteer",
                                                             "mirror_f1": "shard-golem"}},
                           {"field": {"mirror_f1": "twin-image"}}])
    kit.do(st, "ability", card=st.at(0, "mirror_f0"))
    wisp, twin = st.at(0, "mirror_f1"), st.at(1, "mirror_f1")
    assert field(st, 0, "mirror_f1")["attack"] == 3
    kit.do(st, "attack", card=wisp, target=twin)
    assert st.cards[twin].damage == 3
    oid = st.ongoing[0]["id"]
    from tabletop_rules.games.mirror_dolls.effects import end_ongoing
    end_ongoing(st, oid, "MD-11.7", {"key": "why.owner_ends", "data": {}})
    assert field(st, 0, "mirror_f1")["attack"] == 2 and st.cards[twin].damage == 3


# ---------------------------------------------------------------------------------------------------- moves
@pytest.mark.clause("MD-12.1")
def test_md_12_1_move_to_the_matching_empty_slot(kit):
    st = kit.scen(players=[{"field": {"real_b2": "glass-archer", "real_f1": "tin-drummer",
                                      "mirror_f1": "mirror-wisp"}}, {}])
    archer, drum = st.at(0, "real_b2"), st.at(0, "real_f1")
    assert {a.args["to"] for a in st.legal_actions() if a.kind == "move" and a.args["card"] == archer} == {"mirror_b2"}
    kit.refused(st, kit.act(st, "move", card=archer, to="mirror_f0"), "MD-12.1")
    kit.refused(st, kit.act(st, "move", card=drum, to="mirror_f1"), "MD-12.1")
    kit.do(st, "move", card=archer, to="mirror_b2")
    assert st.at(0, "mirror_b2") == archer and st.cards[archer].form == "mirror"


@pytest.mark.clause("MD-12.2")
def test_md_12_2_the_threshold_costs_the_overflow_point(kit):
    st = kit.scen(players=[{"order": 1, "field": {"real_f0": "clockwork-knight"}}, {}])
    knight = st.at(0, "real_f0")
    kit.refused(st, kit.act(st, "move", card=knight, to="threshold"), "MD-12.2")
    st.ps[0].overflow = 1
    st._legal_cache = None
    kit.do(st, "move", card=knight, to="threshold")
    p = st.ps[0]
    assert st.at(0, "threshold") == knight and st.cards[knight].form == "critical"
    assert (p.overflow, p.order, p.chaos) == (0, 10, 10)


@pytest.mark.clause("MD-12.2")
def test_md_12_2_leaving_the_threshold_is_free_to_any_empty_slot(kit):
    st = kit.scen(players=[{"field": {"threshold": "frost-reflection", "mirror_b1": "mirror-wisp"}}, {}])
    frost = st.at(0, "threshold")
    dest = {a.args["to"] for a in st.legal_actions() if a.kind == "move" and a.args["card"] == frost}
    assert len(dest) == 11 and "mirror_b1" not in dest
    kit.do(st, "move", card=frost, to="real_b0")
    assert st.cards[frost].form == "real" and st.ps[0].order == 0


@pytest.mark.clause("MD-12.3")
def test_md_12_3_a_forced_move_is_free_even_onto_the_threshold(kit):
    st = kit.scen(players=[{"chaos": 2, "spells": ["step-through-glass"], "field": {"real_f0": "clockwork-knight"}},
                           {}])
    knight = st.at(0, "real_f0")
    kit.do(st, "cast", target=knight)
    assert st.at(0, "threshold") == knight and st.ps[0].overflow == 0 and st.ps[0].order == 0
    assert st.cards[knight].form == "critical" and not st.cards[knight].acted     # its action is still there
    st2 = kit.scen(players=[{"chaos": 2, "spells": ["mirror-swap"]}, {"field": {"real_f0": "lace-duelist"}}])
    duel = st2.at(1, "real_f0")
    kit.do(st2, "cast", target=duel)
    assert st2.at(1, "mirror_f0") == duel


@pytest.mark.clause("MD-12.4")
def test_md_12_4_a_forced_move_without_room_ends_ongoing_casts(kit):
    full = {"real_f0": "tin-drummer", "real_f1": "lace-duelist", "real_f2": "glass-archer",
            "real_b0": "porcelain-guard", "real_b1": "cracked-jester", "real_b2": "echo-dancer"}
    st = kit.scen(turn_player=1, players=[
        {"chaos": 2, "spells": ["mirror-swap"]},
        {"chaos": 2, "field": {"mirror_f0": "hollow-puppeteer", "mirror_f1": "mirror-wisp", **full}}])
    kit.do(st, "ability", card=st.at(1, "mirror_f0"))
    assert field(st, 1, "mirror_f1")["attack"] == 3
    kit.end_turn(st)
    puppeteer = st.at(1, "mirror_f0")
    evs = kit.do(st, "cast", target=puppeteer)
    assert st.at(1, "mirror_f0") == puppeteer and not st.ongoing and not st.choices
    assert any(e.kind == "no_room" and e.clause == "MD-12.4" for e in evs)
    assert field(st, 1, "mirror_f1")["attack"] == 2


@pytest.mark.clause("MD-12.4")
def test_md_12_4_one_empty_slot_on_the_side_is_room_enough(kit):
    # The matching slot (real front 1) is taken; real back 3 is the only empty slot: the doll goes there.
    five = {"real_f0": "tin-drummer", "real_f1": "lace-duelist", "real_f2": "glass-archer",
            "real_b0": "porcelain-guard", "real_b1": "cracked-jester"}
    st = kit.scen(turn_player=1, players=[
        {"chaos": 2, "spells": ["mirror-swap"]},
        {"chaos": 2, "field": {"mirror_f0": "hollow-puppeteer", "mirror_f1": "mirror-wisp", **five}}])
    kit.do(st, "ability", card=st.at(1, "mirror_f0"))
    kit.end_turn(st)
    puppeteer = st.at(1, "mirror_f0")
    evs = kit.do(st, "cast", target=puppeteer)
    assert st.at(1, "real_b2") == puppeteer and st.at(1, "mirror_f0") is None and not st.choices
    assert not any(e.kind == "no_room" for e in evs)
    assert not st.ongoing                                     # the form change to real ended its cast (MD-13.4)


@pytest.mark.clause("MD-12.4")
def test_md_12_4_the_threshold_has_no_other_side(kit):
    st = kit.scen(players=[{"chaos": 2, "spells": ["mirror-swap"]}, {"field": {"threshold": "clockwork-knight"}}])
    knight = st.at(1, "threshold")
    evs = kit.do(st, "cast", target=knight)
    assert st.at(1, "threshold") == knight
    assert any(e.kind == "no_room" and e.clause == "MD-12.4" for e in evs)


@pytest.mark.clause("MD-12.5")
def test_md_12_5_matching_slot_taken_the_owner_picks(kit):
    # issue 32's position: Tin Drummer on real front 1, Mirror Wisp on mirror front 1, Mirror Swap on the drummer
    st = kit.scen(players=[{"chaos": 2, "spells": ["mirror-swap"]},
                           {"field": {"real_f0": "tin-drummer", "mirror_f0": "mirror-wisp"}}])
    drummer = st.at(1, "real_f0")
    kit.do(st, "cast", target=drummer)
    assert st.current_player == 1 and st.choices[-1].kind == "forced_slot"
    offered = {a.args["to"] for a in st.legal_actions()}
    assert offered == {"mirror_f1", "mirror_f2", "mirror_b0", "mirror_b1", "mirror_b2"}
    assert {a.kind for a in st.legal_actions()} == {"forced_slot"}
    labels = [a.describe() for a in st.legal_actions()]
    assert "Put Tin Drummer in mirror back 2" in labels and not any("mirror_" in t for t in labels)
    assert any("镜中侧·后侧 2号位" in a.describe("zh") for a in st.legal_actions())
    kit.refused(st, kit.act(st, "forced_slot", player=1, card=drummer, to="mirror_f0"), "MD-12.5")
    with pytest.raises(IllegalAction):                        # the caster does not pick
        st.apply(Action("forced_slot", 0, {"card": drummer, "to": "mirror_b1"}))
    evs = kit.do(st, "forced_slot", to="mirror_b1")
    assert st.at(1, "mirror_b1") == drummer and st.cards[drummer].form == "mirror"
    assert any(e.kind == "forced" and e.clause == "MD-12.5" for e in evs)
    assert st.current_player == 0 and st.ps[0].chaos == 0 and not st.cards[drummer].acted


@pytest.mark.clause("MD-12.5")
def test_md_12_5_matching_slot_free_or_a_single_slot_no_one_is_asked(kit):
    st = kit.scen(players=[{"chaos": 2, "spells": ["mirror-swap"]},
                           {"field": {"real_f1": "tin-drummer", "mirror_f0": "mirror-wisp"}}])
    drummer = st.at(1, "real_f1")
    kit.do(st, "cast", target=drummer)
    assert st.at(1, "mirror_f1") == drummer and not st.choices
    five = {"mirror_f0": "mirror-wisp", "mirror_f1": "quicksilver-fox", "mirror_f2": "shard-golem",
            "mirror_b0": "echo-dancer", "mirror_b1": "twin-image"}
    st2 = kit.scen(players=[{"chaos": 2, "spells": ["mirror-swap"]}, {"field": {"real_f0": "tin-drummer", **five}}])
    drummer = st2.at(1, "real_f0")
    kit.do(st2, "cast", target=drummer)
    assert st2.at(1, "mirror_b2") == drummer and not st2.choices


@pytest.mark.clause("MD-12.6")
def test_md_12_6_a_forced_move_into_twins_is_void_and_casts_go_on(kit):
    st = kit.scen(turn_player=1, players=[
        {"chaos": 2, "spells": ["mirror-swap"]},
        {"chaos": 2, "field": {"mirror_f0": "hollow-puppeteer", "real_f1": "hollow-puppeteer",
                               "mirror_f1": "mirror-wisp"}}])
    kit.do(st, "ability", card=st.at(1, "mirror_f0"))
    kit.end_turn(st)
    puppeteer = st.at(1, "mirror_f0")
    evs = kit.do(st, "cast", target=puppeteer)
    assert st.at(1, "mirror_f0") == puppeteer and len(st.ongoing) == 1 and not st.choices
    assert any(e.kind == "forced_void" and e.clause == "MD-12.6" for e in evs)
    assert not any(e.kind == "no_room" for e in evs)
    assert field(st, 1, "mirror_f1")["attack"] == 3
    # onto the threshold: a critical twin on the other side voids Step Through the Glass too
    st2 = kit.scen(players=[{"chaos": 2, "spells": ["step-through-glass"],
                             "field": {"real_f0": "clockwork-knight", "mirror_f0": "clockwork-knight"}}, {}])
    knight = st2.at(0, "real_f0")
    evs = kit.do(st2, "cast", target=knight)
    assert st2.at(0, "real_f0") == knight and st2.at(0, "threshold") is None
    assert any(e.kind == "forced_void" for e in evs)


# ---------------------------------------------------------------------------------------------------- forms
@pytest.mark.clause("MD-13.1")
def test_md_13_1_entering_a_side_with_a_form_changes_to_it(kit):
    st = kit.scen(players=[{"field": {"real_f0": "frost-reflection"}}, {}])
    frost = st.at(0, "real_f0")
    kit.do(st, "move", card=frost, to="mirror_f0")
    v = field(st, 0, "mirror_f0")
    assert v["form"] == "mirror" and v["max_hp"] == 3 and not v["out_of_form"]


@pytest.mark.clause("MD-13.2")
def test_md_13_2_out_of_form_halves_attack_doubles_damage(kit):
    st = kit.scen(players=[{"order": 2, "spells": ["shatter-bolt"]},
                           {"field": {"mirror_f0": {"card": "lace-duelist", "form": "real"}}}])
    duel = st.at(1, "mirror_f0")
    v = field(st, 1, "mirror_f0")
    assert v["out_of_form"] and v["attack"] == 1                                # 3 halved, rounded down
    evs = kit.do(st, "cast", target=duel)
    assert next(e for e in evs if e.kind == "damage").data["amount"] == 6       # 3 doubled
    assert duel in st.pile(1, "real_deck")


@pytest.mark.clause("MD-13.2")
def test_md_13_2_moving_to_a_side_without_a_form_keeps_the_old_form(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {}])
    duel = st.at(0, "real_f0")
    evs = kit.do(st, "move", card=duel, to="mirror_f0")
    v = field(st, 0, "mirror_f0")
    assert v["form"] == "real" and v["out_of_form"] and v["attack"] == 1
    assert any(e.kind == "out_of_form" and e.clause == "MD-13.2" for e in evs)


@pytest.mark.clause("MD-13.2")
def test_md_13_2_an_out_of_form_doll_cannot_cast(kit):
    st = kit.scen(players=[{"order": 3, "field": {"mirror_f0": {"card": "marionette-queen", "form": "real"}}}, {}])
    queen = st.at(0, "mirror_f0")
    kit.refused(st, kit.act(st, "ability", card=queen), "MD-13.2")
    assert field(st, 0, "mirror_f0")["attack"] == 2


@pytest.mark.clause("MD-13.3")
def test_md_13_3_changing_form_keeps_damage_and_acted(kit):
    st = kit.scen(players=[{"chaos": 2, "spells": ["step-through-glass"],
                            "field": {"real_f0": {"card": "clockwork-knight", "damage": 3, "acted": True}}}, {}])
    knight = st.at(0, "real_f0")
    evs = kit.do(st, "cast", target=knight)
    v = field(st, 0, "threshold")
    assert v["form"] == "critical" and v["damage"] == 3 and v["hp"] == 2 and v["acted"]
    assert any(e.kind == "form" and e.clause == "MD-13.3" for e in evs)


@pytest.mark.clause("MD-13.3")
def test_md_13_3_damage_kept_can_be_fatal_in_a_smaller_form(kit):
    st = kit.scen(players=[{"field": {"mirror_f0": {"card": "frost-reflection", "damage": 2}}}, {}])
    frost = st.at(0, "mirror_f0")
    kit.do(st, "move", card=frost, to="real_f0")                  # real form has 2 HP: 2 damage is 0 HP
    assert frost in st.pile(0, "real_deck") or frost in st.pile(0, "mirror_pile")


@pytest.mark.clause("MD-13.4")
def test_md_13_4_changing_form_clears_effects_and_ends_its_casts(kit):
    st = kit.scen(players=[{"order": 5, "spells": ["porcelain-ward"], "field": {"real_f0": "marionette-queen",
                                                                               "real_f1": "tin-drummer"}}, {}])
    queen = st.at(0, "real_f0")
    kit.do(st, "ability", card=queen)
    kit.do(st, "cast", target=queen)
    assert field(st, 0, "real_f0")["shield"] == 3 and field(st, 0, "real_f1")["attack"] == 3
    st.ps[0].overflow = 1
    st.cards[queen].acted = False
    st._legal_cache = None
    evs = kit.do(st, "move", card=queen, to="threshold")
    assert field(st, 0, "threshold")["shield"] == 2                # the ward's 3 gone; the critical form's 2
    assert field(st, 0, "real_f1")["attack"] == 2                  # her own aura ended
    assert any(e.kind == "ongoing_end" and e.clause == "MD-13.4" for e in evs)
    assert kit.cids(st, 0, "spell_slot") == ["porcelain-ward"]     # the spell card itself runs on


@pytest.mark.clause("MD-13.5")
def test_md_13_5_threshold_without_critical_form_counts_on_no_side(kit):
    st = kit.scen(players=[{"field": {"threshold": {"card": "lace-duelist", "form": "real"}}},
                           {"field": {"real_f0": "tin-drummer", "threshold": {"card": "mirror-wisp",
                                                                               "form": "mirror"}}}])
    duel, wisp = st.at(0, "threshold"), st.at(1, "threshold")
    kit.refused(st, kit.act(st, "attack", card=duel, target="player"), "MD-13.5")
    assert kit.find(st, "move", card=duel) is not None
    st2 = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"threshold": {"card": "mirror-wisp",
                                                                                            "form": "mirror"}}}])
    kit.refused(st2, kit.act(st2, "attack", card=st2.at(0, "real_f0"), target=st2.at(1, "threshold")), "MD-13.5")
    assert kit.find(st2, "attack", card=st2.at(0, "real_f0"), target="player") is not None
    assert wisp is not None
