"""Sentences from templates: every event, prompt, action label and result a game reports.

A game's ``data/<game>/texts.yaml`` holds its sentences as templates keyed by name, each in
English and Chinese written with the same fields::

    texts:
      draw:        {en: "{seat} draws {card}.", zh: "{seat}抽了{card}。"}
      draw.public: {en: "{seat} draws a card.", zh: "{seat}抽了一张牌。"}
      word.left:   {en: "left", zh: "左侧"}

The engine never writes a sentence: it names a template and hands over the data
(``state.emit("draw", "draw", clause_id, seat=0, card="some-card")``), and a ``Say`` keeps the
two until someone reads it. So the whole log, past lines included, switches language
(``game.describe(event, "zh")``), and random play never pays for sentences nobody reads.

A field is written ``{name}`` or ``{name:spec}``. Specs say how a value reads:

- ``seat`` (seat number: "Seat 0" / "座位 0"), ``seats`` (a list: "Seat 0 and Seat 2");
- ``team`` ("Team A" / "A 队"); ``card`` (a card id: its name), ``cards`` (a list of card ids);
- ``phase`` (a flow node id: its label); ``word`` (a key ``word.<value>`` of the same file: the
  game's own vocabulary, such as zone and area names), ``words`` (a list of them);
- ``text`` (another template's key, rendered with the same data, or ``{"key":, "data":}``);
- ``s`` (English plural ending: "" for 1, else "s"; nothing in Chinese);
- anything else is Python's format spec (``{n:+d}``).

Fields named ``seat``, ``player``, ``owner``, ``winner`` default to ``seat``, ``seats``,
``winners`` and ``losers`` to ``seats``, ``card`` to ``card``, ``cards`` to ``cards``, ``team``
to ``team``, and ``phase`` to ``phase``.
Field names are plain identifiers (no attribute or index access: a template cannot reach into
Python objects).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from operator import itemgetter
from pathlib import Path
from string import Formatter
from typing import Any

from .datafile import DataError, read_yaml

LANGS = ("en", "zh")
SPECS = frozenset({"seat", "seats", "team", "card", "cards", "phase", "word", "words", "text", "s"})
DEFAULT_SPEC = {"seat": "seat", "player": "seat", "owner": "seat", "winner": "seat", "seats": "seats",
                "winners": "seats", "losers": "seats", "card": "card", "cards": "cards", "team": "team",
                "phase": "phase"}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_PARSE = Formatter().parse

# Words every game shares (a game's texts.yaml may override any of them).
CORE_TEXTS: dict[str, dict[str, str]] = {
    "core.phase": {"en": "{from:phase} -> {to:phase}", "zh": "{from:phase} → {to:phase}"},
    "core.seat": {"en": "Seat {n}", "zh": "座位 {n}"},
    "core.team": {"en": "Team {n}", "zh": "{n} 队"},
    "core.and": {"en": " and ", "zh": "和"},
    "core.list": {"en": ", ", "zh": "、"},
    "core.nobody": {"en": "nobody", "zh": "无人"},
    "core.nothing": {"en": "nothing", "zh": "无"},
    "core.hidden": {"en": "(hidden)", "zh": "（隐藏）"},
    # Refusals the core gives for every game.
    "core.why.over": {"en": "the game is over ({result:text})", "zh": "对局已经结束（{result:text}）"},
    "core.why.no_kind": {"en": "this game has no action '{kind}' (its actions: {known})",
                         "zh": "这个游戏没有“{kind}”这种行动（它的行动有：{known}）"},
    "core.why.no_seat": {"en": "there is no seat {n} in this game", "zh": "这局游戏没有座位 {n}"},
    "core.why.answer_first": {"en": "first answer the pending decision: {prompt:text}",
                              "zh": "请先回答待决定的问题：{prompt:text}"},
    "core.why.not_an_answer": {"en": "that is not one of the answers to: {prompt:text}",
                               "zh": "这不是下面这个问题的答案之一：{prompt:text}"},
    "core.why.wrong_seat": {"en": "it is {seat}'s decision, not {other:seat}'s",
                            "zh": "现在轮到{seat}决定，不是{other:seat}"},
}


class TextError(KeyError):
    """A sentence that cannot be written: an unknown template or a field its data lacks (an
    engine bug, caught by the tests that render every event of many random games)."""


class Say(tuple):
    """A sentence not yet written: a template key and its data, rendered in a language on demand.

    Made as ``Say((texts, key, data))``: a tuple, built at C speed without a Python ``__init__``.
    Every listed action's label and every event's sentence is one (several per action), so
    this is a third of what a class with an ``__init__`` cost (issue 15). Read its parts as
    ``texts``, ``key`` and ``data``; it is never a list of values (``word_for`` checks the type)."""

    __slots__ = ()
    texts: Texts = property(itemgetter(0))  # type: ignore[assignment]
    key: str = property(itemgetter(1))  # type: ignore[assignment]
    data: Mapping[str, Any] = property(itemgetter(2))  # type: ignore[assignment]

    # No ``__new__`` of its own: tuple's, at C speed, takes the three parts as one tuple.

    def render(self, lang: str = "en") -> str:
        return self.texts.render(self.key, self.data, lang)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Say({self.key!r}, {dict(self.data)!r})"

    # Compared as the object it is (as before it was a tuple), never as a tuple of its parts.
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__


def render_text(text: str | Say | None, lang: str = "en") -> str:
    """A sentence in ``lang``: a Say is rendered; a plain string (a literal) is returned as is."""
    if text is None:
        return ""
    return text.render(lang) if isinstance(text, Say) else text


class _Fmt(Formatter):
    """str.format with the specs above; one per render, holding the language and the data."""

    def __init__(self, texts: Texts, lang: str, data: Mapping[str, Any], depth: int):
        self.texts, self.lang, self.data, self.depth = texts, lang, data, depth

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        try:
            return self.data[key]  # type: ignore[index]
        except KeyError:
            raise TextError(f"its data has no field {key!r}") from None

    def format_field(self, value: Any, spec: str) -> str:
        return self.texts.word_for(value, spec, self.lang, self.data, self.depth)


class Texts:
    """One game's sentence templates (``texts.yaml`` plus the core words)."""

    def __init__(self, game: Any, templates: Mapping[str, Mapping[str, str]], file: object = "texts.yaml"):
        self.game = game
        self.file = str(file)
        self.templates: dict[str, dict[str, str]] = {**CORE_TEXTS}
        for key, pair in templates.items():
            self.templates[key] = dict(pair)
        # Compiled templates: the field specs filled in (implicit ones made explicit) once.
        self._compiled: dict[tuple[str, str], str] = {}
        self.strict = False         # tests: an unknown card id or word is an error, not shown raw

    def __deepcopy__(self, memo: dict) -> Texts:       # game data is shared, never copied
        return self

    def __contains__(self, key: object) -> bool:
        return key in self.templates

    def say(self, key: str, **data: Any) -> Say:
        if key not in self.templates:
            raise TextError(f"{self.game_id}: no sentence {key!r} in {self.file}")
        return Say((self, key, data))

    @property
    def game_id(self) -> str:
        return str(getattr(self.game, "id", "?"))

    def template(self, key: str, lang: str) -> str:
        got = self._compiled.get((key, lang))
        if got is None:
            pair = self.templates.get(key)
            if pair is None:
                raise TextError(f"{self.game_id}: no sentence {key!r} in {self.file}")
            got = self._compiled[(key, lang)] = _explicit(pair.get(lang) or pair["en"])
        return got

    def render(self, key: str, data: Mapping[str, Any], lang: str = "en", depth: int = 0) -> str:
        if depth > 4:
            raise TextError(f"{self.game_id}: sentence {key!r} nests other sentences too deeply")
        tpl = self.template(key, lang)
        try:
            return _Fmt(self, lang, data, depth).vformat(tpl, (), {})
        except TextError as exc:
            raise TextError(f"{self.game_id}: sentence {key!r}: {exc.args[0]}") from None

    def word(self, key: str, lang: str, **kw: Any) -> str:
        return self.render(key, kw, lang)

    # ----- how one value reads --------------------------------------------------------------------
    def word_for(self, value: Any, spec: str, lang: str, data: Mapping[str, Any], depth: int) -> str:
        fn = _SPEC_FNS.get(spec)
        if fn is not None:
            return fn(self, value, lang, data, depth)
        t = type(value)
        if t is list or t is tuple:              # a list of values (a Say is a sentence, not a list)
            return self.render("core.list", {}, lang).join(format(v, spec) for v in value)
        return format(value, spec)

    def seat(self, n: Any, lang: str) -> str:
        if n is None:
            return self.render("core.nobody", {}, lang)
        return self.render("core.seat", {"n": n}, lang)

    def join(self, parts: list[str], lang: str) -> str:
        if not parts:
            return self.render("core.nothing", {}, lang)
        if len(parts) == 1:
            return parts[0]
        sep = self.render("core.list", {}, lang)
        return sep.join(parts[:-1]) + self.render("core.and", {}, lang) + parts[-1]

    def card(self, cid: Any, lang: str) -> str:
        # getattr: a sentence may be written while the game's cards are still loading (a demo deck
        # refused by its deck-building rules); the id stands in for the name then.
        cards = getattr(self.game, "cards", None) or {}
        card = cards.get(cid) if isinstance(cid, str) else None
        if card is None:
            if self.strict:
                raise TextError(f"{cid!r} is not a card id")
            return str(cid)
        name = getattr(card, "name", None)
        if name is None:
            return str(cid)
        if isinstance(name, str):
            return name
        return str((getattr(name, "zh", None) if lang == "zh" else None) or name.en)

    def vocab(self, value: Any, lang: str) -> str:
        key = f"word.{value}"
        if key in self.templates:
            return self.render(key, {}, lang)
        if self.strict:
            raise TextError(f"no word {key!r}")
        return str(value)

    def phase(self, node: Any, lang: str) -> str:
        try:
            return str(self.game.flow.label(node, lang))
        except KeyError:
            if self.strict:
                raise TextError(f"{node!r} is not a node of the flow") from None
            return str(node)


