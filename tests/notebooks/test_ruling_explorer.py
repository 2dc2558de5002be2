"""RulingExplorer widget (``tabletop_rules.notebook.rulings``), driven in plain Python without a kernel."""
from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from tabletop_rules.core.rulings import substitute
from tabletop_rules.notebook.boards import board_html
from tabletop_rules.notebook.rulings import RulingExplorer

DESTROY = "this happens: Rampage Ogre is destroyed"       # the engine's own sentence (issue 35.5)
NO_DESTROY = "no 'Destroy' event happens"


def text(w) -> str:
    """An HTML widget's content after the style sheet, with entities decoded."""
    return html.unescape(w.value.split("</style>", 1)[-1])


@pytest.fixture
def explorer(bf):
    return RulingExplorer(bf)


def words(w) -> str:
    """What a reader reads in an HTML widget: its text without tags."""
    return re.sub(r"<[^>]+>", "", text(w))


def destroyed(result) -> bool:
    return any(e.kind == "destroy" for e in result.events)


def test_starts_on_the_first_ruling(bf, explorer):
    first = bf.rulings[0]
    assert explorer.current is first and explorer.dropdown.value == first.id
    assert len(explorer.dropdown.options) == len(bf.rulings)
    assert explorer.dropdown.options[0] == (f"{first.question.en} [{first.id}]", first.id)
    assert explorer.result is not None and explorer.result.ok


def test_sliders_follow_the_declared_params(bf, explorer):
    r = explorer.select("faq-attack-3")
    assert r is bf.ruling("faq-attack-3") and explorer.current is r
    assert set(explorer.sliders) == {"power", "defense"}
    for name, p in r.params.items():
        s = explorer.sliders[name]
        assert (s.value, s.min, s.max, s.step, s.description) == (p.default, p.min, p.max, p.step, p.label.en)
    assert list(explorer.param_box.children) == list(explorer.sliders.values())


def test_moving_power_below_defense_flips_the_expected_outcome(bf, explorer):
    explorer.select("faq-attack-3")
    assert explorer.result.ok and destroyed(explorer.result)
    assert DESTROY in words(explorer.expected) and NO_DESTROY not in words(explorer.expected)
    assert "ttr-ok" in text(explorer.outcome)
    explorer.sliders["power"].value = 3000            # the observer re-runs the ruling
    assert explorer.result.params == {"power": 3000, "defense": 5000}
    assert explorer.result.ok and not destroyed(explorer.result)
    assert NO_DESTROY in words(explorer.expected) and DESTROY not in words(explorer.expected)
    assert "Seat 1 › Field › Center is Rampage Ogre" in words(explorer.expected)   # words, not a path
    assert "ttr-ok" in text(explorer.outcome) and "power = 3000" in text(explorer.outcome)
    result = explorer.set_param("defense", 3000)      # equal again: destroyed
    assert result is explorer.result and result.ok and destroyed(result)
    assert DESTROY in words(explorer.expected)


def test_the_position_follows_the_sliders(bf, explorer):
    explorer.select("faq-attack-3")
    explorer.set_param("defense", 7000)
    spec = substitute(bf.ruling("faq-attack-3").scenario, {"power": 5000, "defense": 7000})
    board = board_html(bf, bf.scenario(spec).view(None), None, "en")
    assert board in explorer.position.value
    assert "D7000" in text(explorer.position)
    explorer.set_param("defense", 5000)
    assert "D7000" not in text(explorer.position)


def test_the_checks_really_depend_on_the_numbers(bf, explorer):
    # the engine, not the widget, decides: the default ruling with power 3000 must not destroy
    explorer.select("faq-attack-3")
    explorer.set_param("power", 4000)
    assert not destroyed(explorer.result)
    wrong = bf.ruling("faq-attack-3").model_copy(update={"id": "wrong", "expect": (
        {"event": "destroy", "clause": "BF-6.7"},)})
    ex = RulingExplorer(bf, rulings=[wrong])
    assert ex.result.ok
    ex.set_param("power", 4000)
    assert not ex.result.ok and "ttr-fail" in text(ex.outcome) and "no 'destroy' event" in text(ex.outcome)


def test_every_ruling_selects_and_runs_ok_at_defaults(bf, explorer):
    for r in bf.rulings:
        explorer.dropdown.value = r.id                # as the reader picks it
        assert explorer.current is r, r.id
        assert explorer.result.ok, (r.id, explorer.result.detail)
        assert explorer.result.params == {k: p.default for k, p in r.params.items()}
        assert "ttr-ok" in text(explorer.outcome) and "ttr-fail" not in text(explorer.outcome), r.id
        assert set(explorer.sliders) == set(r.params)
        assert explorer.error.value == "" and "ttr-error" not in text(explorer.position), r.id


