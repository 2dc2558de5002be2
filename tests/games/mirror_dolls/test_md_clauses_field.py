"""Clauses MD-7.x (summons), MD-8.1 (one action per doll), MD-9.x (attacks), MD-10.x (damage, 0 HP)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.modifiers import lasting


def field(st, seat, slot):
    return st.view(None)["players"][seat]["field"][slot]


# ---------------------------------------------------------------------------------------------------- summons
@pytest.mark.clause("MD-7.1")
def test_md_7_1_summon_from_hand_pays_order_to_the_real_side(kit):
    st = kit.scen(players=[{"order": 3, "dolls": ["lace-duelist"]}, {}])
    duel = kit.uid(st, 0, "lace-duelist")
    slots = {a.args["slot"] for a in st.legal_actions() if a.kind == "summon"}
    assert slots == {"real_f0", "real_f1", "real_f2", "real_b0", "real_b1", "real_b2"}
    kit.refused(st, kit.act(st, "summon", card=duel, slot="mirror_f0"), "MD-7.1")
    kit.do(st, "summon", card=duel, slot="real_b2")
    assert st.at(0, "real_b2") == duel and st.ps[0].order == 1
    st2 = kit.scen(players=[{"order": 1, "dolls": ["lace-duelist"]}, {}])
    kit.refused(st2, kit.act(st2, "summon", card=kit.uid(st2, 0, "lace-duelist"), slot="real_f0"), "MD-7.1")


@pytest.mark.clause("MD-7.2")
def test_md_7_2_summon_from_the_mirror_pile_pays_chaos_to_the_mirror_side(kit):
    st = kit.scen(players=[{"order": 5, "chaos": 3, "pile": ["twin-image", "shard-golem"]}, {}])
    golem = kit.uid(st, 0, "shard-golem", "mirror_pile")
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "twin-image", "mirror_pile"), slot="mirror_f0"),
                "MD-7.2")                                                     # 4 chaos, only 3
    kit.refused(st, kit.act(st, "summon", card=golem, slot="real_f0"), "MD-7.2")
    kit.do(st, "summon", card=golem, slot="mirror_f1")
    assert st.at(0, "mirror_f1") == golem and (st.ps[0].chaos, st.ps[0].order) == (0, 5)


@pytest.mark.clause("MD-7.2")
def test_md_7_2_a_mirror_card_discount(kit):
    st = kit.scen(mirror="cracked-looking-glass", players=[{"chaos": 2, "pile": ["shard-golem"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "shard-golem", "mirror_pile"), slot="mirror_f0")
    assert st.ps[0].chaos == 0


@pytest.mark.clause("MD-7.3")
def test_md_7_3_one_doll_per_summon(kit):
    st = kit.scen(players=[{"order": 10, "dolls": ["tin-drummer", "lace-duelist", "glass-archer"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "glass-archer"))
    assert len([s for s, v in st.view(None)["players"][0]["field"].items() if v]) == 1
    assert len(st.pile(0, "dolls")) == 2


@pytest.mark.clause("MD-7.4")
def test_md_7_4_spell_summon_from_hand_free(kit):
    st = kit.scen(players=[{"order": 2, "spells": ["call-of-the-stage"], "dolls": ["marionette-queen"]}, {}])
    kit.do(st, "cast")
    assert st.choices and st.choices[-1].kind == "spell_summon" and st.current_player == 0
    queen = kit.uid(st, 0, "marionette-queen")
    kit.do(st, "spell_summon", card=queen, slot="real_f1")
    assert st.at(0, "real_f1") == queen and st.ps[0].order == 0             # only the spell's 2 order paid
    assert kit.cids(st, 0, "spell_deck").count("call-of-the-stage") == 1


@pytest.mark.clause("MD-7.4")
def test_md_7_4_spell_summon_from_the_deck_to_the_mirror_side(kit):
    st = kit.scen(players=[{"chaos": 3, "spells": ["reflection-summons"], "deck": ["twin-image", "tin-drummer"]}, {}])
    kit.do(st, "cast")
    picks = {(st.cards[a.args["card"]].cid, a.args["slot"][:6]) for a in st.legal_actions()}
    assert {c for c, _ in picks} == {"twin-image", "tin-drummer"} and {s for _, s in picks} == {"mirror"}
    kit.do(st, "spell_summon", card=kit.uid(st, 0, "twin-image", "real_deck"))
    assert kit.cid(st, 0, "mirror_f0") == "twin-image" and st.ps[0].chaos == 0


@pytest.mark.clause("MD-7.5")
def test_md_7_5_no_two_of_a_name_on_a_side(kit):
    st = kit.scen(players=[{"order": 5, "dolls": ["tin-drummer"], "field": {"real_f0": "tin-drummer"},
                            "pile": ["tin-drummer"], "chaos": 2}, {}])
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "tin-drummer"), slot="real_f1"), "MD-7.5")
    kit.do(st, "summon", card=kit.uid(st, 0, "tin-drummer", "mirror_pile"), slot="mirror_f1")   # other side: fine


@pytest.mark.clause("MD-7.5")
def test_md_7_5_critical_on_the_threshold_counts_on_both_sides(kit):
    st = kit.scen(players=[{"order": 5, "dolls": ["frost-reflection"], "field": {"threshold": "frost-reflection"}}, {}])
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "frost-reflection"), slot="real_f1"), "MD-7.5")


@pytest.mark.clause("MD-7.5")
def test_md_7_5_a_spell_summon_of_a_twin_fails(kit):
    st = kit.scen(players=[{"order": 2, "spells": ["call-of-the-stage"], "dolls": ["tin-drummer"],
                            "field": {"real_f0": "tin-drummer"}}, {}])
    evs = kit.do(st, "cast")
    assert not st.choices and any(e.kind == "summon_fails" and e.clause == "MD-7.5" for e in evs)
    assert kit.cids(st, 0, "dolls") == ["tin-drummer"] and st.ps[0].order == 0


@pytest.mark.clause("MD-7.6")
def test_md_7_6_a_full_side_refuses_summons(kit):
    full = {f"real_{r}{i}": n for (r, i), n in zip([(r, i) for r in "fb" for i in range(3)],
                                                    ["tin-drummer", "lace-duelist", "glass-archer", "porcelain-guard",
                                                     "velvet-oracle", "clockwork-knight"])}
    st = kit.scen(players=[{"order": 5, "dolls": ["silk-shadow"], "spells": ["call-of-the-stage"], "field": full}, {}])
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "silk-shadow"), slot="real_f0"), "MD-7.6")
    evs = kit.do(st, "cast")
    assert any(e.kind == "summon_fails" and e.clause == "MD-7.6" for e in evs)


@pytest.mark.clause("MD-7.7")
def test_md_7_7_form_on_arrival(kit):
    st = kit.scen(players=[{"order": 6, "dolls": ["silk-shadow", "glass-archer"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "silk-shadow"), slot="real_f0")
    kit.do(st, "summon", card=kit.uid(st, 0, "glass-archer"), slot="real_f1")
    v0, v1 = field(st, 0, "real_f0"), field(st, 0, "real_f1")
    assert v0["form"] == "mirror" and v0["out_of_form"] and v0["attack"] == 2
    assert v1["form"] == "real" and not v1["out_of_form"]


# ---------------------------------------------------------------------------------------------------- actions
@pytest.mark.clause("MD-8.1")
def test_md_8_1_one_action_per_doll_per_turn_summoning_turn_included(kit):
    st = kit.scen(players=[{"order": 3, "dolls": ["lace-duelist"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "lace-duelist"), slot="real_f0")
    duel = st.at(0, "real_f0")
    kit.do(st, "attack", card=duel, target="player")
    for act in (kit.act(st, "move", card=duel, to="mirror_f0"), kit.act(st, "attack", card=duel, target="player")):
        kit.refused(st, act, "MD-8.1")
    kit.end_turn(st)
    kit.end_turn(st)
    assert kit.find(st, "attack", card=duel) is not None                       # a new turn, a new action


@pytest.mark.clause("MD-8.1")
def test_md_8_1_moving_is_the_action(kit):
    st = kit.scen(players=[{"field": {"real_f0": "glass-archer"}}, {}])
    archer = st.at(0, "real_f0")
    kit.do(st, "move", card=archer, to="mirror_f0")
    kit.refused(st, kit.act(st, "attack", card=archer, target="player"), "MD-8.1")


# ---------------------------------------------------------------------------------------------------- attacks
@pytest.mark.clause("MD-9.1")
def test_md_9_1_a_doll_with_zero_attack_may_attack(kit):
    st = kit.scen(players=[{"field": {"mirror_f0": "cracked-jester"}}, {}])
    jester = st.at(0, "mirror_f0")
    assert field(st, 0, "mirror_f0")["attack"] == 0
    kit.do(st, "attack", card=jester, target="player")
    assert st.ps[0].score == 0


@pytest.mark.clause("MD-9.1")
def test_md_9_1_only_the_turn_players_dolls_attack(kit):
    st = kit.scen(players=[{}, {"field": {"real_f0": "lace-duelist"}}])
    kit.refused(st, kit.act(st, "attack", player=1, card=st.at(1, "real_f0"), target="player"), "MD-3.4")


@pytest.mark.clause("MD-9.2")
def test_md_9_2_a_doll_on_the_same_side_must_be_attacked_first(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"real_b2": "mirror-wisp"}}])
    duel = st.at(0, "real_f0")
    kit.refused(st, kit.act(st, "attack", card=duel, target="player"), "MD-9.2")
    assert {a.args["target"] for a in st.legal_actions() if a.kind == "attack"} == {st.at(1, "real_b2")}


@pytest.mark.clause("MD-9.3")
def test_md_9_3_back_row_behind_a_doll_neither_attacks_nor_is_attacked(kit):
    st = kit.scen(players=[{"field": {"real_f1": "lace-duelist", "real_b1": "glass-archer", "real_b0": "tin-drummer"}},
                           {"field": {"real_f2": "mirror-wisp", "real_b2": "twin-image"}}])
    archer, drummer, duel = st.at(0, "real_b1"), st.at(0, "real_b0"), st.at(0, "real_f1")
    kit.refused(st, kit.act(st, "attack", card=archer, target=st.at(1, "real_f2")), "MD-9.3")
    kit.refused(st, kit.act(st, "attack", card=duel, target=st.at(1, "real_b2")), "MD-9.3")
    assert kit.find(st, "attack", card=drummer, target=st.at(1, "real_f2")) is not None   # nothing in front of it
    kit.do(st, "attack", card=duel, target=st.at(1, "real_f2"))                # the wisp falls ...
    assert st.at(1, "real_f2") is None
    assert kit.find(st, "attack", card=drummer, target=st.at(1, "real_b2")) is not None   # ... the back doll is open


@pytest.mark.clause("MD-9.4")
def test_md_9_4_direct_attack_scores_the_attack_value(kit):
    st = kit.scen(players=[{"score": 5, "field": {"real_f0": "marionette-queen"}},
                           {"field": {"mirror_f0": "mirror-wisp"}}])
    kit.do(st, "attack", card=st.at(0, "real_f0"), target="player")
    assert st.ps[0].score == 9


@pytest.mark.clause("MD-9.4")
def test_md_9_4_a_mirror_card_bonus_on_direct_attacks(kit):
    st = kit.scen(mirror="funhouse-glass", players=[{"field": {"real_f0": "lace-duelist"}}, {}])
    direct = kit.find(st, "attack", target="player")
    assert "(5 points)" in direct.describe()              # the label says what the attack scores
    kit.do(st, "attack", target="player")
    assert st.ps[0].score == 5


@pytest.mark.clause("MD-9.5")
def test_md_9_5_both_dolls_deal_their_attack(kit):
    st = kit.scen(players=[{"field": {"real_f0": "marionette-queen"}}, {"field": {"real_f0": "twin-image"}}])
    queen, twin = st.at(0, "real_f0"), st.at(1, "real_f0")
    kit.do(st, "attack", card=queen, target=twin)
    assert st.cards[queen].damage == 3 and st.cards[twin].damage == 4


@pytest.mark.clause("MD-9.6")
def test_md_9_6_the_other_side_is_out_of_reach(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"mirror_f0": "mirror-wisp"}}])
    kit.refused(st, kit.act(st, "attack", card=st.at(0, "real_f0"), target=st.at(1, "mirror_f0")), "MD-9.6")


@pytest.mark.clause("MD-9.7")
def test_md_9_7_a_critical_doll_on_the_threshold_is_on_both_sides(kit):
    st = kit.scen(players=[{"field": {"threshold": "clockwork-knight"}},
                           {"field": {"mirror_f0": "mirror-wisp", "real_f1": "tin-drummer"}}])
    knight = st.at(0, "threshold")
    targets = {a.args["target"] for a in st.legal_actions() if a.kind == "attack"}
    assert targets == {st.at(1, "mirror_f0"), st.at(1, "real_f1")}
    kit.refused(st, kit.act(st, "attack", card=knight, target="player"), "MD-9.2")
    st2 = kit.scen(players=[{"field": {"real_f0": "lace-duelist", "mirror_f0": "silk-shadow"}},
                            {"field": {"threshold": "frost-reflection"}}])
    frost = st2.at(1, "threshold")
    assert kit.find(st2, "attack", card=st2.at(0, "real_f0"), target=frost)
    assert kit.find(st2, "attack", card=st2.at(0, "mirror_f0"), target=frost)


@pytest.mark.clause("MD-9.8")
def test_md_9_8_a_nullified_attack_deals_nothing(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}},
                           {"field": {"real_f0": "mirror-wisp"}}])
    wisp = st.at(1, "real_f0")
    lasting(st.cards[wisp].mods, None, nullify=True, src=None)
    duel = st.at(0, "real_f0")
    evs = kit.do(st, "attack", card=duel, target=wisp)
    assert st.cards[wisp].damage == 0 and st.cards[duel].damage == 0 and st.cards[duel].acted
    assert any(e.kind == "nullified" and e.clause == "MD-9.8" for e in evs)


@pytest.mark.clause("MD-9.8")
def test_md_9_8_veil_of_glass_is_used_up_by_one_attack(kit):
    st = kit.scen(turn_player=1, players=[{"field": {"real_f0": "lace-duelist", "real_f1": "tin-drummer"}},
                                          {"order": 1, "spells": ["veil-of-glass"],
                                           "field": {"real_f0": "twin-image"}}])
    twin = st.at(1, "real_f0")
    kit.do(st, "cast", target=twin)
    kit.end_turn(st)
    kit.do(st, "attack", card=st.at(0, "real_f0"), target=twin)
    assert st.cards[twin].damage == 0
    kit.do(st, "attack", card=st.at(0, "real_f1"), target=twin)
    assert st.cards[twin].damage == 2


@pytest.mark.clause("MD-9.9")
def test_md_9_9_spell_damage_is_not_an_attack(kit):
    st = kit.scen(players=[{"order": 2, "spells": ["shatter-bolt"], "field": {"real_f0": "tin-drummer"}},
                           {"field": {"mirror_f0": "twin-image", "mirror_b0": "mirror-wisp"}}])
    wisp = st.at(1, "mirror_b0")
    kit.do(st, "cast", target=wisp)                 # other side, back row: spells ignore attack targeting
    assert st.at(1, "mirror_b0") is None and st.cards[st.at(0, "real_f0")].damage == 0
    assert kit.find(st, "attack", card=st.at(0, "real_f0"), target="player") is not None   # no action used


# ---------------------------------------------------------------------------------------------------- damage
@pytest.mark.clause("MD-10.1")
def test_md_10_1_shields_absorb_first_and_count_as_damage(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"real_f0": "porcelain-guard"}}])
    guard = st.at(1, "real_f0")
    evs = kit.do(st, "attack", card=st.at(0, "real_f0"), target=guard)
    hit = next(e for e in evs if e.kind == "damage" and e.data["uid"] == guard)
    assert (hit.data["shield"], hit.data["hp"], hit.data["taken"]) == (2, 1, 3) and hit.clause == "MD-10.1"
    assert field(st, 1, "real_f0")["hp"] == 2 and field(st, 1, "real_f0")["shield"] == 0


@pytest.mark.clause("MD-10.2")
@pytest.mark.parametrize("shield,hp_loss", [(3, 0), (2, 1), (1, 1), (4, 0), (0, 2)])
def test_md_10_2_armour_break_counts_double_against_shields(kit, shield, hp_loss):
    st = kit.scen(players=[{"order": 2, "spells": ["piercing-shard"]}, {"field": {"real_f0": "twin-image"}}])
    twin = st.at(1, "real_f0")
    lasting(st.cards[twin].mods, None, shield=shield, src=None)
    evs = kit.do(st, "cast", target=twin)
    hit = next(e for e in evs if e.kind == "damage")
    assert hit.data["hp"] == hp_loss and hit.data["shield"] == min(shield, 4)
    assert st.cards[twin].damage == hp_loss


@pytest.mark.clause("MD-10.3")
def test_md_10_3_true_damage_ignores_shields(kit):
    st = kit.scen(players=[{"order": 1, "chaos": 1, "spells": ["true-sight-needle"]},
                           {"field": {"mirror_f0": "shard-golem"}}])
    golem = st.at(1, "mirror_f0")
    kit.do(st, "cast", target=golem)
    assert st.cards[golem].damage == 2 and field(st, 1, "mirror_f0")["shield"] == 4


@pytest.mark.clause("MD-10.4")
def test_md_10_4_where_dolls_go_at_zero_hp(kit):
    st = kit.scen(players=[{"field": {"real_f0": "marionette-queen", "mirror_f0": "twin-image",
                                      "threshold": "clockwork-knight"}},
                           {"field": {"real_f0": "tin-drummer", "mirror_f0": "mirror-wisp"}, "deck": 0}])
    drum, wisp = st.at(1, "real_f0"), st.at(1, "mirror_f0")
    kit.do(st, "attack", card=st.at(0, "real_f0"), target=drum)
    kit.do(st, "attack", card=st.at(0, "mirror_f0"), target=wisp)
    assert drum in st.pile(1, "mirror_pile") and wisp in st.pile(1, "real_deck")
    assert st.cards[drum].damage == 0 and st.cards[drum].form is None
    st2 = kit.scen(players=[{"order": 2, "spells": ["shatter-bolt"]},
                            {"field": {"threshold": {"card": "frost-reflection", "damage": 1}}}])
    frost = st2.at(1, "threshold")
    kit.do(st2, "cast", target=frost)
    assert frost in st2.pile(1, "mirror_pile")
