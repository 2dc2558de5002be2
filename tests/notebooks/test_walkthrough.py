"""Walkthrough widget (``tabletop_rules.notebook.walkthrough``), driven in plain Python without a kernel."""
from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("graphviz")

from tabletop_rules.core.actions import Action, Event
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.records import Record
from tabletop_rules.notebook import graph, walkthrough
from tabletop_rules.notebook.boards import board_html
from tabletop_rules.notebook.style import wrap
from tabletop_rules.notebook.walkthrough import Walkthrough

CURRENT_FILL = graph.STYLE["current"]["fillcolor"]


@pytest.fixture(scope="module")
def record(bf):
    state, bot = bf.new_game(seed=5), RandomBot(5)
    while not state.is_over and len(state.record.actions) < 80:
        state.apply(bot.choose(state))
    return state.record


@pytest.fixture(scope="module")
def walk(bf, record):
    return Walkthrough(bf, record.to_json())          # the referee's view


def board_at(bf, record, i, seat=None, lang="en"):
    return wrap(board_html(bf, bf.replay(record, upto=i).view(seat), seat, lang))


def label_of(bf, record, i):
    """The label of the i-th action (1-based) as the engine lists it."""
    state = bf.replay(record, upto=i - 1)
    want = record.actions[i - 1]
    return next(a.label for a in state.legal_actions()
                if a.kind == want["kind"] and a.player == want["player"] and a.args == want["args"])


def test_builds_one_step_per_action(bf, record, walk):
    assert walk.n_steps == len(record.actions) > 20
    assert walk.index == 0 and walk.slider.value == 0 and walk.slider.max == walk.n_steps
    assert walk.label.value == f"Step 0 / {walk.n_steps}"
    assert walk.back_button.disabled and not walk.next_button.disabled


def test_next_back_and_slider_move_the_index_board_and_action(bf, record, walk):
    walk.go(0)
    board0, action0 = walk.board.value, walk.action_html.value
    walk.next_button.click()
    assert walk.index == 1 and walk.slider.value == 1 and walk.label.value == f"Step 1 / {walk.n_steps}"
    assert html.escape(label_of(bf, record, 1)) in walk.action_html.value
    assert walk.action_html.value != action0
    assert walk.board.value == board_at(bf, record, 1)
    walk.back_button.click()
    assert walk.index == 0 and walk.board.value == board0 and walk.action_html.value == action0
    k = walk.n_steps // 2
    walk.slider.value = k
    assert walk.index == k and walk.label.value == f"Step {k} / {walk.n_steps}"
    assert walk.board.value == board_at(bf, record, k) != board0
    assert html.escape(label_of(bf, record, k)) in walk.action_html.value
    walk.next()
    assert walk.index == k + 1 and walk.slider.value == k + 1
    walk.back()
    walk.back()
    assert walk.index == k - 1 and walk.board.value == board_at(bf, record, k - 1)


def test_every_step_draws_the_replayed_position(bf, record, walk):
    changed = 0
    for i in range(walk.n_steps + 1):
        walk.go(i)
        assert walk.board.value == board_at(bf, record, i), i
        if i:
            changed += walk.steps[i].view != walk.steps[i - 1].view
    assert changed > walk.n_steps // 3
    walk.next()                                        # at the end: nothing happens
    assert walk.index == walk.n_steps and walk.next_button.disabled
    assert walk.state.view(None) == bf.replay(record).view(None)
    walk.go(7)
    assert walk.state.view(None) == bf.replay(record, upto=7).view(None)


def test_step_0_shows_setup_events_with_their_clauses(bf, record):
    walk = Walkthrough(bf, record, seat=0)
    assert "Setup" in walk.action_html.value
    ev = walk.events_html.value
    for cid in ("BF-3.1", "BF-3.2", "BF-3.3", "BF-3.4", "BF-3.5"):
        assert f"[{cid} {bf.rules.clause(cid).title.en}]" in ev, cid
        assert html.escape(bf.rules.clause(cid).text.en) in ev, cid
    # repeated lines are grouped (issue 36): one line per run of events of one kind, clause and seat
    from tabletop_rules.notebook.explain import group_events

    log = bf.new_game(seed=5).log
    groups = group_events(bf, log, seat=0, skip=())
    assert ev.count("<details>") == len(groups) < len(log)
    # seat 0's view: seat 1's draws are hidden, and read once with their count
    assert "Seat 1 draws a card. (6 times)" in ev
    hidden = [e.text for e in bf.new_game(seed=5).log if e.kind == "draw" and e.data.get("only") == 1]
    assert hidden and not any(html.escape(text) in ev for text in hidden)


