"""The Mythic Madness's turn in story mode: it plays its play count of disaster cards by itself,
one visible step (one event) per card, and runs its stars effect when its deck runs out.

The Madness is not a seat (BRS-8.2): nothing here waits for a decision, so after the player's
last action of a round ``State.run`` carries the game through the Madness's whole turn.
"""
from __future__ import annotations

from .effects import MADNESS_OPS

# Disaster kind -> the clause that says what it does (BRS-3.4 .. BRS-3.8).
CLAUSE_OF_KIND = {"magic": "BRS-3.4", "chant": "BRS-3.5", "end": "BRS-3.6", "seal": "BRS-3.7", "special": "BRS-3.8"}


class MadnessMixin:
    def m_card(self):
        """The Madness being fought: the top card of the Madness area."""
        return self.cards[self.zones["m.card"][-1]]

    def m_side(self):
        d = self.m_card().d
        return d.deified if self.deified else d.front

    def m_part(self, what: str) -> tuple[str, str]:
        return self.m_card().cid, f"{'deified' if self.deified else 'front'}.{what}"

    def madness_total(self) -> int:
        """Magic attack cards times the magic-attack value, plus this round's effects (BRS-3.4)."""
        magic = sum(1 for u in self.zones["m.play"] if self.cards[u].d.kind == "magic")
        total = magic * self.m_side().magic + self.m_bonus
        return total if total > 0 else 0

    # ----- the Madness's turn (BRS-3.2, BRS-3.3) ---------------------------------------------------------
    def do_madness_turn(self) -> None:
        self.goto("madness.start")
        self.round += 1
        side = self.m_side()
        extra, self.chant_next = self.chant_next, 0
        self.m_left = side.play + extra
        self.emit("madness_turn", f"Round {self.round}: {self.m_card().d.name.en} acts first and will play "
                                  f"{self.m_left} card(s) (play count {side.play}"
                                  f"{f' + {extra} from chants' if extra else ''}).", "BRS-3.3",
                  plays=self.m_left, chant=extra)
        self.then(("madness_play", {}))

    def do_madness_play(self) -> None:
        if self.m_left <= 0:
            self.begin_turn(0)
            return
        deck = self.zones["m.deck"]
        if not deck:
            self.emit("no_card", f"The Madness deck and its discard pile are empty: {self.m_left} play(s) do nothing.",
                      "BRS-8.13", missed=self.m_left)
            self.m_left = 0
            self.begin_turn(0)
            return
        self.goto("madness.play")
        uid = deck[-1]
        self.move(uid, "m.play")
        self.m_left -= 1
        kind = self.cards[uid].d.kind
        self.emit("madness_play", f"The Madness plays {self.name(uid)} ({self.m_left} more to play).",
                  CLAUSE_OF_KIND[kind], disaster=kind, left=self.m_left)
        steps = [("disaster", {"kind": kind})]
        if not deck:
            steps.append(("madness_stars", {}))
        steps.append(("madness_play", {}))
        self.then(*steps)

    def do_disaster(self, kind: str) -> None:
        side = self.m_side()
        clause = CLAUSE_OF_KIND[kind]
        if kind == "magic":
            self.emit("magic", f"Magic attack: +{side.magic} attack for the Madness this round.", clause,
                      amount=side.magic)
        elif kind == "chant":
            self.chant_next += side.chant
            self.emit("chant", f"Chant: next turn the Madness plays {side.chant} more card(s) "
                               f"(+{self.chant_next} in all).", clause, amount=side.chant, total=self.chant_next)
        elif kind == "seal":
            self.emit("seal", "Seal: nothing happens.", clause)
        else:
            self.emit(kind, f"{'End' if kind == 'end' else 'Special'}: {self.m_card().d.name.en}'s "
                            f"{kind} effect.", clause)
            self.run_madness(kind, clause)

    def run_madness(self, what: str, clause: str) -> None:
        cid, part = self.m_part(what)
        ops = self.game.ops.get((cid, part), ())
        if ops:
            self.then(*[("mop", {"cid": cid, "part": part, "i": i, "clause": clause}) for i in range(len(ops))])

    def do_mop(self, cid: str, part: str, i: int, clause: str) -> None:
        o = self.game.ops[(cid, part)][i]
        MADNESS_OPS[o.op](self, o, clause)

    # ----- stars and the Madness deck (BRS-3.9 .. BRS-3.11) ----------------------------------------------------
    def do_madness_stars(self) -> None:
        self.goto("madness.stars")
        self.emit("stars", f"The Madness deck is empty: {self.m_card().d.name.en}'s stars effect.", "BRS-3.9")
        self.then(("madness_stars_effect", {}), ("madness_rebuild", {}))

    def do_madness_stars_effect(self) -> None:
        self.run_madness("stars", "BRS-3.9")

    def do_madness_rebuild(self) -> None:
        if self.zones["m.discard"]:
            self.rebuild_madness("BRS-3.9")
        else:
            # Every disaster card is in the play area: the new deck is made after cleanup (BRS-3.10).
            self.m_pending = True
            self.emit("rebuild_waits", "The Madness's discard pile is empty: its deck is rebuilt after cleanup.",
                      "BRS-3.10")

    def rebuild_madness(self, clause: str) -> None:
        deck = self.zones["m.deck"]
        for u in list(self.zones["m.discard"]):
            self.move(u, "m.deck")
        self.rng.shuffle(deck)
        self.m_pending = False
        self.emit("madness_rebuild", f"The Madness's discard pile is shuffled into a new deck ({len(deck)} cards).",
                  clause, size=len(deck))

    def add_disaster(self, kind: str) -> None:
        """A disaster card from the covenant area into the Madness's discard pile; none left: ignored."""
        for u in self.zones["supply.disaster"]:
            if self.cards[u].d.kind == kind:
                self.move(u, "m.discard")
                self.emit("add_disaster", f"A {self.name(u)} card joins the Madness's discard pile.", "BRS-3.9",
                          disaster=kind)
                return
        self.emit("no_effect", f"No {kind} disaster card is left in the covenant area: the effect is ignored.",
                  "BRS-3.11", disaster=kind)

    def madness_bonus(self, n: int, clause: str) -> None:
        self.m_bonus += n
        self.emit("madness_attack", f"The Madness gains {n:+d} attack this round.", clause, amount=n)
