"""Points: order, chaos and the overflow point, and the cycle between them (MD-5.1 .. MD-5.6, MD-4.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.checks import Why
from ...core.texts import Say
from .book import BOOK, CAP_CHAOS, CAP_ORDER, CHAOS_PER_OVERFLOW, OVERFLOW_WAIT

if TYPE_CHECKING:
    from .cards import Cost
    from .state import MirrorDollsState as S


def overflow_wait(s: S, seat: int) -> int:
    """Own turns still to come before the overflow point may be spent again (0: it may)."""
    p = s.ps[seat]
    return max(0, p.ready - p.own_turns)


_NEED_ORDER: Why = ("why.need_order", "MD-5.1")
_NEED_CHAOS: Why = ("why.need_chaos", "MD-5.1")
_NEED_OVERFLOW: Why = ("why.need_overflow", "MD-5.1")
_OVERFLOW_WAIT: Why = ("why.overflow_wait", "MD-5.6")


@BOOK.rule("MD-5.1")
def cannot_pay(s: S, seat: int, order: int = 0, chaos: int = 0, overflow: int = 0) -> Why | None:
    """Why ``seat`` cannot pay this cost now, as (``why.*`` key of texts.yaml, clause), or None when it
    can: each kind of point only up to what the player holds (MD-5.1), the overflow point not during
    its wait (MD-5.6, ``overflow_waits``). ``cost_words`` writes the sentence."""
    p = s.ps[seat]
    if p.order < order:
        return _NEED_ORDER
    if p.chaos < chaos:
        return _NEED_CHAOS
    if overflow:
        if p.overflow < overflow:
            return _NEED_OVERFLOW
        return overflow_waits(s, seat)
    return None


@BOOK.rule("MD-5.6")
def overflow_waits(s: S, seat: int) -> Why | None:
    """A spent overflow point may not be spent again before the fifth own turn after (MD-5.6)."""
    p = s.ps[seat]
    return _OVERFLOW_WAIT if p.ready > p.own_turns else None


def cost_words(s: S, seat: int, key: str, order: int = 0, chaos: int = 0) -> Say:
    """The sentence of a ``cannot_pay`` answer (its key) for ``seat`` and a cost of ``order``/``chaos``."""
    p = s.ps[seat]
    if key == "why.overflow_wait":
        data: dict[str, Any] = {"wait": overflow_wait(s, seat), "ready": p.ready}
    elif key == "why.need_order":
        data = {"n": order, "who": seat, "have": p.order}
    elif key == "why.need_chaos":
        data = {"n": chaos, "who": seat, "have": p.chaos}
    else:
        data = {"who": seat}
    return Say((s.game.texts, key, data))


def gain_order(s: S, seat: int, n: int, clause: str) -> None:
    p = s.ps[seat]
    before = p.order
    p.order = min(CAP_ORDER, p.order + n)
    s.emit("order", "order.capped" if p.order - before < n else "order", clause, seat=seat,
           gained=p.order - before, order=p.order, cap=CAP_ORDER)


def pay(s: S, seat: int, order: int = 0, chaos: int = 0, overflow: int = 0, why: str = "", **about: Any) -> None:
    """Spend points: chaos, then order (each makes 1 chaos), then overflow (fills both) (MD-5.1).
    ``why``: a ``why.*`` sentence of texts.yaml (what the points pay for), ``about`` its data."""
    p = s.ps[seat]
    if not (order or chaos or overflow):
        return
    made = 0
    if chaos:
        p.chaos -= chaos
        for _ in range(chaos):
            if p.overflow:
                continue                            # MD-5.3: no count while overflow is held
            if p.suppress:
                p.suppress -= 1                     # MD-5.5
                continue
            p.chaos_count += 1
            if p.chaos_count >= CHAOS_PER_OVERFLOW:
                p.chaos_count = 0
                p.overflow = 1
                made = 1
    if order:
        p.order -= order
        p.chaos = min(CAP_CHAOS, p.chaos + order)   # MD-5.2
    s.emit("pay", "pay", "MD-5.2" if order else "MD-5.1", seat=seat, order=order, chaos=chaos, overflow=overflow,
           cost=COST_TEXT[bool(order), bool(chaos), bool(overflow)], why=why, left_order=p.order,
           left_chaos=p.chaos, **about)
    if made:
        s.emit("overflow", "overflow", "MD-5.3", seat=seat)
    if overflow:
        p.overflow = 0
        p.order, p.chaos = CAP_ORDER, CAP_CHAOS
        p.suppress = CHAOS_PER_OVERFLOW
        p.chaos_count = 0
        p.ready = p.own_turns + OVERFLOW_WAIT
        s.emit("surge", "surge", "MD-5.4", seat=seat, order_cap=CAP_ORDER, chaos_cap=CAP_CHAOS)
        s.emit("overflow_pause", "overflow_pause", "MD-5.5", seat=seat, n=CHAOS_PER_OVERFLOW)
        s.emit("overflow_wait", "overflow_wait", "MD-5.6", seat=seat, ready=p.ready)


def pay_cost(s: S, seat: int, cost: Cost, why: str = "", **about: Any) -> None:
    pay(s, seat, cost.order, cost.chaos, cost.overflow, why, **about)


# What is paid, by (order?, chaos?, overflow?): a sentence of texts.yaml (pay never runs for nothing).
COST_TEXT = {(True, False, False): "cost.o", (False, True, False): "cost.c", (False, False, True): "cost.v",
             (True, True, False): "cost.oc", (True, False, True): "cost.ov", (False, True, True): "cost.cv",
             (True, True, True): "cost.ocv", (False, False, False): ""}
