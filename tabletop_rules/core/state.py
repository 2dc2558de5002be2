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

import random
from collections.abc import Container
from typing import Any, ClassVar

from .actions import _SCALARS, Action, Event, IllegalAction, _Deep, _freeze, copy_json, same_value
from .book import Book, Choice, ChoiceHandler, Procedure  # noqa: F401 (re-exported: games import them from here)
from .cloning import deep_copy
from .moves import Lister, Moves, Refusal
from .records import Record
from .texts import Say, render_text
from .userinput import shown


def _flat(args: dict) -> bool:
    """Every value a scalar (the usual args): a shallow copy of them is a full copy."""
    for v in args.values():
        if type(v) not in _SCALARS:
            return False
    return True


class State:
    """Base class. A game subclass sets ``book`` and implements ``view`` and setup; its moves,
    procedures and decisions are registered in the book (``_legal``/``_apply`` may be refined)."""

    game_id = "?"
    book: ClassVar[Book]
    # Zones a seat cannot see, as pools for core/determinize.py (the game declares them).
    secret_zones: ClassVar[dict[str, str]] = {}
    #: What ``known_to`` answers for a game without zones.
    no_knowledge: ClassVar[frozenset[int]] = frozenset()
    #: True while move listers run to explain a refused action (``Moves.explain``); a lister may
    #: skip building refusals when it is False (they would be thrown away).
    explaining: bool = False

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
        self.losers: tuple | None = None
        self.result: str | None = None
        self.result_says: Say | None = None
        self._actions: list[dict] = []
        self.todo: list[tuple[str, dict]] = []      # automatic procedures still to run (a stack)
        self._legal_cache: list[Action] | None = None

    # ----- the contract -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def current_player(self) -> int | None:
        if self.winners is not None:        # is_over, read straight (asked before every action)
            return None
        if self.choices:
            return self.choices[-1].player
        return self._actor()

    def legal_actions(self) -> list[Action]:
        """The legal actions now, in the listers' order. Each is handed out with a note of what it
        is (``_hand_out``), so ``apply`` notices one a caller changed and judges it afresh."""
        cache = self._legal_cache
        if cache is not None:
            for a in cache:
                was = a._was
                # Changed since handed out (lists inside compared by value when its note is a deep
                # copy): list afresh, so what is handed out is always what the rules list.
                if was is not None and (a.kind, a.player, a.args) != was:
                    cache = self._legal_cache = None
                    break
        if cache is None:
            cache = self._listing()
        hand_out = self._hand_out
        for a in cache:
            if a._was is None:
                hand_out(a)
        return list(cache)

    def _listing(self) -> list[Action]:
        """The legal actions as listed (the cached list itself: never change it), not handed out.

        For core's bots (core/bots.py), which pick one and hand out only that one: a note of
        what each listed action is costs a copy of its args, and a random game hands out one
        action of the several listed at each step (issue 37). An action that was never handed
        out reached no caller, so ``apply`` takes it as listed."""
        cache = self._legal_cache
        if cache is None:
            if self.winners is not None:       # is_over
                cache = []
            elif self.choices:
                cache = self.choices[-1].actions(self)
            else:
                cache = self._legal()
            self._legal_cache = cache
        return cache

    def _hand_out(self, action: Action) -> Action:
        """Note what a listed action is as it leaves the engine (its kind, seat and a copy of its
        args, deep for the kinds found to hold lists, ``Moves.deep_kinds``), so that ``apply`` can
        tell if a caller changed it since."""
        args = action.args
        action._was = (action.kind, action.player, _Deep(copy_json(args))
                       if action.kind in self.book.moves.deep_kinds else args.copy())
        return action

    def _listed(self, action: Action) -> tuple[Action, dict] | None:
        """The listed object, unchanged since it was handed out, and the record's copy of its
        args (None: not a listed object, or changed since). Bots hand these back, so ``apply``
        asks this first and skips the checks a listed object has already passed. An action's
        note (``hand_out``) holding lists is a deep copy: the rules get a fresh object made from
        it (a caller keeps its own lists: nothing it changes later reaches the state)."""
        cache = self._legal_cache
        if cache is None:
            return None
        for a in cache:
            if a is action:
                was = a._was
                if was is None:
                    # Never handed out (a bot's own pick, ``_listing``): as listed. The record
                    # and, when lists are inside, the rules get copies of their own (clones
                    # share listed objects, and another may hand this one out later).
                    args = a.args
                    if _flat(args):
                        return a, args.copy()
                    args = copy_json(args)
                    return Action(a.kind, a.player, copy_json(args), a._label, a.clause), args
                # 0.0 == 0 and False == 0: a seat changed to another type is no listed action.
                if (a.kind, a.player, a.args) != was or type(a.player) is not int or type(a.kind) is not str:
                    return None
                args = was[2]
                if type(args) is _Deep:
                    # Lists compared by value with a deep copy: the rules get a fresh object made
                    # from it (the caller keeps its own lists), the record a plain copy.
                    return Action(a.kind, a.player, copy_json(args), a._label, a.clause), dict(args)
                if not _flat(args):
                    # A shallow copy cannot vouch for lists inside: judged afresh (_find_legal),
                    # and the kind's args are noted deep from now on (``Moves.deep_kinds``).
                    self.book.moves.deep_kinds.add(a.kind)
                    return None
                return a, args
        return None

    def _find_legal(self, action: Action) -> Action | None:
        """The listed action equal to ``action`` (a replayed record, a UI's rebuilt one, a listed
        object changed since), judged against a fresh listing: a caller may have changed the
        objects it was handed, lists inside them included. The last equal one, as a key table
        would find it; one look-up per listing is the usual case, so no table of every listed
        action's key is built for it."""
        self._legal_cache = None
        cache = self._listing()
        kind, player, frozen = action.kind, action.player, _freeze(action.args)
        key = (kind, player, frozen)
        j = None
        for i, a in enumerate(cache):
            if a.kind == kind and a.player == player and a.key == key:
                j = i
        return None if j is None else cache[j]

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused (also appended to ``log``)."""
        listed = self._listed(action)
        if listed is not None:
            legal, args = listed
        else:
            if not isinstance(action, Action):
                raise IllegalAction(f"not an Action: {shown(action, 80)}", None)
            problem = action.problem()
            if problem:
                raise IllegalAction(problem, None, action)
            found = self._find_legal(action)
            if found is None:
                raise self._refusal(action)
            legal, args = found, copy_json(found.args)     # a fresh listed object: its own args
        log = self.log
        start = len(log)
        self._legal_cache = None
        self._actions.append({"kind": legal.kind, "player": legal.player, "args": args})
        self._answer(legal)
        self.run()
        return log[start:]

    @property
    def record(self) -> Record:
        # Copies: the entries are shared with clones (``clone``), so a caller must not get them.
        return Record(game=self.game.id, seed=self.seed, players=self.players,
                      options=copy_json(self.options), actions=[copy_json(a) for a in self._actions])

    def clone(self) -> State:
        """An independent copy (for bots and what-if questions); game data is shared.

        The same copy ``copy.deepcopy`` makes (aliases kept, ``__deepcopy__`` hooks honoured), by
        ``cloning.deep_copy`` (core/cloning.py) at several times its speed. Shared, not copied: the game (its cards,
        texts, rules), the log's events and the record's action entries (neither is changed once
        written: a clone appends its own), and ``random.Random`` is copied by its state."""
        memo: dict[int, Any] = {id(self.game): self.game, id(self.log): list(self.log),
                                id(self._actions): list(self._actions)}
        if self._legal_cache is not None:
            # The listed actions: apply() trusts a listed object only while it still is what it
            # was made as (``Action._was``), so sharing them is as safe as copying.
            memo[id(self._legal_cache)] = list(self._legal_cache)
        return deep_copy(self, memo)

    def build_action(self, spec: dict) -> Action:
        """An Action from a loose description (rulings' steps, scripts): ``args.name`` finds that
        card among ``named_cards(player)`` when no ``card`` is given. It may well be illegal."""
        args = dict(spec.get("args") or {})
        player = spec.get("player", self.current_player)
        if "name" in args and "card" not in args and player is not None:
            cards = getattr(self, "cards", ())
            for uid in self.named_cards(player):
                if cards[uid].cid == args["name"]:
                    args["card"] = uid
                    break
        return Action(spec.get("kind", ""), player if player is not None else -1, args)

    def named_cards(self, player: int) -> list:
        """Card instances a seat could name in an action (its hand, cards in play). Games refine."""
        return []

    def elements(self, action: Any) -> tuple:
        """The board elements ``action`` involves (core/elements.py): the card it uses, where it
        goes, what it aims at. Games declare theirs (the ``Game(elements=...)`` hook); an action of
        none is the list view's."""
        fn = self.game.elements_fn
        return fn(self, action) if fn is not None else ()

    #: The listers of the flow's nodes return lists and build no refusal unless explaining (a
    #: game's tests check it), so listing joins their lists as they are (``_legal``).
    plain_phase_listers: ClassVar[bool] = False

    #: How many random actions a bot's playout runs at most in this game (None: the bot's own
    #: bound); games of many hundred actions set fewer and read their ``outlook`` at the cut.
    playout_steps: ClassVar[int | None] = None

    #: The most random actions a search bot's playouts may spend on one decision in this game
    #: (None: the bot's own ``budget``): a game whose actions cost more keeps its bot's decisions
    #: as quick as the others' (issue 15: under a second each).
    bot_budget: ClassVar[int | None] = None

    #: The most playouts a search bot gives one candidate in this game (None: the bot's own
    #: ``max_playouts``): a game of short playouts whose decisions stay well inside the budget
    #: lets its bot spend more of it on the close calls (Sword-and-Fairy).
    bot_playouts: ClassVar[int | None] = None

    #: How the ISMC bot's playouts lean, by action kind (a kind not named weighs 1; every weight
    #: above 0): uniform random play of some games is nothing like a real game (Vividz: a main
    #: phase ends at random long before an attack), so its playouts misjudge the moves tried.
    #: Only kinds are weighed, never cards, so the lean sees nothing hidden. Empty: uniform.
    playout_weights: ClassVar[dict[str, float]] = {}

    def known_to(self, seat: int) -> Container[int]:
        """The cards in zones secret to ``seat`` whose place it knows all the same: it looked at the
        top of a deck, it gave the card to another hand. A determinization (core/determinize.py)
        leaves them where they are, so a searching bot uses what its seat has seen and nothing more.
        The game records them as they happen (``zones.learn``, core/zones.py); a game without
        ``zones`` knows of none."""
        zones = getattr(self, "zones", None)
        return zones.known_to(seat) if zones is not None else self.no_knowledge

    def census(self) -> dict[int, str]:
        """Where every card is: uid -> zone name (tests check that no card is created or lost). The
        one model of card places is ``zones`` (core/zones.py), so no game writes its own; a game
        without zones (tic-tac-toe) has no cards: an empty census."""
        zones = getattr(self, "zones", None)
        return zones.census() if zones is not None else {}

    def outlook(self, seat: int) -> float | None:
        """How well ``seat`` stands in an unfinished game, 0 (lost) .. 1 (won), read off the
        public score a game keeps (None: no such reading). A bot's playout cut off before the
        end scores this (core/bots.py); games with a running score override it."""
        return None

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` may see (None: the referee's view), as JSON: the game's view hook
        (``Game(view=...)``), which opens with core's header (core/view.py)."""
        fn = self.game.view_fn
        if fn is None:  # pragma: no cover - a game gives a hook or overrides view
            raise NotImplementedError(f"{self.game.id} has no view")
        return fn(self, seat)

    # ----- helpers for games ------------------------------------------------------------------
    def say(self, key: str, **data: Any) -> Say:
        """A sentence of the game's texts.yaml with its data (a prompt, a label, a result).

        Labels are made for every listed action, so the key is checked only in strict mode (the
        tests, which render every sentence of many games); elsewhere a wrong key shows when read."""
        texts = self.game.texts
        if texts.strict and key not in texts.templates:
            return texts.say(key, **data)          # raises, naming the key
        return Say((texts, key, data))

    def emit(self, kind: str, text: str | Say, clause: str | None = None, **data) -> Event:
        """Report an event. ``text`` names a sentence of the game's texts.yaml, written with the
        event's data when someone reads it (in either language); a sentence that is no key
        of the file is kept as a literal English text (``Event.says`` tells them apart)."""
        ev = Event(kind, text, clause, data, self.game.texts)
        self.log.append(ev)            # what an action caused is the log's tail (``apply``)
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
        data = {"from": frm, "to": to}
        self.log.append(Event("phase", "core.phase", clause or step[1], data, self.game.texts))

    def ask(self, player: int, kind: str, prompt: str | Say, clause: str | None = None,
            listers: tuple[Lister | str, ...] = (), **ctx) -> None:
        """Push a decision for ``player``; the book's handler ``kind`` runs when it is answered.

        Its answers are listed, never a fixed list (issue 37), so a wrong answer is refused by the
        rule that forbids it: ``listers`` are the move listers whose actions answer it, computed
        when the choice comes up (a counter window offers the cast and act listers); without them,
        the lister registered under ``kind`` itself.
        """
        if kind not in self.book.choices.fns:
            self.book.choices[kind]                  # an unknown handler fails now, not later
        moves = self.book.moves
        reg = moves.listers
        names = tuple(reg.name_of(fn) for fn in listers) if listers else ()
        if not names:
            names = (kind if kind in reg.fns else reg.name_of(kind),)
        says: str | Say = prompt
        if type(prompt) is str and prompt in self.game.texts.templates:
            says = Say((self.game.texts, prompt, ctx))
        self.choices.append(Choice(player, kind, says, clause, ctx, names))
        self._legal_cache = None

    def pending(self, kind: str, seat: int) -> dict | None:
        """The data (``ctx``) of decision ``kind`` when it is the one ``seat`` must answer now, else
        None: the first line of a decision's lister, which offers nothing at any other moment."""
        ch = self.choices[-1] if self.choices else None
        return ch.ctx if ch is not None and ch.kind == kind and ch.player == seat else None

    def finish(self, winners: tuple, result: str | Say, clause: str | None = None,
               losers: tuple | None = None) -> None:
        """End the game (once). ``losers`` defaults to every seat that did not win, so a draw is
        ``winners == losers == ()``; a solo loss passes ``winners=(), losers=(0,)``."""
        if self.winners is not None:
            return
        self.winners = tuple(winners)
        self.losers = tuple(losers) if losers is not None else (
            tuple(s for s in range(self.players) if s not in self.winners) if self.winners else ())
        if type(result) is str and result in self.game.texts.templates:
            result = self.say(result)
        self.result_says = result if isinstance(result, Say) else None
        self.result = render_text(result)
        self.choices.clear()
        self.todo.clear()
        self.emit("game_over", result, clause, winners=list(winners), losers=list(self.losers))

    def describe_result(self, lang: str = "en") -> str | None:
        """The ending in ``lang`` (None while playing)."""
        if self.result is None:
            return None
        says = getattr(self, "result_says", None)
        return says.render(lang) if says is not None else self.result

    def later(self, proc: Procedure | str, /, **kw) -> None:
        """Run procedure ``proc(self, **kw)`` next (before anything queued earlier)."""
        self.todo.append((self.book.procedures.name_of(proc), kw))     # an unknown one fails now

    def then(self, *steps: tuple[Procedure | str, dict]) -> None:
        """Queue procedures to run next, in the order given (names found as ``later`` finds them)."""
        name_of, todo = self.book.procedures.name_of, self.todo
        for proc, kw in reversed(steps):
            todo.append((name_of(proc), kw))

    def run(self) -> None:
        """Run automatic procedures until a player must decide or the game ends.

        Procedures and choices are plain data (names and JSON), so a clone copies them and a
        replay rebuilds them: there are no closures in a state.
        """
        todo = self.todo
        procs = self.book.procedures.fns          # names were checked when queued (``later``)
        choices = self.choices
        while todo and not choices and self.winners is None:
            name, kw = todo.pop()
            procs[name](self, **kw)
        self._legal_cache = None

    # ----- moves: listed and explained by the same listers ----------------------------------------
    def _actor(self) -> int:  # pragma: no cover
        raise NotImplementedError

    def phase_listers(self) -> tuple[Lister, ...]:
        """The listers the current flow node offers (``Book.moves.phase``)."""
        return self.book.moves.phases.get(self.phase, ())

    def _legal(self) -> list[Action]:
        listers = self.phase_listers()
        if self.plain_phase_listers and not self.explaining:
            # The game's phase listers give lists of Actions only while listing (refusals are
            # built only while explaining): joined as they are, without Moves.legal's filter.
            seat = self._actor()
            out: list[Action] = []
            for fn in listers:
                out += fn(self, seat)  # type: ignore[arg-type]
            return out
        return Moves.legal(self, self._actor(), listers)

    def _answer(self, legal: Action) -> None:
        """Carry out a legal action: the pending decision's handler answers it, or, with none
        pending, the kind's own apply function. (A game may set a decision aside for an action
        that answers none, as Sword-and-Fairy's concession does.)"""
        if self.choices:
            choice = self.choices.pop()
            self.book.choices.fns[choice.kind](self, choice, legal)     # checked when asked (``ask``)
        else:
            self._apply(legal)         # a hook of its own (the table's tests break it on purpose)

    def _apply(self, action: Action) -> None:
        apply = self.book.moves.kinds[action.kind].apply
        if apply is None:  # pragma: no cover - a declared kind that only answers decisions
            raise RuntimeError(f"engine bug: {action.kind!r} has no apply function")
        apply(self, action)

    def _refusal(self, action: Action) -> IllegalAction:
        """Why ``action`` (well formed, not listed) is refused: asked of the same listers that
        list the legal actions, so the reason is the rule that decided (never re-derived)."""
        if self.is_over:
            return IllegalAction(self.say("core.why.over", result=self.result_says or self.result or ""), None, action)
        moves = self.book.moves
        cp = self.current_player
        kind = moves.kinds.get(action.kind)
        if kind is None:
            known = ", ".join(sorted(moves.kinds))
            return IllegalAction(self.say("core.why.no_kind", kind=action.kind, known=known), None, action)
        if not 0 <= action.player < self.players:
            return IllegalAction(self.say("core.why.no_seat", n=action.player), None, action)
        node_clause = self.game.flow.nodes[self.phase].clause
        if self.choices:
            ch = self.choices[-1]
            listers = self.explaining_listers()
            offered = ch.offers(self)
            if action.kind not in offered:
                if action.player != cp:
                    return self._wrong_seat(action, ch.clause)
                return IllegalAction(self.say("core.why.answer_first", prompt=ch.prompt), ch.clause, action)
            found = moves.explain(self, action, listers)
            if isinstance(found, Refusal):
                return IllegalAction(self._reason(found.reason, found.args), found.clause or ch.clause, action)
            if action.player != cp:
                return self._wrong_seat(action, ch.clause)
            if kind.no_such is not kind.not_now and (action.kind == ch.kind or kind.apply is None):
                # A kind that only answers decisions, offered no such candidate: its own sentence
                # says where its answers come from, citing the rule (issue 37). A move of the main
                # game answering a window keeps the window's clause.
                reason, clause = kind.no_such
                return IllegalAction(self._reason(reason, action.args), clause or ch.clause, action)
            return IllegalAction(self.say("core.why.not_an_answer", prompt=ch.prompt), ch.clause, action)
        listers = [fn for fn in self.explaining_listers() if action.kind in moves.kinds_of((fn,))]
        if not listers:
            reason, clause = kind.not_now
            return IllegalAction(self._reason(reason, action.args), clause or node_clause, action)
        found = moves.explain(self, action, listers)
        if type(found) is Action:          # legal for that seat, but it is not that seat's move
            return self._wrong_seat(action, node_clause)
        if isinstance(found, Refusal):
            return IllegalAction(self._reason(found.reason, found.args), found.clause or node_clause, action)
        if action.player != cp:
            return self._wrong_seat(action, node_clause)
        reason, clause = kind.no_such
        return IllegalAction(self._reason(reason, action.args), clause or node_clause, action)

    def explaining_listers(self) -> list[Lister]:
        """The listers that explain a refusal now: the pending decision's, else the node's
        explainers or its listers (what ``_refusal`` asks)."""
        if self.choices:
            return self.choices[-1].lister_fns(self)
        return list(self.book.moves.explainers.get(self.phase) or self.phase_listers())

    def refusals(self, seat: int) -> list[Refusal]:
        """Every refusal the explaining listers give ``seat`` now, in their order ("why not?" for
        a card reads these: the engine's own reasons, never a second derivation)."""
        out: list[Refusal] = []
        self.explaining = True
        try:
            for fn in self.explaining_listers():
                out += [o for o in fn(self, seat) if isinstance(o, Refusal)]
        finally:
            self.explaining = False
        return out

    def _wrong_seat(self, action: Action, clause: str | None) -> IllegalAction:
        return IllegalAction(self.say("core.why.wrong_seat", seat=self.current_player, other=action.player),
                             clause, action)

    def describe_refusal(self, refusal: Refusal, lang: str = "en") -> str:
        """A lister's refusal as a sentence in ``lang`` (what "why not?" shows)."""
        return render_text(self._reason(refusal.reason, refusal.args), lang)

    def _reason(self, reason: str | Say, data: dict) -> str | Say:
        """A refusal's reason as a sentence: a key of the game's texts.yaml is written with ``data``."""
        if type(reason) is str and reason in self.game.texts.templates:
            return Say((self.game.texts, reason, data))
        return reason


def find_action(actions: list[Action], kind: str, match: dict | None = None,
                player: int | None = None) -> Action | None:
    """The first action of ``kind`` whose args contain ``match`` (used by rulings and UIs)."""
    match = match or {}
    for a in actions:
        if a.kind != kind or (player is not None and a.player != player):
            continue
        if all(same_value(a.args.get(k), v) for k, v in match.items()):
            return a
    return None
