"""Actions a player takes, events the referee reports, and the refusal of an illegal action.

Every Event and every IllegalAction carries the id of the rule clause it comes from, so a
reader can always ask "which rule says so?".
"""
from __future__ import annotations

from typing import Any

from .datafile import rule_cite
from .texts import Say, render_text
from .userinput import shown

MAX_DEPTH = 16          # args nest no deeper than this (a deeper one is refused, never recursed into)
#: The largest whole number an action may carry (seat, index, count): no rule of any game counts
#: near it, and a larger one is refused before anything formats it (Python will not even write a
#: number of more than 4,300 digits as text).
MAX_INT = 2**53


def _freeze(value: Any) -> Any:
    """A hashable form of a JSON value (lists become tuples, dicts sorted item tuples).

    Only called on values ``json_problem`` accepted: keys are strings, values JSON."""
    t = type(value)
    if t is dict:
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if t is list or t is tuple:
        return tuple(_freeze(v) for v in value)
    return value


_SCALARS = frozenset((str, int, bool, float, type(None)))

class _Deep(dict):
    """A deep copy of an action's args (they hold lists, which a caller could change in place):
    its type says the copy vouches for the lists too."""

    __slots__ = ()


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (dicts and lists), cheap for the usual flat args."""
    t = type(value)
    if t is dict:
        return {k: (v if type(v) in _SCALARS else copy_json(v)) for k, v in value.items()}
    if t is list or t is tuple:
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    return value


def json_problem(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` is not plain JSON data an action may carry (None: it is)."""
    t = type(value)
    if value is None or t is str or t is bool:
        return None
    if t is int:
        return None if -MAX_INT <= value <= MAX_INT else f"a number far beyond any rule's range ({shown(value)})"
    if t is float:
        return None if value == value and value not in (float("inf"), float("-inf")) else "a number that is not finite"
    if depth >= MAX_DEPTH:
        return f"data nested more than {MAX_DEPTH} deep"
    if t is list or t is tuple:
        for v in value:
            why = json_problem(v, depth + 1)
            if why:
                return why
        return None
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                return f"a key that is not text ({shown(k, 40)})"
            why = json_problem(v, depth + 1)
            if why:
                return why
        return None
    return f"a value of type {t.__name__}, which is not JSON data"


