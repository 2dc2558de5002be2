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

from .document import LANGS, check_langs, phase_rows, reference_html, summary_html
from .pdf import NoPdfSupport, html_to_pdf, page_count

FORMATS = ("html", "pdf")


def reference_pdf(game: Any, lang: str = "en") -> bytes:
    """The reference as a PDF (A4, page numbers, links from every clause id to its clause)."""
    return html_to_pdf(reference_html(game, lang))


def build(game: Any, lang: str = "en", fmt: str = "html") -> bytes:
    """The reference in ``fmt`` (html or pdf) as bytes."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt == "pdf":
        return reference_pdf(game, lang)
    return reference_html(game, lang).encode("utf-8")


def summary_pages(game: Any, lang: str) -> int:
    """The pages page 1 (the turn summary in ``lang``, en or zh) takes when printed alone."""
    return page_count(reference_html(game, lang, summary_only=True))


__all__ = ["FORMATS", "LANGS", "NoPdfSupport", "build", "check_langs", "phase_rows", "reference_html",
           "reference_pdf", "summary_html", "summary_pages"]
