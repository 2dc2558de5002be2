"""Issue 16: the play table is safe to share (app mode), says what went wrong in a sentence next
to the control, and does not leak widgets."""
from __future__ import annotations

import gc
import json

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.core.records import MAX_BYTES
from tabletop_rules.notebook.table import PlayTable


def click_first(table):
    """Click the first listed action's button (or fire the first picker)."""
    for btn in table.panel.buttons.values():
        btn.click()
        return
    for picker in table.panel.pickers.values():
        picker.go.click()
        return
    table.bot_btn.click()


def live_widgets() -> int:
    from ipywidgets.widgets import widget as m

    registry = getattr(m, "_instances", None)
    if registry is None:                     # ipywidgets 7
        registry = m.Widget.widgets
    return len(registry)


def upload(table, content: bytes, name="g.json"):
    table.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                           "content": memoryview(content),
                           "last_modified": __import__("datetime").datetime(2026, 1, 1)},)


@pytest.mark.parametrize("game_id", ["buddyfight", "xianjian"])
def test_live_widgets_stay_flat_over_300_clicks(game_id):
    game = tr.load_game(game_id)
    table = PlayTable(game, seed=4, seats=["human"] + ["random"] * (game.player_counts[0] - 1))
    counts = []
    clicks = 0
    while clicks < 300:
        if table.state.is_over:
            table.new_btn.click()
        click_first(table)
        clicks += 1
        if clicks % 50 == 0:
            gc.collect()
            counts.append(live_widgets())
    # A panel has at most a few dozen widgets; without closing them it grew by ~22 per click.
    assert max(counts) - min(counts) < 150, counts


def test_app_mode_has_no_path_save_or_load(bf, tmp_path):
    table = PlayTable(bf, seed=1, app=True)
    files = table.tabs.children[2]
    shown = set()

    def walk(w):
        shown.add(id(w))
        for c in getattr(w, "children", ()):
            walk(c)
    walk(files)
    assert id(table.path_box) not in shown and id(table.save_btn) not in shown and id(table.load_btn) not in shown
    assert id(table.upload) in shown and id(table.download) in shown
    target = tmp_path / "x.json"
    table._safe_files(table.save, str(target))   # even called directly: refused, nothing written
    assert not target.exists() and "class='ttr-error'" in table.file_note.value
    table._safe_files(table.load, "/etc/passwd")
    assert "passwd" not in table.file_note.value and "class='ttr-error'" in table.file_note.value


def test_voila_is_detected_as_app_mode(bf, monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.8")
    assert PlayTable(bf, seed=1).app
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert not PlayTable(bf, seed=1).app


def test_a_save_never_replaces_a_file_without_a_second_press(bf, tmp_path):
    table = PlayTable(bf, seed=1)
    path = tmp_path / "mine.json"
    path.write_text("precious", encoding="utf-8")
    table.path_box.value = str(path)
    table.save_btn.click()
    assert path.read_text(encoding="utf-8") == "precious" and "already exists" in table.file_note.value
    table.save_btn.click()
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "buddyfight"
    assert "Saved to" in table.file_note.value
    click_first(table)                        # the next callback clears the stale note
    assert "Saved to" not in table.file_note.value


def test_default_file_names_are_unique_per_table(bf):
    assert PlayTable(bf, seed=1).path_box.value != PlayTable(bf, seed=1).path_box.value


def test_reads_are_size_capped(bf, tmp_path):
    table = PlayTable(bf, seed=1)
    before = table.state.record.to_json()
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 10))
    table.path_box.value = str(big)
    table.load_btn.click()
    assert "too large" in table.file_note.value and table.state.record.to_json() == before
    upload(table, b" " * (MAX_BYTES + 10))
    assert "too large" in table.file_note.value and table.state.record.to_json() == before


def test_errors_are_sentences_beside_the_file_controls(bf, tmp_path):
    table = PlayTable(bf, seed=1)
    table.path_box.value = str(tmp_path / "no-such-dir" / "x.json")
    table.save_btn.click()
    note = table.file_note.value
    assert "class='ttr-error'" in note and "cannot write" in note and "Traceback" not in note
    assert "class='ttr-error'" not in table.status.value
    table.path_box.value = str(tmp_path)     # a directory
    table.load_btn.click()
    assert "cannot read" in table.file_note.value and "Traceback" not in table.file_note.value


def test_uploading_the_same_file_twice_works_and_a_bom_is_fine(bf):
    table = PlayTable(bf, seed=1)
    click_first(table)
    rec = table.state.record.to_json()
    for content in (rec.encode("utf-8"), b"\xef\xbb\xbf" + rec.encode("utf-8"), rec.encode("utf-16")):
        table.new_btn.click()
        upload(table, content)
        assert table.state.record.to_json() == rec, table.file_note.value
        assert table.upload.value == ()
    upload(table, b"\x00\xff" * 10)
    assert "class='ttr-error'" in table.file_note.value and "Traceback" not in table.file_note.value


def test_a_double_click_on_an_action_shows_no_error(bf):
    table = PlayTable(bf, seed=3, seats=["human", "random"])
    for _ in range(20):
        if table.state.is_over:
            break
        btns = list(table.panel.buttons.values())
        if not btns:
            click_first(table)
            continue
        btn = btns[0]
        btn.click()
        n = len(table.state.record.actions)
        btn.click()                           # the second click of a double click
        assert not table.error.value, table.error.value
        assert len(table.state.record.actions) == n


@pytest.mark.parametrize("text", ["3.7", "-5", "abc", "", "99999999999", "1e3", "٣"])
def test_a_bad_seed_is_refused_with_a_sentence(bf, text):
    table = PlayTable(bf, seed=2)
    before = table.state.record.to_json()
    table.seed_box.value = text
    table.new_btn.click()
    assert "whole number" in table.status.value and table.state.record.to_json() == before


def test_a_good_seed_with_spaces_is_read(bf):
    table = PlayTable(bf, seed=2)
    table.seed_box.value = " 17 "
    table.new_btn.click()
    assert table.state.seed == 17 and table.seed_box.value == "17"