def test_referee_view_shows_every_draw(bf):
    ev = Walkthrough(bf, seed=5).events_html.value
    for e in bf.new_game(seed=5).log:
        assert html.escape(e.text) in ev


def test_a_seat_does_not_see_the_other_seats_hidden_action(bf, record):
    w = Walkthrough(bf, record, seat=0)
    private = [i for i, s in enumerate(w.steps) if s.action and s.action["player"] == 1
               and any(e.kind == s.action["kind"] and e.data.get("only") == 1 for e in s.events)]
    assert private, "the sample game should contain a private action of seat 1 (a charge)"
    for i in private:
        w.go(i)
        assert html.escape(w.steps[i].action["label"]) not in w.action_html.value
        public = next(e.describe("en", seat=0) for e in w.steps[i].events if e.kind == w.steps[i].action["kind"])
        assert html.escape(public) in w.action_html.value
        assert w.board.value == board_at(bf, record, i, seat=0)


def test_events_of_a_step_cite_their_clauses(bf, record, walk):
    for i in range(1, walk.n_steps + 1):
        walk.go(i)
        for e in walk.steps[i].events:
            if e.clause:
                assert f"[{e.clause} {bf.rules.clause(e.clause).title.en}]" in walk.events_html.value


def test_graph_lights_the_current_phase(bf, walk):
    walk.go(walk.n_steps // 2)
    phase = walk.steps[walk.index].phase
    value = walk.graph.value
    if graph.use_available_dot() is None:
        assert "<pre" in value
        return
    assert "<svg" in value and "<?xml" not in value
    node = re.search(rf"<title>{re.escape(phase)}</title>(.*?)</g>", value, re.S)
    assert node and f'fill="{CURRENT_FILL}"' in node.group(1)
    assert value.count(f'fill="{CURRENT_FILL}"') == 1


def test_graph_without_a_dot_program_shows_the_dot_source(bf, record, monkeypatch):
    monkeypatch.setattr(graph, "use_available_dot", lambda: None)
    w = Walkthrough(bf, record, seat=0)
    w.go(3)
    value = html.unescape(w.graph.value)
    assert "<svg" not in value and "<pre" in value and "digraph" in value
    start = value.index(f'\t"{w.steps[3].phase}" [')
    statement = value[start:value.index("\n\t", start + 1)]
    assert CURRENT_FILL in statement
    assert value.count(CURRENT_FILL) == 1
    assert "dot or graphviz-pure" in value


def test_svgs_are_cached_by_phase_last_edge_and_language(bf, record, monkeypatch):
    w = Walkthrough(bf, record, seat=0)
    calls = []
    real = graph.phase_graph
    monkeypatch.setattr(graph, "phase_graph", lambda *a, **k: calls.append(a) or real(*a, **k))
    for i in range(w.n_steps + 1):
        w.go(i)
    keys = {(s.phase, s.last_edge) for s in w.steps}
    assert len(calls) == len(keys) - 1                 # step 0 was drawn when the widget was built
    for i in range(w.n_steps, -1, -1):
        w.go(i)
    assert len(calls) == len(keys) - 1
    w.set_lang("zh")
    assert len(calls) == len(keys)


def test_script_is_matched_against_legal_actions(bf):
    w = Walkthrough(bf, script=[{"kind": "skip_charge"}, {"kind": "end_main", "player": 0}], seed=0)
    assert w.n_steps == 2 and [a["kind"] for a in w.record.actions] == ["skip_charge", "end_main"]
    w.go(2)
    assert "End the main phase" in w.action_html.value and "BF-5.1" in w.action_html.value
    assert w.steps[2].phase == "attack.declare"


def test_script_that_matches_nothing_names_the_step(bf):
    with pytest.raises(ValueError, match=r"script step 2 .*attack.*matches no legal action"):
        Walkthrough(bf, script=[{"kind": "skip_charge"}, {"kind": "attack", "args": {"target": "center"}}])
    with pytest.raises(ValueError, match=r"script step 1 "):
        Walkthrough(bf, script=[{"kind": "skip_charge", "player": 1}])
    with pytest.raises(ValueError, match="not both"):
        Walkthrough(bf, record=bf.new_game().record, script=[])


def test_bad_records_are_refused_clearly(bf, record):
    with pytest.raises(DataError, match="not a JSON game record"):
        Walkthrough(bf, "{nope")
    foreign = Record("vividz", 0, 2, {}, [])
    with pytest.raises(DataError, match="vividz"):
        Walkthrough(bf, foreign)
    broken = Record(record.game, record.seed, record.players, record.options,
                    [*record.actions[:3], {"kind": "attack", "player": 1, "args": {}}])
    with pytest.raises(DataError, match="action #4"):
        Walkthrough(bf, broken)


def test_chinese_labels(bf, record):
    w = Walkthrough(bf, record, seat=0, lang="zh")
    assert w.next_button.description == "下一步" and w.label.value.startswith("步骤 0 /")
    phase = w.steps[0].phase
    assert bf.flow.label(phase, "zh") != bf.flow.label(phase, "en")
    assert bf.flow.label(phase, "zh") in w.action_html.value
    assert bf.rules.clause("BF-3.4").title.zh in w.events_html.value
    assert bf.flow.label(phase, "zh") in html.unescape(w.graph.value)
    assert "手牌" in w.board.value or "生命" in w.board.value
    w.set_lang("en")
    assert w.next_button.description == "Next" and bf.flow.label(phase, "en") in w.action_html.value
    assert bf.rules.clause("BF-3.4").title.en in w.events_html.value
    with pytest.raises(ValueError, match="unknown language"):
        w.set_lang("fr")
    assert w.lang == "en"


def test_card_names_in_chinese(bf):
    w = Walkthrough(bf, seed=5, lang="zh")
    names = {c.name.en: c.name.zh for c in bf.cards.values() if c.name.zh}
    drawn = [e.text for e in w.steps[0].events if e.kind == "draw"]
    hits = [(en, zh) for en, zh in names.items() if any(en in x for x in drawn)]
    assert hits
    for _en, zh in hits:
        assert zh in w.events_html.value


def test_errors_in_a_callback_are_shown_and_keep_the_step(bf, record, monkeypatch):
    w = Walkthrough(bf, record, seat=0)
    w.go(4)
    before = (w.board.value, w.action_html.value, w.label.value)

    def boom(step):
        raise RuntimeError("board exploded")

    monkeypatch.setattr(w, "_board_part", boom)
    w.next_button.click()                              # no exception reaches the notebook
    assert "class='ttr-error'" in w.error.value and "board exploded" in w.error.value
    assert w.index == 4 and (w.board.value, w.action_html.value, w.label.value) == before
    w.slider.value = 9
    assert w.index == 4 and "board exploded" in w.error.value
    monkeypatch.undo()
    w.next_button.click()
    assert w.index == 5 and w.error.value == ""
    with pytest.raises(ValueError, match="outside"):
        w.go(w.n_steps + 1)


def test_displays_as_a_widget(bf):
    w = Walkthrough(bf)
    bundle = w._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == w.widget.model_id
    assert callable(w._ipython_display_)
    assert w.widget in [w.widget] and walkthrough.Walkthrough is Walkthrough


def test_sentences_from_templates_follow_the_language(bf, record):
    """Events, the action's label and the result come through the template API (game.describe,
    state.describe_result), in the widget's language, and switch with it."""
    w = Walkthrough(bf, record, lang="zh")
    i = next(k for k, s in enumerate(w.steps) if s.act is not None)
    step = w.steps[i]
    say = bf.texts.say("core.phase", **{"from": "main.actions", "to": "attack.declare"})
    step.events = [Event("phase", say, "BF-6.2", {"from": "main.actions", "to": "attack.declare"})]
    step.act = Action(step.act.kind, step.act.player, step.act.args, label=bf.texts.say("core.seat", n=1))
    w.go(i)
    zh = f"{bf.flow.label('main.actions', 'zh')} → {bf.flow.label('attack.declare', 'zh')}"
    assert html.escape(zh) in w.events_html.value and "座位 1" in w.action_html.value
    w.set_lang("en")
    assert html.escape("Call, equip, cast, [Act] -> ") in w.events_html.value and "Seat 1" in w.action_html.value
    last = w.steps[-1]
    last.result, last.result_zh = "Seat 0 wins.", "座位 0 获胜。"
    w.go(w.n_steps)
    assert "Seat 0 wins." in w.action_html.value
    w.set_lang("zh")
    assert "座位 0 获胜。" in w.action_html.value and "Seat 0 wins." not in w.action_html.value
