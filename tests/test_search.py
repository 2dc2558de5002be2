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
    assert lines[0].split() == ["ruling", "source", "result", "question"]
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
    # A file that cannot be read at all is a bad command line (exit 2), as for every file a user names
    # (issue 33); a file read whose rulings are broken stays exit 1.
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(tmp_path / "none.yaml"))
    assert code == 2 and "no such file" in err


def test_ruling_file_is_safe_yaml_only(tmp_path):
    p = tmp_path / "evil.yaml"
    p.write_text("rulings: !!python/object/apply:os.system ['echo hacked']\n", encoding="utf-8")
    with pytest.raises(DataError, match="broken YAML"):
        load_ruling_file(p, tr.load_game("buddyfight"))


# ----- search ----------------------------------------------------------------------------------------
from tabletop_rules.core.search import norm, query_lang, search  # noqa: E402

# (query, the hit expected first: kind, id), per game, in English, Chinese and (where the game
# has it) Japanese; searched in that game and over every game.
QUERIES = {
    "buddyfight": [
        ("soulguard", "term", "soulguard"), ("灵魂护卫", "term", "soulguard"), ("ソウルガード", "term", "soulguard"),
        ("Penetrate", "term", "penetrate"), ("贯通", "term", "penetrate"), ("BF-6.7", "clause", "BF-6.7"),
        ("bf-6.7", "clause", "BF-6.7"), ("link attack", "term", "link-attack"), ("连携攻击", "term", "link-attack"),
        ("Destroying the defender", "clause", "BF-6.7"), ("战斗破坏", "clause", "BF-6.7"),
        ("attack phase", "term", "attack-phase"), ("アタックフェイズ", "term", "attack-phase"),
        ("faq-setup-1", "ruling", "faq-setup-1"), ("buddy zone", "term", "buddy-area"),
    ],
    "blood-recall-duel": [
        ("vessel", "term", "vessel"), ("人器卡", "term", "vessel"), ("Blood Covenant token", "term", "blood-covenant"),
        ("血之盟約", "term", "blood-covenant"), ("血の盟約", "term", "blood-covenant"),
        ("BRD-1.9", "clause", "BRD-1.9"),
        ("Recall piles", "clause", "BRD-1.9"), ("回想卡堆", "clause", "BRD-1.9"), ("lineage", "term", "lineage"),
        ("血繼", "term", "lineage"), ("faq-ongoing", "ruling", "faq-ongoing"),
    ],
    "blood-recall-story": [
        ("Mythic Madness", "term", "mythic-madness"), ("神話的狂氣", "term", "mythic-madness"),
        ("magic attack", "term", "magic-attack"), ("魔攻", "term", "magic-attack"), ("BRS-7.2", "clause", "BRS-7.2"),
        ("Defeat", "clause", "BRS-7.2"), ("難易度", "term", "difficulty"), ("example-chant", "ruling", "example-chant"),
    ],
    "xianjian": [
        ("war card", "term", "war-card"), ("战牌", "term", "war-card"), ("hand limit", "term", "hand-limit"),
        ("手牌上限", "term", "hand-limit"), ("XJ-6.3", "clause", "XJ-6.3"), ("Conceding", "clause", "XJ-6.3"),
        ("认输", "term", "concede"), ("典当", "term", "pawn"), ("Pawning", "clause", "XJ-7.6"),
        ("hp-ceiling", "ruling", "hp-ceiling"), ("五彩霞衣复活", "clause", "XJ-5.5"),
    ],
}
CASES = [(g, *q) for g, qs in QUERIES.items() if g in tr.list_games() for q in qs]


@pytest.mark.parametrize("game_id, query, kind, hid", CASES)
def test_search_ranks_the_expected_hit_first(game_id, query, kind, hid):
    game = tr.load_game(game_id)
    hits = search(query, [game])
    assert hits and hits[0].opens == (game_id, kind, hid), [h.opens for h in hits[:5]]
    assert hits[0].rank <= 1
    opened = hits[0].open(game)
    assert opened.id == hid


@pytest.mark.parametrize("game_id, query, kind, hid", CASES)
def test_search_over_every_game_finds_it_among_the_exact_hits(game_id, query, kind, hid):
    hits = search(query, limit=None)
    exact = [h.opens for h in hits if h.rank == hits[0].rank]
    assert (game_id, kind, hid) in exact, [h.opens for h in hits[:6]]


