"""Clauses MD-1.x (the game), MD-2.x (deck building) and MD-3.x (setup)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.mirror_dolls.book import FIELD
from tabletop_rules.games.mirror_dolls.cards import Deck, deck_problems

LEGAL = {"id": "t", "name": {"en": "t"}, "dolls": {"tin-drummer": 3, "lace-duelist": 3, "glass-archer": 3,
                                                    "porcelain-guard": 3, "velvet-oracle": 3, "silk-shadow": 3,
                                                    "clockwork-knight": 2},
         "spells": {"shatter-bolt": 2, "mending-thread": 2, "veil-of-glass": 1}, "mirrors": ["sunlit-pane"]}


def deck(**over):
    d = dict(LEGAL)
    d.update(over)
    return Deck.model_validate(d)


@pytest.mark.clause("MD-1.1")
def test_md_1_1_two_players_take_turns_and_score(kit):
    st = kit.new(seed=4)
    assert st.players == 2 and [p.score for p in st.ps] == [0, 0]
    first = st.current_player
    kit.do(st, "place_mirror")
    kit.end_turn(st)
    assert st.current_player == 1 - first and st.turn == 2


@pytest.mark.clause("MD-1.2")
def test_md_1_2_reaching_100_wins_at_once(kit):
    st = kit.scen(players=[{"score": 97, "field": {"real_f0": "lace-duelist"}}, {}])
    kit.do(st, "attack", target="player")
    assert st.is_over and st.winners == (0,) and st.phase == "game-over"
    assert st.ps[0].score == 100 and st.result.startswith("Seat 0 wins")


@pytest.mark.clause("MD-1.2")
def test_md_1_2_below_100_play_goes_on(kit):
    st = kit.scen(players=[{"score": 96, "field": {"real_f0": "lace-duelist"}}, {}])
    kit.do(st, "attack", target="player")
    assert not st.is_over and st.ps[0].score == 99


@pytest.mark.clause("MD-1.3")
@pytest.mark.parametrize("first", [0, 1])
def test_md_1_3_both_at_100_the_second_player_wins(kit, first):
    st = kit.scen(first_player=first, players=[{"score": 92, "order": 2, "spells": ["mutual-echo"]}, {"score": 95}])
    kit.do(st, "cast")
    assert st.is_over and st.winners == (1 - first,)
    assert [p.score for p in st.ps] == [102, 105] and "together" in st.result


@pytest.mark.clause("MD-1.4")
def test_md_1_4_three_kinds_of_card(md):
    kinds = {c.type for c in md.cards.values()}
    assert kinds == {"doll", "spell", "mirror"}
    for c in md.cards.values():
        if c.type == "doll":
            assert c.cost is not None and c.forms and all(f.hp >= 1 for f in c.forms.values())
        elif c.type == "spell":
            assert c.spell is not None
        else:
            assert c.static


@pytest.mark.clause("MD-1.5")
def test_md_1_5_board_two_sides_of_six_threshold_spell_slot_shared_mirror(kit):
    st = kit.new(seed=1)
    v = st.view(None)
    for p in v["players"]:
        assert set(p["field"]) == set(FIELD) and len(FIELD) == 13
        assert "spell_slot" in p
    for seat in (0, 1):
        for slot in FIELD:
            assert st.zones.caps[f"{seat}.{slot}"] == 1
        assert st.zones.caps[f"{seat}.spell_slot"] == 1
    assert st.zones.caps["table.mirror"] == 1 and "mirror" in v
    # back slot n stands behind front slot n
    st = kit.scen(players=[{"field": {"real_b1": "tin-drummer", "real_f1": "lace-duelist"}}, {}])
    assert st.view(None)["players"][0]["field"]["real_b1"]["blocked"] is True


@pytest.mark.clause("MD-1.6")
def test_md_1_6_every_card_and_deck_is_demo_data(md):
    assert all(c.demo for c in md.cards.values())
    assert all(d.demo for d in md.decks.values())


@pytest.mark.clause("MD-2.1")
def test_md_2_1_doll_deck_20_to_30_three_per_name(md):
    assert deck_problems(md.cards, deck(), md.texts) == []
    small = deck(dolls={"tin-drummer": 3, "lace-duelist": 3, "glass-archer": 3, "porcelain-guard": 3,
                        "velvet-oracle": 3, "silk-shadow": 3, "clockwork-knight": 1})
    assert [p[1] for p in deck_problems(md.cards, small, md.texts)] == ["MD-2.1"]
    four = deck(dolls={**LEGAL["dolls"], "tin-drummer": 4})
    assert any(p[1] == "MD-2.1" and "at most 3" in p[0].render() for p in deck_problems(md.cards, four, md.texts))
    big = deck(dolls={k: 3 for k in ("tin-drummer", "lace-duelist", "glass-archer", "porcelain-guard",
                                     "velvet-oracle", "silk-shadow", "clockwork-knight", "mirror-wisp",
                                     "quicksilver-fox", "shard-golem", "echo-dancer")})
    assert any(p[1] == "MD-2.1" and "33 dolls" in p[0].render() for p in deck_problems(md.cards, big, md.texts))


@pytest.mark.clause("MD-2.2")
def test_md_2_2_spell_deck_5_to_10_two_per_name(md):
    few = deck(spells={"shatter-bolt": 2, "mending-thread": 2})
    assert [p[1] for p in deck_problems(md.cards, few, md.texts)] == ["MD-2.2"]
    three = deck(spells={"shatter-bolt": 3, "mending-thread": 2})
    assert any("at most 2" in p[0].render() and p[1] == "MD-2.2" for p in deck_problems(md.cards, three, md.texts))
    many = deck(spells={k: 2 for k in ("shatter-bolt", "mending-thread", "veil-of-glass", "mirror-swap",
                                       "chaos-tide", "piercing-shard")})
    assert any(p[1] == "MD-2.2" for p in deck_problems(md.cards, many, md.texts))


@pytest.mark.clause("MD-2.3")
def test_md_2_3_mirror_deck_1_to_5_one_each(md):
    assert any(p[1] == "MD-2.3" for p in deck_problems(md.cards, deck(mirrors=[]), md.texts))
    twice = deck(mirrors=["sunlit-pane", "sunlit-pane"])
    assert any(p[1] == "MD-2.3" for p in deck_problems(md.cards, twice, md.texts))
    six = ["sunlit-pane", "silvered-hall", "still-pond", "funhouse-glass", "cracked-looking-glass", "sunlit-pane"]
    assert any(p[1] == "MD-2.3" for p in deck_problems(md.cards, deck(mirrors=six), md.texts))
    assert deck_problems(md.cards, deck(mirrors=six[:5]), md.texts) == []


@pytest.mark.clause("MD-2.4")
def test_md_2_4_decks_checked_on_load(kit, md):
    bad = dict(LEGAL, spells={**LEGAL["spells"], "tin-drummer": 1})
    with pytest.raises(DataError) as err:
        kit.new(decks=[bad, "looking-glass-troupe"])
    assert "MD-2.4" in str(err.value)
    with pytest.raises(DataError) as err:
        kit.new(decks=[dict(LEGAL, dolls={**LEGAL["dolls"], "no-such-doll": 1}), "porcelain-court"])
    assert "no-such-doll" in str(err.value)
    st = kit.new(decks=[LEGAL, "porcelain-court"])
    assert st.log[0].clause == "MD-2.4"


@pytest.mark.clause("MD-3.1")
def test_md_3_1_piles_formed_from_the_three_parts(kit, md):
    st = kit.new(seed=2)
    for seat in (0, 1):
        for pile, ctype in (("real_deck", "doll"), ("spell_deck", "spell"), ("mirror_deck", "mirror"),
                            ("dolls", "doll"), ("spells", "spell")):
            assert {st.cards[u].d.type for u in st.pile(seat, pile)} <= {ctype}
        d = md.decks[st.ps[seat].deck_id]
        dolls = len(st.pile(seat, "real_deck")) + len(st.pile(seat, "dolls"))
        assert dolls == sum(d.dolls.values())
    assert any(e.kind == "shuffle" and e.clause == "MD-3.1" for e in st.log)
    # shuffled: two seeds give two orders
    orders = {tuple(kit.new(seed=n).view(None)["players"][0]["deck_order"]) for n in range(4)}
    assert len(orders) > 1


@pytest.mark.clause("MD-3.2")
def test_md_3_2_opening_hands_three_dolls_one_spell(kit):
    st = kit.new(seed=5)
    second = 1 - st.first_player
    assert len(st.pile(second, "dolls")) == 3 and len(st.pile(second, "spells")) == 1
    setup_draws = [e for e in st.log if e.kind == "draw" and e.clause == "MD-3.2"]
    assert len(setup_draws) == 8


@pytest.mark.clause("MD-3.3")
def test_md_3_3_first_player_at_random_then_alternate(kit):
    firsts = {kit.new(seed=s).first_player for s in range(12)}
    assert firsts == {0, 1}
    st = kit.new(seed=0)
    order = [st.turn_player]
    kit.do(st, "place_mirror")
    for _ in range(3):
        kit.end_turn(st)
        order.append(st.turn_player)
    f = st.first_player
    assert order == [f, 1 - f, f, 1 - f] and st.turn == 4


@pytest.mark.clause("MD-3.4")
def test_md_3_4_only_the_attacker_acts(kit):
    st = kit.scen(players=[{"order": 3, "dolls": ["lace-duelist"]}, {"order": 3, "dolls": ["mirror-wisp"]}])
    assert st.current_player == 0
    wisp = kit.uid(st, 1, "mirror-wisp")
    with pytest.raises(IllegalAction):
        st.apply(kit.act(st, "summon", player=1, card=wisp, slot="real_f0"))
    assert all(a.player == 0 for a in st.legal_actions())
    kit.end_turn(st)
    assert st.current_player == 1
