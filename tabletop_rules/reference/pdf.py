"""The reference as a PDF, through WeasyPrint (CSS paged media: A4, page numbers in the page
margin, ``<a href='#clause-...'>`` as internal links, fonts embedded as subsets).

Deterministic: the HTML reads no clock, WeasyPrint is given no dates (the document info holds
only the title and producer), and the file identifier is derived from the content, so the same
data gives the same bytes (tests build twice and compare).
"""
from __future__ import annotations

import hashlib
from typing import Any

INSTALL = ("the PDF needs WeasyPrint: pip install 'tabletop-rules[reference]' (or pip install weasyprint), "
           "with Pango (Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0) and a CJK font "
           "(apt-get install fonts-wqy-zenhei or fonts-noto-cjk)")


class NoPdfSupport(RuntimeError):
    """WeasyPrint (or the system library it needs) is missing; the message says what to install."""


def _weasyprint() -> Any:
    try:
        import weasyprint
    except (ImportError, OSError) as exc:     # OSError: Pango is missing
        raise NoPdfSupport(f"{INSTALL} ({exc})") from None
    return weasyprint


def html_to_pdf(html: str) -> bytes:
    """The PDF of an HTML document (the reference's print CSS decides the pages)."""
    wp = _weasyprint()
    doc = wp.HTML(string=html, base_url=None).render()
    # The identifier of the file comes from its content, never from a random number or a clock.
    ident = hashlib.sha256(html.encode("utf-8")).hexdigest()[:32].encode("ascii")
    out = doc.write_pdf(pdf_identifier=ident, uncompressed_pdf=False)
    assert isinstance(out, bytes)
    return out


def page_count(html: str) -> int:
    """How many pages the document takes (without writing a PDF)."""
    return len(_weasyprint().HTML(string=html, base_url=None).render().pages)
