"""Issue 33, the position editor: whatever spec it is handed (set_spec), typed in its raw YAML box or
uploaded, it shows a refusal of the kit's one kind (a DataError naming the field) or a position
that plays; it never raises a widget's TraitError, an OverflowError or an IndexError, and no
number of ten million cards or YAML alias bomb costs memory."""
from __future__ import annotations

import functools
import tracemalloc

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402

from tabletop_rules.core.datafile import DataError  # noqa: E402
from tabletop_rules.notebook.editor import PositionEditor  # noqa: E402
from tests import hostile as H  # noqa: E402


@functools.cache
def editor(game_id):
    return PositionEditor(H.game_of(game_id))


@pytest.mark.parametrize("game_id", H.GAMES)
@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=hypothesis.strategies.data())
def test_set_spec_refuses_with_a_data_error_or_builds_a_position_that_plays(game_id, data):
    ed = editor(game_id)
    spec = data.draw(H.hostile_specs(game_id))
    state = ed.set_spec(spec)
    if state is None:
        assert isinstance(ed.refusal, DataError), repr(ed.refusal)[:300]
        assert len(str(ed.refusal)) < 2_000
    else:
        acts = state.legal_actions()
        if acts:
            state.apply(acts[0])


def test_the_raw_box_refuses_an_alias_bomb_and_the_upload_a_huge_file():
    ed = PositionEditor(H.game_of("buddyfight"))
    tracemalloc.start()
    ed.form.controls["options"].widget.value = "{a: &a [1, 2], b: *a}"
    assert "anchors and aliases" in ed.error.value
    ed.form.controls["options"].widget.value = H.alias_bomb(9, 10).replace("\n", ", ").join("{}")
    assert "anchors and aliases" in ed.error.value or "not YAML" in ed.error.value
    ed.upload.value = ({"name": "big.yaml", "type": "", "size": 3_000_000, "content": memoryview(b"x" * 3_000_000),
                        "last_modified": __import__("datetime").datetime(2026, 1, 1)},)
    assert "too large" in ed.error.value
    ed.upload.value = ({"name": "bomb.yaml", "type": "", "size": 10, "content": memoryview(
        (H.ruling_text("{}") + H.alias_bomb(9, 10)).encode("utf-16")), "last_modified": __import__("datetime").datetime(2026, 1, 1)},)
    assert "anchors and aliases" in ed.error.value
    assert tracemalloc.get_traced_memory()[1] < 100_000_000
    tracemalloc.stop()


@pytest.mark.parametrize("spec", [{"players": [{"deck": 10_000_000}]}, {"players": [{"hand": -10**40}]},
                                  {"turn": 10**5000}, {"players": [{"life": "x" * 100_000}]}, [1], None],
                         ids=["ten-million", "negative-40-digits", "5001-digits", "long-text", "list", "none"])
def test_set_spec_wrong_values_from_the_issue(spec):
    ed = PositionEditor(H.game_of("buddyfight"))
    assert ed.set_spec(spec) is None and isinstance(ed.refusal, DataError)
    assert len(str(ed.refusal)) < 300
