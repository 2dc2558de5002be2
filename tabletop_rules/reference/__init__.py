"""A printable rules reference for every game (issue 39): a one-page turn summary, then the rule
book (clauses, glossary, rulings, cards), in English, Chinese or both side by side.

    from tabletop_rules.reference import reference_html, reference_pdf
    html = reference_html("vividz", "zh")          # print CSS: prints well from any browser
    data = reference_pdf("vividz", "both")         # bytes of an A4 PDF (needs WeasyPrint)

The same document as ``tabletop-rules reference GAME`` and the notebooks' print button
(``notebook.reference.print_button``). No widget library is imported here.
"""
from __future__ import annotations

from typing import Any

from .document import LANGS, _game, _langs, check_langs, phase_rows, reference_html, summary_html
from .pdf import NoPdfSupport, html_to_pdf, page_count

FORMATS = ("html", "pdf")


# The type sizes tried for the turn summary, largest first: page 1 must stay one page whatever the
# data holds (a longer glance.yaml shrinks the type a little instead of spilling over).
SCALES = (1.0, 0.94, 0.88, 0.82, 0.76, 0.7)


def fit_scale(game: Any, lang: str) -> float:
    """The largest type scale at which every turn summary of ``lang`` fits one A4 page (the
    smallest tried if none does: the one-page test then says so)."""
    game = _game(game)
    for scale in SCALES:
        if all(page_count(reference_html(game, x, summary_only=True, scale=scale)) == 1 for x in _langs(lang)):
            return scale
    return SCALES[-1]


def reference_pdf(game: Any, lang: str = "en") -> bytes:
    """The reference as a PDF (A4, page numbers, links from every clause id to its clause)."""
    game = _game(game)
    return html_to_pdf(reference_html(game, lang, scale=fit_scale(game, lang)))


def build(game: Any, lang: str = "en", fmt: str = "html") -> bytes:
    """The reference in ``fmt`` (html or pdf) as bytes."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt == "pdf":
        return reference_pdf(game, lang)
    return reference_html(game, lang).encode("utf-8")


def summary_pages(game: Any, lang: str) -> int:
    """The pages page 1 (the turn summary in ``lang``, en or zh) takes when printed alone, at the
    type scale the PDF uses."""
    game = _game(game)
    return page_count(reference_html(game, lang, summary_only=True, scale=fit_scale(game, lang)))


__all__ = ["FORMATS", "LANGS", "SCALES", "NoPdfSupport", "build", "check_langs", "fit_scale", "phase_rows",
           "reference_html", "reference_pdf", "summary_html", "summary_pages"]
