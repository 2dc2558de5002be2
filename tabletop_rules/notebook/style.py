"""CSS for the kit's HTML views: JupyterLab theme variables (light and dark) with fallbacks
for Voila and plain HTML. Injected once per view, scoped under ``.ttr``.

Every rule that colours text takes its colours from ``COLOURS`` (text colour, and the
background it sits on), so a test can compute each pair's contrast in JupyterLab's light and
dark themes (WCAG AA: 4.5 to 1). A pale tint (banners, errors, keyword tags, the demo mark, the
ruling outcome) always carries its own dark text colour, never the theme's text colour, which
is white in the dark theme.
"""
from __future__ import annotations

# Surfaces: the page (and a seat's box) and a card tile.
PAGE = "var(--jp-layout-color1, #fff)"
CARD = "var(--jp-layout-color2, #f5f5f5)"
TEXT = "var(--jp-ui-font-color1, #1f1f1f)"
MUTED = "var(--jp-ui-font-color2, #555)"

# A rested card's turn (degrees) and shrink: the turned tile's bounding box fits the upright one.
RESTED_TURN = 4
RESTED_SCALE = 0.8

# selector (under .ttr) -> (text colour, background: a colour of its own or the surface it sits on,
# and whether the rule sets that background itself)
COLOURS: dict[str, tuple[str, str, bool]] = {
    "": (TEXT, PAGE, False),
    ".ttr-side": (TEXT, PAGE, True),
    ".ttr-stats": (MUTED, PAGE, False),
    ".ttr-zone-label": (MUTED, PAGE, False),
    ".ttr-card": (TEXT, CARD, True),
    ".ttr-card .ttr-zh": (TEXT, CARD, False),
    ".ttr-card.ttr-empty": (MUTED, PAGE, False),
    ".ttr-card.ttr-down": (TEXT, "var(--jp-layout-color3, #ddd)", False),   # the darker of its two stripes
    ".ttr-tip": (TEXT, PAGE, True),
    ".ttr-kw": ("#0b2540", "#cfe3f7", True),
    ".ttr-demo": ("#6b3000", "#ffe0b2", True),
    ".ttr-banner": ("#0f3d12", "#c8e6c9", True),
    ".ttr-error": ("#5c0a0a", "#ffcdd2", True),
    ".ttr-note": (MUTED, PAGE, False),
    ".ttr-log": (TEXT, PAGE, True),
    ".ttr-cite": ("var(--jp-brand-color1, #1565c0)", PAGE, False),
    ".ttr-clause": (MUTED, PAGE, False),
    ".ttr-ok": ("#0f3d12", "#c8e6c9", True),
    ".ttr-fail": ("#5c0a0a", "#ffcdd2", True),
    ".ttr-may": (TEXT, PAGE, False),
    ".ttr-warn": ("#4a3000", "#ffe8a3", True),
    ".ttr-litlabel": ("#3a2a00", "#ffe8a3", True),    # the label of a lit board element (boardview.py)
}

# The rings around a lit board element (an amber outline and a dark ring inside it) and a selected
# one: on every surface of either theme one of them stands out (3 to 1, WCAG's contrast for an
# interface mark; tests/notebooks/test_board_click.py).
LIT_RINGS = ("#f9a825", "#6d4300")
SELECTED_RINGS = ("var(--jp-brand-color1, #1976d2)",)


def _colour_rules() -> str:
    out = []
    for sel, (fg, bg, own) in COLOURS.items():
        target = f".ttr {sel}" if sel else ".ttr"
        out.append(f"{target} {{ color: {fg};{f' background: {bg};' if own else ''} }}")
    return "\n".join(out)