def test_exact_term_before_prefix_before_substring_and_attack_before_item():
    bf = tr.load_game("buddyfight")
    hits = search("attack", [bf], limit=None)
    assert hits[0].opens == ("buddyfight", "term", "attack")
    ranks = [h.rank for h in hits]
    assert ranks == sorted(ranks)
    ids = [h.id for h in hits]
    assert ids.index("attack") < ids.index("attack-phase")              # exact before prefix
    assert ids.index("attack-phase") < ids.index("link-attack")         # prefix before a later word
    item = search("item", [bf], limit=None)
    assert item[0].opens == ("buddyfight", "term", "item")
    # the term attack is an exact hit for "attack"; the term item only mentions attacks in its note
    assert all(h.id != "item" or h.rank > 1 for h in hits)


def test_clause_id_prefix_lists_the_clauses_in_order():
    hits = search("BF-6.", [tr.load_game("buddyfight")], kinds=["clause"], limit=None)
    assert [h.id for h in hits][:3] == ["BF-6.1", "BF-6.2", "BF-6.3"]
    assert all(h.rank == 1 for h in hits if h.id.startswith("BF-6."))


def test_lang_option_and_shown_language():
    bf = tr.load_game("buddyfight")
    assert search("灵魂护卫", [bf])[0].title.startswith("灵魂护卫")
    assert search("soulguard", [bf])[0].title.startswith("soulguard")
    assert search("soulguard", [bf], lang="ja")[0].title.startswith("ソウルガード")   # matched by id
    assert not [h for h in search("灵魂护卫", [bf], lang="en")]
    assert query_lang("ソウル") == "ja" and query_lang("灵魂") == "zh" and query_lang("soul") == "en"
    assert norm("ＳＯＵＬ") == "soul"
    with pytest.raises(ValueError, match="lang"):
        search("x", [bf], lang="fr")
    with pytest.raises(ValueError, match="kinds"):
        search("x", [bf], kinds=["card"])
    assert search("   ", [bf]) == []


def test_several_words_anywhere_in_a_text():
    hits = search("two Penetrate link", [tr.load_game("buddyfight")], limit=None)
    assert hits and all(h.rank == 6 for h in hits)


def test_cli_search(capsys):
    code, out, _ = run(capsys, "search", "soulguard")
    lines = out.strip().splitlines()
    assert code == 0 and lines[2].split()[:3] == ["buddyfight", "term", "soulguard"]
    code, out, _ = run(capsys, "search", "灵魂护卫", "--game", "buddyfight", "--lang", "zh")
    assert code == 0 and out.splitlines()[2].split()[:3] == ["buddyfight", "term", "soulguard"]
    code, out, _ = run(capsys, "search", "zzzqqq")
    assert code == 1 and "nothing matches" in out
    code, _, err = run(capsys, "search", "x", "--game", "nope")
    assert code == 2 and "unknown game" in err


def test_search_widget_types_opens_and_switches_language():
    from tabletop_rules.notebook.search import RulesSearch

    box = RulesSearch()
    hits = box.search("灵魂护卫")
    assert hits[0].opens == ("buddyfight", "term", "soulguard")
    assert box.buttons and "hit" in box.count.value or "条" in box.count.value
    box.buttons[1].click()                         # the clause
    assert box.opened == hits[1] and "BF-9.3" in box.detail.value and box.error.value == ""
    box.set_lang("zh")
    assert "灵魂护卫" in box.detail.value
    box.box.value = "faq-setup-1"                  # typing searches
    assert box.hits[0].opens == ("buddyfight", "ruling", "faq-setup-1")
    ruling = box.open(0)
    assert ruling.id == "faq-setup-1" and "BF-2.3" in box.detail.value
    box.game_pick.value = "xianjian"
    assert not box.hits and box.count.value


@pytest.mark.parametrize("query, opens", [
    ("血之盟约", ("blood-recall-duel", "term", "blood-covenant")),     # simplified finds traditional
    ("觉醒侧", ("blood-recall-duel", "term", "awakened-side")),
    ("攻撃", ("buddyfight", "term", "attack")),                         # the Japanese form too
])
def test_traditional_simplified_and_japanese_forms_match(query, opens):
    games = [tr.load_game(g) for g in (opens[0],)]
    assert search(query, games)[0].opens == opens
    assert norm("血之盟約") == norm("血之盟约")