def _seq(value: Any) -> list:
    return list(value) if type(value) is list or type(value) is tuple else [value]


def _nested(t: Texts, v: Any, lang: str, data: Mapping[str, Any], depth: int) -> str:
    if isinstance(v, Say):
        return v.texts.render(v.key, v.data, lang, depth + 1)
    if isinstance(v, dict) and "key" in v:
        return t.render(v["key"], v.get("data") or {}, lang, depth + 1)
    if v is None or v == "":
        return ""
    if isinstance(v, str) and v not in t.templates:
        return v                              # a literal sentence (English only)
    return t.render(str(v), data, lang, depth + 1)


_SPEC_FNS: dict[str, Callable[[Texts, Any, str, Mapping[str, Any], int], str]] = {
    "seat": lambda t, v, lang, d, n: t.seat(v, lang),
    "seats": lambda t, v, lang, d, n: t.join([t.seat(s, lang) for s in _seq(v)], lang),
    "team": lambda t, v, lang, d, n: t.render("core.team", {"n": v}, lang),
    "card": lambda t, v, lang, d, n: t.card(v, lang),
    "cards": lambda t, v, lang, d, n: t.join([t.card(c, lang) for c in _seq(v)], lang),
    "phase": lambda t, v, lang, d, n: t.phase(v, lang),
    "word": lambda t, v, lang, d, n: t.vocab(v, lang),
    "words": lambda t, v, lang, d, n: t.join([t.vocab(w, lang) for w in _seq(v)], lang),
    "text": _nested,
    "s": lambda t, v, lang, d, n: "" if lang != "en" or v == 1 else "s",
}


