"""Actions a player takes, events the referee reports, and the refusal of an illegal action.

Every Event and every IllegalAction carries the id of the rule clause it comes from, so a
reader can always ask "which rule says so?".
"""
from __future__ import annotations

from typing import Any


def _freeze(value: Any):
    """A hashable form of a JSON value (lists become tuples, dicts sorted item tuples)."""
    t = type(value)
    if t is dict:
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if t is list or t is tuple:
        return tuple(_freeze(v) for v in value)
    return value


class Action:
    """One concrete choice: ``kind`` (e.g. ``call``), the seat that takes it and JSON args.

    Two actions are equal when kind, player and args are equal; the English ``label`` and the
    ``clause`` are explanations, not identity.
    """

    __slots__ = ("kind", "player", "args", "label", "clause", "_key")

    def __init__(self, kind: str, player: int, args: dict | None = None,
                 label: str = "", clause: str | None = None):
        self.kind = kind
        self.player = player
        self.args = args or {}
        self.label = label or kind
        self.clause = clause
        self._key = None

    @property
    def key(self) -> tuple:
        """Identity as a hashable tuple (computed on first use: most listed actions never need it)."""
        if self._key is None:
            self._key = (self.kind, self.player, _freeze(self.args))
        return self._key

    def __eq__(self, other):
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return f"Action({self.kind!r}, player={self.player}, args={self.args!r})"

    def to_dict(self) -> dict:
        """What a record stores: enough to apply the action again."""
        return {"kind": self.kind, "player": self.player, "args": self.args}

    @classmethod
    def from_dict(cls, data: dict) -> "Action":
        if not isinstance(data, dict) or "kind" not in data or "player" not in data:
            raise ValueError(f"an action needs 'kind' and 'player', got {data!r}")
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError(f"action args must be a mapping, got {args!r}")
        return cls(str(data["kind"]), int(data["player"]), args)


class Event:
    """Something the referee reports: a phase change, a draw, a destroyed monster..."""

    __slots__ = ("kind", "text", "clause", "data")

    def __init__(self, kind: str, text: str, clause: str | None = None, data: dict | None = None):
        self.kind = kind
        self.text = text
        self.clause = clause
        self.data = data or {}

    def __repr__(self):
        cite = f" [{self.clause}]" if self.clause else ""
        return f"<{self.kind}: {self.text}{cite}>"

    def __eq__(self, other):
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "clause": self.clause, "data": self.data}

    def text_for(self, seat: int | None) -> str:
        """The text a seat may read: an event about a hidden card (``data['only']`` = the seat
        that may see it) shows others its ``data['public']`` text instead."""
        only = self.data.get("only")
        if only is None or seat is None or seat == only:
            return self.text
        return self.data.get("public", "(hidden)")


class IllegalAction(ValueError):
    """An action the rules forbid. The state that refused it is unchanged.

    ``clause`` is the id of the rule that forbids it, ``reason`` an English sentence.
    """

    def __init__(self, reason: str, clause: str | None = None, action: Action | None = None):
        self.reason = reason
        self.clause = clause
        self.action = action
        cite = f" (rule {clause})" if clause else ""
        super().__init__(f"{reason}{cite}")
