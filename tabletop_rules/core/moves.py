"""Moves: one home for every rule about what a player may do.

Each rule that decides legality is written once, as a *lister*: a generator that walks the
candidates of one or more action kinds and yields, for each, either the legal ``Action`` or a
``Refusal`` naming the clause that forbids it and why. The same generator serves both questions:

- ``legal_actions()`` keeps the Actions it yields (the refusals are skipped);
- a refused action is explained by running the same generator for that seat and picking the
  refusal that fits the action best, so the reason a player reads is the reason the listing
  used. Nothing re-derives the conditions a second time (DESIGN.md section 2, "one home per rule").

Where a move may be taken at all is declared as data: a decision node of ``flow.yaml`` names the
listers it offers, in order (``moves:``), bound here when the game loads (``Moves.bind``); a kind
asked for outside those nodes is refused with the kind's own ``not_now`` sentence. A pending
decision (``State.ask``) may name listers too (a counter window offers the cast and act
listers), so windows are explained by the same rules.

A refusal applies to every action whose args contain its ``args`` (``refuse(..., card=7)``
refuses every action with card 7); the most specific refusal that fits wins, earlier ones win ties.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeAlias

from .actions import Action, same_value
from .registry import Registry
from .texts import Say

if TYPE_CHECKING:
    from .state import State


class Refusal:
    """A candidate the rules forbid: ``reason``, ``clause`` and the args it covers.

    The reason is a ``Say`` (``s.say("why.key", **data)``), a key of the game's texts.yaml
    (written with the refusal's args), or a literal English sentence."""

    __slots__ = ("reason", "clause", "args", "kind")

    def __init__(self, reason: str | Say, clause: str | None, args: dict[str, Any] | None = None,
                 kind: str | None = None):
        self.reason = reason
        self.clause = clause
        self.args = args or {}
        self.kind = kind

    def __repr__(self) -> str:
        return f"Refusal({self.reason!r}, {self.clause!r}, args={self.args!r}, kind={self.kind!r})"

    def fits(self, action: Action) -> int:
        """How many of this refusal's args the action has (-1: it does not fit)."""
        if self.kind is not None and self.kind != action.kind:
            return -1
        args = action.args
        for k, v in self.args.items():
            if k not in args or not same_value(args[k], v):
                return -1
        return len(self.args)


def refuse(reason: str | Say, clause: str | None, kind: str | None = None, **args: Any) -> Refusal:
    """A refusal of every action (of ``kind``, if given) whose args contain ``args``."""
    return Refusal(reason, clause, args, kind)


Offer: TypeAlias = "Action | Refusal"
Lister: TypeAlias = "Callable[[Any, int], Iterable[Action | Refusal]]"
Apply: TypeAlias = "Callable[[Any, Action], None]"


class Kind:
    """An action kind: how it is applied and what is said when it is asked for at a wrong time."""

    __slots__ = ("name", "apply", "not_now", "no_such", "label", "person")

    def __init__(self, name: str, apply: Apply | None, not_now: tuple[str, str | None],
                 no_such: tuple[str, str | None], label: dict[str, str] | str | None = None, person: bool = False):
        self.name = name
        self.apply = apply
        self.not_now = not_now
        self.no_such = no_such
        self.label: dict[str, str] | str = label or {}   # a texts.yaml key, or (older) the words
        self.person = person            # a person's choice (conceding): bots never take it (core/bots.py)


class Moves:
    """A game's moves: kinds, the listers that offer them, and which flow nodes list which."""

    def __init__(self, game: str):
        self.game = game
        self.kinds: dict[str, Kind] = {}
        self._person: tuple[int, frozenset[str]] | None = None
        self.listers: Registry[Lister] = Registry(f"{game} lister")
        self.lister_kinds: dict[str, tuple[str, ...]] = {}
        self.phases: dict[str, tuple[Lister, ...]] = {}
        self.explainers: dict[str, tuple[Lister, ...]] = {}    # node -> listers that explain there
        #: lister name -> (actor, not_yours): the prologues declared (``lister(actor=...)``)
        self.prologues: dict[str, tuple[str, NotYours | None]] = {}
        #: Kinds whose args were found to hold lists (Buddyfight's attackers), learnt when one is
        #: applied (core/state.py ``_listed``): what such an action was when handed out is noted deep.
        self.deep_kinds: set[str] = set()

    # ----- declaring ----------------------------------------------------------------------------
    def kind(self, name: str, *, not_now: tuple[str, str | None],
             no_such: tuple[str, str | None] | None = None,
             label: dict[str, str] | str | None = None, person: bool = False) -> Callable[[Apply], Apply]:
        """Decorator for the function that applies a (legal) action of kind ``name``.

        ``not_now``: (reason, clause) when no node or decision offers the kind at this moment;
        ``no_such``: (reason, clause) when a lister runs but no candidate fits the action's args;
        ``label``: the kind's short name for buttons: a key of the game's texts.yaml (``"kind.call"``,
        so the words live with the game's other texts, issue 34), or ``{"en": "Call", "zh": "呼唤"}``;
        ``person``: only a person makes this choice (giving up the game): bots leave it alone.
        """
        def deco(fn: Apply) -> Apply:
            self.declare(name, fn, not_now=not_now, no_such=no_such, label=label, person=person)
            return fn
        return deco

    def declare(self, name: str, apply: Apply | None, *, not_now: tuple[str, str | None],
                no_such: tuple[str, str | None] | None = None, label: dict[str, str] | str | None = None,
                person: bool = False) -> None:
        """Declare a kind (``apply`` None: it only answers decisions, its handler applies it)."""
        if name in self.kinds:
            raise ValueError(f"{self.game}: action kind {name!r} is declared twice")
        self.kinds[name] = Kind(name, apply, not_now, no_such or not_now, label, person)

    def lister(self, *kinds: str, name: str | None = None, actor: str | None = None,
               not_yours: NotYours | None = None) -> Callable[[Lister], Lister]:
        """Decorator: ``fn(state, seat)`` yields the Actions (and Refusals) of ``kinds``.

        ``actor`` is the prologue most listers share, declared instead of written: only that seat
        acts here, and any other seat is offered nothing. ``"turn_player"``: the state's turn
        player; ``"chooser"``: the seat the pending decision asks. ``not_yours`` is what the other
        seat is told when it tries anyway: a ``(text key, clause)`` pair or ``fn(state) ->
        Refusal`` (a sentence that names whose turn it is); without it the other seat's attempt
        falls through to the kind's ``no_such`` sentence. The refusal is built only while
        explaining (``state.explaining``), as every refusal is."""
        def deco(fn: Lister) -> Lister:
            use = fn if actor is None else _prologue(fn, actor, not_yours)
            self.listers(name)(use)
            lname = self.listers.name_of(use)
            self.lister_kinds[lname] = kinds
            if actor is not None:
                self.prologues[lname] = (actor, not_yours)
            return use
        return deco

    def phase(self, node: str, *listers: Lister, explain: tuple[Lister, ...] = ()) -> None:
        """Flow node ``node`` offers these listers' actions, in this order. ``explain``: listers
        that offer nothing at this node and only say why their kinds are refused here; they are
        asked when an action is refused, never when the legal actions are listed."""
        for fn in (*listers, *explain):
            self.listers.name_of(fn)        # must be registered
        self.phases[node] = tuple(listers)
        if explain:
            self.explainers[node] = (*listers, *explain)

    def bind(self, nodes: dict[str, tuple[Iterable[str], Iterable[str]]]) -> None:
        """Bind what the flow declares: node -> (lister names offered, lister names that only
        explain). Replaces every earlier binding (the flow file is the one home of them)."""
        self.phases.clear()
        self.explainers.clear()
        for node, (offered, explain) in nodes.items():
            self.phase(node, *(self.listers[n] for n in offered), explain=tuple(self.listers[n] for n in explain))

    def check(self, flow_nodes: Iterable[str]) -> list[str]:
        """Problems with the declarations (tests call it): unknown nodes, undeclared kinds."""
        nodes = set(flow_nodes)
        out = [f"{self.game}: moves declared for {n!r}, which is not a flow node" for n in self.phases
               if n not in nodes]
        for lname, kinds in self.lister_kinds.items():
            out += [f"{self.game}: lister {lname!r} offers undeclared kind {k!r}" for k in kinds
                    if k not in self.kinds]
        return out

    # ----- using them ------------------------------------------------------------------------------
    def person_kinds(self) -> frozenset[str]:
        """The kinds only a person chooses (``person=True``), which bots leave alone."""
        got = self._person
        if got is None or got[0] != len(self.kinds):      # kinds are only ever added
            got = self._person = (len(self.kinds), frozenset(n for n, k in self.kinds.items() if k.person))
        return got[1]

    def kinds_of(self, listers: Iterable[Lister]) -> set[str]:
        out: set[str] = set()
        for fn in listers:
            out.update(self.lister_kinds[self.listers.name_of(fn)])
        return out

    @staticmethod
    def legal(state: State, seat: int, listers: Iterable[Lister]) -> list[Action]:
        out: list[Action] = []
        for fn in listers:
            out += [o for o in fn(state, seat) if type(o) is Action]
        return out

    def explain(self, state: State, action: Action, listers: Iterable[Lister]) -> Action | Refusal | None:
        """Run the listers of ``action.kind`` for ``action.player``: the Action that equals it
        (legal for that seat), else the refusal that fits it best, else None.

        While they run, ``state.explaining`` is True; at any other time the refusals a lister
        yields are thrown away, so a lister may skip *building* them (``if s.explaining``),
        never the conditions that decide what it lists."""
        best: Refusal | None = None
        score = -1
        key = action.key
        state.explaining = True
        try:
            for fn in listers:
                if action.kind not in self.lister_kinds[self.listers.name_of(fn)]:
                    continue
                for o in _offers(fn(state, action.player)):
                    if type(o) is Action:
                        if o.kind == action.kind and o.key == key:
                            return o
                    elif isinstance(o, Refusal):
                        s = o.fits(action)
                        if s > score:
                            best, score = o, s
        finally:
            state.explaining = False
        return best


#: What a seat that may not act here is told: (text key, clause), or a function of the state.
NotYours: TypeAlias = "tuple[str, str | None] | Callable[[Any], Refusal]"


def _prologue(fn: Lister, actor: str, not_yours: NotYours | None) -> Lister:
    """``fn`` behind the check that ``seat`` is the one who acts (see ``Moves.lister``). Each actor
    has its own wrapper, written out: it runs on every listing, so it makes no further call."""
    def refusal(s: Any) -> list[Refusal]:
        if not_yours is None:
            return []
        if callable(not_yours):
            return [not_yours(s)]
        return [Refusal(not_yours[0], not_yours[1])]

    if actor == "turn_player":
        @functools.wraps(fn)
        def listed(s: Any, seat: int) -> Iterable[Action | Refusal]:
            if seat != s.turn_player:
                return refusal(s) if s.explaining else []
            return fn(s, seat)
    elif actor == "chooser":
        @functools.wraps(fn)
        def listed(s: Any, seat: int) -> Iterable[Action | Refusal]:
            choices = s.choices
            if not choices or seat != choices[-1].player:
                return refusal(s) if s.explaining else []
            return fn(s, seat)
    else:
        raise ValueError(f"a lister's actor is 'turn_player' or 'chooser', not {actor!r}")
    return listed


def _offers(items: Iterable[Action | Refusal]) -> Iterator[Action | Refusal]:
    yield from items