def same_value(a: Any, b: Any) -> bool:
    """Equal JSON values, lists compared as multisets (a group of attackers has no order)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return False
        try:
            return sorted(a) == sorted(b)
        except TypeError:
            return list(a) == list(b)
    # True == 1 in Python, but a card id is never a yes/no answer.
    return bool(a == b) and (type(a) is bool) == (type(b) is bool)


class Action:
    """One concrete choice: ``kind`` (e.g. ``call``), the seat that takes it and JSON args.

    Two actions are equal when kind, player and args are equal; the ``label`` and the
    ``clause`` are explanations, not identity. The label is an English string or a ``Say``
    (a template of the game's texts.yaml), written only when read: ``label`` gives English,
    ``describe(lang)`` either language.
    """

    __slots__ = ("kind", "player", "args", "_label", "clause", "_key", "_was")

    def __init__(self, kind: str, player: int, args: dict | None = None,
                 label: str | Say = "", clause: str | None = None):
        self.kind = kind
        self.player = player
        self.args = args or {}
        self._label = label
        self.clause = clause
        self._key: tuple | None = None
        # What it was when handed out (``State.legal_actions``, core/state.py), None until then.
        self._was: tuple | None = None

    @property
    def label(self) -> str:
        return render_text(self._label) or str(self.kind)

    @label.setter
    def label(self, value: str | Say) -> None:
        self._label = value

    @property
    def says(self) -> Say | None:
        """The label's template (None: a plain English label)."""
        return self._label if isinstance(self._label, Say) else None

    def describe(self, lang: str = "en") -> str | None:
        """The label in ``lang`` when it comes from a template; else English only (None for others)."""
        if isinstance(self._label, Say):
            return self._label.render(lang)
        return self.label if lang == "en" else None

    @property
    def key(self) -> tuple:
        """Identity as a hashable tuple (computed on first use: most listed actions never need it)."""
        key = self._key
        if key is None:
            key = self._key = (self.kind, self.player, _freeze(self.args))
        return key

    def __eq__(self, other):
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return f"Action({shown(self.kind)}, player={shown(self.player)}, args={shown(self.args, 200)})"

    def problem(self) -> str | None:
        """Why this is not a well-formed action at all (None: it is one); checked before any
        rule is asked, so odd input is refused with a sentence instead of a Python error."""
        if type(self.kind) is not str:
            return f"an action's kind is a name (text), not {shown(self.kind)}"
        if len(self.kind) > 200:
            return f"an action's kind is a short name, not {shown(self.kind)}"
        if type(self.player) is not int or not -MAX_INT <= self.player <= MAX_INT:
            return f"an action's player is a seat number, not {shown(self.player)}"
        if type(self.args) is not dict:
            return f"an action's args are a mapping of names to values, not {shown(self.args)}"
        why = json_problem(self.args)
        return f"an action's args must be plain JSON data; these hold {why}" if why else None

    def to_dict(self) -> dict:
        """What a record stores: enough to apply the action again."""
        return {"kind": self.kind, "player": self.player, "args": copy_json(self.args)}

    @classmethod
    def from_dict(cls, data: dict) -> Action:
        if not isinstance(data, dict) or "kind" not in data or "player" not in data:
            raise ValueError(f"an action needs 'kind' and 'player', got {shown(data)}")
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError(f"action args must be a mapping, got {shown(args)}")
        kind, player = data["kind"], data["player"]
        if type(kind) is not str or type(player) is not int:
            raise ValueError(f"an action's kind is text and its player a seat number, got {shown(kind, 40)}, "
                             f"{shown(player, 40)}")
        action = cls(kind, player, args)
        why = action.problem()
        if why:
            raise ValueError(why)
        action.args = copy_json(args)
        return action


class Event:
    """Something the referee reports: a phase change, a draw, a destroyed monster...

    Its sentence is a ``Say`` (a template of the game's texts.yaml and the event's data),
    written only when read: ``text`` is English, ``describe(lang)`` either language. The engine
    makes one with the key and the game's ``texts`` (``State.emit``): the Say is made when the
    sentence is asked for, not for every event of a game nobody reads (issue 37); a text that
    is no key of ``texts`` is a literal English sentence."""

    __slots__ = ("kind", "_text", "clause", "data", "_texts")

    def __init__(self, kind: str, text: str | Say, clause: str | None = None, data: dict | None = None,
                 texts: Any = None):
        self.kind = kind
        self._text = text
        self.clause = clause
        self.data = data if data is not None else {}
        self._texts = texts

    @property
    def text(self) -> str:
        says = self.says
        return says.render("en") if says is not None else render_text(self._text)

    @property
    def says(self) -> Say | None:
        """The sentence's template (None: a literal English sentence)."""
        text = self._text
        if isinstance(text, Say):
            return text
        texts = self._texts
        if texts is not None and type(text) is str and text in texts.templates:
            says = self._text = Say((texts, text, self.data))     # made once, when first read
            return says
        return None

    def describe(self, lang: str = "en", seat: int | None = None) -> str:
        """The sentence in ``lang`` as ``seat`` may read it (None: the referee)."""
        only = self.data.get("only")
        says = self.says
        if only is not None and seat is not None and seat != only:
            public = self.data.get("public")
            if says is not None and isinstance(public, str) and public in says.texts:
                return says.texts.render(public, self.data, lang)
            if says is not None:
                return says.texts.render("core.hidden", {}, lang)
            return public if isinstance(public, str) else "(hidden)"
        if says is not None:
            return says.render(lang)
        return render_text(self._text)

    def __repr__(self):
        cite = f" [{self.clause}]" if self.clause else ""
        return f"<{self.kind}: {self.text}{cite}>"

    def __eq__(self, other):
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "clause": self.clause, "data": self.data}

    def text_for(self, seat: int | None, lang: str = "en") -> str:
        """The text a seat may read: an event about a hidden card (``data['only']`` = the seat
        that may see it) shows others its ``data['public']`` sentence (a template key) instead."""
        return self.describe(lang, seat)


class IllegalAction(ValueError):
    """An action the rules forbid. The state that refused it is unchanged.

    ``clause`` is the id of the rule that forbids it, ``reason`` an English sentence; when the
    reason comes from a template (``says``), ``describe(lang)`` gives it in either language.
    """

    def __init__(self, reason: str | Say, clause: str | None = None, action: Action | None = None):
        self.says = reason if isinstance(reason, Say) else None
        self.reason = render_text(reason)
        self.clause = clause
        self.action = action
        super().__init__(self.message())

    def describe(self, lang: str = "en") -> str:
        """The reason in ``lang`` (English when it is no template)."""
        return self.says.render(lang) if self.says is not None else self.reason

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang`` and the rule it cites, as an error line shows it (``str()``: English)."""
        return self.describe(lang) + rule_cite(self.clause, lang)
