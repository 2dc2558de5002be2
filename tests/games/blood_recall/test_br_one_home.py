"""One home per rule (issue 8): the listers that list the legal actions are the ones that explain a
refusal, and the Books name every procedure, decision, move and effect.

Over random games of both modes: every listed action is an exact Action of the listers of that
moment; every refused action is refused with the reason and clause of the Refusal those listers
yield for it, or with the kind's declared ``not_now`` / ``no_such`` sentence; skipping refusals
while listing (``s.explaining`` False) changes no listed action.
"""
from __future__ import annotations

import random

import pytest
from br_games import game

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.moves import Refusal

IDS = ["duel", "story"]


def _listers(st):
    if st.choices:
        return st.choices[-1].lister_fns(st)
    return list(st.phase_listers())


@pytest.mark.parametrize("which", IDS)
def test_the_books_declare_every_node_and_kind(which):
    g = game(which)
    book = g.state_cls.book
    assert book.moves.check(g.flow.nodes) == []
    assert not getattr(book, "legacy", False)
    for kind in ("play", "self_harm", "reveal", "recall", "enhance", "blood_recall", "end_turn", "pass",
                 "free_enhance", "decline", "vessel", "recaller", "difficulty", "madness"):
        assert g.kind_label(kind) and g.kind_label(kind, "zh"), kind


def _sentence(st, key):
    """A kind's not-now / no-such sentence in English: a template of texts.yaml that takes no fields
    (it is rendered with whatever args the refused action has)."""
    assert key in st.game.texts.templates, key
    return st.game.texts.render(key, {}, "en")


def _check_refusal(st, book, act, err, seen):
    """The refusal of ``act`` is the one its listers give (or the kind's own sentence)."""
    moves = book.moves
    kind = moves.kinds[act.kind]
    node_clause = st.game.flow.nodes[st.phase].clause
    if st.choices:
        ch = st.choices[-1]
        if act.kind not in ch.offers(st):
            seen["not offered"] += 1
            assert err.clause == ch.clause
            return
        found = moves.explain(st, act, ch.lister_fns(st))
        if isinstance(found, Refusal):
            seen["decision refusal"] += 1
            assert (err.reason, err.clause) == (st.describe_refusal(found), found.clause or ch.clause), (act, found)
        else:
            seen["decision other"] += 1
            assert err.clause == ch.clause
        return
    listers = [fn for fn in _listers(st) if act.kind in moves.kinds_of((fn,))]
    if not listers:
        seen["not now"] += 1
        assert (err.reason, err.clause) == (_sentence(st, kind.not_now[0]), kind.not_now[1] or node_clause)
        return
    found = moves.explain(st, act, listers)
    if isinstance(found, Refusal):
        seen["lister refusal"] += 1
        assert (err.reason, err.clause) == (st.describe_refusal(found), found.clause or node_clause), (act, found)
    elif found is None and act.player == st.current_player:
        seen["no such"] += 1
        assert (err.reason, err.clause) == (_sentence(st, kind.no_such[0]), kind.no_such[1] or node_clause)
    else:
        seen["other seat"] += 1


@pytest.mark.parametrize("which", IDS)
def test_listing_and_explaining_agree(which):
    g = game(which)
    book = g.state_cls.book
    rng = random.Random(3)
    pool: list[Action] = []
    seen: dict[str, int] = dict.fromkeys(("not offered", "decision refusal", "decision other", "not now",
                                          "lister refusal", "no such", "other seat"), 0)
    for seed in range(25):
        st = g.new_game(seed=seed)
        bot = RandomBot(seed)
        while not st.is_over:
            legal = st.legal_actions()
            listers = _listers(st)
            if not (st.choices and st.choices[-1].options):      # not fixed options (story's setup picks)
                # Listing without refusals (legal_actions) and with them (explaining): the same actions.
                assert [o for fn in listers for o in fn(st, st.current_player) if type(o) is Action] == legal
                for a in legal:
                    found = book.moves.explain(st, a, listers)
                    assert type(found) is Action and found.key == a.key and found.label == a.label, (a, found)
            pool.extend(rng.sample(legal, min(3, len(legal))))
            keys = {a.key for a in legal}
            for cand in rng.sample(pool, min(6, len(pool))):
                for act in (cand, Action(cand.kind, (cand.player + 1) % st.players, cand.args),
                            Action(cand.kind, cand.player, dict(cand.args, card="crimson-9", pile=7))):
                    if act.key in keys:
                        continue
                    with pytest.raises(IllegalAction) as info:
                        st.apply(act)
                    _check_refusal(st, book, act, info.value, seen)
            st.apply(bot.choose(st))
    assert seen["lister refusal"] > 200 and seen["no such"] > 50 and seen["decision refusal"] > 5, seen


@pytest.mark.parametrize("which,clause", [("duel", "BRD-3.1"), ("story", "BRS-4.1")])
def test_an_action_the_game_does_not_have(which, clause):
    st = game(which).scenario({})
    with pytest.raises(IllegalAction) as info:
        st.apply(Action("fly", 0, {}))
    assert info.value.clause == clause and "no 'fly' action" in info.value.reason


@pytest.mark.parametrize("which,spec,field", [
    ("duel", {"playrs": []}, "scenario.playrs"),
    ("duel", {"players": [{"lif": 3}, {}]}, "scenario.players.0.lif"),
    ("story", {"players": [{"hand": ["slash-1"], "recaler": "suou"}]}, "scenario.players.0.recaler"),
    ("story", {"chaptr": 1}, "scenario.chaptr"),
    ("duel", {"token": "first"}, "scenario.token"),
    ("story", {"players": [{"life": True}]}, "scenario.players.0.life")])
def test_a_scenario_typo_names_the_field(which, spec, field):
    with pytest.raises(DataError) as info:
        game(which).scenario(spec, source="my-ruling")
    err = info.value
    assert err.field == field and err.file == "my-ruling"
    assert field.rsplit(".", 1)[1] in str(err)



@pytest.mark.parametrize("which", IDS)
def test_listers_build_refusals_only_while_explaining(which):
    """The one flag for "refusals are read now" is the core's ``State.explaining`` (set by
    ``Moves.explain`` while it runs the listers); the package has no flag of its own."""
    g = game(which)
    st = g.scenario({"players": [{"hand": ["slash-1"]}, {}][:g.player_counts[0]]})
    listers = list(st.phase_listers())
    assert not st.explaining and not hasattr(st, "why")
    assert not [o for fn in listers for o in fn(st, 0) if isinstance(o, Refusal)]
    st.explaining = True
    refusals = [o for fn in listers for o in fn(st, 0) if isinstance(o, Refusal)]
    st.explaining = False
    assert any("every card in hand" in st.describe_refusal(r) for r in refusals)
    with pytest.raises(IllegalAction) as info:
        st.apply(Action("end_turn", 0, {}))
    assert "every card in hand" in info.value.reason and not st.explaining
