"""The Blood Recall data: complete (the components the issue lists), honest (invented values are
marked demo, facts cite a source) and written in our own words; both modes share the cards."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from br_games import game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from chinese import traditional_in

DUEL, STORY = game("duel"), game("story")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "000_7c39e28f1c558632.txt"
JA_FACTS = {"vessel": "人器", "blood-recaller": "血廻想起者", "blood-recall": "ブラッドリコール",
            "covenant-area": "契告書", "recall": "想起", "art-card": "アーツカード", "recall-points": "血廻",
            "lineage": "血継", "self-harm": "自傷", "awakening": "覚醒", "blood-battle": "血戦フェイズ",
            "blood-covenant": "血の盟約", "ongoing": "継続", "free-enhancement": "追憶強化"}


def by_type(g, t):
    return [g.cards[c] for c in g.tables.by_type.get(t, [])]


def test_six_vessels_with_both_sides():
    vessels = by_type(DUEL, "vessel")
    assert {v.name.ja for v in vessels} == {"シラガネ", "アポイタカラ", "トツカマヂチ", "ヒヒイロガネ", "ニライカナイ",
                                            "クトネシリカ"}
    for v in vessels:
        assert v.source and v.demo, v.id                     # the name is a fact, the numbers are demo
        assert v.era and v.front.hand and v.awakened.hand and v.front.effect and v.awakened.effect
        assert (v.awakened.self_harm, v.awakened.lineage) >= (v.front.self_harm, v.front.lineage)


def test_recallers_for_every_crest():
    for crest in DUEL.tables.crests:
        assert DUEL.tables.recallers_of.get(crest), crest
    assert any(c.ongoing for c in by_type(DUEL, "recaller"))
    assert all(c.cost > 0 and c.effect for c in by_type(DUEL, "recaller"))


def test_arts_with_their_stages():
    arts = by_type(DUEL, "art")
    assert {(a.art, a.stage) for a in arts} == {(t, s) for t in ("slash", "blood") for s in (1, 2, 3)}
    slash = DUEL.cards["slash-1"]
    assert slash.attack == 1 and slash.source and not slash.demo      # the one published number
    assert DUEL.tables.higher_stages["slash-1"] == ("slash-2", "slash-3")
    assert DUEL.cards["slash-2"].name.zh == "斩击一闪"      # Simplified on screen (issue 34)
    assert DUEL.tables.higher_stages["slash-2"] == ("slash-3",) and DUEL.tables.higher_stages["slash-3"] == ()


def test_five_crests_of_five_recall_cards():
    recall = by_type(DUEL, "recall")
    assert len(recall) == 25 and len(DUEL.tables.recall_crests) == 5
    assert all(sum(1 for c in recall if c.crest == cr) == 5 for cr in DUEL.tables.recall_crests)


def test_hindrance_disaster_madness_difficulties():
    assert len(by_type(DUEL, "hindrance")) >= 3
    assert not DUEL.tables.by_type.get("madness") and not DUEL.tables.by_type.get("disaster")   # story cards only
    mythic = [c for c in by_type(STORY, "madness") if not c.prologue]
    assert len(mythic) >= 3 and any(c.id == "seedbed-worm" for c in mythic)
    assert all(c.deified and c.deified.play for c in by_type(STORY, "madness"))
    assert [c for c in by_type(STORY, "madness") if c.prologue][0].name.zh == "宇宙之恶果"
    assert {c.kind for c in by_type(STORY, "disaster")} == {"magic", "chant", "end", "seal", "special"}
    seals = {d: diff.seals for d, diff in STORY.tables.difficulties.items()}
    assert seals == {"easy": 6, "normal": 4, "hard": 2, "nightmare": 0}


def test_both_modes_share_the_card_file():
    assert DUEL.tables.shared_cards == STORY.tables.shared_cards
    for cid, c in DUEL.cards.items():
        assert STORY.cards[cid] == c


def test_every_card_is_demo_or_sourced():
    for c in STORY.cards.values():
        assert c.demo or c.source, c.id
    for d in STORY.tables.difficulties.values():
        assert d.demo or d.source


def test_story_options_offer_the_data():
    assert set(STORY.options["madness"].choices) - {None} == {c for c in STORY.tables.by_type["madness"]
                                                             if not STORY.cards[c].prologue}
    assert set(STORY.options["vessel"].choices) - {None} == set(STORY.tables.by_type["vessel"])
    assert set(STORY.options["difficulty"].choices) - {None} == set(STORY.tables.difficulties)


@pytest.mark.parametrize("g,prefix,docs", [(DUEL, "BRD-", "RDK"), (STORY, "BRS-", "SRDK")], ids=["duel", "story"])
def test_clauses_in_our_own_words_citing_their_source(g, prefix, docs):
    seed = SEED.read_text(encoding="utf-8") if SEED.exists() else ""
    for c in g.rules.clauses:
        assert c.id.startswith(prefix) and c.title.zh and c.title.en, c.id
        assert not CJK.search(c.text.en), c.id
        assert c.source[0] in docs, f"{c.id}: source {c.source!r}"
        if c.source.startswith("K"):
            assert c.decision, f"{c.id} settles a gap: decision: true"
        if seed:
            assert len(c.title.zh) <= 12, c.id          # titles, not sentences of the translation
    assert set(g.rules.documents) == set(docs)


def test_both_modes_read_one_glossary():
    # issue 34: one home per term; the two modes read data/blood-recall-common/glossary.yaml
    assert DUEL.data_file("glossary.yaml") == STORY.data_file("glossary.yaml")
    assert DUEL.data_file("glossary.yaml").parent.name == "blood-recall-common"
    assert [t.id for t in DUEL.glossary] == [t.id for t in STORY.glossary]
    assert "blood-covenant" in {t.id for t in DUEL.glossary} and "mythic-madness" in {t.id for t in STORY.glossary}


def test_glossary_zh_is_simplified_the_book_form_beside_it():
    # chinese-reader review item 4: the board takes its words from glossary zh, so zh is Simplified;
    # the translation's Traditional form is kept in zh_book (glossary table only)
    bad = [t.id for t in DUEL.glossary if traditional_in(t.zh)]
    assert not bad, bad
    life_area = DUEL.glossary.term("blood-pool")
    assert (life_area.zh, life_area.zh_book) == ("血池区域", "血池區域")
    deified = DUEL.glossary.term("deified-side")
    assert deified.zh == "神化面" and "神化侧" in deified.variants.zh


@pytest.mark.parametrize("g", [DUEL, STORY], ids=["duel", "story"])
def test_glossary_zh_ja_en(g):
    terms = {t.id: t for t in g.glossary}
    for tid, ja in JA_FACTS.items():
        if tid in terms:
            assert terms[tid].ja == ja, tid
    assert all(t.zh and t.en and not CJK.search(t.en) for t in g.glossary)
    cited = {t for c in g.rules.clauses for t in c.terms}
    assert cited <= set(terms)


def test_engine_files_stay_small():
    pkg = Path(DUEL.state_cls.__module__.replace(".", "/"))
    root = Path(__file__).resolve().parents[3] / pkg.parent
    files = list(root.glob("*.py"))
    assert len(files) >= 10
    for f in files:
        assert len(f.read_text(encoding="utf-8").splitlines()) <= 600, f.name


def _pairs():
    """Every (duel clause, story clause) pair the shared code cites: ``s.cite("BRD-x", "BRS-y")``, the
    ("sentence", "BRD-x", "BRS-y") of a kind both modes declare, a check's ``why("key", "BRD-x", "BRS-y")``
    and ``@SHARED.rule("BRD-x", "BRS-y")``; with file:line."""
    pkg = Path(DUEL.state_cls.__module__.replace(".", "/"))
    root = Path(__file__).resolve().parents[3] / pkg.parent
    for f in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            consts = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "cite":
                consts = node.args
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "why":
                consts = node.args[1:]          # a check's answer in each mode: why("why.key", duel, story)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule"
                  and isinstance(node.func.value, ast.Name) and node.func.value.id == "SHARED"):
                consts = node.args              # a shared check's clauses: @SHARED.rule(duel, story)
            elif isinstance(node, ast.Tuple) and len(node.elts) == 3:
                consts = node.elts[1:]
            if consts and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in consts):
                values = [a.value for a in consts]
                if isinstance(node, ast.Call) or values[0].startswith("BRD-"):
                    yield f"{f.name}:{node.lineno}", values


def test_shared_code_cites_the_clause_of_each_mode():
    """Code both modes share cites literal clause ids, the duel one first: each is a clause of its own
    mode's rule book (tests/core/test_clause_ids.py only knows they belong to one of the two)."""
    pairs = list(_pairs())
    assert len(pairs) > 50
    for where, (duel, story) in pairs:
        assert duel in DUEL.rules and story in STORY.rules, f"{where}: {duel}, {story}"


def test_one_way_of_citing_clauses():
    """No per-mode table of clauses: every clause is a literal id where it is cited."""
    pkg = Path(DUEL.state_cls.__module__.replace(".", "/"))
    root = Path(__file__).resolve().parents[3] / pkg.parent
    for f in root.glob("*.py"):
        text = f.read_text(encoding="utf-8")
        assert ".K[" not in text and "K = {" not in text, f.name
