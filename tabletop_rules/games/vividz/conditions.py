"""Mission conditions as data: a small, validated language over the turn's events and the board.

    {count: attack_successes, ge: 1}                     # a counter compared with a number
    {count: attacks, where: {cost_ge: 5, into_empty: true}, ge: 1}
    {diff: [own_characters, opponent_characters], ge: 2} # one board counter minus another
    {all: [...]}, {any: [...]}, {not: {...}}

Counters are read from the point of view of the mission's owner ("you"). Event counters look at
this turn's record (attacks, successes, retires, uses); board counters at the field as it is now
(VV-12.10). Unknown names are validation errors, so a typo in cards.yaml is a DataError naming
the file, the card and the field.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...core.datafile import Strict
from ...core.schema import Field, model_validator
from .book import BOOK

if TYPE_CHECKING:
    from ...core.texts import Texts
    from .state import VividzState

Test = Callable[["VividzState", int], bool]       # a condition, compiled (Cond.test)
Count = Callable[["VividzState", int], int]       # a counter for a seat
LANES = (0, 1, 2)

#: counters over this turn's attack records (they accept every ``where`` key)
ATTACK_COUNTERS = ("attacks", "attack_successes", "p_attack_successes", "direct_attacks")
#: counters over other records of this turn (``where`` on the card concerned)
EVENT_COUNTERS = ("retires", "own_retires", "characters_used", "level_ups", "events_used")
#: counters over the board as it stands
BOARD_COUNTERS = ("own_characters", "opponent_characters", "empty_lanes", "own_empty_areas",
                  "opponent_empty_areas", "energy", "hand", "exp", "cleared_missions")
CARD_COUNTERS = ("own_characters", "opponent_characters") + EVENT_COUNTERS
COUNTERS = ATTACK_COUNTERS + EVENT_COUNTERS + BOARD_COUNTERS
CARD_WHERE = ("card", "cost_ge", "cost_le")
ATTACK_WHERE = CARD_WHERE + ("into_empty", "opposing_empty_now")


class Where(Strict):
    card: str | None = None                 # a card id (checked against cards.yaml)
    cost_ge: int | None = None
    cost_le: int | None = None
    into_empty: bool | None = None          # the attack had no battle (no opposing character)
    opposing_empty_now: bool | None = None  # the opponent's side of that lane is empty now


class Cond(Strict):
    all_: tuple[Cond, ...] | None = Field(None, alias="all")
    any_: tuple[Cond, ...] | None = Field(None, alias="any")
    not_: Cond | None = Field(None, alias="not")
    count: str | None = None
    diff: tuple[str, str] | None = None
    where: Where | None = None
    ge: int | None = None
    le: int | None = None
    eq: int | None = None

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _check(self) -> Cond:
        forms = [k for k in ("all_", "any_", "not_", "count", "diff") if getattr(self, k) is not None]
        if len(forms) != 1:
            raise ValueError("a condition is exactly one of all, any, not, count or diff")
        form = forms[0]
        compared = [k for k in ("ge", "le", "eq") if getattr(self, k) is not None]
        if form in ("count", "diff"):
            if not compared:
                raise ValueError(f"{form} needs a comparison: ge, le or eq")
        elif compared or self.where is not None:
            raise ValueError("only count and diff take ge / le / eq / where")
        if self.count is not None:
            if self.count not in COUNTERS:
                raise ValueError(f"unknown counter {self.count!r} (known: {', '.join(COUNTERS)})")
            if self.where is not None:
                allowed = ATTACK_WHERE if self.count in ATTACK_COUNTERS else \
                    CARD_WHERE if self.count in CARD_COUNTERS else ()
                bad = [k for k, v in self.where.model_dump().items() if v is not None and k not in allowed]
                if bad:
                    raise ValueError(f"{self.count} cannot be filtered by {', '.join(bad)} "
                                     f"(it takes: {', '.join(allowed) or 'no filter'})")
        if self.diff is not None:
            bad = [n for n in self.diff if n not in BOARD_COUNTERS]
            if bad:
                raise ValueError(f"diff compares board counters; unknown: {', '.join(bad)} "
                                 f"(known: {', '.join(BOARD_COUNTERS)})")
            if self.where is not None:
                raise ValueError("diff takes no where")
        return self

    @cached_property
    def test(self) -> Test:
        """This condition as a function of (state, seat), built once (``holds``)."""
        return _compiled(self)

    def cards_named(self) -> list[str]:
        """Card ids the condition names (checked against the card list when loaded)."""
        out = [self.where.card] if self.where is not None and self.where.card else []
        for sub in (self.all_ or ()) + (self.any_ or ()) + ((self.not_,) if self.not_ else ()):
            out += sub.cards_named()
        return out



def holds(s: VividzState, c: Cond, me: int) -> bool:
    """Does condition ``c`` hold now for seat ``me``? (Missions are checked after every action,
    VV-7.10, so each condition is turned into a function once, ``Cond.test``, and called.)"""
    return c.test(s, me)


def _compiled(c: Cond) -> Test:
    """The function testing ``c``: one closure per form, the counter and comparison fixed."""
    if c.count is not None:
        return _compared(c, _counter(c.count, c.where))
    if c.all_ is not None:
        alls = tuple(x.test for x in c.all_)

        def all_of(s: VividzState, me: int) -> bool:
            for t in alls:
                if not t(s, me):
                    return False
            return True
        return all_of
    if c.any_ is not None:
        anys = tuple(x.test for x in c.any_)

        def any_of(s: VividzState, me: int) -> bool:
            for t in anys:
                if t(s, me):
                    return True
            return False
        return any_of
    if c.not_ is not None:
        inner = c.not_.test
        return lambda s, me: not inner(s, me)
    assert c.diff is not None
    a, b = _counter(c.diff[0], None), _counter(c.diff[1], None)
    return _compared(c, lambda s, me: a(s, me) - b(s, me))


def _compared(c: Cond, count: Count) -> Test:
    ge, le, eq = c.ge, c.le, c.eq
    if le is None and eq is None and ge is not None:        # the usual form: at least n
        return lambda s, me: count(s, me) >= ge

    def compare(s: VividzState, me: int) -> bool:
        n = count(s, me)
        if ge is not None and n < ge:
            return False
        if le is not None and n > le:
            return False
        return eq is None or n == eq
    return compare


def _fits(w: Where | None) -> Callable[[VividzState, str], bool] | None:
    """Does a card id pass the card filters of ``w``? (None: no card filter.)"""
    if w is None or (w.card is None and w.cost_ge is None and w.cost_le is None):
        return None
    card, cost_ge, cost_le = w.card, w.cost_ge, w.cost_le

    def fits(s: VividzState, cid: str) -> bool:
        d = s.game.cards[cid]
        if card is not None and cid != card:
            return False
        if cost_ge is not None and d.cost < cost_ge:
            return False
        return cost_le is None or d.cost <= cost_le
    return fits


#: what each event counter counts: (record kind, whose: True = the mission's owner, False = the opponent)
_EVENT_KIND = {"retires": ("retire", False), "own_retires": ("retire", True), "characters_used": ("use", True),
               "level_ups": ("level_up", True), "events_used": ("event", True)}
#: the attack record flag an attack counter needs true (direct attacks need ``battle`` false)
_ATTACK_FLAG = {"attacks": None, "attack_successes": "success", "p_attack_successes": "p_success",
                "direct_attacks": None}


def counter(s: VividzState, name: str, me: int, w: Where | None) -> int:
    """The value of one counter for seat ``me`` (VV-12.10)."""
    return _counter(name, w)(s, me)


def _counter(name: str, w: Where | None) -> Count:
    """The function counting ``name`` (filtered by ``w``) for a seat (VV-12.10): built by the
    counter's entry in the Book (``COUNTER``), once per condition."""
    return COUNTER[name](name, w)


