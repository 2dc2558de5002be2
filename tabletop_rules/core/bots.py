"""Generic bots that play any game through ``legal_actions`` / ``apply`` / ``clone`` only.

Each bot owns its random generator (seeded), so a bot game is as reproducible as the rules.
Bots leave alone the kinds a game declares a person's choice (``Moves.kind(..., person=True)``,
e.g. conceding): giving up is for the people at the table, so bot games are played to the end.
"""
from __future__ import annotations

import random
import time
from typing import Any

from .actions import Action, IllegalAction
from .determinize import determinize


def bot_actions(state: Any) -> list[Action]:
    """The legal actions a bot chooses from: all but the person's choices (unless only those are left)."""
    return _without_person(state, state.legal_actions())


def _picks(state: Any) -> list[Action]:
    """``bot_actions`` not handed out (``State._listing``, core/state.py; never change the list):
    for a bot that hands out only the one it picks (``State._hand_out``) or applies it itself (a playout)."""
    listing = getattr(state, "_listing", None)
    return bot_actions(state) if listing is None else _without_person(state, listing())


def _without_person(state: Any, actions: list[Action]) -> list[Action]:
    book = getattr(state, "book", None)
    if book is None:
        return actions
    person = book.moves.person_kinds()
    if not person:
        return actions
    mine = [a for a in actions if a.kind not in person]
    return mine or actions


