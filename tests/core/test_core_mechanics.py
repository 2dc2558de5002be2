"""Core's shared mechanics for the games (issue 37.3): the lister prologue declared once, effects that
last in one shape, and one effect context. The games' own tests check each use against its clause."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tabletop_rules.core import modifiers
from tabletop_rules.core.actions import Action
from tabletop_rules.core.book import Book
from tabletop_rules.core.effects import EffectCtx
from tabletop_rules.core.moves import Moves, Refusal


def _state(turn_player: int, explaining: bool = False, chooser: int | None = None):
    choices = [SimpleNamespace(player=chooser)] if chooser is not None else []
    return SimpleNamespace(turn_player=turn_player, explaining=explaining, choices=choices)


def test_turn_player_prologue_offers_nothing_to_the_other_seat_and_says_why_only_when_asked():
    moves = Moves("test")
    moves.declare("go", None, not_now=("why.not_now", "T-1"))

    @moves.lister("go", actor="turn_player", not_yours=("why.not_your_turn", "T-2"))
    def goes(s, seat):
        return [Action("go", seat, {})]

    assert goes.__name__ == "goes" and moves.listers["goes"] is goes
    assert [a.player for a in goes(_state(1), 1)] == [1]
    assert list(goes(_state(1), 0)) == []                       # listing: nothing, and no refusal built
    (no,) = goes(_state(1, explaining=True), 0)
    assert isinstance(no, Refusal) and (no.reason, no.clause) == ("why.not_your_turn", "T-2")
    assert moves.explain(_state(1), Action("go", 0, {}), [goes]).clause == "T-2"   # Why not? says it


def test_chooser_prologue_follows_the_pending_decision_and_a_function_may_word_the_refusal():
    moves = Moves("test")
    moves.declare("pick", None, not_now=("why.not_now", "T-1"))
    said = []

    def whose(s):
        said.append(s.choices[-1].player)
        return Refusal("why.secret", "T-3")

    @moves.lister("pick", actor="chooser", not_yours=whose)
    def picks(s, seat):
        return [Action("pick", seat, {"n": 1})]

    assert list(picks(_state(0, chooser=1), 1))[0].player == 1
    assert list(picks(_state(0, chooser=1), 0)) == []
    (no,) = picks(_state(0, explaining=True, chooser=1), 0)
    assert no.clause == "T-3" and said == [1]
    with pytest.raises(ValueError):
        moves.lister("pick", name="other", actor="nobody")(lambda s, seat: [])


def test_lasting_changes_end_at_their_moment_or_turn_and_never_by_time_when_always():
    card = SimpleNamespace(mods=[])
    other = SimpleNamespace(mods=[])
    modifiers.lasting(card.mods, "turn", power=1000)
    modifiers.lasting(card.mods, "battle", power=-3000, critical=1)
    modifiers.lasting(card.mods, None, power=500, src=7)
    modifiers.lasting(other.mods, 4, shield=2)
    assert modifiers.total(card.mods, "power") == -1500
    assert modifiers.expire([card, other], "battle") == [card]
    assert modifiers.total(card.mods, "power") == 1500 and modifiers.total(card.mods, "critical") == 0
    assert modifiers.expire([card, other], 3) == []             # lasts through turn 4
    assert modifiers.expire([card, other], 4) == [other] and other.mods == []
    assert modifiers.expire([card], "turn") == [card] and card.mods == [{"power": 500, "src": 7, "until": None}]
    assert modifiers.expire([card], 99) == [] and modifiers.expire([card], "always") == []
    assert modifiers.drop_from([card], 7) == [card] and card.mods == []


def test_one_book_holds_every_table_card_data_names_and_one_effect_context():
    book = Book("test")
    pets = book.registry("pet")
    assert book.registry("pet") is pets and book.tables == {"pet": pets}

    @pets("heal", n=int)
    def heal(s, ctx, n):
        return (ctx.seat, ctx.card, ctx.clause, ctx.get("spell"), n)

    ctx = EffectCtx(1, card=12, clause="T-4", spell="fire")
    assert pets["heal"](None, ctx, n=2) == (1, 12, "T-4", "fire", 2)
    assert ctx.get("target", "none") == "none" and ctx.get("seat") == 1
