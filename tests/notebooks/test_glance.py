"""Rules at a glance (notebook/glance.py, data/<game>/glance.yaml) and the rule table's anchors.

Every game's glance.yaml must hold the five sections in order, both languages and only clause ids
of the game's rule book (test_every_game_has_a_valid_glance: it fails for a game whose glance.yaml
is not written yet). The renderer itself is tested on small files made here.
"""
from __future__ import annotations

import re

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tabletop_rules.notebook import glance
from tabletop_rules.notebook.explain import rules_table

GOOD = """
sections:
  - id: aim
    lines:
      - {en: "Bring the other fighter to 0 life.", zh: "让对方的生命值降到 0。", clauses: [BF-1.4]}
  - id: table
    lines:
      - {en: "Three monster areas and an item.", zh: "三个怪兽区域和一个道具区。", clauses: [BF-3.1, BF-3.2]}
  - id: setup
    lines:
      - {en: "Six cards in hand, two in the gauge.", zh: "手牌六张，计量区两张。", clauses: [BF-3.4, BF-3.5]}
  - id: turn
    lines:
      - {en: "Start, main, attack, final.", zh: "开始、主要、攻击、最终。", clauses: [BF-3.8]}
  - id: limits
    lines:
      - {en: "At most four of a name.", zh: "同名卡至多四张。", clauses: [BF-2.3]}
"""


@pytest.fixture
def good(tmp_path):
    p = tmp_path / "glance.yaml"
    p.write_text(GOOD, encoding="utf-8")
    return p


@pytest.mark.parametrize("gid", tr.list_games())
def test_every_game_has_a_valid_glance(gid):
    from chinese import english_in
    from test_translations import TRADITIONAL_ONLY

    game = tr.load_game(gid)
    g = glance.load_glance(game)            # raises DataError naming the fault (or the missing file)
    assert [s.id for s in g.sections] == list(glance.SECTIONS)
    for s in g.sections:
        for line in s.lines:
            assert line.en.strip() and line.zh.strip() and re.search(r"[\u4e00-\u9fff]", line.zh)
            assert not re.search(r"[\u4e00-\u9fff]", line.en), line.en
            assert english_in(game, line.zh) is None, line.zh                # Chinese, not English
            assert not set(line.zh) & TRADITIONAL_ONLY, line.zh               # in Simplified characters
            assert all(c in game.rules for c in line.clauses)
    html = glance.glance_html(game, "zh")
    assert html.count("<li>") == sum(len(s.lines) for s in g.sections)


def test_renderer_links_each_clause_to_the_rule_table(bf, good):
    html = glance.glance_html(bf, "en", path=good)
    assert "Rules at a glance" in html
    heads = re.findall(r"<h4>(.*?)</h4>", html)
    assert heads == ["Aim: how to win and how to lose", "The table", "Setup", "A turn, in order",
                     "Limits: hand, deck and per turn"]
    links = re.findall(r"href='#(clause-[^']+)'", html)
    assert links == ["clause-BF-1.4", "clause-BF-3.1", "clause-BF-3.2", "clause-BF-3.4", "clause-BF-3.5",
                     "clause-BF-3.8", "clause-BF-2.3"]
    table = rules_table(bf, "en").data                  # every link lands on a row of the rule table
    for a in links:
        assert f"<tr id='{a}'>" in table


def test_renderer_in_chinese(bf, good):
    html = glance.glance_html(bf, "zh", path=good)
    assert "规则一览" in html and "让对方的生命值降到 0。" in html and "Bring" not in html
    assert "一个回合的顺序" in html


@pytest.mark.parametrize("change, field", [
    (lambda s: s.replace("clauses: [BF-1.4]", "clauses: [BF-99.1]"), "lines.0.clauses"),
    (lambda s: s.replace("  - id: limits", "  - id: limit"), "sections"),
    (lambda s: s.replace('zh: "同名卡至多四张。", ', ""), "sections.4.lines.0.zh"),
    (lambda s: s.replace("clauses: [BF-3.8]", "clauses: []"), "sections.3.lines.0.clauses"),
])
def test_a_broken_glance_names_file_entry_and_field(bf, tmp_path, change, field):
    p = tmp_path / "glance.yaml"
    p.write_text(change(GOOD), encoding="utf-8")
    with pytest.raises(DataError) as err:
        glance.load_glance(bf, p)
    assert str(p) in str(err.value) and err.value.field == field, str(err.value)


def test_a_missing_section_is_refused(bf, tmp_path):
    p = tmp_path / "glance.yaml"
    p.write_text(GOOD.split("  - id: limits")[0], encoding="utf-8")
    with pytest.raises(DataError, match="sections"):
        glance.load_glance(bf, p)


def test_rules_table_rows_carry_unique_anchors():
    for gid in ("buddyfight", "xianjian"):
        game = tr.load_game(gid)
        ids = re.findall(r"<tr id='([^']+)'>", rules_table(game, "zh").data)
        assert ids == [glance.anchor(c.id) for c in game.rules] and len(set(ids)) == len(ids)