CSS = """
<style>
.ttr { font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: 13px; line-height: 1.35; }
.ttr .ttr-board { display: flex; flex-direction: column; gap: 8px; }
.ttr .ttr-side { border: 1px solid var(--jp-border-color2, #ccc); border-radius: 6px; padding: 6px 8px; }
.ttr .ttr-side.ttr-active { border-color: var(--jp-brand-color1, #1976d2);
                           box-shadow: 0 0 0 1px var(--jp-brand-color1, #1976d2); }
.ttr .ttr-side h4 { margin: 0 0 4px 0; font-size: 13px; }
.ttr .ttr-stats { margin-bottom: 4px; }
.ttr .ttr-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; margin: 3px 0; }
.ttr .ttr-zone { min-width: 92px; }
.ttr .ttr-zone-label { font-size: 11px; text-transform: uppercase; letter-spacing: .03em; }
.ttr .ttr-card { display: inline-block; width: 104px; min-height: 58px; border: 1px solid var(--jp-border-color1, #999);
                 border-radius: 5px; padding: 3px 5px; vertical-align: top; font-size: 11px; cursor: help; }
.ttr .ttr-card b { font-size: 11.5px; }
.ttr .ttr-card { position: relative; }
.ttr .ttr-card:focus { outline: 2px solid var(--jp-brand-color1, #1976d2); }
.ttr .ttr-tip { display: none; position: absolute; left: 0; top: 100%; z-index: 30; width: 240px; white-space: pre-line;
                padding: 4px 6px; border: 1px solid var(--jp-border-color1, #999); border-radius: 5px;
                text-align: left; font-weight: normal; box-shadow: 0 2px 6px rgba(0, 0, 0, .3); }
.ttr .ttr-card:focus .ttr-tip { display: block; }
/* A rested card is turned a little and shrunk so that its turned box stays inside the upright
   box it occupies (RESTED_TURN, RESTED_SCALE: tests/notebooks/test_guide.py computes the fit for
   every tile height), in either theme: it never covers a neighbour or a slot's label. */
.ttr .ttr-card.ttr-rested { transform: rotate(-RESTED_TURNdeg) scale(RESTED_SCALE); transform-origin: center;
                            border-style: dashed; }
.ttr .ttr-card.ttr-down { background: repeating-linear-gradient(45deg, var(--jp-layout-color3, #ddd),
                          var(--jp-layout-color3, #ddd) 4px, var(--jp-layout-color2, #eee) 4px,
                          var(--jp-layout-color2, #eee) 8px); text-align: center; }
.ttr .ttr-card.ttr-empty { border-style: dotted; background: transparent; }
.ttr .ttr-kw { display: inline-block; font-size: 10px; padding: 0 3px; margin: 1px 1px 0 0; border-radius: 3px; }
.ttr .ttr-demo { font-size: 9px; font-weight: bold; padding: 0 2px; border-radius: 2px; }
.ttr .ttr-may { margin: 2px 0; }
.ttr .ttr-warn { padding: 4px 8px; border-radius: 6px; margin: 4px 0; font-weight: bold; }
.ttr .ttr-banner { padding: 8px 10px; border-radius: 6px; font-weight: bold; margin: 4px 0; }
.ttr .ttr-error { padding: 6px 8px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap; }
.ttr .ttr-note { font-style: italic; }
.ttr .ttr-log { max-height: 260px; overflow-y: auto; border: 1px solid var(--jp-border-color2, #ddd); padding: 4px 6px;
                border-radius: 5px; }
.ttr .ttr-log details { margin: 1px 0; }
.ttr .ttr-log summary { cursor: pointer; }
.ttr .ttr-cite { font-family: var(--jp-code-font-family, monospace); font-size: 11px; }
.ttr .ttr-clause { margin: 2px 0 4px 14px; }
.ttr table.ttr-table { border-collapse: collapse; }
.ttr table.ttr-table td, .ttr table.ttr-table th { border-bottom: 1px solid var(--jp-border-color2, #ddd);
                text-align: left; padding: 2px 8px 2px 0; vertical-align: top; }
.ttr .ttr-ok, .ttr .ttr-fail { font-weight: bold; padding: 0 3px; border-radius: 3px; }
.ttr .ttr-svg svg { max-width: 100%; height: auto; }
""".replace("RESTED_TURN", f"{RESTED_TURN:g}").replace("RESTED_SCALE", f"{RESTED_SCALE:g}") + _colour_rules() + """
</style>
"""


def wrap(html: str) -> str:
    """Scope a fragment under the kit's CSS (safe to repeat: browsers merge identical rules)."""
    return f'{CSS}<div class="ttr">{html}</div>'


def scoped(html: str) -> str:
    """A fragment under ``.ttr`` without the CSS: for a widget redrawn on every click beside one
    that holds the CSS (a style element replaced makes the browser restyle the whole page)."""
    return f'<div class="ttr">{html}</div>'