#: The counters card data names (``count: attacks``), in the Book: each entry builds, from the
#: counter's name and its ``where`` filter, the function ``count(state, me) -> int`` a mission's
#: condition calls after every action (VV-7.10), so the name and the filter are read once.
COUNTER = BOOK.registry("counter")


def _attacks(name: str, w: Where | None) -> Count:
    """This turn's attacks by ``me`` (VV-12.10): all of them, the successes, the P-successes or the
    direct ones (no battle), filtered by the attacking card and the lane's state."""
    fits = _fits(w)
    flag = _ATTACK_FLAG[name]
    direct = name == "direct_attacks"
    into_empty = w.into_empty if w is not None else None
    empty_now = w.opposing_empty_now if w is not None else None

    def attacks(s: VividzState, me: int) -> int:
        n = 0
        for a in s.turn_log:
            if a["kind"] != "attack" or a["by"] != me:
                continue
            if flag is not None and not a[flag]:
                continue
            if direct and a["battle"]:
                continue
            if fits is not None and not fits(s, a["card"]):
                continue
            if into_empty is not None and into_empty == a["battle"]:
                continue
            if empty_now is not None and empty_now != (not s.areas[1 - me][a["lane"]]):
                continue
            n += 1
        return n
    return attacks


def _events(name: str, w: Where | None) -> Count:
    """This turn's records of one kind (retires, uses, level ups, events), whose seat is ``me`` or
    the opponent, filtered by the card concerned."""
    fits = _fits(w)
    kind, own = _EVENT_KIND[name]

    def events(s: VividzState, me: int) -> int:
        who = me if own else 1 - me
        return sum(1 for e in s.turn_log if e["kind"] == kind and e["seat"] == who
                   and (fits is None or fits(s, e["card"])))
    return events


