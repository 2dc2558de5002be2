"""Plain data models (core/schema.py) and the cache of validated entries (core/datafile.py).

What a game loads from its files must be the same objects whether pydantic validated them just
now or they were read back from the cache; errors must stay pydantic's, naming file, entry and
field; and a warm cache must spare a fresh process pydantic and YAML (issue 15: load_game)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import tabletop_rules as tr
from tabletop_rules.core import datafile, schema
from tabletop_rules.core.cards import Name
from tabletop_rules.core.rulebook import Text

GAMES = tr.list_games()        # found, not listed: a new game is checked too (issue 37)


def _fresh(game_id, monkeypatch, cache):
    """The game built again from its files (not tr.load_game's per-process copy)."""
    monkeypatch.setenv("TABLETOP_RULES_CACHE", cache)
    return tr.game_loader(game_id)()


def _data(game):
    return {"cards": game.cards, "decks": game.decks, "clauses": game.rules.clauses,
            "terms": list(game.glossary), "nodes": game.flow.nodes, "edges": game.flow.edges}


def _types(x):
    """Every class in a loaded value, nested (a plain Text must not come back as a dict)."""
    out = [type(x).__name__]
    if isinstance(x, schema.Strict):
        for f in x._fields:
            out += _types(getattr(x, f))
    elif isinstance(x, list | tuple):
        for v in x:
            out += _types(v)
    elif isinstance(x, dict):
        for v in x.values():
            out += _types(v)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_cached_entries_are_the_objects_validation_makes(game_id, monkeypatch, tmp_path):
    validated = _data(_fresh(game_id, monkeypatch, "off"))
    written = _data(_fresh(game_id, monkeypatch, str(tmp_path)))        # validated, then cached
    assert list(tmp_path.glob("valid-*.json")), "nothing was cached"
    monkeypatch.setattr(schema, "twin", lambda cls: pytest.fail(f"{cls.__name__} validated although cached"))
    cached = _data(_fresh(game_id, monkeypatch, str(tmp_path)))
    for part in validated:
        assert cached[part] == validated[part] == written[part], part
        assert _types(cached[part]) == _types(validated[part]), part


def test_plain_objects_are_frozen_equal_by_fields_and_shared_by_clones():
    import copy

    a = Name.model_validate({"en": "Drum", "zh": "鼓"})
    b = Name.model_validate({"en": "Drum", "zh": "鼓"})
    assert a == b and hash(a) == hash(b) and a != Name.model_validate({"en": "Drum"})
    with pytest.raises(TypeError, match="frozen"):
        a.en = "x"
    assert copy.deepcopy(a) is a
    assert a.model_dump() == {"en": "Drum", "zh": "鼓", "ja": None}
    assert a.model_dump(exclude_none=True) == {"en": "Drum", "zh": "鼓"}


def test_errors_are_pydantics_naming_the_field(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(tmp_path))
    with pytest.raises(datafile.DataError, match=r"x\.yaml, term 't', field 'zh': Field required"):
        from tabletop_rules.core.rulebook import Term

        datafile.validate(Term, {"id": "t", "en": "t", "source_en": "s"}, tmp_path / "x.yaml", "term 't'")
    with pytest.raises(datafile.DataError, match="field 'en': Value error, must not be empty"):
        datafile.validate(Text, {"en": "  "}, "f.yaml", "clause 'c'")
    with pytest.raises(datafile.DataError, match="field 'colour': unknown field"):
        datafile.validate(Text, {"en": "a", "colour": 1}, "f.yaml")


def test_a_condition_of_conditions_validates_and_dumps_by_alias():
    from tabletop_rules.games.vividz.conditions import Cond

    spec = {"all": [{"count": "hand", "ge": 1}, {"not": {"count": "energy", "le": 2}}]}
    c = Cond.model_validate(spec)
    assert isinstance(c.all_[1].not_, Cond) and c.all_[1].not_.le == 2
    assert c.model_dump(mode="json", by_alias=True, exclude_none=True) == spec
    with pytest.raises(ValueError, match="exactly one of"):
        Cond.model_validate({"all": [{"count": "hand", "ge": 1}], "count": "hand", "ge": 1})


def _forget(monkeypatch):
    """As a new process: no cache file read yet."""
    monkeypatch.setattr(datafile, "_BOOKS", {})
    monkeypatch.setattr(datafile, "_BOOK_OF", {})


def _one_book(tmp_path):
    (book,) = tmp_path.glob("valid-*.json")
    return book


def test_a_tampered_or_foreign_cache_entry_is_validated_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(tmp_path))
    _forget(monkeypatch)
    f = tmp_path / "x.yaml"
    f.write_text("en: hello\nzh: 你好\n", encoding="utf-8")
    first = datafile.validate(Text, datafile.read_yaml(f), f)
    datafile.flush()
    book = _one_book(tmp_path)
    got = json.loads(book.read_text(encoding="utf-8"))
    (key,) = got["entries"]
    orig = got["entries"][key]
    assert orig["data"] == {"en": "hello", "zh": "你好"}
    for junk in ({"$c": "os.system", "v": {"command": "rm -rf /"}},
                 {"$c": "tabletop_rules.core.rulebook.Text", "v": {"en": "x"}},     # a field missing
                 "not an object", {"$c": "tabletop_rules.core.rulebook.Text", "v": []}):
        got["entries"][key] = {**orig, "obj": junk}
        book.write_text(json.dumps(got), encoding="utf-8")
        _forget(monkeypatch)
        again = datafile.validate(Text, datafile.read_yaml(f), f)
        assert again == first and type(again) is Text, junk
    got["entries"][key] = {"data": {"en": "other"}, "obj": orig["obj"]}     # made of other data
    book.write_text(json.dumps(got), encoding="utf-8")
    _forget(monkeypatch)
    assert datafile.validate(Text, datafile.read_yaml(f), f) == first
    for junk in ("{broken", json.dumps({"format": "other", "entries": {}}), json.dumps(dict(got, code="old"))):
        book.write_text(junk, encoding="utf-8")
        _forget(monkeypatch)
        assert datafile.validate(Text, datafile.read_yaml(f), f) == first


