"""The mirror-doll duel in Chinese (issue 9): the setup, damage, form and move sentences, the
refusals a reader asks "why not?" about, and the card texts and effect lines of the tooltips."""
from __future__ import annotations

from chinese import english_in

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.notebook.boards.common import Words
from tabletop_rules.notebook.boards.mirror_dolls import card_tip


def _zh(md, events):
    return {e.kind: md.describe(e, "zh") for e in events}


def test_setup_damage_form_and_move_sentences_read_in_chinese(md):
    st = md.new_game(seed=1)
    said = _zh(md, st.log)
    assert said["setup"] == "双方的卡组都符合组卡规定。"                       # MD-2.4
    assert "24 张人偶洗成现世牌堆" in said["shuffle"]                        # MD-3.1
    assert "先手" in said["first"]                                           # MD-3.3
    pos = md.scenario({"players": [{"overflow": 1, "order": 1, "chaos": 0,
                                    "field": {"real_f0": "clockwork-knight", "real_b1": "lace-duelist"}},
                                   {"field": {"real_f0": "glass-archer"}}]})
    evs = pos.apply(next(a for a in pos.legal_actions() if a.kind == "attack" and a.args["name"] == "clockwork-knight"))
    assert "护盾挡下" in _zh(md, evs)["damage"]                               # MD-10.1
    evs = pos.apply(next(a for a in pos.legal_actions() if a.kind == "move" and a.args["name"] == "lace-duelist"))
    zh = _zh(md, evs)
    assert zh["move"] == "蕾丝决斗者从现世侧·后侧 2号位移动到镜中侧·后侧 2号位。"            # MD-12.1
    assert "没有镜中形态" in zh["out_of_form"]                                  # MD-13.2
    for ev in st.log + evs:
        assert not english_in(md, md.describe(ev, "zh")), md.describe(ev, "zh")


def test_a_refusal_reads_in_both_languages_and_keeps_its_english(md):
    st = md.new_game(seed=2)
    other = 1 - st.current_player
    try:
        st.apply(Action("place_mirror", other, {"card": st.pile(other, "mirror_deck")[0]}))
    except IllegalAction as err:
        seat = md.texts.seat(st.current_player, "en"), md.texts.seat(st.current_player, "zh")   # as the log names it
        assert err.reason == f"it is {seat[0]}'s turn: only the attacker acts"       # MD-3.4
        assert err.describe("zh") == f"现在是{seat[1]}的回合：只有进攻方可以行动"
    else:
        raise AssertionError("the defender placed a mirror card")
    try:
        st.apply(Action("end_turn", st.current_player, {}))
    except IllegalAction as err:
        assert (err.reason, err.clause) == ("the turn is ended from the action step", "MD-4.6")
        assert err.describe("zh") == "回合要在行动阶段里结束"
    else:
        raise AssertionError("the turn ended from the draw step")


def test_card_texts_and_effects_read_in_chinese(md):
    zh, en = Words(md, "zh"), Words(md, "en")
    for cid in md.cards:
        tip = card_tip(zh, {"id": cid})
        for line in tip.splitlines()[1:]:              # the first line names the card in both languages
            assert not english_in(md, line), f"{cid}: {line!r}"
    assert "只有现世形态" in card_tip(zh, {"id": "lace-duelist"})
    assert "Real form only" in card_tip(en, {"id": "lace-duelist"})
    # the effect fields read through our words, not a field name standing in for a glossary word
    assert "己方位于任意一侧的人偶：攻击力+2" in card_tip(zh, {"id": "rallying-waltz"})
    assert "from the real-side doll deck" in card_tip(en, {"id": "reflection-summons"})
    assert "临界形态" in card_tip(zh, {"id": "clockwork-knight"})
