"""Issue 16: every malformed or mutated Action is refused with IllegalAction and a reason, the
state unchanged, for every registered game; the record holds its own copy of what was applied."""
from __future__ import annotations

import json
import random

import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import Action, IllegalAction

GAMES = tr.list_games()


def snapshot(st):
    return st.record.to_json(), json.dumps(st.view(None), sort_keys=True, default=str), len(st.log)


def positions(game_id, n=6, seed=3):
    """A few live positions of a random game (a fresh game each time, so tests may apply)."""
    game = tr.load_game(game_id)
    rng = random.Random(seed)
    st = game.new_game(seed=seed)
    out = []
    while not st.is_over and len(out) < n:
        out.append(game.replay(st.record))
        for _ in range(rng.randint(1, 6)):
            if st.is_over:
                break
            st.apply(rng.choice(st.legal_actions()))
    return out


def deep(n):
    v: object = 1
    for _ in range(n):
        v = [v]
    return v


def mutations(st):
    """The issue's list of bad actions, built from the position's own listed actions."""
    p = st.current_player
    acts = st.legal_actions()
    out = [Action(["call"], p), Action(7, p), Action("call", p, "card"), Action("call", p, ["card"]),  # type: ignore[arg-type]
           Action("call", p, {"card": {1}}), Action("call", p, {"card": 1, 0: 2}),  # type: ignore[dict-item]
           Action("call", p, {"card": deep(500)}), Action("nothing-of-that-name", p), Action("call", 99)]
    for a in acts[:4]:
        out += [Action(a.kind, float(p), a.args), Action(a.kind, True if p == 1 else False, a.args),  # type: ignore[arg-type]
                Action(a.kind, str(p), a.args), Action(a.kind, p, [a.args])]  # type: ignore[arg-type]
        for k in a.args:
            for bad in (7, True, 1.5, -1, "x", None, [], {}, [7], {"a": 1}, 10**30, float("nan")):
                out.append(Action(a.kind, p, {**a.args, k: bad}))
        out.append(Action(a.kind, p, {**a.args, "extra": 1}))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bad_action_is_refused_and_the_state_unchanged(game_id):
    tried = 0
    for st in positions(game_id):
        legal = st.legal_actions()
        before = snapshot(st)
        for bad in mutations(st):
            if bad.problem() is None and bad in legal:
                continue                     # the mutation happens to be a legal action
            with pytest.raises(IllegalAction) as err:
                st.apply(bad)
            assert err.value.reason, bad
            assert snapshot(st) == before, bad
            tried += 1
    assert tried > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mutated_listed_action_is_refused_not_applied_half_way(game_id):
    for st in positions(game_id, n=4):
        before = snapshot(st)
        legal = st.legal_actions()
        a = legal[0]
        keys = list(a.args)
        if not keys:
            a.kind = "no-such-kind"
        else:
            a.args[keys[0]] = "no-such-value"
        with pytest.raises(IllegalAction):
            st.apply(a)
        assert snapshot(st) == before
        fresh = st.legal_actions()[0]       # the game itself was not changed by the mutation
        st.apply(fresh)
        assert tr.load_game(game_id).replay(st.record.to_json()).record.to_json() == st.record.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_mutating_an_applied_action_does_not_rewrite_the_record(game_id):
    game = tr.load_game(game_id)
    st = game.new_game(seed=1)
    for _ in range(20):
        if st.is_over:
            break
        a = st.legal_actions()[-1]
        st.apply(a)
        saved = st.record.to_json()
        a.args["poison"] = [1, 2]
        a.kind, a.player = "poison", 5
        assert st.record.to_json() == saved
    assert game.replay(st.record.to_json()).record.to_json() == st.record.to_json()


def test_listed_actions_do_not_share_args_with_the_game():
    """Mutating the nested values of a listed action changes nothing the game holds."""
    for game_id in GAMES:
        for st in positions(game_id, n=4):
            before = snapshot(st)
            for a in st.legal_actions():
                for v in a.args.values():
                    if isinstance(v, list):
                        v.append("poison")
                    elif isinstance(v, dict):
                        v["poison"] = 1
            assert snapshot(st) == before, game_id


def test_a_float_or_bool_player_is_refused_and_never_recorded():
    game = tr.load_game("buddyfight")
    st = game.new_game(seed=0)
    a = st.legal_actions()[0]
    for p in (float(a.player), bool(a.player)):
        with pytest.raises(IllegalAction, match="seat number"):
            st.apply(Action(a.kind, p, a.args))  # type: ignore[arg-type]
    assert st.record.actions == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bots_pick_changed_before_it_is_applied_is_judged_afresh(game_id):
    """Core's bots hand out only the action they pick (issue 37): that one is noted as it leaves the
    bot, so a caller that changes it before applying it gets a refusal, and the state is unchanged."""
    from tabletop_rules.core.bots import RandomBot
    for st in positions(game_id, n=4):
        before = snapshot(st)
        a = RandomBot(1).choose(st)
        keys = list(a.args)
        if not keys:
            a.kind = "no-such-kind"
        else:
            a.args[keys[0]] = "no-such-value"
        with pytest.raises(IllegalAction):
            st.apply(a)
        assert snapshot(st) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_changing_a_bots_applied_pick_does_not_rewrite_the_record(game_id):
    from tabletop_rules.core.bots import RandomBot
    game = tr.load_game(game_id)
    st = game.new_game(seed=2)
    bot = RandomBot(2)
    for _ in range(20):
        if st.is_over:
            break
        a = bot.choose(st)
        st.apply(a)
        saved = st.record.to_json()
        a.args["poison"] = [1, 2]
        for v in a.args.values():
            if isinstance(v, list):
                v.append("poison")
        a.kind, a.player = "poison", 5
        assert st.record.to_json() == saved
    assert game.replay(st.record.to_json()).record.to_json() == st.record.to_json()
