"""Helpers shared by the Sword-and-Fairy tests (a uniquely named module: test directories here
have no __init__.py, so a plain ``import conftest`` could find another game's conftest)."""
from __future__ import annotations

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.state import find_action


def play(game, seed, players, check=None, max_steps=4000, bot=None):
    """A whole game by bots; ``check(state, step)`` runs before every action."""
    st = game.new_game(seed=seed, players=players)
    bot = bot or RandomBot(seed)            # bots never concede (XJ-6.3): games are played out
    steps = 0
    while not st.is_over:
        if check:
            check(st, steps)
        st.apply(bot.choose(st))
        steps += 1
        assert steps < max_steps, f"seed {seed}, {players} players: no end after {max_steps} actions"
    return st


class Kit:
    def __init__(self, game):
        self.g = game

    # ----- positions ------------------------------------------------------------------------------
    def scen(self, **spec):
        return self.g.scenario(spec)

    def new(self, seed=0, players=2, **options):
        return self.g.new_game(seed=seed, players=players, options=options or None)

    def started(self, seed=0, players=2, **options):
        """A new game with every character chosen (the first legal choice), at the first turn."""
        st = self.new(seed, players, **options)
        while st.phase == "setup.choose":
            st.apply(st.legal_actions()[0])
        return st

    # ----- reading --------------------------------------------------------------------------------
    @staticmethod
    def choice(st):
        return st.choices[-1].kind if st.choices else None

    @staticmethod
    def kinds(st):
        return {a.kind for a in st.legal_actions()}

    @staticmethod
    def answers(st):
        """The legal actions but conceding, which every decision of the team's turn offers (XJ-6.3)."""
        return [a for a in st.legal_actions() if a.kind != "concede"]

    @staticmethod
    def events(st, kind=None, since=0, clause=None):
        return [e for e in st.log[since:]
                if (kind is None or e.kind == kind) and (clause is None or e.clause == clause)]

    @staticmethod
    def cids(st, seat, zone="hand"):
        """The card ids in one of a seat's zones: a list, or the one card of a slot (None if empty)."""
        uids = st.zones[f"{seat}.{zone}"]
        if zone in ("hand", "pets", "dealt"):
            return [st.cards[u].cid for u in uids]
        return st.cards[uids[0]].cid if uids else None

    @staticmethod
    def hp(st, seat):
        return st.p[seat].hp

    # ----- acting ---------------------------------------------------------------------------------
    @staticmethod
    def find(st, kind, player=None, **match):
        return find_action(st.legal_actions(), kind, match, player)

    def do(self, st, kind, player=None, **match):
        a = self.find(st, kind, player, **match)
        assert a is not None, (f"no legal {kind} {match} for {player}; now {st.phase}, seat {st.current_player}: "
                               f"{[(x.kind, x.player, x.args) for x in st.legal_actions()]}")
        return st.apply(a)

    def passes(self, st, upto=30):
        """Answer every pending war/respond/damage/revive question with 'pass'."""
        evs = []
        for _ in range(upto):
            a = self.find(st, "pass")
            if a is None:
                break
            evs += st.apply(a)
        return evs

    def idle(self, st, upto=300):
        """Play out the rest of the current turn doing as little as possible (no cards, no fight,
        decline every question, discard the first card asked)."""
        turn = st.turn
        for _ in range(upto):
            if st.is_over or st.turn != turn:
                return
            acts = st.legal_actions()
            for kind in ("end_skill", "no_fight", "end_battles", "pass", "keep_roll", "stop"):
                a = find_action(acts, kind)
                if a is not None:
                    break
            else:
                a = acts[0]
            st.apply(a)
        raise AssertionError("the turn did not end")

    @staticmethod
    def act(st, kind, player=None, **args):
        return Action(kind, st.current_player if player is None else player, args)

    @staticmethod
    def uid(st, seat, cid, zone="hand"):
        for u in st.zones[f"{seat}.{zone}"]:
            if st.cards[u].cid == cid:
                return u
        raise AssertionError(f"{cid} not in seat {seat}'s {zone}")

    def refused(self, st, action, clauses):
        """The rules forbid ``action``: not listed, refused citing the clause, nothing changed."""
        return conformance.refusal(st, action, clauses)
