"""The tutor's hint (issue 38): the fair search bot's move from the seat's view only, its best
candidates with estimated chances, what the move does under which clauses, in both languages; and
"How did that go?" after a move."""
from __future__ import annotations

import json
import random

import pytest

from tabletop_rules import list_games, load_game
from tabletop_rules.core.bots import ISMCBot
from tabletop_rules.core.determinize import determinize
from tabletop_rules.core.tutor import follow_up, follow_up_text, hint, ui

FAST = {"time_limit": None, "budget": 1200}     # deterministic: no clock, a small budget


def _positions(game, seeds=2, every=11, limit=120):
    for seed in range(seeds):
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        for step in range(limit):
            if s.is_over:
                break
            if step % every == 0 and len(s.legal_actions()) > 1:
                yield s
            s.apply(rng.choice(s.legal_actions()))


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _summary(h):
    return ([(c.action.key, c.chance, c.playouts) for c in h.all_candidates], h.action.key, h.clauses)


@pytest.mark.parametrize("game_id", list_games())
def test_a_hint_is_the_same_from_states_that_differ_only_in_what_the_seat_cannot_see(game_id):
    game = load_game(game_id)
    tried = 0
    for s in _positions(game):
        seat = s.current_player
        other = determinize(s, seat, random.Random(99))   # another real state with the same view
        if _same(other.view(None), s.view(None)):
            continue
        a, b = hint(s, seed=4, **FAST), hint(other, seed=4, **FAST)
        assert _summary(a) == _summary(b)
        assert a.lines(game, "en") == b.lines(game, "en") and a.lines(game, "zh") == b.lines(game, "zh")
        tried += 1
        if tried == 2:
            break
    assert tried == 2


@pytest.mark.parametrize("game_id", list_games())
def test_the_hint_is_the_fair_bots_move_with_its_best_candidates(game_id):
    game = load_game(game_id)
    s = next(_positions(game))
    before = s.view(None)
    h = hint(s, seed=3, **FAST)
    assert h.action.key == ISMCBot(seed=3, **FAST).choose(s).key       # the move the fair bot makes
    assert any(a.key == h.action.key for a in s.legal_actions())
    assert 1 <= len(h.candidates) <= 3 and h.candidates[0].action.key == h.action.key
    assert len({c.action.key for c in h.candidates}) == len(h.candidates)
    for c in h.candidates:
        assert 0.0 <= c.chance <= 1.0 and c.playouts > 0
    assert h.clauses and all(c in game.rules for c in h.clauses)
    assert h.clauses[0] == (h.action.clause or h.clauses[0])
    assert all(e.data.get("only") is None and e.kind != "phase" for e in h.events)
    assert _same(s.view(None), before), "the hint changed the real game"


@pytest.mark.parametrize("game_id", list_games())
def test_a_hint_reads_in_english_and_chinese(game_id):
    game = load_game(game_id)
    s = next(_positions(game))
    h = hint(s, seed=1, **FAST)
    en, zh = h.lines(game, "en"), h.lines(game, "zh")
    assert en[0] == ui("hint_suggest", "en", move=game.describe(h.action, "en"))
    assert zh[0] == ui("hint_suggest", "zh", move=game.describe(h.action, "zh"))
    assert any(ln.startswith(ui("hint_rules", "zh", rules="")) for ln in zh)
    for cid in h.clauses:
        assert any(cid in ln for ln in en) and any(cid in ln for ln in zh)
    assert "%" in "".join(en[1:]) and "次模拟对局" in "".join(zh[1:])


def test_one_move_only_is_said_so_without_playouts():
    game = load_game("vividz")
    s = game.new_game(seed=0)
    while len(s.legal_actions()) != 1:
        s.apply(random.Random(len(s.log)).choice(s.legal_actions()))
    h = hint(s, **FAST)
    assert h.candidates[0].chance is None and h.candidates[0].playouts == 0
    assert ui("hint_only_move", "en") in h.lines(game, "en")


def test_how_did_that_go_says_whether_the_move_matched_and_its_chance():
    game = load_game("buddyfight")
    s = next(_positions(game))
    h = hint(s, seed=2, **FAST)
    assert follow_up(s, h.action, h)[:1] == (True,)
    other = next(a for a in s.legal_actions() if a.key != h.action.key)
    matched, chance, n = follow_up(s, other, h)
    assert not matched and 0.0 <= chance <= 1.0 and n > 0
    text = follow_up_text(game, s, other, h, "zh")
    assert text.startswith(ui("hint_differs", "zh", move=game.describe(h.action, "zh")))


def test_no_hint_when_the_game_is_over_or_for_another_seat():
    game = load_game("blood-recall-duel")
    s = game.new_game(seed=0)
    with pytest.raises(ValueError):
        hint(s, seat=1 - s.current_player, **FAST)


@pytest.mark.parametrize("game_id", list_games())
def test_what_a_move_does_is_what_every_deal_of_the_seats_view_gives(game_id):
    # The words of a hint name only what the move does on every one of DEALS deals of the seat's
    # view (a card revealed from a deck would be a card of a random deal: left out), each event
    # with its clause, the action's own clause first; the real game is not touched.
    from tabletop_rules.core.tutor import DEALS, what_it_does

    game = load_game(game_id)
    checked = 0
    for s in _positions(game, seeds=2, every=5):
        seat, before = s.current_player, s.view(None)
        for act in s.legal_actions()[:4]:
            shown, clauses = what_it_does(s, seat, act, random.Random(3))
            rng = random.Random(3)
            deals = [{e.text for e in determinize(s, seat, rng).apply(act)} for _ in range(DEALS)]
            assert all(all(e.text in texts for texts in deals) for e in shown), (game_id, act.label)
            assert all(e.data.get("only") is None and e.kind != "phase" for e in shown)
            assert clauses[:1] == [act.clause] or not act.clause
            assert [c for c in clauses if c != act.clause] == list(dict.fromkeys(
                e.clause for e in shown if e.clause and e.clause != act.clause))
            checked += 1
        assert _same(s.view(None), before)
    assert checked >= 8
