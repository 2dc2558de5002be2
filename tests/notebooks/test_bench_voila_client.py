"""benchmarks/_voila_client.py (issue 40.3): the light client that plays a class's students reads the
table from the widgets' states as the page does, clicks only what the page shows enabled, and its
click message is the one ipywidgets' Button answers."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.notebook.table import PlayTable

ROOT = Path(__file__).resolve().parents[2]


def _client():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("bench_voila_client", ROOT / "benchmarks" / "_voila_client.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def states(table):
    """Every live widget's state as the kernel sends it (``update_states``): refs as IPY_MODEL_<id>."""
    from ipywidgets.widgets import widget as _widget

    return {mid: w.get_state() for mid, w in list(_widget._instances.items())}


def seen_by_client(C, table):
    s = C.Student("http://127.0.0.1:1", "app")
    s.models, s.roots = states(table), ["0" * 32, table.widget.model_id]   # the page names other outputs too
    return s


def test_the_client_clicks_only_the_enabled_action_buttons_the_table_shows():
    C = _client()
    table = PlayTable(tr.load_game("vividz"), seed=3, seats=["human", "ismc"], graph=False, app=False)
    s = seen_by_client(C, table)
    shown = {b.model_id for b in table.panel.buttons.values() if not b.disabled}
    assert shown and set(s.controls()) == shown
    assert not s.over() and not s.marked("ttr-error")      # the style sheet names the classes: not a banner
    # its click message, handled as the kernel handles it, takes the button's action
    before = len(table.state.record.actions)
    button = next(b for b in table.panel.buttons.values() if b.model_id == s.controls()[0])
    button._handle_msg({"content": {"data": C.CLICK}, "buffers": []})
    assert len(table.state.record.actions) > before


def test_the_client_sees_a_game_end():
    C = _client()
    table = PlayTable(tr.load_game("vividz"), seed=5, seats=["human", "random"], graph=False, app=False)
    bot = RandomBot(seed=1)
    while not table.state.is_over:
        table.state.apply(bot.choose(table.state))
    table.refresh()
    s = seen_by_client(C, table)
    assert s.over() and not s.controls()


def test_a_hot_seat_table_offers_its_reveal_button():
    C = _client()
    table = PlayTable(tr.load_game("xianjian"), seed=2, seats=["human", "human", "human", "human"],
                      graph=False, app=False)
    rng = random.Random(0)
    while not table.hidden_between_turns() and not table.state.is_over:
        table.apply(rng.choice(table.state.legal_actions()))
    s = seen_by_client(C, table)
    assert s.controls() == [table.reveal_btn.model_id]
