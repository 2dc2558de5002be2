"""The rules reference of one game as one HTML document (print CSS, A4), in English, Chinese or both.

Page 1 is the turn summary: the aim and how to win and lose, and the limits (``glance.yaml``), the
table diagram (the notebook's drawing, ``notebook.diagram``), and the phases in the order of
``flow.yaml``, each with its steps, what a player may do there (the action kinds the engine's
listers offer at its decision nodes, named by the game's own labels) and its clauses. The rule book
follows on a new page: every clause in file order (id, title, text, source, the kit's decision),
the glossary, the rulings, and the cards with demo data marked.

Every word comes from the game's data or the interface catalogue (``notebook/i18n.py``); this
module knows no game. Every clause id printed anywhere links to its clause (``#clause-<ID>``, the
anchor ``notebook.glance.anchor`` gives). Nothing here reads the clock, so the same data gives the
same document. No widget library is imported.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from html import escape
from importlib import import_module
from typing import Any

from ..core.flow import node_offers
from ..notebook.glance import anchor, load_glance
from ..notebook.i18n import check_lang, pick, source_text, t, term

LANGS = ("en", "zh", "both")

# Fonts: a Latin face first for English (its glyphs are narrower), then the CJK faces the set-up
# installs (fonts-wqy-zenhei, fonts-noto-cjk); Chinese pages put the CJK face first.
FONTS_EN = "'DejaVu Sans', 'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif"
FONTS_ZH = "'WenQuanYi Zen Hei', 'Noto Sans CJK SC', 'DejaVu Sans', sans-serif"

CSS = """
@page { size: A4; margin: 11mm 11mm 13mm 11mm;
        @bottom-center { content: counter(page) " / " counter(pages); font-size: 8pt; color: #444; } }
html { font-size: 8.6pt; line-height: 1.32; color: #111; background: #fff; }
body { margin: 0; font-family: FONTS; }
:lang(zh) { font-family: FONTS_ZH; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
h2 { font-size: 11.5pt; margin: 4mm 0 1.5mm 0; border-bottom: 0.6pt solid #777; break-after: avoid; }
h3 { font-size: 9.5pt; margin: 2.5mm 0 1mm 0; break-after: avoid; }
p { margin: 0.8mm 0; }
a { color: #0b4f9c; text-decoration: none; }
.cid { white-space: nowrap; font-weight: bold; }
.note { color: #444; font-style: italic; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.6mm 1.4mm; border-bottom: 0.4pt solid #bbb; }
th { background: #eef2f8; }
.summary { break-after: page; }
.summary h1 { font-size: 13pt; }
.summary h2 { font-size: 10pt; margin-top: 2mm; }
.summary ul { margin: 0.5mm 0 0.5mm 4mm; padding: 0; }
.summary li { margin: 0.3mm 0; }
.summary .top { display: flex; gap: 4mm; align-items: flex-start; }
.summary .words { flex: 1 1 50%; }
.summary .picture { flex: 1 1 50%; text-align: center; }
.summary .picture svg { width: 100%; height: auto; max-height: 118mm; }
.summary .flow td, .summary .flow th { font-size: 7.8pt; }
.summary .flow td:nth-child(1) { width: 13%; } .summary .flow td:nth-child(2) { width: 42%; }
.summary .flow td:nth-child(3) { width: 25%; }
.rulebook { break-before: page; }
.clause { margin: 0 0 2mm 0; break-inside: avoid; }
.clause .src { color: #444; font-size: 7.8pt; }
.decision { color: #7a4a00; font-weight: bold; }
.demo { color: #6b3000; background: #ffe0b2; font-weight: bold; padding: 0 1mm; font-size: 7.5pt; }
.card { margin: 0 0 1.6mm 0; break-inside: avoid; }
.card .lines { white-space: pre-line; }
.pair { display: flex; gap: 4mm; }
.pair > div { flex: 1 1 50%; min-width: 0; }
.rulings li { margin-bottom: 1.5mm; break-inside: avoid; }
@media screen { body { max-width: 190mm; margin: 8mm auto; } .summary { border-bottom: 1px dashed #999;
  padding-bottom: 4mm; } }
""".replace("FONTS_ZH", FONTS_ZH).replace("FONTS", FONTS_EN)


def check_langs(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def _game(game: Any) -> Any:
    if isinstance(game, str):
        import tabletop_rules as tr

        return tr.load_game(game)
    return game


def _langs(lang: str) -> tuple[str, ...]:
    return ("en", "zh") if lang == "both" else (lang,)


def _name(game: Any, lang: str) -> str:
    return str((game.title.get("zh") if lang == "zh" else None) or game.title.get("en", game.id))


def cite(cid: str) -> str:
    """A clause id as a link to its clause in the rule book."""
    return f"<a class='cid' href='#{anchor(cid)}'>{escape(cid)}</a>"


def _cites(cids: Iterable[str], game: Any) -> str:
    return ", ".join(cite(c) if c in game.rules else escape(c) for c in cids)


def _linked(text: str, ids: re.Pattern[str] | None) -> str:
    """Escaped text with every clause id in it made a link to that clause."""
    out = escape(text)
    return ids.sub(lambda m: cite(m.group(0)), out) if ids is not None else out


def _id_pattern(game: Any) -> re.Pattern[str] | None:
    ids = sorted((c.id for c in game.rules), key=len, reverse=True)
    return re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\d)") if ids else None


def _zh_mark(lang: str) -> str:
    return " lang='zh-Hans'" if lang == "zh" else " lang='en'"


def _each(lang: str, fn: Callable[[str], str]) -> str:
    """``fn(lang)``, or for ``both`` the two languages side by side."""
    if lang != "both":
        return fn(lang)
    return "<div class='pair'>" + "".join(f"<div{_zh_mark(x)}>{fn(x)}</div>" for x in ("en", "zh")) + "</div>"


def _head(lang: str, key: str, **kw: Any) -> str:
    return " / ".join(escape(t(key, x, **kw)) for x in _langs(lang))


# ----- page 1: the turn summary --------------------------------------------------------------------
def phase_rows(game: Any, lang: str) -> list[tuple[str, list[str], list[str], list[str]]]:
    """The phases in flow order: (name, its steps in order, what a player may do, its clauses).

    What a player may do is what the engine offers: the action kinds of the listers declared at
    the phase's decision nodes (flow.yaml's ``moves`` and ``waits``, ``core.flow.node_offers``), by
    the game's own labels for them."""
    flow = game.flow
    rows = []
    for ph in flow.phases():
        nodes = [n for n in flow.nodes.values() if (n.phase or n.id) == ph and n.kind != "end"]
        if not nodes:
            continue
        steps = [flow.label(n.id, lang) for n in nodes]
        may: list[str] = []
        for n in nodes:
            for kind in node_offers(game, n.id):
                label = game.kind_label(kind, lang)
                if label and label not in may:
                    may.append(label)
        clauses: list[str] = []
        pdef = flow.phase_defs.get(ph)
        for cid in ([pdef.clause] if pdef is not None else []) + [n.clause for n in nodes]:
            if cid and cid not in clauses:
                clauses.append(cid)
        rows.append((flow.phase_label(ph, lang), steps, may, clauses))
    return rows


def _glance_lines(game: Any, section: str, lang: str) -> str:
    if not (game.dir / "glance.yaml").is_file():     # a game may have none yet; a broken one is an error
        return f"<p class='note'>{escape(t('ref_no_glance', lang))}</p>"
    glance = load_glance(game)
    sec = next(s for s in glance.sections if s.id == section)
    items = "".join(f"<li>{escape(line.zh if lang == 'zh' else line.en)} "
                    f"<span class='note'>[{_cites(line.clauses, game)}]</span></li>" for line in sec.lines)
    return f"<ul>{items}</ul>"


def summary_html(game: Any, lang: str) -> str:
    """Page 1 in one language (``en`` or ``zh``): a ``<section class='summary'>``."""
    from ..notebook.diagram import table_diagram

    game, lang = _game(game), check_lang(lang)
    svg = table_diagram(game, lang)
    svg = re.sub(r"^<svg ", "<svg preserveAspectRatio='xMidYMid meet' ", svg)
    rows = []
    for name, steps, may, clauses in phase_rows(game, lang):
        doing = "；".join(may) if lang == "zh" else "; ".join(may)
        rows.append(f"<tr><td><b>{escape(name)}</b></td><td>{escape(' → '.join(steps))}</td>"
                    f"<td>{escape(doing) or escape(t('ref_nothing', lang))}</td><td>{_cites(clauses, game)}</td></tr>")
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in ("ref_phase", "ref_steps", "ref_may", "ref_rules"))
    return (f"<section class='summary'{_zh_mark(lang)}>"
            f"<h1>{escape(t('ref_title', lang, game=_name(game, lang)))} · {escape(t('ref_summary', lang))}</h1>"
            f"<div class='top'><div class='words'><h2>{escape(t('glance_aim', lang))}</h2>"
            f"{_glance_lines(game, 'aim', lang)}<h2>{escape(t('glance_limits', lang))}</h2>"
            f"{_glance_lines(game, 'limits', lang)}</div><div class='picture'>{svg}</div></div>"
            f"<h2>{escape(t('glance_turn', lang))}</h2>{_glance_lines(game, 'turn', lang)}"
            f"<table class='flow'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"</section>")


# ----- the rule book ---------------------------------------------------------------------------------
def _clause(game: Any, c: Any, lang: str, ids: re.Pattern[str] | None = None) -> str:
    mark = (f" <span class='decision' title='{escape(t('ref_decision', lang))}'>{t('ref_decision_mark', lang)} "
            f"{escape(t('ref_decision', lang))}</span>") if c.decision else ""
    words = [f"<a href='#term-{escape(tid)}'>{escape(term(game, tid, lang))}</a>" for tid in c.terms
             if game.glossary.get(tid) is not None]
    terms = f" · {escape(t('cli_terms', lang))}: {'、'.join(words) if lang == 'zh' else ', '.join(words)}" \
        if words else ""
    return (f"<h3>{escape(pick(c.title, lang))}</h3><p>{_linked(pick(c.text, lang), ids)}</p>"
            f"<p class='src'>{escape(t('ref_source', lang))}: {escape(source_text(c.source, lang))}{terms}{mark}</p>")


def clauses_html(game: Any, lang: str) -> str:
    ids = _id_pattern(game)
    out = [f"<h2>{_head(lang, 'ref_clauses', n=len(game.rules))}</h2>"]
    for c in game.rules:
        body = _each(lang, functools.partial(_clause, game, c, ids=ids))
        out.append(f"<div class='clause' id='{anchor(c.id)}'><span class='cid'>{escape(c.id)}</span>{body}</div>")
    return "".join(out)


def glossary_html(game: Any, lang: str) -> str:
    """Every term: Chinese (Simplified), the rule book's own form, Japanese where the game has a
    Japanese edition, English, the note in the reader's language(s), and the clauses that use it."""
    terms = list(game.glossary)
    has_ja = any(x.ja for x in terms)
    has_book = any(x.zh_book for x in terms)
    first = "zh" if lang == "zh" else "en"
    cols = [c for c in ("zh", "zh_book", "ja", "en") if (c != "ja" or has_ja) and (c != "zh_book" or has_book)]
    words = {"zh": "col_zh", "zh_book": "ref_col_zh_book", "ja": "col_ja", "en": "col_en"}
    head = "".join(f"<th>{_head(first if lang == 'both' else lang, words[c])}</th>" for c in cols)
    head += f"<th>{_head(lang, 'col_note')}</th><th>{_head(lang, 'ref_cited')}</th>"
    cited: dict[str, list[str]] = {}
    for c in game.rules:
        for tid in c.terms:
            cited.setdefault(tid, []).append(c.id)
    rows = []
    for x in terms:
        cells = "".join(f"<td{_zh_mark('zh') if c == 'zh' else ''}>{escape(getattr(x, c) or '') or '—'}</td>"
                        for c in cols)
        notes = [x.note_zh or x.note if y == "zh" else x.note for y in _langs(lang)]
        note = "<br>".join(escape(n) for n in dict.fromkeys(notes) if n)
        uses = _cites(cited.get(x.id, []), game)
        rows.append(f"<tr id='term-{escape(x.id)}'>{cells}<td>{note}</td><td>{uses}</td></tr>")
    return (f"<h2>{_head(lang, 'ref_glossary', n=len(terms))}</h2>"
            f"<table class='glossary'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def rulings_html(game: Any, lang: str) -> str:
    ids = _id_pattern(game)

    def one(r: Any, x: str) -> str:
        mark = f" <span class='decision'>{t('ref_decision_mark', x)} {escape(t('ref_decision', x))}</span>" \
            if r.decision else ""
        return (f"<p><b>{escape(t('question', x))}</b>: {_linked(pick(r.question, x), ids)}{mark}</p>"
                f"<p><b>{escape(t('answer', x))}</b>: {_linked(pick(r.answer, x), ids)}</p>")

    items = [f"<li><span class='note'>{_head(lang, 'clauses')}: {_cites(r.clauses, game)}</span>"
             f"{_each(lang, functools.partial(one, r))}</li>" for r in game.rulings]
    return (f"<h2>{_head(lang, 'ref_rulings', n=len(items))}</h2>"
            f"<ol class='rulings'>{''.join(items)}</ol>")


def card_lines(game: Any, cid: str, lang: str) -> list[str]:
    """A card as its tooltip reads in the notebook (the game's board module says what a card
    does): the name first, then its kind, texts and numbers."""
    from ..notebook.boards import board_module
    from ..notebook.boards.common import Words

    mod = board_module(game.id)
    if mod is None:
        return [cid]
    board = import_module(f"tabletop_rules.notebook.boards.{mod}")
    return str(board.card_tip(Words(game, lang), {"id": cid})).split("\n")


def cards_html(game: Any, lang: str) -> str:
    cards = list(game.cards.items())
    demo = sum(1 for _, d in cards if getattr(d, "demo", False))

    def one(cid: str, x: str) -> str:
        lines = card_lines(game, cid, x)
        return (f"<b>{escape(lines[0])}</b><div class='lines'>{escape(chr(10).join(lines[1:]))}</div>")

    out = []
    for cid, d in cards:
        tag = (f"<span class='demo'>{_head(lang, 'ref_demo')}</span>" if getattr(d, "demo", False)
               else f"<span class='note'>{_head(lang, 'ref_real')}</span>")
        out.append(f"<div class='card'>{tag}{_each(lang, functools.partial(one, cid))}</div>")
    return f"<h2>{_head(lang, 'ref_cards', n=len(cards), demo=demo)}</h2>" + "".join(out)


def rulebook_html(game: Any, lang: str) -> str:
    game, lang = _game(game), check_langs(lang)
    intro = _each(lang, lambda x: f"<p class='note'>{escape(t('ref_intro', x))}</p>")
    return (f"<section class='rulebook' id='rulebook'><h1>{_head(lang, 'ref_rulebook')}</h1>{intro}"
            f"{clauses_html(game, lang)}{glossary_html(game, lang)}{rulings_html(game, lang)}"
            f"{cards_html(game, lang)}</section>")


# ----- the document ------------------------------------------------------------------------------
def page(body: str, title: str, lang: str, scale: float = 1.0) -> str:
    """A whole HTML document; ``scale`` shrinks the turn summary's type (PDF fitting, pdf.py)."""
    code = "zh-Hans" if lang == "zh" else "en"
    fit = f".summary {{ font-size: {scale:.2f}em; }}" if scale != 1.0 else ""
    return (f"<!DOCTYPE html><html lang='{code}'><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{CSS}{fit}</style></head><body>{body}</body></html>")


def reference_html(game: Any, lang: str = "en", summary_only: bool = False, scale: float = 1.0) -> str:
    """The whole reference as one HTML document (``lang``: en, zh or both). With ``both`` the
    summary comes once in each language (each one page) and the rule book sets the two side by
    side. ``summary_only``: page 1 alone (what the one-page test measures); ``scale``: the
    summary's type size (1: as designed; the PDF shrinks it if a summary would spill over)."""
    game, lang = _game(game), check_langs(lang)
    title = " / ".join(t("ref_title", x, game=_name(game, x)) for x in _langs(lang))
    body = "".join(summary_html(game, x) for x in _langs(lang))
    if not summary_only:
        body += rulebook_html(game, lang)
    return page(body, title, lang, scale)
