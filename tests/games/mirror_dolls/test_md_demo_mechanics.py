"""Issue 11, Data: two demo decks of legal size that use every mechanic. Each mechanic the issue names is
checked twice: the decks' card data carry it (MD-1.6: all invented demo data), and random games between the
two demo decks show it happening (the event that cites its clause)."""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance


@pytest.fixture(scope="module")
def demo(md):
    ids = list(md.decks)
    assert len(ids) == 2
    cards = {}
    for did in ids:
        deck = md.decks[did]
        for cid in [*deck.dolls, *deck.spells, *deck.mirrors]:
            cards[cid] = md.cards[cid]
    return cards


@pytest.fixture(scope="module")
def logs(md):
    return [conformance.play_random(md, seed) for seed in range(30)]


def _events(logs, kind, **match):
    return [e for st in logs for e in st.log if e.kind == kind and all(e.data.get(k) == v for k, v in match.items())]


def _calls(d):
    """Every effect call a card can make: spell, each form's cast, mirror statics."""
    out = list(d.static or ())
    if d.spell is not None:
        out += d.spell.do
    for f in (d.forms or {}).values():
        if f.cast is not None:
            out += f.cast.do
    return out


@pytest.mark.clause("MD-1.6")
def test_every_demo_card_is_marked_demo(md, demo):
    assert all(md.cards[cid].demo for cid in md.cards)


@pytest.mark.clause("MD-13.1")
def test_forms_on_each_side_and_the_threshold(demo, logs):
    dolls = [d for d in demo.values() if d.type == "doll"]
    for form in ("real", "mirror", "critical"):
        assert any(form in d.forms for d in dolls), form
    assert any(set(d.forms) == {"real", "mirror", "critical"} for d in dolls)
    assert any(len(d.forms) == 1 for d in dolls)           # out of form somewhere (MD-13.2)
    for new in ("real", "mirror", "critical"):
        assert _events(logs, "form", new=new), new


@pytest.mark.clause("MD-10.2")
def test_shields_armour_break_and_true_damage(demo, logs):
    forms = [f for d in demo.values() if d.type == "doll" for f in d.forms.values()]
    assert any(f.shield for f in forms)
    assert {"armour_break", "true_damage", "normal"} <= {f.damage for f in forms}
    hits = [e for e in _events(logs, "damage") if e.data["shield"]]
    assert {e.data["damage_kind"] for e in hits} >= {"normal", "armour_break"}
    assert _events(logs, "damage", damage_kind="true_damage", shield=0)


@pytest.mark.clause("MD-7.2")
def test_summons_from_hand_the_mirror_pile_and_by_spells(demo, logs):
    assert _events(logs, "summon", by="hand") and _events(logs, "summon", by="pile")
    sources = {c["source"] for d in demo.values() for c in _calls(d) if c["op"] == "summon"}
    assert sources == {"hand", "deck"}
    assert any(a["kind"] == "spell_summon" for st in logs for a in st.record.actions)


@pytest.mark.clause("MD-11.3")
def test_ongoing_spells_and_their_replacement(demo, logs):
    assert any(d.spell is not None and d.spell.duration for d in demo.values())
    assert [e for e in _events(logs, "ongoing_end") if e.clause == "MD-11.3"], "no ongoing spell was replaced"
    assert [e for e in _events(logs, "ongoing_end") if e.clause == "MD-11.6"], "no ongoing spell ran out"


@pytest.mark.clause("MD-12.3")
def test_threshold_moves_and_forced_moves(demo, logs):
    tos = {c["to"] for d in demo.values() for c in _calls(d) if c["op"] == "force_move"}
    assert tos == {"other", "threshold"}
    assert _events(logs, "threshold")                               # a voluntary step, paying overflow
    assert _events(logs, "forced", to="threshold") and _events(logs, "no_room")


@pytest.mark.clause("MD-9.3")
def test_the_back_row_comes_up(md, logs):
    behind = 0
    for st in logs[:5]:
        for e in st.log:
            if e.kind in ("summon",) and str(e.data.get("slot", "")).split("_")[-1].startswith("b"):
                behind += 1
    assert behind


@pytest.mark.clause("MD-4.3")
def test_mirror_cards_with_effects(demo, logs):
    mirrors = [d for d in demo.values() if d.type == "mirror"]
    assert mirrors and all(d.static for d in mirrors)
    assert {c["op"] for d in mirrors for c in d.static} >= {"aura", "discount"}
    assert _events(logs, "mirror") and _events(logs, "mirror_out")
