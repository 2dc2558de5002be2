"""Game records: seed, options and the actions taken. Saved as JSON, replayed for time travel.

A record is all a game is: replaying it on a fresh ``new_game`` rebuilds the same state
(boardgame.io's log, OpenSpiel's history). Loading never uses pickle or eval; a broken or
foreign file raises a DataError that says what is wrong with it.
"""
from __future__ import annotations

import json

from .datafile import DataError
from .userinput import shown as _shown

FORMAT = "tabletop-rules-record/1"
#: The longest record accepted (actions). A whole game is a few hundred; a file beyond this is
#: refused with a sentence rather than replayed for minutes.
MAX_ACTIONS = 200_000
#: The largest record file read (bytes); the play table caps uploads at the same size.
MAX_BYTES = 20_000_000


# A record's faults, in both languages (``DataError.describe``), and the two languages' type words.
_refused = DataError.bilingual
_ZH_TYPES = {str: "文本", int: "整数", dict: "对象（名称: 值）", list: "列表"}


class Record:
    """A game's seed, players, options and actions (a plain class, not a dataclass: importing
    ``dataclasses`` pulls in ``inspect``, a fifth of ``load_game``'s time)."""

    __slots__ = ("game", "seed", "players", "options", "actions")

    def __init__(self, game: str, seed: int, players: int, options: dict | None = None,
                 actions: list | None = None):
        self.game, self.seed, self.players = game, seed, players
        self.options = {} if options is None else options
        self.actions = [] if actions is None else actions

    def __eq__(self, other: object) -> bool:
        if type(other) is not Record:
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]   # mutable, like the dataclass it was

    def __repr__(self) -> str:
        return (f"Record(game={_shown(self.game)}, seed={_shown(self.seed)}, players={_shown(self.players)}, "
                f"options={_shown(self.options, 200)}, actions={_shown(self.actions, 200)})")

    def to_dict(self) -> dict:
        return {"format": FORMAT, "game": self.game, "seed": self.seed, "players": self.players,
                "options": self.options, "actions": self.actions}

    def to_json(self, indent: int | None = None) -> str:
        # Keys are not sorted: the order of inline data (a deck's cards) is what builds the game
        # (card uids), so sorting it would make a record that no longer replays. The order is
        # still deterministic: the same game gives the same bytes.
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "record") -> Record:
        if isinstance(text, bytes | bytearray):
            text = decode(bytes(text), source)
        elif text.startswith("\ufeff"):        # a byte-order mark some editors write
            text = text[1:]
        if len(text) > MAX_BYTES:
            raise _too_large(source)
        try:
            data = json.loads(text)
        except RecursionError:
            raise _refused(source, "not a game record: its JSON is nested far too deep",
                           "不是棋谱：它的 JSON 嵌套得太深") from None
        except (ValueError, TypeError) as exc:
            why = _shown(str(exc), 120).strip("'")
            raise _refused(source, f"not a JSON game record ({why})", f"不是 JSON 格式的棋谱（{why}）") from None
        return cls.from_dict(data, source)

    @classmethod
    def from_dict(cls, data: object, source: str = "record") -> Record:
        if not isinstance(data, dict):
            raise _refused(source, "a game record must be a JSON object", "棋谱必须是一个 JSON 对象")
        if data.get("format") != FORMAT:
            fmt = _shown(data.get("format"))
            raise _refused(source, f"not a tabletop-rules game record (format {fmt}, expected {FORMAT!r})",
                           f"不是本工具包的棋谱（格式为 {fmt}，应为 {FORMAT!r}）", field="format")
        for key, typ in (("game", str), ("seed", int), ("players", int), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), typ) or (typ is int and isinstance(data.get(key), bool)):
                raise _refused(source, f"expected {typ.__name__}", f"应为{_ZH_TYPES[typ]}", field=key)
        from .game import SEED_RANGE

        if not SEED_RANGE[0] <= data["seed"] <= SEED_RANGE[1]:
            raise _refused(source, f"the seed must be between -2**63 and 2**63-1, not {_shown(data['seed'])}",
                           f"种子应在 -2**63 到 2**63-1 之间，而不是 {_shown(data['seed'])}", field="seed")
        if not 0 < data["players"] <= 64:
            raise _refused(source, f"a number of players, not {_shown(data['players'])}",
                           f"应为玩家人数，而不是 {_shown(data['players'])}", field="players")
        if len(data["actions"]) > MAX_ACTIONS:
            raise _refused(source, f"{len(data['actions']):,} actions is more than a record may hold "
                                   f"({MAX_ACTIONS:,})",
                           f"{len(data['actions']):,} 个行动，超过了棋谱的上限（{MAX_ACTIONS:,}）", field="actions")
        for i, a in enumerate(data["actions"]):
            if not (isinstance(a, dict) and isinstance(a.get("kind"), str) and type(a.get("player")) is int
                    and isinstance(a.get("args", {}), dict)):
                raise _refused(source, "each action needs a string 'kind', an int 'player' and an 'args' object",
                               "每个行动都要有文本 kind、整数 player 和对象 args", entry=f"action #{i + 1}")
        return cls(data["game"], data["seed"], data["players"], data["options"], data["actions"])


def _too_large(source: str) -> DataError:
    return _refused(source, f"the file is too large for a game record (over {MAX_BYTES:,} bytes)",
                    f"文件太大，不是棋谱（超过 {MAX_BYTES:,} 字节）")


def decode(raw: bytes, source: str = "record") -> str:
    """A record file's text by the kit's one decoding rule (``userinput.decode_user_bytes``: UTF-8
    with or without a byte-order mark, or UTF-16 with its mark); anything else is refused."""
    from .userinput import decode_user_bytes

    if len(raw) > MAX_BYTES:
        raise _too_large(source)
    return decode_user_bytes(raw, MAX_BYTES, source, "game record", "棋谱")
