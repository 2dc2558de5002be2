"""Random play over many seeds: the properties DESIGN.md section 2 promises for every game.

300 full games with random bots for both seats; every game must end without an exception,
every phase change must be an edge of the flow graph, and together they must visit every
node of the graph (the graph a reader sees is the flow the engine runs).
"""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot

GAMES = 300


def play(game, seed, check=None):
    return conformance.play_random(game, seed, check=check)


@pytest.fixture(scope="module")
def games(bf):
    return [play(bf, seed) for seed in range(GAMES)]


def test_every_game_ends_with_a_result(bf, games):
    for st in games:
        assert conformance.ending_problems(bf, st) == []
        assert st.winners in ((), (0,), (1,))


def test_every_phase_change_is_an_edge_of_the_flow(bf, games):
    for st in games:
        assert conformance.flow_problems(bf, st) == []
        assert st.phase == "game-over"


def test_every_event_cites_a_clause_of_the_rules(bf, games):
    for st in games:
        assert conformance.clause_problems(bf, st) == []
        assert all(ev.clause for ev in st.log), "every Buddyfight event cites a clause"


def test_random_play_visits_every_node(bf, games):
    seen = conformance.visited(bf, games)
    assert seen == set(bf.flow.graph.nodes), f"never visited: {set(bf.flow.graph.nodes) - seen}"


def test_no_card_is_created_or_lost(games):
    for st in games:
        census = st.census()
        assert sorted(census) == list(range(len(st.cards))), "a card is missing from every zone"
        # A card can be mid-play ("playing") only when the game ended during its payment.
        assert list(census.values()).count("playing") <= 1
        assert all(census[c.uid] == c.zone for c in st.cards)
        # Decks as built: 61 + flag + buddy and 51 + flag + buddy for the demo decks.
        assert len(st.cards) == 116


def test_both_seats_win_and_games_have_many_turns(games):
    winners = [st.winners for st in games]
    assert winners.count((0,)) > GAMES // 5 and winners.count((1,)) > GAMES // 5
    assert sum(st.turn for st in games) / GAMES > 5


def test_same_seed_same_record_json(bf):
    for seed in range(12):
        a = play(bf, seed).record.to_json()
        b = play(bf, seed).record.to_json()
        assert a == b


def test_replay_gives_the_same_state(bf, games):
    for st in games[:40]:
        assert conformance.replay_problems(bf, st) == []


def test_replay_partway_is_the_state_at_that_moment(bf):
    st = bf.new_game(seed=5)
    bot = RandomBot(5)
    views = []
    for _ in range(60):
        views.append(st.view(None))
        st.apply(bot.choose(st))
    for n in (0, 17, 59):
        assert bf.replay(st.record, upto=n).view(None) == views[n]


def test_listed_actions_apply_and_unlisted_ones_are_refused(bf):
    """Every listed action applies (random play applies them); an action that is not listed
    raises IllegalAction with a clause and leaves the state exactly as it was."""
    def census(st):
        assert sorted(st.census()) == list(range(len(st.cards)))

    assert conformance.refusal_sweep(bf, range(1000, 1025), census=census) > 1000


def test_refusals_cite_a_clause(bf):
    """Refusals for a wrong seat or a wrong phase name the rule that governs the moment."""
    st = bf.new_game(seed=2)
    other = 1 - st.current_player
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("skip_charge", other, {}))
    assert err.value.clause == "BF-4.3"
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("attack", st.current_player, {"attackers": ["center"], "target": "fighter"}))
    assert err.value.clause == "BF-6.2"


def test_refusals_read_in_both_languages(bf):
    """A refusal is a template (issue 9): the kind's not-now sentence, and a lister's refusal
    naming the card, in English and in Chinese with the card's Chinese name."""
    st = bf.new_game(seed=2)
    seat = st.current_player
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("call", seat, {"card": st.fighters[seat].hand[0], "area": "left"}))
    assert err.value.reason == "monsters are called only in your own main phase"
    assert err.value.describe("zh") == "只能在你自己的主要阶段呼唤怪兽"
    st.apply(Action("skip_charge", seat, {}))
    assert st.phase == "main.actions"
    uid = next(u for u in st.fighters[seat].hand if st.cards[u].d.type == "monster")
    d = st.cards[uid].d
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("equip", seat, {"card": uid}))
    assert (err.value.reason, err.value.clause) == (f"{d.name.en} is not an item", "BF-5.5")
    assert err.value.describe("zh") == f"{d.name.zh}不是道具"


def test_views_hide_the_other_hand_and_the_deck_order(games):
    st = games[0]
    for seat in (0, 1):
        v = st.view(seat)
        me, other = v["players"][seat], v["players"][1 - seat]
        assert me["hand"] is not None and other["hand"] is None
        assert "deck_order" not in me and "deck_order" not in other
        assert "gauge_cards" not in me
    ref = st.view(None)
    assert all(p["hand"] is not None and "deck_order" in p for p in ref["players"])


@pytest.mark.parametrize("options", [{"link_critical": "one"}, {"first_turn_link_attack": False},
                                     {"decks": ["danger-demo", "dragon-demo"]}])
def test_random_play_with_options(bf, options):
    """The options change rules, never the guarantees: games end, replays match."""
    kinds = set()
    for seed in range(40):
        st = bf.new_game(seed=seed, options=options)
        bot = RandomBot(seed)
        while not st.is_over:
            a = bot.choose(st)
            kinds.add(a.kind)
            st.apply(a)
        assert bf.replay(st.record.to_json()).view(None) == st.view(None)
        assert st.record.options == bf.resolve_options(options)
    if options.get("link_critical") == "one":
        assert "link_critical" in kinds      # the attacker chose whose critical counts (BF-6.9)
