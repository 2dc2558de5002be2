"""The base State every game builds on: seats, seeded randomness, the log and the record.

What is shared here, and why:
- ``apply`` checks the action against ``legal_actions()`` *before* anything changes, so an
  illegal action raises IllegalAction and leaves the state exactly as it was.
- ``legal_actions()`` is cached until the next change: a bot lists the actions, picks one and
  applies it, and the legality check reuses that list instead of computing it twice.
- Phase changes go through ``goto``, which refuses any move that is not an edge of the game's
  flow graph: the graph a reader sees is the flow the engine runs.
- Randomness only from ``self.rng`` (``random.Random(seed)``), never the global generator.
- Decisions that interrupt play (pay which gauge card, use Soulguard?, which monster to drop)
  are ``Choice`` objects on a stack; ``current_player`` is whoever owns the top one.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from .actions import Action, Event, IllegalAction
from .records import Record


class Choice:
    """A pending decision: ``player`` picks one of ``options`` (args dicts with labels).

    ``kind`` names the handler the game runs with the chosen args (``choose_<kind>``);
    ``ctx`` is JSON data the handler needs. Plain data, so clones copy it safely.
    """

    __slots__ = ("player", "kind", "prompt", "options", "clause", "ctx")

    def __init__(self, player: int, kind: str, prompt: str, options: list[tuple[dict, str]] | None,
                 clause: str | None = None, ctx: dict | None = None):
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.clause = clause
        self.ctx = ctx or {}

    def actions(self, state) -> list[Action]:
        """The answers: fixed options, or (options None) ``state.options_<kind>(choice)``,
        computed when the choice comes up (so a window lists what is playable *then*)."""
        if self.options is None:
            return getattr(state, "options_" + self.kind)(self)
        return [o if isinstance(o, Action) else Action(self.kind, self.player, o[0], o[1], self.clause)
                for o in self.options]

    def to_dict(self) -> dict:
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt, "clause": self.clause}


class State:
    """Base class. A game subclass implements ``_legal``, ``_apply``, ``view`` and setup."""

    game_id = "?"

    def __init__(self, game, seed: int, players: int, options: dict):
        self.game = game
        self.seed = seed
        self.players = players
        self.options = options
        self.rng = random.Random(seed)
        self.phase: str = game.flow.start
        self.log: list[Event] = []
        self.choices: list[Choice] = []
        self.winners: tuple | None = None
        self.result: str | None = None
        self._actions: list[dict] = []
        self._events: list[Event] = []
        self.todo: list[tuple[str, dict]] = []      # automatic procedures still to run (a stack)
        self._legal_cache: list[Action] | None = None
        self._legal_keys: dict | None = None

    # ----- the contract -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.choices:
            return self.choices[-1].player
        return self._actor()

    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            if self.is_over:
                acts: list[Action] = []
            elif self.choices:
                acts = self.choices[-1].actions(self)
            else:
                acts = self._legal()
            self._legal_cache = acts
            self._legal_keys = None
        return list(self._legal_cache)

    def _find_legal(self, action: Action) -> Action | None:
        if self._legal_cache is None:
            self.legal_actions()
        for a in self._legal_cache:          # a bot hands back one of the listed objects
            if a is action:
                return a
        if self._legal_keys is None:
            self._legal_keys = {a.key: a for a in self._legal_cache}
        return self._legal_keys.get(action.key)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused (also appended to ``log``)."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not an Action: {action!r}", None)
        legal = self._find_legal(action)
        if legal is None:
            raise self._refusal(action)
        self._events = []
        self._legal_cache = None
        self._actions.append(action.to_dict())
        if self.choices:
            choice = self.choices.pop()
            getattr(self, "choose_" + choice.kind)(choice, legal)
        else:
            self._apply(legal)
        self.run()
        events, self._events = self._events, []
        return events

    @property
    def record(self) -> Record:
        return Record(game=self.game.id, seed=self.seed, players=self.players,
                      options=dict(self.options), actions=list(self._actions))

    def clone(self) -> "State":
        """An independent copy (for bots and what-if questions); game data is shared."""
        memo: dict[int, Any] = {id(self.game): self.game, id(self.log): list(self.log)}
        return copy.deepcopy(self, memo)

    def build_action(self, spec: dict) -> Action:
        """An Action from a loose description (rulings' steps, scripts): ``args.name`` finds that
        card among ``named_cards(player)`` when no ``card`` is given. It may well be illegal."""
        args = dict(spec.get("args") or {})
        player = spec.get("player", self.current_player)
        if "name" in args and "card" not in args and player is not None:
            for uid in self.named_cards(player):
                if self.cards[uid].cid == args["name"]:
                    args["card"] = uid
                    break
        return Action(spec.get("kind", ""), player if player is not None else -1, args)

    def named_cards(self, player: int) -> list:
        """Card instances a seat could name in an action (its hand, cards in play). Games refine."""
        return []

    def view(self, seat: int | None = None) -> dict:  # pragma: no cover - games implement
        raise NotImplementedError

    # ----- helpers for games ------------------------------------------------------------------
    def emit(self, kind: str, text: str, clause: str | None = None, **data) -> Event:
        ev = Event(kind, text, clause, data)
        self._events.append(ev)
        self.log.append(ev)
        return ev

    def goto(self, to: str, clause: str | None = None) -> None:
        """Change phase along an edge of the flow graph (anything else is an engine bug)."""
        frm = self.phase
        if frm == to:
            return
        step = self.game.flow.transitions.get((frm, to))
        if step is None:
            raise RuntimeError(f"engine bug: {frm} -> {to} is not an edge of the {self.game.id} flow")
        self.phase = to
        text, node_clause = step
        ev = Event("phase", text, clause or node_clause, {"from": frm, "to": to})
        self._events.append(ev)
        self.log.append(ev)

    def ask(self, player: int, kind: str, prompt: str, options: list | None,
            clause: str | None = None, **ctx) -> None:
        """Push a decision for ``player``; ``choose_<kind>`` runs when it is answered.

        ``options``: ``(args, label)`` pairs (actions of this kind), ready Actions of any kind
        (a counter window offers ``cast``, ``act`` and ``pass``), or None to compute them with
        ``options_<kind>`` when the choice comes up.
        """
        self.choices.append(Choice(player, kind, prompt, options, clause, ctx))
        self._legal_cache = None

    def finish(self, winners: tuple, result: str, clause: str | None = None) -> None:
        """End the game (once): ``winners`` () is a draw, or a solo loss."""
        if self.winners is not None:
            return
        self.winners = tuple(winners)
        self.result = result
        self.choices.clear()
        self.todo.clear()
        self.emit("game_over", result, clause, winners=list(winners))

    def later(self, name: str, **kw) -> None:
        """Run procedure ``do_<name>(**kw)`` next (before anything queued earlier)."""
        self.todo.append((name, kw))

    def then(self, *steps: tuple[str, dict]) -> None:
        """Queue procedures to run next, in the order given."""
        for name, kw in reversed(steps):
            self.todo.append((name, kw))

    def run(self) -> None:
        """Run automatic procedures until a player must decide or the game ends.

        Procedures and choices are plain data (names and JSON), so a clone copies them and a
        replay rebuilds them: there are no closures in a state.
        """
        todo = self.todo
        while todo and not self.choices and self.winners is None:
            name, kw = todo.pop()
            getattr(self, "do_" + name)(**kw)
        self._legal_cache = None

    # ----- to override ----------------------------------------------------------------------
    def _actor(self) -> int:  # pragma: no cover
        raise NotImplementedError

    def _legal(self) -> list[Action]:  # pragma: no cover
        raise NotImplementedError

    def _apply(self, action: Action) -> None:  # pragma: no cover
        raise NotImplementedError

    def explain_wrong_seat(self, action: Action) -> tuple[str, str | None] | None:
        """A game's better word for an action by a seat that is not to act (None: the default)."""
        return None

    def explain_illegal(self, action: Action) -> tuple[str, str | None]:
        """Why an unlisted action is illegal: (reason, clause). Games refine this."""
        return ("that action is not available now", None)

    def _refusal(self, action: Action) -> IllegalAction:
        if self.is_over:
            return IllegalAction(f"the game is over ({self.result})", None, action)
        cp = self.current_player
        if action.player != cp:
            better = self.explain_wrong_seat(action)
            if better:
                return IllegalAction(better[0], better[1], action)
            why = f"it is seat {cp}'s decision, not seat {action.player}'s"
            clause = self.choices[-1].clause if self.choices else self.game.flow.nodes[self.phase].clause
            return IllegalAction(why, clause, action)
        if self.choices:
            ch = self.choices[-1]
            # An action of a kind this decision offers (a cast in a counter window, a move in a
            # move window) gets the game's own explanation; anything else must wait.
            offers = ch.ctx.get("offers") or {a.kind for a in self._legal_cache or ()}
            if action.kind not in offers:
                return IllegalAction(f"first answer the pending decision: {ch.prompt}", ch.clause, action)
            reason, clause = self.explain_illegal(action)
            return IllegalAction(reason, clause or ch.clause, action)
        reason, clause = self.explain_illegal(action)
        # Nothing more specific: the rule of the moment (the flow node's clause) says what may be done.
        return IllegalAction(reason, clause or self.game.flow.nodes[self.phase].clause, action)


def find_action(actions: list[Action], kind: str, match: dict | None = None,
                player: int | None = None) -> Action | None:
    """The first action of ``kind`` whose args contain ``match`` (used by rulings and UIs)."""
    match = match or {}
    for a in actions:
        if a.kind != kind or (player is not None and a.player != player):
            continue
        if all(_same(a.args.get(k), v) for k, v in match.items()):
            return a
    return None


def _same(a, b) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        try:
            return sorted(a) == sorted(b)
        except TypeError:
            return list(a) == list(b)
    return a == b

