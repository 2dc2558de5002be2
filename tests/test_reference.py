"""The printable rules reference (issue 39) as HTML: every clause with its anchor and its links,
the glossary's terms, the rulings, the cards with demo data marked, the turn summary's phases as
the flow orders them and its "what a player may do" as the engine lists it. Fast: no PDF here
(tests/test_reference_pdf.py builds the PDFs)."""
from __future__ import annotations

import html
import random
import re
import subprocess
import sys

import pytest

import tabletop_rules as tr
from tabletop_rules.cli import main
from tabletop_rules.notebook.glance import anchor
from tabletop_rules.reference import build, phase_rows, reference_html

GAMES = tr.list_games()


@pytest.fixture(scope="module")
def docs():
    return {(g, lang): reference_html(g, lang) for g in GAMES for lang in ("en", "zh", "both")}


def _text(doc: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", doc))


@pytest.mark.parametrize("lang", ["en", "zh", "both"])
@pytest.mark.parametrize("gid", GAMES)
def test_every_clause_has_its_anchor_and_every_clause_link_leads_to_one(docs, gid, lang):
    game = tr.load_game(gid)
    doc = docs[gid, lang]
    anchors = re.findall(r"id='(clause-[^']+)'", doc)
    assert anchors == [anchor(c.id) for c in game.rules]          # every clause, in the rule book's order
    links = set(re.findall(r"href='#(clause-[^']+)'", doc))
    assert links and links <= set(anchors)
    # every clause a glance line, a phase or a ruling cites is a link, not bare text
    for r in game.rulings:
        for cid in r.clauses:
            assert f"href='#{anchor(cid)}'" in doc


@pytest.mark.parametrize("lang", ["en", "zh", "both"])
@pytest.mark.parametrize("gid", GAMES)
def test_clauses_glossary_rulings_and_cards_are_all_there(docs, gid, lang):
    game = tr.load_game(gid)
    text = _text(docs[gid, lang])
    langs = ("en", "zh") if lang == "both" else (lang,)
    for c in game.rules:
        assert c.id in text
        for x in langs:
            body = c.text.zh if x == "zh" and c.text.zh else c.text.en
            assert " ".join(body.split()) in " ".join(text.split()), (c.id, x)
    for term in game.glossary:
        for value in (term.zh, term.zh_book, term.ja, term.en):
            if value:
                assert value in text, (term.id, value)
    for r in game.rulings:
        for x in langs:
            q = r.question.get(x) if isinstance(r.question, dict) else getattr(r.question, x, None)
            assert q is None or " ".join(q.split()) in " ".join(text.split())
    demo = sum(1 for d in game.cards.values() if getattr(d, "demo", False))
    assert docs[gid, lang].count("<span class='demo'>") == demo


@pytest.mark.parametrize("gid", GAMES)
def test_the_kits_decisions_are_marked(docs, gid):
    game = tr.load_game(gid)
    doc = docs[gid, "en"]
    for c in game.rules:
        block = doc.split(f"id='{anchor(c.id)}'", 1)[1].split("<div class='clause'", 1)[0]
        assert ("class='decision'" in block) == c.decision, c.id


@pytest.mark.parametrize("gid", GAMES)
def test_the_summary_lists_the_phases_in_flow_order_with_what_the_engine_offers(gid):
    """Each phase's "what a player may do" is what the engine lists there when no decision is
    pending: random games never offer a move whose kind the summary leaves out of its phase."""
    game = tr.load_game(gid)
    rows = {name: set(may) for name, _, may, _ in phase_rows(game, "en")}
    order = [name for name, *_ in phase_rows(game, "en")]
    flow = game.flow
    assert order == [flow.phase_label(p, "en") for p in flow.phases() if any(
        (n.phase or n.id) == p and n.kind != "end" for n in flow.nodes.values())]
    offered = 0
    for seed in range(2):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            acts = state.legal_actions()
            if not state.choices:
                phase = flow.phase_label(flow.phase_of(state.phase), "en")
                for a in acts:
                    label = game.kind_label(a.kind, "en")
                    assert label in rows[phase], (phase, a.kind)
                    offered += 1
            state.apply(rng.choice(acts))
    assert offered > 0


@pytest.mark.parametrize("gid", GAMES)
def test_chinese_summary_speaks_chinese_and_both_holds_both(docs, gid):
    game = tr.load_game(gid)
    zh = docs[gid, "zh"].split("<section class='rulebook'", 1)[0]
    assert "回合一览" in zh and "Turn summary" not in zh
    for name, steps, may, _ in phase_rows(game, "zh"):
        assert html.escape(name) in zh and html.escape(" → ".join(steps)) in zh
        assert all(html.escape(word) in zh for word in may)
    both = docs[gid, "both"]
    assert "Turn summary" in both and "回合一览" in both and "The rule book / 规则书" in both


def test_the_same_data_gives_the_same_document():
    assert build("vividz", "both", "html") == build("vividz", "both", "html")


def test_building_the_reference_loads_no_widget_library():
    code = ("import sys; from tabletop_rules.reference import reference_html; reference_html('mirror-dolls', 'both'); "
            "bad = [m for m in ('ipywidgets', 'IPython', 'graphviz') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_writes_the_html_and_refuses_an_unknown_game(tmp_path, capsys):
    out = tmp_path / "x.html"
    assert main(["reference", "xianjian", "--lang", "zh", "-o", str(out)]) == 0
    assert out.read_bytes() == build("xianjian", "zh", "html")
    assert main(["reference", "no-such-game"]) == 2
    assert "no-such-game" in capsys.readouterr().err
    assert main(["reference", "xianjian", "-o", str(tmp_path / "no" / "dir" / "x.html")]) == 2


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language"):
        reference_html("vividz", "fr")


def test_print_button_offers_the_same_document_as_a_download():
    import base64

    from tabletop_rules.notebook.reference import print_button

    btn = print_button("vividz", "zh")
    assert btn.link.value == ""
    btn.button.click()
    assert btn.error.value == ""
    data = btn.link.value.split("base64,", 1)[1].split("'", 1)[0]
    assert base64.b64decode(data) == build("vividz", "zh", "html")
    assert "download='vividz-reference-zh.html'" in btn.link.value and "规则参考" in btn.button.description
    assert "下载 vividz-reference-zh.html" in btn.link.value
    btn.set_lang("en")
    assert btn.link.value == "" and btn.button.description == "Rules reference (HTML, printable)"


@pytest.mark.parametrize("gid", GAMES)
def test_the_summary_shows_no_code_and_chinese_only_simplified(docs, gid):
    """Issue 34's reader checks on page 1: no engine id or code expression in either language, no
    Traditional character in Chinese (the diagram puts the glossary's zone names in Simplified).
    The Latin words of the data's Chinese labels are tests/test_vocabulary.py's to find."""
    from chinese import code_in, latin_in, traditional_in

    game = tr.load_game(gid)
    ids = [*game.cards, *(getattr(game, "decks", None) or {})]
    for lang in ("en", "zh"):
        page1 = _text(docs[gid, lang].split("<section class='rulebook'", 1)[0].split("</style>", 1)[1])
        assert code_in(page1, ids) == [], lang
        if lang == "zh":
            assert traditional_in(page1) == ""
    from tabletop_rules.notebook.i18n import UI

    assert [k for k, v in UI["zh"].items() if k.startswith("ref_") and latin_in(re.sub(r"\{\w+\}", "", v))] == []


def test_every_game_notebook_and_table_app_offers_the_print_button():
    """Issue 39: a Print button in each game's notebook and table app, both editions (the button builds
    the same document as `tabletop-rules reference`, tested above)."""
    import json
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
    paths = [p for p in root.glob("*.ipynb") if p.name != "00-start-here.ipynb"]
    paths += list(root.glob("apps/*-table.ipynb"))
    paths += [root / "zh" / p.relative_to(root) for p in list(paths)]
    assert len(paths) == 20
    for path in paths:
        code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                         if c["cell_type"] == "code")
        assert "print_button(" in code, f"{path.relative_to(root)} has no Print button"
