"""Why an action is refused: the clause that forbids it, in words a player understands.

Only called after ``legal_actions()`` has said no, so it may be thorough rather than fast.
"""
from __future__ import annotations

from collections import Counter

TURN_KINDS = ("play", "self_harm", "recall", "reveal", "enhance", "blood_recall", "end_turn")
SETUP = {"vessel": ("BRD-1.3", "BRS-1.2"), "recaller": ("BRD-1.4", "BRS-1.7"),
         "difficulty": ("BRD-1.1", "BRS-1.3"), "madness": ("BRD-1.1", "BRS-1.4")}


class RefusalMixin:
    def explain_illegal(self, action):
        k, a, seat = action.kind, action.args, action.player
        K = self.K
        if self.choices:
            return self._why_not_answer(self.choices[-1], action)
        if k in SETUP:
            clause = SETUP[k][0 if self.mode == "duel" else 1]
            if k in ("difficulty", "madness") and self.mode == "duel":
                return "duel mode has no difficulty or Mythic Madness: those belong to story mode", clause
            return "that choice is made during setup, and setup is over", clause
        if k in ("pass", "free_enhance", "decline"):
            clause = K["battle_recall"] if k == "pass" else K["free_enhance"]
            return "there is no decision pending that this answers", clause
        if k not in TURN_KINDS:
            return f"Blood Recall has no {k!r} action", K["turn_actions"]
        if self.phase != self.TURN_NODE:
            return "that is done in your own turn of the main phase", K["turn_actions"]
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return f"there is no seat {seat!r}", K["turn_actions"]
        return getattr(self, "_why_not_" + k)(self.seats[seat], a)

    # ----- the turn ------------------------------------------------------------------------------------
    def _in_hand(self, p, cid) -> int:
        return sum(1 for u in p.hand if self.cards[u].cid == cid)

    def _why_not_play(self, p, a):
        return f"{a.get('card')!r} is not in your hand", self.K["play"]

    def _why_not_self_harm(self, p, a):
        return "the vessel is already resting: self-harm once until cleanup stands it up", self.K["self_harm"]

    def _lineage_left(self, p) -> bool:
        return p.lineage_used < self.side(p.seat).lineage

    def _why_not_recall(self, p, a):
        K = self.K
        if not self._lineage_left(p):
            return (f"your lineage ({self.side(p.seat).lineage}) is used up this turn: recalls and enhancements "
                    "share it", K["lineage"])
        i = a.get("pile")
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < self.npiles:
            return f"there are recall piles 0 to {self.npiles - 1} only", K["recall"]
        pile = self.zones[f"pile.{i}"]
        if not pile:
            return "that recall pile is empty", K["recall"]
        top = self.cards[pile[-1]]
        if not top.up:
            return "the top card of that pile is face down: turn it up first", K["reveal"]
        if a.get("card") != top.cid:
            return f"only the top card of a pile can be recalled; pile {i + 1} shows {top.d.name.en}", K["recall"]
        return f"{top.d.name.en} costs {top.d.cost} blood and your pool holds {p.pool}", K["recall"]

    def _why_not_reveal(self, p, a):
        i = a.get("pile")
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < self.npiles or not self.zones[f"pile.{i}"]:
            return "there is no card on top of that pile", self.K["reveal"]
        if self.cards[self.zones[f"pile.{i}"][-1]].up:
            return "the top card of that pile is already face up", self.K["reveal"]
        return "a face-down card is turned up only to recall it, with a lineage use left", self.K["turn_up"]

    def _why_not_enhance(self, p, a):
        K = self.K
        if not self._lineage_left(p):
            return (f"your lineage ({self.side(p.seat).lineage}) is used up this turn: recalls and enhancements "
                    "share it", K["lineage"])
        cid = a.get("card")
        d = self.game.cards.get(cid) if isinstance(cid, str) else None
        if d is None or d.type != "art":
            return "only art cards are enhanced", K["enhance"]
        if self._in_hand(p, cid) < 2:
            return f"enhancement needs two {d.name.en} in your hand", K["enhance"]
        nxt = self.game.next_stage.get(cid)
        if nxt is None:
            return f"{d.name.en} is already the last stage of its art", K["enhance"]
        return f"no {self.game.cards[nxt].name.en} is left in the covenant area", K["enhance"]

    def _why_not_blood_recall(self, p, a):
        K = self.K
        cid = a.get("recaller")
        mine = [u for u in p.recaller if self.cards[u].cid == cid]
        if not mine:
            return "that is not your Blood Recaller", K["blood_recall"]
        c = self.cards[mine[0]]
        if c.used and not c.d.ongoing:
            return f"{c.d.name.en} has been used: a Blood Recaller works once per game unless ongoing", K["once"]
        if mine[0] in p.recalled:
            return f"{c.d.name.en} is ongoing but was already used in this turn", K["ongoing"]
        return f"{c.d.name.en} costs {c.d.cost} recall points and you have {p.recall_points}", K["blood_recall"]

    def _why_not_end_turn(self, p, a):
        names = Counter(self.cards[u].d.name.en for u in p.hand)
        left = ", ".join(f"{n} x{c}" if c > 1 else n for n, c in names.items())
        return f"every card in hand must be played first, hindrance cards too (left: {left})", self.K["end_turn"]

    # ----- answers to a pending decision -------------------------------------------------------------------------
    def _why_not_answer(self, choice, action):
        k = choice.kind
        if k == "vessel":
            return "choose one of the three vessels dealt to you", choice.clause
        if k == "recaller":
            return "the Blood Recaller must carry your vessel's crest", choice.clause
        if k == "battle_recall" and action.kind == "blood_recall":
            return self._why_not_blood_recall(self.seats[action.player], action.args)[0], choice.clause
        if k == "free_enhance":
            return "a free enhancement needs two of that art in hand and its next stage in the supply", choice.clause
        return "that is not one of the options of this decision", choice.clause