def _explicit(tpl: str) -> str:
    """The template with each field's implicit spec written out (``{seat}`` -> ``{seat:seat}``)."""
    out = []
    for literal, name, spec, conv in _PARSE(tpl):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if not spec and name in DEFAULT_SPEC:
            spec = DEFAULT_SPEC[name]
        out.append("{" + name + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


def fields(tpl: str) -> dict[str, str]:
    """A template's fields and their specs (implicit ones filled in)."""
    got = {}
    for _lit, name, spec, _conv in _PARSE(tpl):
        if name is not None:
            got[name] = spec or DEFAULT_SPEC.get(name, "")
    return got


def check_template(tpl: str) -> str | None:
    """Why a template cannot be used (None: it can)."""
    try:
        parsed = list(_PARSE(tpl))
    except ValueError as exc:
        return f"broken braces ({exc})"
    for _lit, name, spec, conv in parsed:
        if name is None:
            continue
        if not _IDENT.match(name):
            return f"field {{{name}}} is not a plain name (no positions, dots or indexes)"
        if conv:
            return f"field {{{name}}} uses a conversion (!{conv}), which templates do not allow"
        if spec and spec.isalpha() and spec not in SPECS:
            return f"field {{{name}:{spec}}} has an unknown spec (known: {', '.join(sorted(SPECS))})"
        if spec and "{" in spec:
            return f"field {{{name}}} nests a field in its spec"
    return None


def load_texts(path: Path, game: Any) -> Texts:
    """Read and check ``texts.yaml`` (absent: only the core words)."""
    if not path.exists():
        return Texts(game, {}, path.name)
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("texts"), dict):
        raise DataError(path, "expected a mapping with a 'texts' mapping at the top")
    templates: dict[str, dict[str, str]] = {}
    for key, pair in data["texts"].items():
        entry = f"sentence {key!r}"
        if not isinstance(key, str) or not key:
            raise DataError(path, "a sentence's key is a name", entry=entry)
        if not isinstance(pair, dict):
            raise DataError(path, "expected a mapping of languages ({en: ..., zh: ...})", entry=entry)
        for lang in pair:
            if lang not in LANGS:
                raise DataError(path, f"unknown language (known: {', '.join(LANGS)})", entry=entry, field=str(lang))
        for lang in LANGS:
            tpl = pair.get(lang)
            if not isinstance(tpl, str) or not tpl.strip():
                raise DataError(path, "missing or empty: every sentence is written in English and Chinese",
                                entry=entry, field=lang)
            why = check_template(tpl)
            if why:
                raise DataError(path, why, entry=entry, field=lang)
        en, zh = fields(pair["en"]), fields(pair["zh"])
        if set(en) != set(zh):
            raise DataError(path, f"English uses fields {sorted(en)}, Chinese {sorted(zh)}: they must say the "
                                  f"same things", entry=entry, field="zh")
        templates[key] = {"en": pair["en"], "zh": pair["zh"]}
    return Texts(game, templates, path.name)
