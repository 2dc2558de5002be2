"""Game records: seed, options and the actions taken. Saved as JSON, replayed for time travel.

A record is all a game is: replaying it on a fresh ``new_game`` rebuilds the same state
(boardgame.io's log, OpenSpiel's history). Loading never uses pickle or eval; a broken or
foreign file raises a DataError that says what is wrong with it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .datafile import DataError

FORMAT = "tabletop-rules-record/1"


@dataclass
class Record:
    game: str
    seed: int
    players: int
    options: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"format": FORMAT, "game": self.game, "seed": self.seed, "players": self.players,
                "options": self.options, "actions": self.actions}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "record") -> Record:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise DataError(source, f"not a JSON game record ({exc})") from None
        return cls.from_dict(data, source)

    @classmethod
    def from_dict(cls, data: object, source: str = "record") -> Record:
        if not isinstance(data, dict):
            raise DataError(source, "a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise DataError(source, f"not a tabletop-rules game record (format {data.get('format')!r}, "
                                    f"expected {FORMAT!r})", field="format")
        for key, typ in (("game", str), ("seed", int), ("players", int), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), typ) or (typ is int and isinstance(data.get(key), bool)):
                raise DataError(source, f"expected {typ.__name__}", field=key)
        for i, a in enumerate(data["actions"]):
            if not (isinstance(a, dict) and isinstance(a.get("kind"), str) and isinstance(a.get("player"), int)
                    and isinstance(a.get("args", {}), dict)):
                raise DataError(source, "each action needs a string 'kind', an int 'player' and an 'args' object",
                                entry=f"action #{i + 1}")
        return cls(data["game"], data["seed"], data["players"], data["options"], data["actions"])