class RandomBot:
    """Picks uniformly among the legal actions (a person's choices left out, ``bot_actions``)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        actions = _picks(state)           # only the one picked is handed out (issue 37)
        if not actions:
            raise ValueError("no legal action: the game is over")
        pick = self.rng.choice(actions)
        hand_out = getattr(state, "_hand_out", None)      # it leaves the bot: noted (core/state.py)
        return pick if hand_out is None else hand_out(pick)


class MonteCarloBot:
    """Flat Monte Carlo: tries each legal action on a clone, finishes the game at random a few
    times, and keeps the action with the best average result for its seat.

    Decisions with one option are taken at once; ``playouts`` bounds the work per decision.
    ``budget``: random actions the playouts of one decision may run in all; while fewer were
    spent, every candidate gets another playout, up to ``max_playouts`` each. Counted in actions,
    not seconds, so a decision is the same on a fast machine and a slow one; short games get
    more playouts, long ones no more work (None: exactly ``playouts`` each).

    ``time_limit`` (seconds, None: none) bounds a decision in time as well, for a table where a
    person waits for the reply (issue 40.2); ``until`` (a ``time.perf_counter()`` instant, set by
    the caller) bounds every decision up to it, e.g. all the bot replies to one click. Whichever of
    the budget and the clock ends first ends the search; a bot out of time when a decision starts
    takes a random one of the candidates. Without them a decision is the same on any machine.
    """

    name = "monte-carlo"

    def __init__(self, seed: int = 0, playouts: int = 4, max_actions: int = 12, max_steps: int = 400,
                 budget: int | None = None, max_playouts: int = 24, time_limit: float | None = None):
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.until: float | None = None
        self._deadline: float | None = None
        self.playouts = playouts
        self.max_actions = max_actions
        self.max_steps = max_steps
        self.budget = budget
        self.max_playouts = max_playouts
        self._spent = 0

    def choose(self, state: Any) -> Action:
        actions = bot_actions(state)
        if len(actions) <= 1:
            return actions[0]
        candidates = actions if len(actions) <= self.max_actions else self.rng.sample(actions, self.max_actions)
        ends = [x for x in (self.until, None if self.time_limit is None else time.perf_counter() + self.time_limit)
                if x is not None]
        self._deadline = min(ends) if ends else None
        if self.late():
            return self.rng.choice(candidates)
        return self.search(state, state.current_player, candidates)

    def late(self) -> bool:
        """Is the decision's time up (never, without ``time_limit`` or ``until``)?"""
        return self._deadline is not None and time.perf_counter() >= self._deadline

    def search(self, state: Any, seat: int, candidates: list[Action]) -> Action:
        """The candidate with the best average playout result: ``playouts`` each, then another
        round for all while the budget lasts."""
        self._spent = 0
        if self._deadline is None:
            scores = [sum(self._try(state, seat, act) for _ in range(self.playouts)) for act in candidates]
            rounds = self.playouts
        else:                          # in rounds, so that the clock can end it after any round
            scores, rounds = [0.0] * len(candidates), 0
            while rounds < self.playouts and not (rounds and self.late()):
                for i, act in enumerate(candidates):
                    scores[i] += self._try(state, seat, act)
                rounds += 1
        budget = self.decision_budget(state)
        while budget and self._spent < budget and rounds < self.max_playouts and not self.late():
            for i, act in enumerate(candidates):
                scores[i] += self._try(state, seat, act)
            rounds += 1
        return candidates[max(range(len(candidates)), key=scores.__getitem__)]    # the first best

    def decision_budget(self, state: Any) -> int | None:
        """The playout actions one decision may spend: the bot's ``budget``, or the game's own
        bound where it is smaller (State.bot_budget); None: no budget, a fixed number of playouts."""
        budget, cap = self.budget, getattr(state, "bot_budget", None)
        return min(budget, cap) if budget and cap else budget

    def _try(self, state: Any, seat: int, act: Action) -> float:
        """One playout of ``act``: 1 a win for ``seat``, 0 a loss, else the draw's or outlook's value."""
        return self._play(self._start(state, seat), seat, act, self.rng)

    def _play(self, sim: Any, seat: int, act: Action, rng: random.Random) -> float:
        """``act`` on ``sim`` (a state of the bot's own), then a random playout choosing with ``rng``."""
        try:
            sim.apply(act)
        except IllegalAction:       # it names a card a new deal moved: no evidence either way
            return 0.5
        return self._playout(sim, seat, rng)

    def _start(self, state: Any, seat: int) -> Any:
        """Where a playout starts: a clone of the referee's state (this bot peeks)."""
        return state.clone()

    def _lean(self, sim: Any) -> dict[str, float]:
        """How this bot's playouts weigh action kinds: uniform (the peeking yardstick stays as it was)."""
        return {}

    def _playout(self, sim: Any, seat: int, rng: random.Random | None = None) -> float:
        r = rng or self.rng
        choice = r.choice
        steps = 0
        # A game whose random games are long (State.playout_steps) has them cut shorter, and
        # its outlook reads who is ahead where they stop.
        limit = min(self.max_steps, getattr(sim, "playout_steps", None) or self.max_steps)
        lean = self._lean(sim)
        if lean:
            choices, get = r.choices, lean.get
            while not sim.is_over and steps < limit:
                acts = _picks(sim)
                sim.apply(choices(acts, [get(a.kind, 1.0) for a in acts])[0] if len(acts) > 1 else acts[0])
                steps += 1
        else:                        # uniform: the plain loop, the hot path of every other game
            while not sim.is_over and steps < limit:
                sim.apply(choice(_picks(sim)))      # never handed out: applied as listed
                steps += 1
        self._spent += steps
        if not sim.is_over:
            # Cut off before the end: the game's own reading of who is ahead (State.outlook),
            # else a draw. Long games (mirror dolls: ~900 random actions) need it.
            guess = sim.outlook(seat)
            return 0.5 if guess is None else guess
        if not sim.winners:
            return 0.5
        return 1.0 if seat in sim.winners else 0.0


