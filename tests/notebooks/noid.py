"""The id detector of issue 35 item 2: what a reader sees at a table, read from the widget tree,
and the engine ids it must never show (tests/notebooks/test_no_ids.py; the browser test reads the
page's innerText with the same ``id_leaks``).

An id is found by its shapes, not by a list of known bad strings:
- a number standing for a card: a picker option or a "→ …" / "[…" / "#…" tail that is only a
  number, and a card instance number of an action written into that action's own control;
- a slot or card id (``real_f0``, ``crimson-1``): any id-shaped string value of the actions listed
  now, found as a word, and any snake_case word (engine names: ``real_f0``, ``end_main``,
  ``p_attack_successes``);
- a place counted from 0 ("lane 0"), ``None``, ``[]``, JSON braces, a condition's ``>=``/``==``.
"""
from __future__ import annotations

import html
import re
from typing import Any

# Engine words: snake_case names (slot ids, arg and kind names, condition attributes).
# A source file a clause cites ("C hero_skills.csv") is a citation, not an engine word.
SNAKE = re.compile(r"(?<![\w/.-])[a-z]+_[a-z0-9_]+(?![\w/-]|\.[a-z])")
# A number shown where a name belongs: a tail "→ 8", a dropdown "[10", a counter "#3".
# (In a control only: a sentence may well say "seats 0 → 1" or "step 4 → 5".)
ID_TAIL = re.compile(r"→\s*\d+\s*$|\[\d+\b|#\d+\b")
COUNTED_FROM_0 = re.compile(r"\b(?:lane|mission|slot|area)\s+0\b|第\s*0\s*[条号个张]", re.I)
CODE = re.compile(r"\bNone\b|\[\]|[{}]|\"[a-z_]+\":|[<>!=]=")
ID_SHAPED = re.compile(r"^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$|^[a-z]+\d+$")


def plain(value: str) -> str:
    """An HTML widget's text as a reader sees it (no tags, no style or script)."""
    value = re.sub(r"<(style|script)\b.*?</\1>", " ", value, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def walk(w: Any, out: list[tuple[str, str, Any]] | None = None) -> list[tuple[str, str, Any]]:
    """Every text a reader sees in a widget tree: (where, text, widget)."""
    import ipywidgets as W

    from tabletop_rules.notebook.boardview import BoardView

    out = [] if out is None else out
    if isinstance(w, W.Widget) and getattr(w, "layout", None) is not None and w.layout.display == "none":
        return out
    if isinstance(w, W.Button):
        out += [("button", w.description or "", w), ("tooltip", w.tooltip or "", w)]
    elif isinstance(w, W.Dropdown | W.Select | W.SelectMultiple | W.RadioButtons | W.ToggleButtons):
        out += [("option", str(o[0] if isinstance(o, tuple) else o), w) for o in w.options]
        out.append(("label", w.description or "", w))
    elif isinstance(w, W.HTML | W.HTMLMath | W.Label):
        out.append(("html", plain(w.value or ""), w))
    elif isinstance(w, BoardView):      # the clickable board: its HTML, the lit moves' labels, its choices
        out.append(("board", plain(w.value or ""), w))
        out += [("board label", plain(str(label)), w) for label in dict(w.lit).values()]
        out += [("board choice", plain(c), w) for c in (*w.choices, w.ready_label, w.choose_word)]
    elif isinstance(w, W.Text | W.Textarea | W.Checkbox | W.IntText | W.BoundedIntText | W.IntSlider):
        out.append(("label", w.description or "", w))
    if isinstance(w, W.Tab | W.Accordion):
        out += [("tab", w.get_title(i) or "", w) for i in range(len(w.children))]
    for c in getattr(w, "children", ()) or ():
        walk(c, out)
    return out


def id_words(actions: list[Any], cards: Any = ()) -> set[str]:
    """The id-shaped string values the listed actions carry (slot ids, card ids, places) and
    their arg names: none of them is ever a reader's word."""
    out: set[str] = set()

    def add(v: Any) -> None:
        if isinstance(v, str) and (ID_SHAPED.match(v) or v in cards):
            out.add(v)
            out.update(p for p in v.split(":")[1:] if ID_SHAPED.match(p))
        elif isinstance(v, list):
            for x in v:
                add(x)
    for a in actions:
        for k, v in a.args.items():
            add(v)
            if "_" in k:
                out.add(k)
        if "_" in a.kind:
            out.add(a.kind)
    return out


def id_leaks(text: str, words: set[str] = frozenset(), numbers: set[int] = frozenset(),
             option: bool = False, control: bool = True) -> list[str]:
    """What in ``text`` is an engine id (empty: nothing). ``words``: id strings of the live
    state; ``numbers``: card instance numbers the control's own action carries; ``option``: the
    text is one option of a picker (a bare number there stands for a card or a place);
    ``control``: a button, tooltip or option (not running text)."""
    found: list[str] = []
    if option and re.fullmatch(r"\s*#?\d+\s*", text):
        found.append(f"a bare number {text.strip()!r}")
    for rx in (SNAKE, ID_TAIL, COUNTED_FROM_0, CODE) if control else (SNAKE, COUNTED_FROM_0, CODE):
        found += [m.group(0) for m in rx.finditer(text)]
    for w in words:
        if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text):
            found.append(w)
    for n in numbers:
        if re.search(rf"(?<![\w.,]){n}(?![\w.,])", text):
            found.append(f"card number {n}")
    return found
