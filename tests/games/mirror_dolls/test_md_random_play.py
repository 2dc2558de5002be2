"""Random play: the properties DESIGN.md section 2 promises, on many games between random bots.

Every game must end by score (no step cap reached), follow the flow graph, visit every node, cite
clauses, keep every card, replay to the same state, and refuse unlisted actions without change.
"""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot

GAMES = 60


@pytest.fixture(scope="module")
def games(md):
    return [conformance.play_random(md, seed) for seed in range(GAMES)]


def test_every_game_ends_by_score(md, games):
    for st in games:
        assert conformance.ending_problems(md, st) == []
        assert st.winners in ((0,), (1,))
        assert max(p.score for p in st.ps) >= 100
        assert st.log[-1].kind == "game_over" and st.log[-1].clause in ("MD-1.2", "MD-1.3")


def test_both_seats_win(games):
    winners = [st.winners for st in games]
    assert winners.count((0,)) > GAMES // 6 and winners.count((1,)) > GAMES // 6


def test_every_phase_change_is_an_edge_of_the_flow(md, games):
    for st in games:
        assert conformance.flow_problems(md, st) == []
        assert st.phase == "game-over"


def test_random_play_visits_every_node(md, games):
    seen = conformance.visited(md, games)
    assert seen == set(md.flow.graph.nodes), f"never visited: {set(md.flow.graph.nodes) - seen}"


def test_every_event_cites_a_clause(md, games):
    for st in games:
        assert conformance.clause_problems(md, st) == []
        assert all(ev.clause for ev in st.log if ev.kind != "scenario")


def test_every_mechanic_comes_up(games):
    kinds = {e.kind for st in games for e in st.log}
    assert {"direct", "attack", "damage", "defeat", "form", "out_of_form", "surge", "overflow", "threshold",
            "forced", "no_room", "ongoing", "ongoing_end", "spell_slot", "spell_home", "summon", "mirror",
            "mirror_out", "shield", "nullified", "hand_limit"} <= kinds
    acts = {a["kind"] for st in games for a in st.record.actions}
    assert acts == {"place_mirror", "keep_mirror", "summon", "attack", "move", "cast", "ability", "end_spell",
                    "end_turn", "spell_summon", "forced_slot"}


def test_no_card_is_created_or_lost(md, games):
    for st in games:
        census = st.census()
        assert sorted(census) == list(range(len(st.cards)))
        assert all(census[c.uid] == c.zone for c in st.cards)
        assert not st.pile(0, "casting") and not st.pile(1, "casting")
        sizes = [sum(d.dolls.values()) + sum(d.spells.values()) + len(d.mirrors)
                 for d in (md.decks[st.ps[0].deck_id], md.decks[st.ps[1].deck_id])]
        assert len(st.cards) == sum(sizes)
        for seat in (0, 1):
            owned = [c for c in st.cards if c.owner == seat]
            assert len(owned) == sizes[seat]
            assert all(c.zone.startswith(f"{seat}.") or c.zone == "table.mirror" for c in owned)


def test_same_seed_same_record(md):
    for seed in range(6):
        a = conformance.play_random(md, seed).record.to_json()
        assert a == conformance.play_random(md, seed).record.to_json()


def test_replay_gives_the_same_state(md, games):
    for st in games[:10]:
        assert conformance.replay_problems(md, st) == []


def test_replay_partway(md):
    st = md.new_game(seed=5)
    bot = RandomBot(5)
    views = []
    for _ in range(80):
        views.append(st.view(None))
        st.apply(bot.choose(st))
    for n in (0, 33, 79):
        assert md.replay(st.record, upto=n).view(None) == views[n]


def test_clone_is_independent(md):
    assert conformance.clone_problems(md) == []


def test_unlisted_actions_are_refused_and_change_nothing(md):
    def census(st):
        assert sorted(st.census()) == list(range(len(st.cards)))

    assert conformance.refusal_sweep(md, range(100, 102), every=6, census=census) > 150


def test_refusals_name_the_rule_of_the_moment(md):
    st = md.new_game(seed=2)
    other = 1 - st.current_player
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("place_mirror", other, {"card": st.pile(other, "mirror_deck")[0]}))
    assert err.value.clause in md.rules
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("end_turn", st.current_player, {}))
    assert err.value.clause == "MD-4.6"


def test_views_hide_the_other_hand_and_deck_order(games):
    st = games[0]
    for seat in (0, 1):
        v = st.view(seat)
        me, other = v["players"][seat], v["players"][1 - seat]
        assert me["dolls"] is not None and other["dolls"] is None and other["spells"] is None
        assert "deck_order" not in me and "deck_order" not in other
        assert isinstance(other["doll_hand_count"], int)
    assert all("deck_order" in p for p in st.view(None)["players"])


def test_hidden_draws_read_as_public_text_for_the_other_seat(games):
    st = games[0]
    draw = next(e for e in st.log if e.kind == "draw")
    seat = draw.data["seat"]
    assert draw.text_for(seat) == draw.text and draw.text_for(1 - seat).startswith(f"Seat {seat} draws a")


def test_the_decks_can_swap_seats(md):
    for seed in range(6):
        st = md.new_game(seed=seed, options={"decks": ["looking-glass-troupe", "porcelain-court"]})
        bot = RandomBot(seed)
        while not st.is_over:
            st.apply(bot.choose(st))
        assert md.replay(st.record.to_json()).view(None) == st.view(None)
