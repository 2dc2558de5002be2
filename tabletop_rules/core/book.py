"""A game's Book (its procedures, decisions, moves and rule checks) and the Choice a seat is asked.

Split from state.py, which re-exports both: a game declares everything in its Book at import
time (``@BOOK.procedure``, ``@BOOK.choice``, ``@BOOK.rule``), and a pending decision is a Choice on
the state's stack.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import Action
from .checks import Checks
from .moves import Lister, Moves
from .registry import Registry
from .texts import Say, render_text

if TYPE_CHECKING:
    from .state import State

Procedure = Callable[..., None]
ChoiceHandler = Callable[[Any, "Choice", Action], None]


class Book:
    """One game's named machinery: procedures, decision handlers, moves and card effects.

    Every name a state stores as data (``todo`` entries, ``Choice.kind``) is looked up here, so an
    unknown name fails with the list of known ones, and ``s.later(battle_result)`` names the
    function itself. Games create one Book and register into it with decorators.
    """

    def __init__(self, game: str):
        self.game = game
        self.procedures: Registry[Procedure] = Registry(f"{game} procedure")
        self.choices: Registry[ChoiceHandler] = Registry(f"{game} decision")
        self.moves = Moves(game)
        self.effects: Registry[Callable[..., Any]] = Registry(f"{game} effect")
        #: Rule checks by the clause they decide (``@BOOK.rule(CLAUSE_ID)``, core/checks.py): metadata only.
        self.rule = Checks(game)
        #: The game's further named tables (pets, traits, skills, madness effects, conditions).
        self.tables: dict[str, Registry[Callable[..., Any]]] = {}

    def registry(self, name: str) -> Registry[Callable[..., Any]]:
        """The game's table called ``name`` (made on first use): every function card data names lives
        in this Book, in ``effects`` or in one of these (core/effects.py: ``fn(state, ctx, **params)``)."""
        table = self.tables.get(name)
        if table is None:
            table = self.tables[name] = Registry(f"{self.game} {name}")
        return table

    def procedure(self, fn: Procedure) -> Procedure:
        """Decorator: ``fn(state, **kw)`` may be queued with ``state.later(fn, **kw)``."""
        return self.procedures()(fn)

    def choice(self, name: str) -> Callable[[ChoiceHandler], ChoiceHandler]:
        """Decorator: ``fn(state, choice, action)`` answers decisions asked as ``name``."""
        return self.choices(name)


class Choice:
    """A pending decision: ``player`` answers it with one of the actions its listers offer.

    ``kind`` names the handler (in the game's ``Book.choices``) that runs with the chosen action;
    ``ctx`` is JSON data the handler needs. ``listers`` name move listers (``Book.moves``) whose
    actions answer it, computed when the choice comes up (so a window lists what is playable
    *then*) and explained by the same listers when refused. Plain data, so clones copy it safely.
    """

    __slots__ = ("player", "kind", "prompt", "clause", "ctx", "listers")

    def __init__(self, player: int, kind: str, prompt: str | Say, clause: str | None = None,
                 ctx: dict | None = None, listers: tuple[str, ...] = ()):
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.clause = clause
        self.ctx = ctx or {}
        self.listers = listers

    def actions(self, state: State) -> list[Action]:
        """The answers: the listers' legal actions for this player."""
        return Moves.legal(state, self.player, self.lister_fns(state))

    def lister_fns(self, state: State) -> list[Lister]:
        fns = state.book.moves.listers.fns        # the names were checked when asked (``State.ask``)
        return [fns[n] for n in self.listers]

    def offers(self, state: State) -> set[str]:
        """The action kinds that can answer this decision."""
        return state.book.moves.kinds_of(self.lister_fns(state))

    def to_dict(self) -> dict:
        """What a view shows of it: the prompt in English (``prompt``) and Chinese (``prompt_zh``)."""
        p = self.prompt
        zh = p.render("zh") if isinstance(p, Say) else p
        return {"player": self.player, "kind": self.kind, "prompt": render_text(p), "prompt_zh": zh,
                "clause": self.clause}

    def describe(self, lang: str = "en") -> str:
        return self.prompt.render(lang) if isinstance(self.prompt, Say) else str(self.prompt)