# "monte-carlo" searches from clones of the referee's state (it sees hidden cards: a yardstick for
# tests, not an opponent); "ismc" searches from determinizations of its own seat's view.
class ISMCBot(MonteCarloBot):
    """Monte Carlo over determinizations: for each candidate action, playouts from states dealt
    again from the bot's own view (``determinize``), never from the real hidden state.

    Candidates are the real state's legal actions (what the seat may do is public to it). Each pass
    over the candidates deals one fresh determinization, and every candidate of that pass is played
    out from a copy of it, with the same generator for the game and for the playout's choices
    (*common random numbers*): the hidden cards vary from pass to pass, never between the candidates
    compared in one pass. A playout's result hangs on the deal far more than on the move tried; on the
    same deals that part cancels out of the comparison. It also deals once per pass, not once per
    playout, which halved the time of a decision.

    The budget is spent by *sequential halving* (Karnin, Koren and Somekh, 2013): in rounds, each
    round's share of the budget is spread over the candidates still in the running, and the better
    half (by average result) goes on to the next round. A flat search gives the weak moves as many
    playouts as the strong ones; here the close contest between the best few gets most of them. With
    two candidates it is flat Monte Carlo. Measured against the peeking bot (benchmarks/RESULTS.md,
    the same 40 seeded games each time): Sword-and-Fairy 16 wins flat, 22 with sequential halving, 20
    with common random numbers as well; Vividz 20, 20, then 27."""

    name = "ismc"

    def __init__(self, seed: int = 0, playouts: int = 6, max_actions: int = 10, max_steps: int = 300,
                 budget: int | None = 6000, max_playouts: int = 24, time_limit: float | None = None):
        # 6,000 playout actions: a quarter to half a second per decision on this project's machines;
        # the six playouts each candidate gets in the first round decide when the games are long.
        super().__init__(seed, playouts, max_actions, max_steps, budget, max_playouts, time_limit)
        # The last search's candidates with their summed results and playouts (the tutor's hint shows them).
        self.last_search: list[tuple[Action, float, int]] = []

    def search(self, state: Any, seat: int, cands: list[Action]) -> Action:
        n = len(cands)
        score = [0.0] * n
        tries = [0] * n
        alive = list(range(n))
        rounds = (n - 1).bit_length()              # ceil(log2 n): the rounds that leave one
        budget = self.decision_budget(state)
        # playouts in all: short games do not run on (a game may allow more each, State.bot_playouts)
        most = (getattr(state, "bot_playouts", None) or self.max_playouts) * n
        self._spent = played = 0
        for r in range(rounds):
            # This round's share of what is left: of the playout actions and of the playouts.
            goal = self._spent + (budget - self._spent) / (rounds - r) if budget else 0
            cap = played + (most - played) / (rounds - r)
            least = self.playouts if r == 0 else 1   # every candidate is tried before any is dropped
            # With a budget it bounds the first round too: two passes at least (a comparison on
            # one deal is a coin toss), then ``least`` only while the budget lasts. Buddyfight's
            # wide decisions (10 candidates, ~180-action playouts) spent 11,000 actions on the
            # first round alone, over 1 s; now the budget plus one pass at most, or the two passes.
            floor = least if not budget else 2 if r == 0 else 0
            if self._deadline is not None:      # a person waits: one pass is the floor (every candidate tried)
                floor = min(floor, 1 if r == 0 else 0)
            k = 0
            while (k < floor or not self.late() and ((budget and k < least and self._spent < budget)
                                                     or (self._spent < goal and played < cap))):
                # Common random numbers (class doc): one deal, one future of the game's generator
                # and one stream of playout choices for every candidate of this pass.
                base = self._start(state, seat)
                seed = self.rng.getrandbits(64)
                for i in alive:
                    sim = base.clone()
                    sim.rng.seed(seed)
                    score[i] += self._play(sim, seat, cands[i], random.Random(seed))
                    tries[i] += 1
                played += len(alive)
                k += 1
            alive.sort(key=lambda i: -score[i] / tries[i])     # stable: a tie keeps the listed order
            alive = alive[:(len(alive) + 1) // 2]
        self.last_search = [(cands[i], score[i], tries[i]) for i in range(n)]
        return cands[alive[0]]

    def _start(self, state: Any, seat: int) -> Any:
        return determinize(state, seat, self.rng)

    def _lean(self, sim: Any) -> dict[str, float]:
        # The game's declared lean by action kind (State.playout_weights): kinds only, nothing hidden.
        return getattr(sim, "playout_weights", None) or {}


BOTS: dict[str, type[RandomBot] | type[MonteCarloBot]] = {"random": RandomBot, "monte-carlo": MonteCarloBot,
                                                          "ismc": ISMCBot}
