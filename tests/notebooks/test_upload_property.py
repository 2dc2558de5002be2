"""Issue 33.6: whatever a student uploads to a table app (any bytes, size, encoding or JSON shape), the
answer is one refusal sentence beside the file controls and the game in play is kept, or, for a real
record of this table's game, that game. Sizes and value counts are checked before anything is parsed."""
from __future__ import annotations

import datetime
import json
import re
import resource

import pytest

pytest.importorskip("ipywidgets")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_rules as tr
from tabletop_rules.core.records import FORMAT, MAX_ACTIONS
from tabletop_rules.notebook.table import RECORD_VALUES, PlayTable

BF = tr.load_game("buddyfight")


def upload(table, content: bytes, name: str = "g.json") -> None:
    table.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                           "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


def one_refusal(table, before: str) -> str:
    """The upload was refused with one sentence and changed nothing; the sentence, as text."""
    note = table.file_note.value
    assert note.count("class='ttr-error'") == 1, note[-400:]
    text = re.sub(r"<[^>]+>", "", note.split("class='ttr-error'>", 1)[1])
    assert "Traceback" not in text and "unexpected error" not in text, text
    assert len(text) < 600, text[:200]
    assert table.state.record.to_json() == before and table.upload.value == ()
    assert not table.error.value
    return text


@pytest.fixture(scope="module")
def table():
    t = PlayTable(BF, seed=5, seats=["human", "random"], app=True)
    for btn in list(t.panel.buttons.values())[:1]:
        btn.click()
    return t


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner, max_size=6),
    max_leaves=30)


@st.composite
def hostile_records(draw):
    """A record's shape with any part replaced by any JSON value, in any of several encodings."""
    rec = {"format": FORMAT, "game": "buddyfight", "seed": 5, "players": 2, "options": {},
           "actions": [{"kind": "x", "player": 0, "args": {}}]}
    key = draw(st.sampled_from([*rec, "extra"]))
    rec[key] = draw(json_values)
    text = json.dumps(rec, ensure_ascii=draw(st.booleans()), allow_nan=True)
    enc = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-32", "latin-1", "gb18030", "cp1252"]))
    try:
        return text.encode(enc)
    except UnicodeEncodeError:
        return text.encode("utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.one_of(st.binary(max_size=3000), hostile_records(),
                         json_values.map(lambda v: json.dumps(v).encode())),
       name=st.text(max_size=300))
def test_any_upload_is_one_sentence_and_keeps_the_game(table, content, name):
    before = table.state.record.to_json()
    upload(table, content, name or "x")
    if "class='ttr-error'" not in table.file_note.value:      # a record of this game after all: loaded
        assert "Loaded" in table.file_note.value and table.upload.value == ()
        assert table.state.record.to_json() == BF.replay(content).record.to_json()
        table.load_record(before)
        return
    one_refusal(table, before)


def test_a_real_record_still_loads(table):
    rec = table.state.record.to_json()
    table.new_btn.click()
    upload(table, rec.encode("utf-16"))
    assert table.state.record.to_json() == rec and "class='ttr-error'" not in table.file_note.value


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("kind", ["many-actions", "many-ints", "one-huge-string", "not-an-object"])
def test_a_big_upload_is_refused_before_it_is_parsed(table, kind):
    """19.9 MB (under the 20 MB cap) of what a parser would turn into millions of objects: refused by
    counting, before parsing (it took 450 MB to parse and then refuse)."""
    size = 19_900_000
    head = f'{{"format":"{FORMAT}","game":"buddyfight","seed":5,"players":2,"options":{{}},"actions":['
    if kind == "many-actions":
        one = '{"kind":"x","player":0,"args":{}},'
        body = (head + one * ((size - len(head)) // len(one))).rstrip(",") + "]}"
    elif kind == "many-ints":
        body = '{"a":[' + "1," * (size // 2 - 10) + "1]}"
    elif kind == "one-huge-string":
        body = '{"format":"' + "字" * (size // 3 - 10) + '"}'
    else:
        body = "[" + "0," * (size // 2 - 2) + "0]"
    content = body.encode()
    assert 19_000_000 < len(content) <= 20_000_000
    before, start = table.state.record.to_json(), peak_mb()
    upload(table, content)
    text = one_refusal(table, before)
    if kind != "one-huge-string":
        assert "not a game record" in text and (kind == "not-an-object" or f"{RECORD_VALUES:,}" in text)
    # the parse of a single 20 MB string is the most it costs (ru_maxrss: the process's peak so far)
    assert peak_mb() - start < 100


def test_over_the_cap_is_refused_by_its_size(table):
    before = table.state.record.to_json()
    upload(table, b"{" + b" " * 25_000_000 + b"}")
    assert "larger than 20 MB" in one_refusal(table, before)


def test_a_record_of_the_most_actions_is_not_refused_by_counting():
    actions = ",".join(['{"kind":"x","player":0,"args":{"a":1}}'] * MAX_ACTIONS)
    assert actions.count(",") + actions.count("{") < RECORD_VALUES
