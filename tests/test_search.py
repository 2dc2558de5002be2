"""``check --file`` (a reader's own rulings file) and the one search over every game's rules."""
from __future__ import annotations

import pytest
import yaml

import tabletop_rules as tr
from tabletop_rules.cli import main
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.rulings import load_ruling_file


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----- check --file ----------------------------------------------------------------------------------
def _write(tmp_path, rulings, name="my-rulings.yaml"):
    p = tmp_path / name
    p.write_text(yaml.safe_dump({"rulings": rulings}, allow_unicode=True), encoding="utf-8")
    return p


def _shipped_as_file(tmp_path, game_id, n=3):
    """The first rulings of a game, dumped into a reader's file (source left out on purpose)."""
    game = tr.load_game(game_id)
    items = [r.model_dump(exclude_defaults=True, exclude={"source"}) for r in game.rulings[:n]]
    return game, _write(tmp_path, items)


@pytest.mark.parametrize("game_id", tr.list_games())
def test_check_file_prints_the_same_table_as_the_shipped_rulings(capsys, tmp_path, game_id):
    game, path = _shipped_as_file(tmp_path, game_id)
    code, out, err = run(capsys, "check", game_id, "--file", str(path))
    assert code == 0, out + err
    lines = out.strip().splitlines()
    assert lines[0].split() == ["ruling", "source", "result", "detail"]
    assert lines[-1] == "3 passed, 0 failed"
    for r in game.rulings[:3]:
        assert any(ln.split()[:3] == [r.id, "my-rulings.yaml", "ok"] for ln in lines), out


def test_check_file_only_some_rulings(capsys, tmp_path):
    game, path = _shipped_as_file(tmp_path, "buddyfight")
    rid = game.rulings[1].id
    code, out, _ = run(capsys, "check", "buddyfight", rid, "--file", str(path))
    assert code == 0 and out.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_check_file_a_wrong_expectation_fails(capsys, tmp_path):
    game, _ = _shipped_as_file(tmp_path, "buddyfight", 1)
    item = game.rulings[0].model_dump(exclude_defaults=True)
    item["expect"] = [{"over": True}]
    path = _write(tmp_path, [item])
    code, out, _ = run(capsys, "check", "buddyfight", "--file", str(path))
    assert code == 1 and "FAIL" in out and "0 passed, 1 failed" in out


@pytest.mark.parametrize("ruling, field", [
    ({"question": {"en": "?"}, "answer": {"en": "!"}, "clauses": [], "scenario": {}, "expect": []}, "id"),
    ({"id": "mine", "question": {"en": "?"}, "answer": {"en": "!"}, "clauses": ["BF-99.9"],
      "scenario": {}, "expect": []}, "clauses"),
    ({"id": "mine", "question": {"en": "?"}, "answer": {"en": "!"}, "clauses": [],
      "scenario": {"players": [{"hand": ["no-such-card"]}]}, "expect": []}, "scenario.players.0.hand"),
    ({"id": "mine", "question": {"en": "?"}, "answer": {"en": "!"}, "clauses": [],
      "scenario": {"phsae": "main.actions"}, "expect": []}, "phsae"),
    ({"id": "mine", "question": {"en": "?"}, "answer": {"en": "!"}, "clauses": [],
      "scenario": {}, "steps": [{"dо": {}}], "expect": []}, "steps.0"),
    ({"id": "mine", "question": {"en": "?"}, "answer": {"en": "!"}, "clauses": [],
      "scenario": {}, "expect": [{"pth": "x"}]}, "expect.0"),
])
def test_check_file_broken_names_the_ruling_and_the_field(capsys, tmp_path, ruling, field):
    path = _write(tmp_path, [ruling])
    code, out, err = run(capsys, "check", "buddyfight", "--file", str(path))
    assert code == 1 and out == ""
    line = err.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert "my-rulings.yaml" in line and field in line
    if "id" in ruling:
        assert "ruling 'mine'" in line


def test_check_file_broken_yaml_and_missing_file(capsys, tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("rulings: [ {id: x, \n", encoding="utf-8")
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(p))
    assert code == 1 and "broken YAML" in err and "line" in err
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(tmp_path / "none.yaml"))
    assert code == 1 and "file not found" in err


def test_ruling_file_is_safe_yaml_only(tmp_path):
    p = tmp_path / "evil.yaml"
    p.write_text("rulings: !!python/object/apply:os.system ['echo hacked']\n", encoding="utf-8")
    with pytest.raises(DataError, match="broken YAML"):
        load_ruling_file(p, tr.load_game("buddyfight"))
