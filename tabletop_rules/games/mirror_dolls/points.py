"""Points: order, chaos and the overflow point, and the cycle between them (MD-5.1 .. MD-5.6, MD-4.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .book import CAP_CHAOS, CAP_ORDER, CHAOS_PER_OVERFLOW, OVERFLOW_WAIT

if TYPE_CHECKING:
    from .cards import Cost
    from .state import MirrorDollsState as S


def overflow_wait(s: S, seat: int) -> int:
    """Own turns still to come before the overflow point may be spent again (0: it may)."""
    p = s.ps[seat]
    return max(0, p.ready - p.own_turns)


def cannot_pay(s: S, seat: int, order: int = 0, chaos: int = 0, overflow: int = 0) -> tuple[str, str] | None:
    """Why ``seat`` cannot pay this cost now: (reason, clause); None when it can."""
    p = s.ps[seat]
    if p.order < order:
        return f"needs {order} order points, seat {seat} has {p.order}", "MD-5.1"
    if p.chaos < chaos:
        return f"needs {chaos} chaos points, seat {seat} has {p.chaos}", "MD-5.1"
    if overflow:
        if p.overflow < overflow:
            return f"needs the overflow point, which seat {seat} does not hold", "MD-5.1"
        wait = overflow_wait(s, seat)
        if wait:
            return (f"the overflow point cannot be spent again for {wait} more own turn(s) "
                    f"(from own turn {p.ready})"), "MD-5.6"
    return None


def cost_problem(s: S, seat: int, cost: Cost) -> tuple[str, str] | None:
    return cannot_pay(s, seat, cost.order, cost.chaos, cost.overflow)


def gain_order(s: S, seat: int, n: int, clause: str) -> None:
    p = s.ps[seat]
    before = p.order
    p.order = min(CAP_ORDER, p.order + n)
    s.emit("order", f"Seat {seat} gains {p.order - before} order points ({p.order}/{CAP_ORDER}"
                    f"{'; the rest is over the cap' if p.order - before < n else ''}).", clause, seat=seat,
           gained=p.order - before, order=p.order)


def pay(s: S, seat: int, order: int = 0, chaos: int = 0, overflow: int = 0, why: str = "") -> None:
    """Spend points: chaos, then order (each makes 1 chaos), then overflow (fills both) (MD-5.1)."""
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
    s.emit("pay", f"Seat {seat} pays {_cost_text(order, chaos, overflow)}{' for ' + why if why else ''} "
                  f"(order {p.order}, chaos {p.chaos}).", "MD-5.2" if order else "MD-5.1", seat=seat,
           order=order, chaos=chaos, overflow=overflow)
    if made:
        s.emit("overflow", f"Seat {seat}'s fifth chaos point spent makes the overflow point.", "MD-5.3", seat=seat)
    if overflow:
        p.overflow = 0
        p.order, p.chaos = CAP_ORDER, CAP_CHAOS
        p.suppress = CHAOS_PER_OVERFLOW
        p.chaos_count = 0
        p.ready = p.own_turns + OVERFLOW_WAIT
        s.emit("surge", f"Seat {seat} spends the overflow point: order and chaos fill to {CAP_ORDER} and "
                        f"{CAP_CHAOS}.", "MD-5.4", seat=seat)
        s.emit("overflow_pause", f"The next {CHAOS_PER_OVERFLOW} chaos points seat {seat} spends make no "
                                 f"overflow.", "MD-5.5", seat=seat)
        s.emit("overflow_wait", f"The overflow point cannot be spent again before seat {seat}'s own turn "
                                f"{p.ready}.", "MD-5.6", seat=seat, ready=p.ready)


def pay_cost(s: S, seat: int, cost: Cost, why: str = "") -> None:
    pay(s, seat, cost.order, cost.chaos, cost.overflow, why)


def _cost_text(order: int, chaos: int, overflow: int) -> str:
    bits = [f"{n} {w}" for n, w in ((order, "order"), (chaos, "chaos")) if n]
    if overflow:
        bits.append("the overflow point")
    return " and ".join(bits) or "nothing"
