"""GlossaryTable widget (``tabletop_rules.notebook.glossary``), driven in plain Python without a kernel."""
from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from tabletop_rules.notebook.glossary import GlossaryTable


def headings(table) -> list[str]:
    return [html.unescape(h) for h in re.findall(r"<th>(.*?)</th>", table.table.value)]


def rows(table) -> list[list[str]]:
    body = table.table.value.split("<tbody>", 1)[1]
    return [[html.unescape(re.sub(r"<[^>]+>", " ", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
            for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]


@pytest.fixture
def table(bf):
    return GlossaryTable(bf)


def test_empty_search_shows_every_term(bf, table):
    n = len(bf.glossary)
    assert table.shown == list(bf.glossary) and len(rows(table)) == n > 30
    assert table.count.value == f"{n} of {n} terms"
    assert [r[0] for r in rows(table)] == [term.en for term in bf.glossary]


def test_search_soul_in_chinese_finds_soulguard(bf, table):
    found = table.search("灵魂")
    assert found is table.shown
    ids = {term.id for term in found}
    assert {"soul", "soulguard"} <= ids
    assert all("灵魂" in " ".join(filter(None, (term.zh, term.ja, term.en, term.note))) for term in found)
    assert 0 < len(found) < len(bf.glossary)
    assert table.count.value == f"{len(found)} of {len(bf.glossary)} terms"
    assert len(rows(table)) == len(found)
    assert any(r[1] == "灵魂护卫" and r[0] == "soulguard" and r[2] == "ソウルガード" for r in rows(table))
    assert table.box.value == "灵魂"


def test_search_penetrate_finds_its_chinese_word(bf, table):
    table.search("penetrate")
    assert "penetrate" in {term.id for term in table.shown}
    assert any(r[:3] == ["penetrate", "贯通", "貫通"] for r in rows(table))


def test_typing_in_the_box_searches(bf, table):
    table.box.value = "ソウル"
    assert {term.id for term in table.shown} >= {"soul", "soulguard"}
    assert all("ソウル" in (term.ja or "") or "ソウル" in term.note for term in table.shown)
    table.box.value = "  "
    assert len(table.shown) == len(bf.glossary)
    table.box.value = "no-such-term-xyz"
    assert table.shown == [] and rows(table) == [] and table.count.value == f"0 of {len(bf.glossary)} terms"


def test_search_matches_notes_too(bf, table):
    table.search("Resting Together")
    assert [t.en for t in table.shown] == ["link attack"]       # found by its note, case ignored
    assert "连携攻击" in rows(table)[0]


def test_language_switch_changes_headings_and_order(bf, table):
    assert headings(table)[0] == "English" and headings(table)[1].startswith("Chinese")
    table.search("penetrate")
    table.set_lang("zh")
    assert headings(table)[:2] == ["中文", "日语 日本語"] and headings(table)[3] == "说明"
    assert any(r[:3] == ["贯通", "貫通", "penetrate"] for r in rows(table))
    assert table.count.value == f"共 {len(bf.glossary)} 个术语，显示 {len(table.shown)} 个"
    assert table.box.description == "搜索" and table.box.value == "penetrate"
    table.set_lang("en")
    assert headings(table)[0] == "English" and table.box.description == "Search"
    with pytest.raises(ValueError, match="unknown language"):
        table.set_lang("ja")


def test_terms_cite_the_clauses_that_use_them(bf):
    table = GlossaryTable(bf, lang="zh")
    table.search("soulguard")
    users = [c.id for c in bf.rules if "soulguard" in c.terms]
    assert users
    row = next(r for r in rows(table) if r[0] == "灵魂护卫")
    assert all(cid in row[3] for cid in users)


def test_errors_in_the_callback_are_shown(bf, table, monkeypatch):
    def boom(text):
        raise RuntimeError("search exploded")

    monkeypatch.setattr(bf.glossary, "search", boom, raising=False)
    before = list(table.shown)
    table.box.value = "soul"                           # no exception reaches the notebook
    assert "class='ttr-error'" in table.error.value and "search exploded" in table.error.value
    assert table.shown == before
    monkeypatch.undo()
    table.box.value = "灵魂护卫"
    # the keyword first; a term whose note names it (soul: 供【灵魂护卫】使用) may follow
    assert table.error.value == "" and [t.id for t in table.shown][0] == "soulguard"


def test_displays_as_a_widget(table):
    bundle = table._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == table.widget.model_id


def test_every_widget_has_a_language_switch(bf):
    from tabletop_rules.notebook.glossary import GlossaryTable
    from tabletop_rules.notebook.rulings import RulingExplorer
    from tabletop_rules.notebook.walkthrough import Walkthrough

    for w in (GlossaryTable(bf), RulingExplorer(bf), Walkthrough(bf, seed=1)):
        assert w.lang == "en"
        w.lang_btns.value = "zh"
        assert w.lang == "zh"
        w.set_lang("en")
        assert w.lang_btns.value == "en"


def test_search_ranks_exact_then_prefix_matches_first(bf, table):
    found = [t.id for t in table.search("attack")]
    assert found[0] == "attack" and found.index("attack-phase") < found.index("item")
    assert rows(table)[0][0] == "attack"
    found = [t.id for t in table.search("soul")]
    assert found[0] == "soul" and found[1] == "soulguard"


def test_key_terms_first_and_the_full_glossary_folded(bf, table):
    assert table.widget.children[1] is table.key_table and table.fold.selected_index is None
    key = table.key_terms()
    assert 5 <= len(key) <= 12 and all(t in list(bf.glossary) for t in key)
    assert "Key terms" in table.key_table.value and "attack" in table.key_table.value
    assert table.fold.get_title(0) == f"Full glossary ({len(bf.glossary)} terms, searchable)"
    table.set_lang("zh")
    assert "关键术语" in table.key_table.value and "完整术语表" in table.fold.get_title(0)


def test_a_game_with_no_japanese_edition_says_so():
    import tabletop_rules as tr

    xj = GlossaryTable(tr.load_game("xianjian"))
    assert not xj.has_ja and "no Japanese edition" in xj.table.value and "no Japanese edition" in xj.key_table.value
    assert not any("Japanese" in h or "日本語" in h for h in headings(xj))
    br = GlossaryTable(tr.load_game("blood-recall-duel"))      # a partly Japanese glossary: no empty cell
    assert br.has_ja and "<td></td>" not in br.table.value and "—" in br.table.value


def test_the_rule_books_own_form_stands_beside_the_simplified_word():
    # issue 34: glossary zh is Simplified (every screen); the translation's Traditional form (zh_book)
    # shows only in the glossary table's "the rule book writes" column, and only where a game has one
    import tabletop_rules as tr

    br = GlossaryTable(tr.load_game("blood-recall-duel"), lang="zh")
    assert headings(br)[:2] == ["中文", "规则书原文写法"]
    pool = next(r for r in rows(br) if r[0] == "血池区域")
    assert pool[1] == "血池區域"
    assert "血池區域" not in br.key_table.value
    vv = GlossaryTable(tr.load_game("vividz"), lang="zh")        # a Simplified rule book: no such column
    assert "规则书原文写法" not in headings(vv) and headings(vv)[0] == "中文"
