"""The generic layers read a game's sentences through the template API (issue 9): an event by
``game.describe`` (a literal English event, before its game converts, with Chinese card and phase
names), an action by its template, a pending prompt by the view's ``prompt_zh``."""
from __future__ import annotations

from tabletop_rules.core.actions import Action, Event
from tabletop_rules.notebook.base import action_text, event_text, events_html
from tabletop_rules.notebook.boards.common import decision_note


def test_a_template_event_reads_in_either_language_and_seat(bf):
    data = {"from": "start.draw", "to": "start.charge"}
    ev = Event("phase", bf.texts.say("core.phase", **data), "BF-4.3", data)
    assert event_text(bf, ev, None, "en") == "Draw 1 -> Charge and draw?"
    label = bf.flow.label
    assert event_text(bf, ev, None, "zh") == f"{label('start.draw', 'zh')} → {label('start.charge', 'zh')}"
    hidden = Event("draw", bf.texts.say("core.seat", n=1), None, {"only": 1, "public": "core.nobody"})
    assert event_text(bf, hidden, 1, "zh") == "座位 1"
    assert event_text(bf, hidden, 0, "zh") == "无人" and event_text(bf, hidden, 0, "en") == "nobody"
    assert "座位 1" in events_html(bf, [hidden], None, "zh")


def test_a_literal_event_gets_chinese_names(bf):
    card = next(c for c in bf.cards.values() if c.name.zh)
    ev = Event("draw", f"Seat 0 draws {card.name.en}.", "BF-3.4", {})
    assert event_text(bf, ev, None, "zh") == f"Seat 0 draws {card.name.zh}."
    assert event_text(bf, ev, None, "en") == f"Seat 0 draws {card.name.en}."
    phase = Event("phase", "Draw 1 -> Charge and draw?", None, {"from": "start.draw", "to": "start.charge"})
    assert "→" in event_text(bf, phase, None, "zh")


def test_an_action_label_from_a_template(bf):
    a = Action("x", 0, {}, label=bf.texts.say("core.seat", n=0))
    assert action_text(bf, a, "zh") == "座位 0" and action_text(bf, a, "en") == "Seat 0"
    card = next(c for c in bf.cards.values() if c.name.zh)
    plain = Action("x", 0, {}, label=f"Call {card.name.en}")
    assert action_text(bf, plain, "zh") == f"Call {card.name.zh}"


def test_the_pending_prompt_in_chinese():
    view = {"choice": {"player": 1, "prompt": "Choose a card", "prompt_zh": "选择一张卡"}}
    assert decision_note(view, "zh") == ["决定（座位 1）：选择一张卡"]      # full-width in Chinese (issue 34)
    assert decision_note(view, "en") == ["Decision (Seat 1): Choose a card"]
    old = {"choice": {"player": 1, "prompt": "Choose a card"}}            # a view without prompt_zh
    assert decision_note(old, "zh") == ["决定（座位 1）：Choose a card"]
    assert decision_note({}, "zh") == []


def test_ruling_checks_name_their_cards(bf):
    # Issue 35.5: a check reads in words, a card by its name (its id no longer shows).
    from tabletop_rules.notebook.ruling_words import check_words

    card = next(c for c in bf.cards.values() if c.name.zh)
    zh = check_words(bf, {"path": "players.0.hand", "in": [card.id]}, "zh")
    assert card.name.zh in zh and card.id not in zh and "座位 0" in zh
    en = check_words(bf, {"path": "players.0.hand", "equals": card.id}, "en")
    assert card.name.en in en and card.id not in en
    assert check_words(bf, {"path": "players.0.life", "equals": 3}, "en").endswith("is 3")
