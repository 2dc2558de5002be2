"""Game: one game's data (rules, glossary, flow, cards, rulings) and its State class.

A game package builds one with ``Game(...)`` in its ``load()``; everything the public API
promises (``new_game``, ``replay``, ``rulings`` ...) lives here once for every game.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from .datafile import DataError, flush, listed
from .flow import bind_moves, load_flow
from .flowneeds import check_flow
from .records import MAX_BYTES, Record
from .rulebook import load_glossary, load_rulebook
from .texts import Say, load_texts
from .userinput import decode_user_bytes, read_user_file, shown

#: Seeds a game accepts: a 64-bit number, so a record always saves as JSON (a number of more than
#: 4,300 digits cannot even be written as text) and every seed a reader types still works.
SEED_RANGE = (-(2**63), 2**63 - 1)


def check_seed(seed: Any, source: str = "new_game") -> int:
    """``seed`` when it is a whole number in ``SEED_RANGE``; else a DataError (field ``seed``)."""
    if type(seed) is not int:
        raise DataError.bilingual(source, f"seed must be a whole number, not {shown(seed)}",
                                  f"种子应为整数，而不是 {shown(seed)}", field="seed")
    if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise DataError.bilingual(source, f"seed must be between -2**63 and 2**63-1, not {shown(seed)}",
                                  f"种子应在 -2**63 到 2**63-1 之间，而不是 {shown(seed)}", field="seed")
    return seed


def data_dir(game_id: str) -> Path:
    """Where the kit's YAML for ``game_id`` lives: inside the installed wheel, else the clone's ``data/``
    (a game from another package reads its own folder: ``Game.dir``)."""
    from .. import data_root

    return data_root() / game_id


class Catalogue:
    """What a game's card loader returns: the card definitions, the demo decks, and the game's
    own tables derived from them (typed by the game: piles, fillers, stages...)."""

    def __init__(self, cards: dict[str, Any], decks: dict[str, Any] | None = None, tables: Any = None):
        self.cards = cards
        self.decks = {} if decks is None else decks
        self.tables = tables


class Option:
    """A game option: its default and the values it may take."""

    def __init__(self, default: Any, choices: tuple | None, help: str, clause: str | None = None):
        self.default, self.choices, self.help, self.clause = default, choices, help, clause


class Game:
    def __init__(self, game_id: str, title: dict, player_counts: tuple, state_cls: type,
                 load_cards: Callable[[Path, Game], Catalogue | None], options: dict[str, Option] | None = None,
                 directory: Path | None = None, common: str | None = None,
                 view: Callable[[Any, int | None], dict] | None = None,
                 scenario: Callable[..., Any] | str | None = None,
                 elements: Callable[[Any, Any], tuple] | None = None):
        self.id = game_id
        # The game's view (``view(state, seat)``) and scenario builder (``scenario(state_cls, game, spec,
        # seed, source)``): hooks, so a state class needs no stub that only hands over to its view.py and
        # scenario.py (core.state.State.view, Game.scenario). The builder may be named ``"module:function"``,
        # imported when a scenario is first built: scenario builders use pydantic, which a game that is
        # only played never loads.
        self.view_fn = view
        # The board elements an action involves (``elements(state, action)``, core/elements.py):
        # declared once by the game, read by the clickable board (notebook/boardclick.py).
        self.elements_fn = elements
        self.scenario_fn = scenario
        self.title = title
        self.player_counts = tuple(player_counts)
        self.state_cls = state_cls
        self.options = options or {}
        self.dir = directory or data_dir(game_id)
        # Modes of one game (Blood Recall's duel and story) share one glossary and one texts.yaml
        # in a sibling folder, so a term or a sentence has one home: read there when the mode's
        # own folder has none.
        self.common = self.dir.parent / common if common else None
        self.glossary = load_glossary(self.data_file("glossary.yaml"))
        self.rules = load_rulebook(self.dir / "rules.yaml", self.glossary)
        self.flow = load_flow(self.dir / "flow.yaml", self.rules)
        book = getattr(state_cls, "book", None)
        if book is not None:       # the moves each decision node offers are the flow file's (flow.py)
            bind_moves(self.flow, book, self.dir / "flow.yaml")
        self.texts = load_texts(self.data_file("texts.yaml"), self)
        # What a seat's next draw takes from each deck its view counts ({view field: a count, or a
        # function of the seat's view entry}); the table warns a turn before a deck runs out
        # (notebook/guide.py deck_warning). Empty: the game declares no draw, so no warning.
        self.draws: dict[str, Any] = {}
        self.cards: dict[str, Any] = {}
        self.decks: dict[str, Any] = {}
        self.tables: Any = None
        loaded = load_cards(self.dir, self)  # validated; it may read the rules and glossary above
        if loaded is not None:
            self.cards, self.decks, self.tables = loaded.cards, loaded.decks, loaded.tables
        self._rulings: list[Any] | None = None
        check_flow(self)       # a flow.yaml lacking a phase change the engine makes is refused now
        flush()                # the entries validated now are read back next time (datafile.validate)

    def data_file(self, name: str) -> Path:
        """The game's data file ``name``: its own folder's, else the shared folder's (``common``)."""
        own = self.dir / name
        if not own.exists() and self.common is not None and (self.common / name).exists():
            return self.common / name
        return own

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title['en']}>"

    def __deepcopy__(self, memo: dict) -> Game:            # game data is shared, never copied
        return self

    # ----- options and new games ------------------------------------------------------------
    def resolve_options(self, options: dict | None) -> dict:
        out = {k: o.default for k, o in self.options.items()}
        for k, v in (options or {}).items():
            if k not in self.options:
                known, known_zh = listed(self.options) or "none", listed(self.options, "zh") or "无"
                raise DataError.bilingual("options", f"{self.id}: unknown option {shown(k)} (known options: {known})",
                                          f"{self.id}：未知的选项 {shown(k)}（已知选项：{known_zh}）",
                                          field=k[:60] if isinstance(k, str) else shown(k))
            choices = self.options[k].choices
            if choices is not None and v not in choices:
                one, wrong = shown(choices, 200), shown(v)
                raise DataError.bilingual("options", f"{self.id}: option {shown(k)} must be one of {one}, got {wrong}",
                                          f"{self.id}：选项 {shown(k)} 应为 {one} 之一，而不是 {wrong}",
                                          field=k[:60] if isinstance(k, str) else shown(k))
            out[k] = v
        self._check_decks(out)
        return out

    def _check_decks(self, options: dict) -> None:
        """An option whose default is a list of deck ids (``decks``) takes one deck per seat, each a
        deck id or an inline deck (a mapping the game validates): checked here, for every game, so a
        wrong shape is a sentence, not a Python error from deep inside setup."""
        for k, o in self.options.items():
            d = o.default
            if not (isinstance(d, list) and d and all(isinstance(x, str) and x in self.decks for x in d)):
                continue
            v = options[k]
            known, known_zh = listed(self.decks), listed(self.decks, "zh")
            if not isinstance(v, list) or len(v) != len(d):
                raise DataError.bilingual(
                    "options",
                    f"expected a list of {len(d)} decks (deck ids: {known}, or inline decks), got {shown(v)}",
                    f"应为 {len(d)} 副卡组的列表（卡组编号：{known_zh}，或直接写出的卡组），而不是 {shown(v)}",
                    field=k)
            for i, x in enumerate(v):
                if isinstance(x, str) and x not in self.decks:
                    raise DataError.bilingual("options", f"unknown deck {shown(x)} (known: {known})",
                                              f"未知的卡组 {shown(x)}（已知：{known_zh}）", field=f"{k}.{i}")
                if not (isinstance(x, str) or (isinstance(x, dict) and x)):
                    raise DataError.bilingual("options",
                                              f"a deck is a deck id ({known}) or an inline deck, got {shown(x)}",
                                              f"卡组应为卡组编号（{known_zh}）或直接写出的卡组，而不是 {shown(x)}",
                                              field=f"{k}.{i}")

    def new_game(self, seed: int = 0, players: int | None = None, options: dict | None = None,
                 **setup: Any) -> Any:
        """A new game set up per the rules, up to the first decision (a State of the game's class)."""
        players = self.player_counts[0] if players is None else players
        if type(players) is not int or players not in self.player_counts:
            raise DataError.bilingual("new_game", f"{self.id} is played by {self.player_counts} players, "
                                                  f"not {shown(players)}",
                                      f"{self.id} 由 {listed(self.player_counts, 'zh')} 名玩家进行，"
                                      f"而不是 {shown(players)} 名", field="players")
        check_seed(seed, "new_game")
        state = self.state_cls(self, seed, players, self.resolve_options(options), **setup)
        state.setup()
        return state

    def record_of(self, record: Any, source: str = "record") -> Record:
        """``record`` as a Record of this game: a Record, its JSON text or bytes, a dict or a file's path
        (read the one checked way). Anything else, or another game's record, is a DataError. The one
        way in for records: replay, the walkthrough and the static walkthrough all take it."""
        if isinstance(record, os.PathLike):             # a file: read the one checked way (userinput)
            source = source if source != "record" else str(record)
            record = decode_user_bytes(read_user_file(record, MAX_BYTES, "game record", "对局记录"), MAX_BYTES,
                                       source, "game record", "对局记录")
        if isinstance(record, str | bytes | bytearray):
            record = Record.from_json(bytes(record) if isinstance(record, bytearray) else record, source)
        elif isinstance(record, dict):
            record = Record.from_dict(record, source)
        elif not isinstance(record, Record):
            raise DataError.bilingual(source, f"expected a game record (a Record, its JSON text or bytes, a dict "
                                              f"or a file's path), not {shown(record)}",
                                      f"应为对局记录（Record、其 JSON 文本或字节、字典或文件路径），"
                                      f"而不是 {shown(record)}")
        if record.game != self.id:
            raise DataError(source, f"this is a record of {shown(record.game)}, not of {self.id!r}", field="game")
        return record

    def replay(self, record: Record | str | bytes | dict, source: str = "record", upto: int | None = None) -> Any:
        """Rebuild the state a record describes (optionally only its first ``upto`` actions)."""
        from .actions import Action, IllegalAction

        record = self.record_of(record, source)
        if upto is not None and (type(upto) is not int or upto < 0):
            raise DataError.bilingual(source, f"upto is a number of actions (0 or more), not {shown(upto)}",
                                      f"upto 应为行动的数目（0 或以上），而不是 {shown(upto)}", field="upto")
        try:
            state = self.new_game(record.seed, record.players, record.options)
        except DataError as exc:
            # The options' own fault (a deck that breaks a rule) keeps its Chinese sentence.
            raise DataError.bilingual(source, f"its options cannot start a game: {exc}",
                                      f"记录的选项无法开局：{exc.describe('zh')}" if exc.says is not None else None,
                                      field="options") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # A game's own setup met options it cannot use: one sentence, never a traceback.
            raise DataError(source, f"its options cannot start a game ({type(exc).__name__}: {exc})",
                            field="options") from None
        for i, a in enumerate(record.actions[:upto]):
            try:
                state.apply(Action.from_dict(a))
            except (IllegalAction, ValueError) as exc:
                why = exc.message("zh") if isinstance(exc, IllegalAction) else str(exc)
                raise DataError.bilingual(source, f"action cannot be replayed: {exc}", f"行动无法重放：{why}",
                                          entry=f"action #{i + 1}") from None
        return state

    def kind_label(self, kind: str, lang: str = "en") -> str | None:
        """A kind of action's short name for a button ("Call", "呼唤"), as the game declares it."""
        book = getattr(self.state_cls, "book", None)
        k = book.moves.kinds.get(kind) if book is not None else None
        if k is None or not k.label:
            return None
        if isinstance(k.label, str):            # a texts.yaml key (issue 34: the words live in the data)
            return self.texts.word(k.label, lang)
        return k.label.get(lang) or k.label.get("en")

    def describe(self, item: Any, lang: str = "en", seat: int | None = None) -> str:
        """The sentence of an Event, Action, pending decision or Say in ``lang`` ("en" / "zh"),
        written from the game's templates (texts.yaml) and the item's data. ``seat``: as that
        seat may read it (a hidden card's event reads as its public sentence to the others).

        An action whose label is no template reads in Chinese as its kind and its parts."""
        from .actions import Action, Event

        if lang not in ("en", "zh"):
            raise ValueError(f"unknown language {lang!r} (known: en, zh)")
        if isinstance(item, Say):
            return item.render(lang)
        if isinstance(item, Event):
            return item.describe(lang, seat)
        if isinstance(item, Action):
            got = item.describe(lang)
            if got is not None:
                return got
            return self._parts_label(item, lang)
        describe = getattr(item, "describe", None)
        if callable(describe):
            return str(describe(lang))
        raise TypeError(f"describe() takes an event, an action or a decision, not {type(item).__name__}")

    def _parts_label(self, action: Any, lang: str) -> str:
        kind = self.kind_label(action.kind, lang) or action.kind.replace("_", " ").capitalize()
        parts = []
        for k, v in action.args.items():
            if k in ("name", "at"):
                continue
            if k == "card" and action.args.get("name") in self.cards:
                parts.append(self.texts.card(action.args["name"], lang))
            elif isinstance(v, str) and v in self.cards:
                parts.append(self.texts.card(v, lang))
            elif isinstance(v, list):
                parts.append(" + ".join(self.texts.card(x, lang) if x in self.cards else str(x) for x in v))
            else:
                parts.append(str(v))
        return f"{kind}: {' · '.join(parts)}" if parts else kind

    # ----- rulings -----------------------------------------------------------------------------
    @property
    def rulings(self) -> list[Any]:
        if self._rulings is None:
            from .rulings import load_rulings

            self._rulings = load_rulings(self.dir / "rulings.yaml", self)
            flush()            # read back without pydantic next time (``tabletop-rules rules`` lists them)
        return self._rulings

    def ruling(self, rid: str) -> Any:
        for r in self.rulings:
            if r.id == rid:
                return r
        raise KeyError(f"no ruling {rid!r} in {self.id}")

    def scenario(self, spec: dict, seed: int = 0, source: str = "scenario") -> Any:
        """Build a position from a scenario description (games implement ``from_scenario``)."""
        hook = self.scenario_fn
        if isinstance(hook, str):
            module, _, name = hook.partition(":")
            hook = self.scenario_fn = getattr(import_module(module), name)
        build = getattr(self.state_cls, "from_scenario", None)
        check_seed(seed, source)
        if hook is not None:
            state = hook(self.state_cls, self, spec, seed, source)
        elif build is not None:
            state = build(self, spec, seed, source)
        else:
            raise NotImplementedError(f"{self.id} has no scenario builder")
        # A position the builder accepts always plays: it is asked for its actions now, so a position
        # no rule can act in is refused here, naming the scenario, rather than failing later in
        # whoever plays it. The list is not kept: a test may still place a card by hand.
        try:
            state.legal_actions()
            state._legal_cache = None
        except (IndexError, KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
            raise DataError.bilingual(source, f"this position cannot be played ({type(exc).__name__})",
                                      f"这个局面无法进行（{type(exc).__name__}）", field="scenario") from None
        return state
