"""Issue 12, dark theme: every text colour of the kit's CSS is readable on the background it sits
on, in JupyterLab's light and dark themes (WCAG AA, a contrast ratio of at least 4.5 to 1).

The theme values are read from the installed JupyterLab's theme files (the fallback of each
``var(--md-..., #hex)``); the pairs come from ``style.COLOURS``, from which the CSS is built."""
from __future__ import annotations

import pathlib
import re
import sys

import pytest

from tabletop_rules.notebook import style

THEMES = pathlib.Path(sys.prefix) / "share/jupyter/lab/themes/@jupyterlab"
VAR = re.compile(r"var\((--[\w-]+)\s*,\s*([^()]+|[^()]*\([^()]*\)[^()]*)\)")


def theme(name: str) -> dict[str, str]:
    css = THEMES / f"theme-{name}-extension" / "index.css"
    if not css.exists():
        pytest.skip("JupyterLab's theme files are not installed")
    text = css.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for key, value in re.findall(r"(--jp-[\w-]+)\s*:\s*([^;]+);", text):
        m = VAR.fullmatch(value.strip())
        out.setdefault(key, (m.group(2) if m else value).strip())
    return out


def rgba(value: str) -> tuple[float, float, float, float]:
    v = value.strip().lower()
    names = {"white": "#fff", "black": "#000"}
    v = names.get(v, v)
    if v.startswith("#"):
        h = v[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0
    m = re.fullmatch(r"rgba?\(([^)]*)\)", v)
    assert m, value
    parts = [float(x) for x in m.group(1).split(",")]
    return parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0


def resolve(expr: str, values: dict[str, str]) -> tuple[float, float, float, float]:
    m = VAR.fullmatch(expr.strip())
    if m:
        return rgba(values.get(m.group(1), m.group(2)))
    return rgba(expr)


def over(fg: tuple, bg: tuple) -> tuple[float, float, float]:
    a = fg[3]
    return tuple(fg[i] * a + bg[i] * (1 - a) for i in range(3))


def luminance(rgb: tuple) -> float:
    def ch(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(fg: str, bg: str, values: dict[str, str]) -> float:
    back = over(resolve(bg, values), (255, 255, 255, 1))
    front = over(resolve(fg, values), (*back, 1))
    hi, lo = sorted((luminance(front), luminance(back)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("name", ["light", "dark"])
def test_every_text_colour_passes_wcag_aa(name):
    values = theme(name)
    low = {sel or ".ttr": round(ratio(fg, bg, values), 2) for sel, (fg, bg, _own) in style.COLOURS.items()
           if ratio(fg, bg, values) < 4.5}
    assert not low, f"{name} theme: contrast below 4.5 for {low}"


def test_the_css_is_built_from_the_colour_table():
    for sel, (fg, _bg, _own) in style.COLOURS.items():
        assert f".ttr {sel} {{ color: {fg};" in style.CSS or (not sel and f".ttr {{ color: {fg};" in style.CSS)
    # no rule colours text outside the table (a colour with no known background could be unreadable)
    body = style.CSS.split("</style>")[0]
    loose = [line for line in body.splitlines() if re.search(r"(?<![-\w])color\s*:", line)
             and not any(line.startswith(f".ttr {s} {{ color:") or (not s and line.startswith(".ttr { color:"))
                         for s in style.COLOURS)]
    assert not loose, loose


def test_the_old_unreadable_pairs_fail_the_check():
    """The check can fail: white text (the dark theme's text colour) on the pale tints did."""
    dark = theme("dark")
    assert ratio("var(--jp-ui-font-color0, #000)", "var(--jp-success-color3, #c8e6c9)", dark) < 4.5
    assert ratio("var(--jp-ui-font-color0, #000)", "var(--jp-brand-color3, #bbdefb)", dark) < 4.5