def test_question_answer_clauses_and_source(bf, explorer):
    r = bf.ruling("faq-attack-4")
    explorer.select(r.id)
    info = text(explorer.info)
    assert r.question.en in info and r.answer.en in info and r.source in info
    for cid in r.clauses:
        c = bf.rules.clause(cid)
        assert f"[{cid} {c.title.en}]" in info and c.text.en in info


def test_events_of_the_run_cite_clauses(bf, explorer):
    explorer.select("faq-attack-3")
    assert explorer.result.events
    for e in explorer.result.events:
        if e.clause:
            assert f"[{e.clause} {bf.rules.clause(e.clause).title.en}]" in text(explorer.events)
    assert next(e.text for e in explorer.result.events if e.kind == "destroy") in text(explorer.events)


def test_run_button_runs_again(bf, explorer):
    explorer.select("faq-attack-3")
    first = explorer.result
    explorer.run_button.click()
    assert explorer.result is not first and explorer.result.ok


def test_a_broken_ruling_is_reported_not_raised(bf):
    good = bf.ruling("faq-attack-3")
    no_match = good.model_copy(update={"id": "broken-step", "steps": ({"do": {"kind": "no-such-move"}},)})
    crash = good.model_copy(update={"id": "broken-crash", "steps": ({"clause": "BF-6.7"},)})
    bad_scene = good.model_copy(update={"id": "broken-scene", "scenario": {"phase": "nowhere"}})
    ex = RulingExplorer(bf, rulings=[good, no_match, crash, bad_scene])
    ex.dropdown.value = "broken-step"
    assert not ex.result.ok and "ttr-fail" in text(ex.outcome) and "no-such-move" in text(ex.outcome)
    ex.dropdown.value = "broken-crash"
    assert not ex.result.ok and "ttr-error" in text(ex.outcome)
    assert ex.run().ok is False                       # run() reports too
    ex.dropdown.value = "broken-scene"
    assert not ex.result.ok and "ttr-error" in text(ex.outcome) and "ttr-error" in text(ex.position)
    ex.dropdown.value = good.id                       # still usable
    assert ex.current is good and ex.result.ok and "ttr-ok" in text(ex.outcome)


def test_errors_in_callbacks_are_shown(bf, explorer, monkeypatch):
    explorer.select("faq-attack-3")

    def boom(*a, **k):
        raise RuntimeError("slider exploded")

    monkeypatch.setattr(explorer, "_render_position", boom)
    explorer.sliders["power"].value = 2000            # no exception reaches the notebook
    assert "ttr-error" in text(explorer.error) and "slider exploded" in text(explorer.error)
    monkeypatch.undo()
    explorer.sliders["power"].value = 6000
    assert explorer.error.value == "" and explorer.result.params["power"] == 6000


def test_bad_names_and_values(explorer):
    explorer.select("faq-attack-3")
    with pytest.raises(KeyError, match="power, defense"):
        explorer.set_param("speed", 1)
    with pytest.raises(ValueError, match="between 1000 and 10000"):
        explorer.set_param("power", 99999)
    with pytest.raises(KeyError, match="no ruling"):
        explorer.select("no-such-ruling")
    assert explorer.current.id == "faq-attack-3"


def test_chinese_labels(bf):
    ex = RulingExplorer(bf, lang="zh")
    ex.select("faq-attack-3")
    r = ex.current
    assert ex.run_button.description == "运行" and ex.dropdown.description == "裁定"
    assert (f"{r.question.zh}［{r.id}］", r.id) in ex.dropdown.options
    assert bf.rules.clause("BF-6.7").title.zh in text(ex.info) and "问题" in text(ex.info)
    assert "与裁定一致" in text(ex.outcome) and "发生了：暴走食人魔被破坏" in words(ex.expected)
    ex.set_lang("en")
    assert ex.current is r and ex.dropdown.value == r.id and ex.run_button.description == "Run"
    assert (f"{r.question.en} [{r.id}]", r.id) in ex.dropdown.options
    assert bf.rules.clause("BF-6.7").title.en in text(ex.info) and "Matches the ruling" in text(ex.outcome)


def test_displays_as_a_widget(explorer):
    bundle = explorer._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.widget.model_id
