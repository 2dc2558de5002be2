"""Issue 37: every refusal a lister gives names its rule, and that rule's deciding code is one hop away.

Through seeded random play of every game, every refusal that "Why not?" would read for either seat
(``State.refusals``) cites a clause of the game's rule book, and that clause is decided by a check
registered with it (``@BOOK.rule(CLAUSE)``, which ``tabletop-rules rules GAME CLAUSE`` prints) or by a
lister's declared turn-order prologue (``Moves.lister(actor=..., not_yours=(key, clause))``)."""
from __future__ import annotations

import random

import pytest

import tabletop_rules as tr

GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_every_refusal_cites_a_clause_whose_check_is_registered(gid):
    game = tr.load_game(gid)
    book = game.state_cls.book
    prologue = {ny[1] for _, ny in book.moves.prologues.values() if isinstance(ny, tuple)}
    missing: dict[str, str] = {}
    for seed in range(6):
        s = game.new_game(seed=seed, players=game.player_counts[0])
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_over:
                break
            for seat in range(s.players):
                for r in s.refusals(seat):
                    words = s.describe_refusal(r)
                    assert r.clause in game.rules, f"{gid}: a refusal cites no clause of the book: {words!r}"
                    if not book.rule.deciding(r.clause) and r.clause not in prologue:
                        missing.setdefault(r.clause, words)
            s.apply(rng.choice(s.legal_actions()))
    assert not missing, f"{gid}: refusals whose clause has no registered check: {missing}"
