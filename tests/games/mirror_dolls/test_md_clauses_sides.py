"""Issue 32's mirror-doll points: no twins on a side by any way of arriving (MD-7.5), a critical doll on the
threshold and the sides (MD-13.6), the shield across a form change (MD-13.3), a doll's cast not ended at will
(MD-11.8) and the side a doll belongs to, left out (MD-1.7)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.mirror_dolls import board, load

DATA = Path(__file__).resolve().parents[3] / "data" / "mirror-dolls"


def field(st, seat, slot):
    return st.view(None)["players"][seat]["field"][slot]


def moves_of(st, uid):
    return {a.args["to"] for a in st.legal_actions() if a.kind == "move" and a.args["card"] == uid}


# ---------------------------------------------------------------------------------------------------- MD-7.5
@pytest.mark.clause("MD-7.5")
def test_md_7_5_a_move_to_the_other_side_never_makes_twins(kit):
    st = kit.scen(players=[{"field": {"real_f0": "tin-drummer", "mirror_f1": "tin-drummer"}}, {}])
    first, second = st.at(0, "real_f0"), st.at(0, "mirror_f1")
    assert moves_of(st, first) == set() and moves_of(st, second) == set()
    err = kit.refused(st, kit.act(st, "move", card=first, to="mirror_f0"), "MD-7.5")
    assert "Tin Drummer" in err.describe() and "mirror front 1" in err.describe() and "_f0" not in err.describe()
    assert "锡制鼓手" in err.describe("zh") and "镜中侧·前方 1号位" in err.describe("zh")
    kit.refused(st, kit.act(st, "move", card=second, to="real_f1"), "MD-7.5")
    assert kit.find(st, "attack", card=first, target="player") is not None      # its other actions stay
    st2 = kit.scen(players=[{"field": {"real_f0": "tin-drummer", "mirror_f1": "lace-duelist"}}, {}])
    assert moves_of(st2, st2.at(0, "real_f0")) == {"mirror_f0"}


@pytest.mark.clause("MD-7.5")
def test_md_7_5_a_threshold_move_never_makes_twins(kit):
    st = kit.scen(players=[{"overflow": 1, "field": {"real_f0": "clockwork-knight", "mirror_f2": "clockwork-knight"}},
                           {}])
    knight = st.at(0, "real_f0")
    assert "threshold" not in moves_of(st, knight)
    kit.refused(st, kit.act(st, "move", card=knight, to="threshold"), "MD-7.5")
    assert st.ps[0].overflow == 1
    # Lace Duelist has no critical form: on the threshold it counts on no side (MD-13.5), so no twin arises
    st2 = kit.scen(players=[{"overflow": 1, "field": {"real_f0": "lace-duelist", "mirror_f2": "lace-duelist"}}, {}])
    assert "threshold" in moves_of(st2, st2.at(0, "real_f0"))


@pytest.mark.clause("MD-7.5")
def test_md_7_5_leaving_the_threshold_never_makes_twins(kit):
    st = kit.scen(players=[{"field": {"threshold": {"card": "lace-duelist", "form": "real"},
                                      "real_f0": "lace-duelist"}}, {}])
    duel = st.at(0, "threshold")
    dest = moves_of(st, duel)
    assert dest == set(board.SIDE_SLOTS["mirror"])
    kit.refused(st, kit.act(st, "move", card=duel, to="real_f1"), "MD-7.5")


@pytest.mark.clause("MD-7.5")
def test_md_7_5_random_play_never_puts_twins_on_a_side(md):
    def twins(st):
        for seat in (0, 1):
            for side in ("real", "mirror"):
                names = [st.cards[u].d.name.en for u in board.field_dolls(st, seat) if side in board.counts_on(st, u)]
                if len(names) != len(set(names)):
                    return seat, side, names
        return None

    moves = 0
    for seed in range(8):
        st = md.new_game(seed=seed)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not st.is_over:
            a = bots[st.current_player].choose(st)
            moves += a.kind in ("move", "forced_slot")
            st.apply(a)
            assert twins(st) is None, (seed, twins(st))
    assert moves > 100


# ---------------------------------------------------------------------------------------------------- MD-13.6
@pytest.mark.clause("MD-13.6")
def test_md_13_6_the_threshold_doll_counts_towards_no_sides_cap(kit):
    five = {"real_f0": "tin-drummer", "real_f1": "glass-archer", "real_f2": "porcelain-guard",
            "real_b0": "velvet-oracle", "real_b1": "cracked-jester"}
    st = kit.scen(players=[{"order": 9, "dolls": ["lace-duelist", "clockwork-knight", "silk-shadow"],
                            "field": {"threshold": "clockwork-knight", **five}}, {}])
    assert field(st, 0, "threshold")["sides"] == ["real", "mirror"]
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "clockwork-knight"), slot="real_b2"), "MD-7.5")
    kit.do(st, "summon", card=kit.uid(st, 0, "lace-duelist"), slot="real_b2")
    kit.refused(st, kit.act(st, "summon", card=kit.uid(st, 0, "silk-shadow"), slot="real_b2"), "MD-7.6")


@pytest.mark.clause("MD-13.6")
def test_md_13_6_off_the_threshold_a_critical_doll_counts_on_one_side(kit):
    st = kit.scen(players=[{"order": 3, "dolls": ["clockwork-knight"],
                            "field": {"mirror_f0": {"card": "clockwork-knight", "form": "critical"}}}, {}])
    assert field(st, 0, "mirror_f0")["sides"] == ["mirror"]
    kit.do(st, "summon", card=kit.uid(st, 0, "clockwork-knight"), slot="real_f0")     # no twin on the real side
    st2 = kit.scen(players=[{"order": 3, "dolls": ["marionette-queen"], "field": {"threshold": "marionette-queen"}},
                            {}])
    queen = st2.at(0, "threshold")
    kit.do(st2, "move", card=queen, to="mirror_b0")            # no mirror form: stays critical, out of form
    assert field(st2, 0, "mirror_b0")["form"] == "critical" and field(st2, 0, "mirror_b0")["sides"] == ["mirror"]
    st2.ps[0].order = 4
    kit.do(st2, "summon", card=kit.uid(st2, 0, "marionette-queen"), slot="real_f0")


# ---------------------------------------------------------------------------------------------------- MD-13.3
@pytest.mark.clause("MD-13.3")
def test_md_13_3_the_new_form_has_its_printed_shield_in_full(kit):
    st = kit.scen(players=[{"field": {"real_f0": {"card": "clockwork-knight", "damage": 1, "shield_dmg": 3}}}, {}])
    knight = st.at(0, "real_f0")
    assert field(st, 0, "real_f0")["shield"] == 0
    kit.do(st, "move", card=knight, to="mirror_f0")
    v = field(st, 0, "mirror_f0")
    assert v["form"] == "mirror" and v["shield"] == 2 and v["hp"] == 3
    # a move that changes no form keeps the lost shield lost
    st2 = kit.scen(players=[{"field": {"real_f0": {"card": "lace-duelist", "damage": 1}}}, {}])
    kit.do(st2, "move", card=st2.at(0, "real_f0"), to="mirror_f0")
    assert field(st2, 0, "mirror_f0")["hp"] == 2
    st3 = kit.scen(players=[{"field": {"mirror_f0": {"card": "shard-golem", "shield_dmg": 3}}}, {}])
    st3.ps[0].overflow = 1
    kit.do(st3, "move", card=st3.at(0, "mirror_f0"), to="threshold")
    assert field(st3, 0, "threshold")["shield"] == 4


# ---------------------------------------------------------------------------------------------------- MD-11.8
@pytest.mark.clause("MD-11.8")
def test_md_11_8_a_dolls_ongoing_cast_is_not_ended_at_will(kit):
    st = kit.scen(players=[{"chaos": 2, "order": 3, "spells": ["rallying-waltz"],
                            "field": {"mirror_f0": "hollow-puppeteer", "mirror_f1": "mirror-wisp"}}, {}])
    kit.do(st, "ability", card=st.at(0, "mirror_f0"))
    assert len(st.ongoing) == 1 and kit.find(st, "end_spell") is None
    kit.refused(st, kit.act(st, "end_spell"), "MD-11.4")
    kit.do(st, "cast")                                       # a spell card in the slot may be ended ...
    assert len(st.ongoing) == 2
    kit.do(st, "end_spell")                                  # ... and only it ends
    assert [o["caster"] for o in st.ongoing] == [st.at(0, "mirror_f0")]
    assert field(st, 0, "mirror_f1")["attack"] == 3


# ---------------------------------------------------------------------------------------------------- MD-1.7
@pytest.mark.clause("MD-1.7")
def test_md_1_7_mirror_cards_read_where_a_doll_stands_not_where_it_belongs(kit):
    st = kit.scen(mirror="silvered-hall", players=[{"chaos": 1, "order": 1, "dolls": ["tin-drummer"],
                                                    "pile": ["mirror-wisp"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "mirror-wisp", "mirror_pile"), slot="mirror_f0")
    kit.do(st, "summon", card=kit.uid(st, 0, "tin-drummer"), slot="real_f1")
    assert field(st, 0, "mirror_f0")["attack"] == 3 and field(st, 0, "real_f1")["attack"] == 2
    kit.do(st, "move", card=st.at(0, "mirror_f0"), to="real_f0")
    kit.do(st, "move", card=st.at(0, "real_f1"), to="mirror_f1")
    assert field(st, 0, "real_f0")["attack"] == 1 and field(st, 0, "mirror_f1")["attack"] == 4


@pytest.mark.clause("MD-1.7")
def test_md_1_7_a_card_cannot_say_which_side_it_belongs_to(tmp_path):
    d = tmp_path / "mirror-dolls"
    shutil.copytree(DATA, d)
    doc = yaml.safe_load((d / "cards.yaml").read_text(encoding="utf-8"))
    next(c for c in doc["cards"] if c["id"] == "tin-drummer")["belongs"] = "mirror"
    (d / "cards.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(d).new_game(seed=0)
    msg = str(err.value)
    assert "cards.yaml" in msg and "tin-drummer" in msg and "belongs" in msg
