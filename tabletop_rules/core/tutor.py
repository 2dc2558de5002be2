"""The tutor's hint (issue 38): the move the fair search bot would make from a seat's view, and why.

``hint(state, seat)`` asks ``ISMCBot`` (core/bots.py) for the seat's decision. The bot searches from
determinizations only (core/determinize.py: everything the seat cannot see dealt again at random),
so a hint never rests on hidden cards; ``tests/core/test_tutor.py`` checks that two states that differ
only in what the seat cannot see give the same hint with the same seed. Besides the move, a hint keeps:

- the two or three best candidates, each with its estimated chance to win (the average playout
  result for the seat) and the number of playouts that estimate rests on;
- what the move does, in words: it is applied to a *determinization* (never to a clone of the real
  state), and only the events every seat may read are kept, with the clauses they cite. An event about
  a hidden card would name a card of the random deal, not the real one: it is left out.

The search is time-bounded (``time_limit``, 0.6 s by default: the bot's budget usually ends it first)
so that a learner waits less than a second (``benchmarks/hints.py`` measures the median and the 99th
percentile per game). Without a time limit the hint is the same on any machine.

``follow_up(state_before, action, hint)`` is the "How did that go?" line: whether the move made was
the hint's, and the bot's estimate of the move made, a probability, never a grade.

Words come from the kit's interface words (data/_ui/texts.yaml, keys ``hint_*``), read here with the
games' checked loader, so the core stays free of the notebook package.
"""
from __future__ import annotations

import random
from typing import Any

from .actions import Action, Event, IllegalAction
from .bots import ISMCBot, bot_actions
from .determinize import determinize

# Seconds. The clock is read between passes over the candidates (a pass is the floor), and the words
# follow the search: at 0.8 s a busy machine (load 6-10 on 2 cores) saw a p99 of 1.1-1.5 s
# (benchmarks/RESULTS.md); on a quiet one the budget (6,000 playout actions) ends the search first.
TIME_LIMIT = 0.6
TOP = 3               # candidates shown
FOLLOW_PLAYOUTS = 8   # playouts that estimate a move the search did not try
MAX_EVENTS = 6        # event sentences shown for what a move does
DEALS = 6             # deals of the seat's view a move is tried on: what it does is what all of them give
_WORDS: dict[str, dict[str, str]] = {}


def ui(key: str, lang: str = "en", **kw: Any) -> str:
    """An interface word of data/_ui/texts.yaml (the notebook's ``i18n.t``, read without it)."""
    if not _WORDS:
        from .game import data_dir
        from .texts import LANGS, load_texts

        texts = load_texts(data_dir("_ui") / "texts.yaml", None)
        for lg in LANGS:
            _WORDS[lg] = {k: pair[lg] for k, pair in texts.templates.items()}
    text = _WORDS.get(lang, _WORDS["en"]).get(key) or _WORDS["en"].get(key, key)
    return text.format(**kw) if kw else text


class Candidate:
    """A move the search weighed: its estimated chance to win for the seat (None: not searched,
    the only move) and the playouts that estimate rests on."""

    __slots__ = ("action", "chance", "playouts")

    def __init__(self, action: Action, chance: float | None, playouts: int):
        self.action, self.chance, self.playouts = action, chance, playouts

    def __repr__(self) -> str:
        return f"Candidate({self.action.label!r}, chance={self.chance}, playouts={self.playouts})"


class Hint:
    """The hint for ``seat``: ``action`` (the suggested move), ``candidates`` (best first, at most
    ``TOP``), ``events`` (what the move does, as every seat reads it) and ``clauses`` (the rules its
    action and events cite, in order, once each)."""

    def __init__(self, seat: int, action: Action, candidates: list[Candidate], events: list[Event],
                 clauses: list[str], all_candidates: list[Candidate]):
        self.seat, self.action, self.candidates = seat, action, candidates
        self.events, self.clauses = events, clauses
        self.all_candidates = all_candidates

    def estimate(self, action: Action) -> Candidate | None:
        """The search's candidate for ``action`` (None: the search did not try it)."""
        key = action.key
        return next((c for c in self.all_candidates if c.action.key == key), None)

    def lines(self, game: Any, lang: str = "en") -> list[str]:
        """The hint in words: the move, the best candidates with their chances, what the move does
        and the rules it rests on."""
        out = [ui("hint_suggest", lang, move=_label(game, self.action, lang))]
        searched = [c for c in self.candidates if c.chance is not None]
        if len(self.all_candidates) == 1:
            out.append(ui("hint_only_move", lang))
        for c in searched:
            out.append(ui("hint_candidate", lang, move=_label(game, c.action, lang), chance=_pct(c.chance),
                          n=c.playouts))
        said = [_event(game, e, lang) for e in self.events[:MAX_EVENTS]]
        if said:
            out.append(ui("hint_does", lang, what=("" if lang == "zh" else " ").join(s for s in said if s)))
        if self.clauses:
            out.append(ui("hint_rules", lang, rules=ui("hint_sep", lang).join(_clause(game, c, lang)
                                                                              for c in self.clauses)))
        return out