def test_a_changed_entry_is_checked_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(tmp_path))
    f = tmp_path / "x.yaml"
    f.write_text("en: hello\n", encoding="utf-8")
    datafile.validate(Text, datafile.read_yaml(f), f)
    datafile.flush()
    f.write_text("en: ''\n", encoding="utf-8")
    with pytest.raises(datafile.DataError, match="must not be empty"):
        datafile.validate(Text, datafile.read_yaml(f), f)


def test_a_warm_cache_loads_every_game_without_pydantic_or_yaml(tmp_path):
    """Its rulings too (``tabletop-rules rules`` lists those of a clause)."""
    code = ("import sys, tabletop_rules as tr\n"
            f"for g in {GAMES!r}: assert tr.load_game(g).rulings\n"
            "print(sorted(m for m in ('pydantic', 'yaml') if m in sys.modules))")
    env = dict(os.environ, TABLETOP_RULES_CACHE=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
            for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["['pydantic', 'yaml']", "[]"], runs[-1].stderr[-800:]


def test_validated_entries_belong_to_the_code_that_made_them(monkeypatch):
    """A changed Python file (its time or size) is other code: its entries are not reused."""
    monkeypatch.setattr(datafile, "_CODE", [])
    first = datafile.code_hash()
    monkeypatch.setattr(datafile, "_CODE", [])
    assert datafile.code_hash() == first                     # the same files: the same code
    real = os.stat

    def touched(path, *a, **kw):
        st = real(path, *a, **kw)
        if str(path).endswith(os.path.join("core", "schema.py")):
            return os.stat_result((*st[:8], st.st_mtime + 1, st.st_ctime))
        return st

    monkeypatch.setattr(datafile.os, "stat", touched)
    monkeypatch.setattr(datafile, "_CODE", [])
    assert datafile.code_hash() != first


def test_number_keys_are_cached_and_come_back_as_numbers(tmp_path, monkeypatch):
    """A ruling's scenario keys its piles by number (``piles: {0: [...]}``): JSON alone would turn
    them into text, so they are kept in a tagged form and read back as they were."""
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(tmp_path))
    _forget(monkeypatch)
    f = tmp_path / "x.yaml"
    f.write_text("piles: {0: [a], 1: [b]}\nname: p\n", encoding="utf-8")
    first = datafile.read_yaml(f)
    assert first == {"piles": {0: ["a"], 1: ["b"]}, "name": "p"}
    assert len(list(tmp_path.glob("yaml-*.json"))) == 1
    monkeypatch.setattr(datafile, "_parse_yaml", lambda *a: pytest.fail("parsed although cached"))
    again = datafile.read_yaml(f)
    assert again == first and list(again["piles"]) == [0, 1]
    assert schema.decode(schema.encode({1: (2, "x"), None: [True]})) == {1: (2, "x"), None: [True]}
    with pytest.raises(schema.Unencodable):
        schema.encode({(1, 2): "a tuple key"})
