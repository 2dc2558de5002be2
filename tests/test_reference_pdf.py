"""The rules reference as a PDF (issue 39), for every game in Chinese and English: it builds; its
text (pdftotext) holds every clause id and every glossary term; page 1 is the turn summary and the
rule book starts on page 2 (so the summary fits one A4 page); every clause is a link target; a CJK
font is embedded (pdffonts) and covers every Chinese character of page 1 (fontTools), which a
deliberately missing glyph shows the check can tell; page 1 renders (pdftoppm); the same data gives
the same bytes."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import tabletop_rules as tr
from tabletop_rules.notebook.glance import anchor

weasyprint = pytest.importorskip("weasyprint")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not all(shutil.which(p) for p in ("pdftotext", "pdffonts", "pdfinfo", "pdftoppm",
                                                                    "fc-match")),
                                 reason="needs poppler-utils and fontconfig")]

from tabletop_rules.reference import html_to_pdf, reference_pdf, summary_pages  # noqa: E402
from tabletop_rules.reference.document import page  # noqa: E402

GAMES = tr.list_games()
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef\U00020000-\U0002ffff]")
CJK_FONT = re.compile(r"WenQuanYi|NotoSansCJK|Noto-Sans-CJK|SourceHanSans", re.I)


def _run(*cmd: str) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    root = tmp_path_factory.mktemp("ref")
    cache: dict[tuple[str, str], Path] = {}

    def get(gid: str, lang: str) -> Path:
        if (gid, lang) not in cache:
            p = root / f"{gid}-{lang}.pdf"
            p.write_bytes(reference_pdf(gid, lang))
            cache[gid, lang] = p
        return cache[gid, lang]
    return get


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def embedded_cjk_fonts(pdf: Path) -> list[str]:
    """The embedded fonts of a PDF that are CJK faces, by their family name (subset tag removed)."""
    out = []
    for line in _run("pdffonts", str(pdf)).splitlines()[2:]:
        name = line.split()[0]
        cols = line.split()
        emb = cols[-5]
        if CJK_FONT.search(name) and emb == "yes":
            out.append(name.split("+", 1)[-1])
    return out


def missing_glyphs(pdf: Path, page_no: int = 1) -> set[str]:
    """The CJK characters of a page's text that no embedded CJK font has a glyph for (an
    uncovered character is drawn as a box). The fonts are found through fontconfig, as
    WeasyPrint found them."""
    from fontTools.ttLib import TTCollection, TTFont

    text = _run("pdftotext", "-f", str(page_no), "-l", str(page_no), str(pdf), "-")
    wanted = set(CJK.findall(text))
    covered: set[int] = set()
    for name in embedded_cjk_fonts(pdf):
        family = re.sub(r"-(Bold|Medium|Regular|Oblique|Bold-Oblique|Medium-Oblique)$", "", name).replace("-", " ")
        found = _run("fc-match", "-f", "%{file}|%{index}", family).split("|")
        path, index = found[0], int(found[1] or 0)
        font = TTCollection(path).fonts[index] if path.endswith((".ttc", ".otc")) else TTFont(path)
        covered |= set(font.getBestCmap())
    return {ch for ch in wanted if ord(ch) not in covered}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("gid", GAMES)
def test_pdf_holds_every_clause_id_and_glossary_term(pdfs, gid, lang):
    game = tr.load_game(gid)
    pdf = pdfs(gid, lang)
    text = _squeeze(_run("pdftotext", "-raw", str(pdf), "-"))   # -raw: a table cell's lines stay together
    for c in game.rules:
        assert c.id in text, c.id
    for term in game.glossary:
        for value in (term.zh, term.zh_book, term.ja, term.en):
            if value:
                assert _squeeze(value) in text, (term.id, value)
    dests = _run("pdfinfo", "-dests", str(pdf))
    for c in game.rules:                              # every clause id's link has its target
        assert f'"{anchor(c.id)}"' in dests, c.id


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("gid", GAMES)
def test_page_one_is_the_one_page_turn_summary(pdfs, gid, lang):
    from tabletop_rules.notebook.i18n import t

    pdf = pdfs(gid, lang)
    first = _run("pdftotext", "-f", "1", "-l", "1", str(pdf), "-")
    second = _run("pdftotext", "-f", "2", "-l", "2", str(pdf), "-")
    assert _squeeze(t("ref_summary", lang)) in _squeeze(first)
    assert _squeeze(t("ref_intro", lang))[:20] not in _squeeze(first)     # the rule book's first lines
    # the rule book starts a page of its own, so it heads page 2 exactly when page 1 held all the summary
    assert _squeeze(second).startswith(_squeeze(t("ref_rulebook", lang)))
    assert summary_pages(gid, lang) == 1
    # page 1's clause ids are links into the rule book
    xml = _run("pdftohtml", "-xml", "-i", "-stdout", "-f", "1", "-l", "1", str(pdf)) if shutil.which(
        "pdftohtml") else ""
    if xml:
        assert len(re.findall(r"<a href=", xml)) >= 5


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("gid", GAMES)
def test_a_cjk_font_is_embedded_and_covers_page_one(pdfs, gid, lang, tmp_path):
    pdf = pdfs(gid, lang)
    assert embedded_cjk_fonts(pdf), _run("pdffonts", str(pdf))
    assert missing_glyphs(pdf) == set()
    _run("pdftoppm", "-f", "1", "-l", "1", "-r", "40", "-png", str(pdf), str(tmp_path / "p"))
    png = next(tmp_path.glob("p*.png"))
    assert png.stat().st_size > 5_000                 # a drawn page, not an empty one


def test_the_glyph_check_sees_a_missing_glyph(tmp_path):
    """A character the CJK font lacks (CJK Extension B) is reported: the check can fail."""
    pdf = tmp_path / "bad.pdf"
    pdf.write_bytes(html_to_pdf(page("<p lang='zh-Hans'>规则 \U00020BB7</p>", "x", "zh")))
    assert missing_glyphs(pdf) == {"\U00020BB7"}


def test_the_same_data_gives_the_same_pdf():
    a, b = reference_pdf("mirror-dolls", "both"), reference_pdf("mirror-dolls", "both")
    assert a == b
    assert b"/CreationDate" not in a and b"/ModDate" not in a


@pytest.mark.browser
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs chromium")
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("gid", GAMES)
def test_a_browser_prints_the_html_with_the_summary_alone_on_page_one(gid, lang, tmp_path):
    """The HTML (what the notebooks' print button offers) printed by a browser: its print CSS puts
    the turn summary on page 1 and the rule book from page 2, every clause id in the text."""
    from tabletop_rules.notebook.i18n import t
    from tabletop_rules.reference import reference_html

    src, out = tmp_path / "ref.html", tmp_path / "ref.pdf"
    src.write_text(reference_html(gid, lang), encoding="utf-8")
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={out}", src.as_uri()], capture_output=True, timeout=180, check=True)
    second = _squeeze(_run("pdftotext", "-f", "2", "-l", "2", str(out), "-"))
    assert second.startswith(_squeeze(t("ref_rulebook", lang)))
    text = _squeeze(_run("pdftotext", "-raw", str(out), "-"))
    assert all(c.id in text for c in tr.load_game(gid).rules)


def test_both_languages_give_one_summary_page_each_then_the_rule_book(tmp_path):
    pdf = tmp_path / "both.pdf"
    pdf.write_bytes(reference_pdf("xianjian", "both"))
    pages = [_squeeze(_run("pdftotext", "-f", str(i), "-l", str(i), str(pdf), "-")) for i in (1, 2, 3)]
    assert "Turnsummary" in pages[0] and "回合一览" in pages[1] and pages[2].startswith("Therulebook/规则书")