def hint(state: Any, seat: int | None = None, seed: int = 0, time_limit: float | None = TIME_LIMIT,
         **search: Any) -> Hint:
    """The hint for ``seat`` (default: the seat that decides now) from that seat's view only.

    ``seed`` seeds the search; ``time_limit`` (seconds, None: none) bounds it; ``search``: other
    options of ``ISMCBot`` (``budget``...). Raises ValueError when the game is over or when it is
    not ``seat``'s decision."""
    if state.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    seat = state.current_player if seat is None else seat
    if state.current_player != seat:
        raise ValueError(f"it is seat {state.current_player}'s decision, not seat {seat}'s")
    bot = ISMCBot(seed=seed, time_limit=time_limit, **search)
    actions = bot_actions(state)
    move = bot.choose(state)
    if bot.last_search:
        everyone = [Candidate(a, total / n if n else None, n) for a, total, n in bot.last_search]
    else:                      # one move only: nothing to weigh
        everyone = [Candidate(a, None, 0) for a in actions]
    # The suggested move first, then the rest by how far they went in the search (playouts), then chance.
    key = move.key
    rest = sorted((c for c in everyone if c.action.key != key),
                  key=lambda c: (-c.playouts, -(c.chance or 0.0)))
    chosen = next((c for c in everyone if c.action.key == key), Candidate(move, None, 0))
    events, clauses = what_it_does(state, seat, move, random.Random(seed))
    return Hint(seat, move, [chosen, *rest][:TOP], events, clauses, everyone)


def what_it_does(state: Any, seat: int, action: Action, rng: random.Random) -> tuple[list[Event], list[str]]:
    """The events of ``action`` that every seat may read and that do not hang on what the seat
    cannot see, and the clauses the action and those events cite.

    The action is applied to ``DEALS`` determinizations of ``seat``'s view (never to the real state's
    clone); an event kept is one every deal gives alike. A card revealed from a deck, a random pick: those
    differ between the deals (they would name a card of a random deal, not the real one) and are
    left out, so the words say what the move does whatever the hidden cards (as far as six deals
    tell: a rare hidden card, such as an opponent's counter, may still change what follows)."""
    said = []
    for _ in range(DEALS):
        sim = determinize(state, seat, rng)
        try:
            events = sim.apply(action)
        except IllegalAction:      # a card the deal moved: the action's own clause is all we can say
            events = []
        said.append([e for e in events if e.kind not in ("phase", "scenario") and e.data.get("only") is None])
    alike = set.intersection(*({(e.kind, e.clause, e.text) for e in events} for events in said[1:]))
    shown = [e for e in said[0] if (e.kind, e.clause, e.text) in alike]
    clauses: list[str] = []
    for c in [action.clause, *(e.clause for e in shown)]:
        if c and c not in clauses:
            clauses.append(c)
    return shown, clauses


def follow_up(state: Any, action: Action, given: Hint, seed: int = 0) -> tuple[bool, float | None, int]:
    """"How did that go?" for a move made from ``state`` (before it was applied): (matched the
    hint, the estimated chance to win after the move made, the playouts it rests on). A move the
    search did not try is estimated with a few playouts of its own from the same seat's view."""
    matched = action.key == given.action.key
    found = given.estimate(action)
    if found is not None and found.chance is not None:
        return matched, found.chance, found.playouts
    if found is not None and len(given.all_candidates) <= 1:
        return matched, None, 0
    bot = ISMCBot(seed=seed)      # a few playouts (FOLLOW_PLAYOUTS), each from a determinization
    total, n = 0.0, 0
    for _ in range(FOLLOW_PLAYOUTS):
        total += bot._try(state, given.seat, action)
        n += 1
    return matched, total / n, n


def follow_up_text(game: Any, state: Any, action: Action, given: Hint, lang: str = "en", seed: int = 0) -> str:
    """The "How did that go?" line in words."""
    matched, chance, n = follow_up(state, action, given, seed)
    first = ui("hint_matched" if matched else "hint_differs", lang, move=_label(game, given.action, lang))
    if chance is None:
        return first
    return first + " " + ui("hint_estimate", lang, move=_label(game, action, lang), chance=_pct(chance), n=n)


def _pct(chance: float | None) -> str:
    return "?" if chance is None else f"{round(100 * chance)}%"


def _label(game: Any, action: Action, lang: str) -> str:
    if action.says is not None:
        return str(game.describe(action, lang))
    return str(action.label)


def _event(game: Any, ev: Event, lang: str) -> str:
    return str(game.describe(ev, lang)) if ev.says is not None else ev.describe(lang)


def _clause(game: Any, cid: str, lang: str) -> str:
    if cid not in game.rules:
        return cid
    title = game.rules.clause(cid).title
    words = (getattr(title, "zh", None) if lang == "zh" else None) or title.en
    return f"{cid} {words}"