def _characters(name: str, w: Where | None) -> Count:
    """The characters on ``me``'s side (or the opponent's) now, filtered by card."""
    fits = _fits(w)
    own = name == "own_characters"

    def characters(s: VividzState, me: int) -> int:
        cards = s.cards
        n = 0
        for stack in s.areas[me if own else 1 - me]:
            if stack and (fits is None or fits(s, cards[stack[-1]].cid)):
                n += 1
        return n
    return characters


def _empty_areas(name: str, w: Where | None) -> Count:
    own = name == "own_empty_areas"
    return lambda s, me: sum(1 for stack in s.areas[me if own else 1 - me] if not stack)


for _name in ATTACK_COUNTERS:
    COUNTER.add(_name, _attacks)
for _name in EVENT_COUNTERS:
    COUNTER.add(_name, _events)
for _name in ("own_characters", "opponent_characters"):
    COUNTER.add(_name, _characters)
for _name in ("own_empty_areas", "opponent_empty_areas"):
    COUNTER.add(_name, _empty_areas)
COUNTER.add("empty_lanes", lambda name, w: lambda s, me: sum(1 for lane in LANES
                                                              if not s.areas[0][lane] and not s.areas[1][lane]))
COUNTER.add("energy", lambda name, w: lambda s, me: len(s.energies[me]))
COUNTER.add("hand", lambda name, w: lambda s, me: len(s.hands[me]))
COUNTER.add("exp", lambda name, w: lambda s, me: sum(len(stack) - 1 for stack in s.areas[me] if stack))
COUNTER.add("cleared_missions", lambda name, w: lambda s, me: sum(1 for u in s.missions(me)
                                                                   if not s.cards[u].face_up))


#: the sentence of each counter and filter in texts.yaml (issue 34: the readings live with the
#: game's other words, in both languages; a reader never sees a counter's or a filter's code name)
COUNTER_TEXT = {
    "attacks": "cond.count.attacks", "attack_successes": "cond.count.attack_successes",
    "p_attack_successes": "cond.count.p_attack_successes", "direct_attacks": "cond.count.direct_attacks",
    "retires": "cond.count.retires", "own_retires": "cond.count.own_retires",
    "characters_used": "cond.count.characters_used", "level_ups": "cond.count.level_ups",
    "events_used": "cond.count.events_used", "own_characters": "cond.count.own_characters",
    "opponent_characters": "cond.count.opponent_characters", "empty_lanes": "cond.count.empty_lanes",
    "own_empty_areas": "cond.count.own_empty_areas", "opponent_empty_areas": "cond.count.opponent_empty_areas",
    "energy": "cond.count.energy", "hand": "cond.count.hand", "exp": "cond.count.exp",
    "cleared_missions": "cond.count.cleared_missions",
}
#: a filter's sentence: (when true or a number, when false)
WHERE_TEXT = {
    "card": ("cond.where.card", None), "cost_ge": ("cond.where.cost_ge", None),
    "cost_le": ("cond.where.cost_le", None),
    "into_empty": ("cond.where.into_empty", "cond.where.into_empty.not"),
    "opposing_empty_now": ("cond.where.opposing_empty_now", "cond.where.opposing_empty_now.not"),
}
_COMPARE = (("ge", "cond.ge"), ("le", "cond.le"), ("eq", "cond.eq"))


def describe(c: Cond, texts: Texts, lang: str = "en") -> str:
    """A condition as a sentence in ``lang`` ("en" / "zh"), for the board and the views, written
    from the game's templates (``cond.*`` in texts.yaml); a card filter reads as the card's name."""
    def say(key: str, **data: Any) -> str:
        return texts.render(key, data, lang)

    if c.all_ is not None:
        return say("cond.and").join(describe(x, texts, lang) for x in c.all_)
    if c.any_ is not None:
        return say("cond.group", x=say("cond.or").join(describe(x, texts, lang) for x in c.any_))
    if c.not_ is not None:
        return say("cond.not", x=describe(c.not_, texts, lang))
    if c.diff is not None:
        what = say("cond.diff", a=say(COUNTER_TEXT[c.diff[0]]), b=say(COUNTER_TEXT[c.diff[1]]))
    else:
        what = say(COUNTER_TEXT[str(c.count)])
    if c.where is not None:
        bits = []
        for k, v in c.where.model_dump().items():
            if v is None:
                continue
            yes, no = WHERE_TEXT[k]
            if k == "card":
                bits.append(say(yes, card=v))
            elif isinstance(v, bool):
                bits.append(say(yes if v else str(no)))
            else:
                bits.append(say(yes, n=v))
        what = say("cond.where", what=what, filters=say("cond.sep").join(bits))
    return say("cond.and").join(say(key, what=what, n=n) for attr, key in _COMPARE
                                if (n := getattr(c, attr)) is not None)


def as_data(c: Any) -> Any:
    """The condition as the JSON it was written in (for views)."""
    return c.model_dump(by_alias=True, exclude_none=True)
