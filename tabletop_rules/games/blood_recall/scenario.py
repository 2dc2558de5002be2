"""Build a Blood Recall position from a description (rulings, tests, the notebook).

    players:
      - vessel: hihiirogane         # default: hihiirogane / apoitakara (the recommended first game)
        awake: false
        rested: false
        recaller: suou              # or a list (story mode: several, BRS-6.5); face down
        recaller_up: false          # true: turned up already; recaller_used: true: used once
        life: 20
        pool: 0                     # blood cards in the blood pool
        recall_points: 0            # blood cards in the recall-point area; recall_cards: [art ids]
        hand: [slash-1, slash-1]
        deck: [slash-1]             # bottom first, top last; a number: that many Slash; default the starting deck
        discard: []
        play: [slash-2]
        bonus: 0                    # attack from effects this round
        lineage_used: 0
    turn_player: 0
    token: 0                        # duel: the Blood Covenant token holder
    piles: {0: [bloodied-fang]}     # recall pile contents, bottom first, top last
    face_down: [0]                  # piles whose top card is face down
    supply: {slash-2: 0}            # art or hindrance cards left in the covenant area
    # story mode only
    difficulty: normal
    madness: seedbed-worm
    chapter: 0                      # 0 prologue, 1 middle, 2 final
    hp: 2
    deified: false
    m_deck: [seal, magic]           # disaster kinds, bottom first, top last
    m_play: [magic, magic]
    m_discard: []
    chant_next: 0
    m_bonus: 0
    disaster_supply: {special: 0}   # disaster cards left in the covenant area, by kind
    phase: main.turn                # duel: main.turn; story: player.turn or madness.start (the Madness acts);
                                    # setup: a new game (deal: [[3 vessel ids], [3 vessel ids]] fixes the duel deal)

The spec is checked by pydantic models (unknown keys forbidden, so a typo is an error); errors name
the source (e.g. the ruling) and the field (``scenario.players.0.lif``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, StrictInt, ValidationError

from ...core.datafile import DataError, field_path, listed, zh_problem
from ...core.pmodels import Strict
from ...core.scenario import MAX_CARDS, MAX_NUMBER, card_ids, mapping, number

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import BloodRecallState
    from .story import StoryState

S = TypeVar("S", bound="BloodRecallState")
DEFAULT_VESSELS = ("hihiirogane", "apoitakara")
DEFAULT_RECALLERS = {"hihiirogane": "suou", "apoitakara": "seishuku"}
#: A zone's cards: card ids, or a number of the zone's filler card (stage-1 Slash).
Cards = StrictInt | list[str]
#: The last round a position may stand in (a kit bound, no rule counts rounds that far).
MAX_ROUND = 1_000


class PlayerSpec(Strict):
    vessel: str | None = None
    awake: bool = False
    rested: bool = False
    recaller: str | list[str] | None = None
    recaller_up: bool = False
    recaller_used: bool = False
    life: StrictInt = 20
    pool: StrictInt = 0
    recall_points: StrictInt = 0
    recall_cards: Cards = []
    hand: Cards = []
    deck: Cards | None = None            # None: the starting deck
    discard: Cards = []
    play: Cards = []
    bonus: StrictInt = 0
    lineage_used: StrictInt = 0


class ScenarioSpec(Strict):
    deal: list[list[str]] | None = None
    players: list[PlayerSpec] = []
    turn_player: StrictInt | None = None
    token: StrictInt = 0
    piles: dict[StrictInt, Cards] = {}
    face_down: list[StrictInt] = []
    supply: dict[str, StrictInt] = {}
    phase: str | None = None
    options: dict[str, Any] | None = None
    round: StrictInt = 1
    difficulty: str = "normal"
    madness: str | None = None       # story mode: the Mythic Madness (None: the Seedbed Worm); the duel has none
    chapter: StrictInt = 0
    hp: StrictInt = 2
    deified: bool | None = None
    m_deck: list[str] | None = None
    m_play: list[str] = []
    m_discard: list[str] = []
    chant_next: StrictInt = 0
    m_bonus: StrictInt = 0
    disaster_supply: dict[str, StrictInt] = {}


def spec_of(spec: Any, source: str) -> ScenarioSpec:
    """The checked spec; a problem is a DataError naming the field (``scenario.players.0.lif``)."""
    mapping(spec, source)
    try:
        return ScenarioSpec.model_validate(spec)
    except ValidationError as exc:
        errors = exc.errors()
        err = errors[0]
        loc = field_path(err["loc"]).split(".")
        field = ".".join(["scenario", *loc])
        if err["type"] != "extra_forbidden":
            raise DataError(source, err["msg"], field=field, says=zh_problem(err, err["msg"])) from None
        where = loc[:-1]
        bad = [str(e["loc"][-1]) for e in errors if e["type"] == "extra_forbidden" and
               [str(p) for p in e["loc"][:-1]] == where]
        model: type[BaseModel] = PlayerSpec if where[:1] == ["players"] else ScenarioSpec
        known = list(model.model_fields)
        raise DataError.bilingual(
            source, f"unknown scenario keys {bad} (check the spelling; known: {', '.join(known)})",
            f"未知的局面字段 {listed(bad, 'zh')}（请检查拼写；已知字段：{listed(known, 'zh')}）", field=field) from None


def build(cls: type[S], game: Game, raw: Any, seed: int, source: str) -> S:
    from .duel import DuelState
    from .madness import madness_turn
    from .story import StoryState

    spec = spec_of(raw, source)
    st = cls(game, seed, 1 if cls.STORY else 2, game.resolve_options(spec.options))
    if spec.phase == "setup":
        return _setup(st, game, spec, source)
    st.create_components()
    st.build_covenant()
    for seat in range(len(st.seats)):
        _player(st, game, seat, spec.players[seat] if seat < len(spec.players) else PlayerSpec(), source)
    _covenant(st, game, spec, source)
    if isinstance(st, StoryState):
        _story(st, game, spec, source)
        st.turn_player = spec.turn_player or 0
    elif isinstance(st, DuelState):
        # The Blood Covenant token is held by one of the two players (BRD-2.4), who goes first.
        st.token = number(spec.token, source, "scenario.token", 0, 1, "BRD-2.4", "the token holder",
                          "血之契约标记的持有者")
        st.turn_player = spec.token if spec.turn_player is None else spec.turn_player
    st.turn_player = number(st.turn_player, source, "scenario.turn_player", 0, len(st.seats) - 1, None,
                            "the turn player", "回合玩家")
    st.round = number(spec.round, source, "scenario.round", 1, MAX_ROUND, None, "the round", "轮次")
    phase = spec.phase or st.TURN_NODE
    allowed = ("player.turn", "madness.start") if st.STORY else ("main.turn",)
    if phase not in allowed:
        raise DataError.bilingual(source, f"phase must be one of {allowed}",
                                  f"阶段应为以下之一：{listed(allowed, 'zh')}", field="scenario.phase")
    st.phase = phase
    st.emit("scenario", "scenario.position", None, source=source)
    if phase == "madness.start" and isinstance(st, StoryState):
        st.round -= 1
        madness_turn(st)          # the Madness acts by itself up to the player's turn
        st.run()
    return st


def _setup(st: S, game: Game, spec: ScenarioSpec, source: str) -> S:
    """A game from its very start: the steps then make the setup choices. Duel mode may fix the
    deal (``deal: [[three vessel ids], [three vessel ids]]``); otherwise the seed decides."""
    from .duel import DuelState

    deal = spec.deal
    if deal is None:
        st.setup()
    elif isinstance(st, DuelState):
        ok = (len(deal) == 2 and all(len(d) == 3 for d in deal)
              and sorted(c for d in deal for c in d) == sorted(st.tables.by_type["vessel"]))
        if not ok:
            raise DataError.bilingual(source, "deal is two lists of three vessel ids, each vessel once",
                                      "deal 应为两列、每列三个人器卡编号，每张人器卡只出现一次", field="scenario.deal")
        st.setup(deal=deal)
    else:
        raise DataError.bilingual(source, "only duel mode deals vessels", "只有决斗模式才分发人器卡",
                                  field="scenario.deal")
    st.emit("scenario", "scenario.game", None, source=source)
    return st


def _ids(game: Game, value: Cards, source: str, field: str) -> list[str]:
    return card_ids(game, value, source, field, "slash-1")


def _from_box(st: BloodRecallState, cid: str, zone: str) -> int:
    """The card from the box, or a new one when the scenario asks for a second copy."""
    cards = st.cards
    if any(cards[u].cid == cid for u in st.zones["box"]):
        return st.from_box(cid, zone)
    return st.new_card(cid, zone)


def _player(st: BloodRecallState, game: Game, seat: int, p: PlayerSpec, source: str) -> None:
    where = f"scenario.players.{seat}"
    pl = st.seats[seat]
    t = st.tables
    vessel = p.vessel or DEFAULT_VESSELS[seat]
    if game.cards.get(vessel) is None or game.cards[vessel].type != "vessel":
        raise DataError.bilingual(source, f"{vessel!r} is not a vessel", f"{vessel!r} 不是人器卡",
                                  field=f"{where}.vessel")
    _from_box(st, vessel, f"{seat}.vessel")
    pl.revealed = True
    recallers = p.recaller or DEFAULT_RECALLERS.get(vessel) or t.recallers_of[game.cards[vessel].crest][0]
    for cid in [recallers] if isinstance(recallers, str) else recallers:
        if game.cards.get(cid) is None or game.cards[cid].type != "recaller":
            raise DataError.bilingual(source, f"{cid!r} is not a Blood Recaller", f"{cid!r} 不是血脉回想者",
                                      field=f"{where}.recaller")
        c = st.cards[_from_box(st, cid, f"{seat}.recaller")]
        c.face_up = p.recaller_up or p.recaller_used
        c.used = p.recaller_used
    pl.awake, pl.rested = p.awake, p.rested
    pl.life, pl.pool, pl.rp_blood, pl.bonus, pl.lineage_used = p.life, p.pool, p.recall_points, p.bonus, p.lineage_used
    # Blood never runs out (BRD-1.11): the pool and the recall points are numbers, not cards made,
    # bounded only by the kit's MAX_NUMBER; none of them is below 0.
    for key, what, what_zh in (("pool", "the blood pool", "血池"), ("recall_points", "the recall points", "血回点数"),
                               ("lineage_used", "lineage uses", "血继的使用次数")):
        number(getattr(p, key), source, f"{where}.{key}", 0, MAX_NUMBER, None, what, what_zh)
    number(p.bonus, source, f"{where}.bonus", -MAX_CARDS, MAX_CARDS, None, "the attack bonus", "攻击加成")
    if not 0 <= pl.life <= 20:
        raise DataError.bilingual(source, "life is between 0 and 20", "生命值应在 0 到 20 之间", field=f"{where}.life")
    if p.deck is not None:
        for cid in _ids(game, p.deck, source, f"{where}.deck"):
            st.new_card(cid, f"{seat}.deck")
    else:
        st.build_deck(seat, 4, st.options["crimson_blood"])
    for key, zone, value in (("hand", "hand", p.hand), ("discard", "discard", p.discard), ("play", "play", p.play),
                             ("recall_cards", "recall", p.recall_cards)):
        for cid in _ids(game, value, source, f"{where}.{key}"):
            st.new_card(cid, f"{seat}.{zone}")


def _covenant(st: BloodRecallState, game: Game, spec: ScenarioSpec, source: str) -> None:
    for i, cids in spec.piles.items():
        if not 0 <= i < st.npiles:
            raise DataError.bilingual(source, f"pile {i!r}: piles are numbered 0 to {st.npiles - 1}",
                                      f"回想牌堆 {i!r}：回想牌堆的编号为 0 到 {st.npiles - 1}", field="scenario.piles")
        zone = st.pile_zones[i]
        for u in list(st.zones[zone]):
            st.move(u, "box")
        for cid in _ids(game, cids, source, f"scenario.piles.{i}"):
            st.new_card(cid, zone)
    for i in spec.face_down:
        if 0 <= i < st.npiles and st.zones[st.pile_zones[i]]:
            st.cards[st.zones[st.pile_zones[i]][-1]].face_up = False
    for cid, n in spec.supply.items():
        d = game.cards.get(cid)
        if d is None or d.type not in ("art", "hindrance"):
            raise DataError.bilingual(source, f"{cid!r} is not an art or hindrance card", f"{cid!r} 不是技艺卡或妨害卡",
                                      field="scenario.supply")
        zone = f"art.{cid}" if d.type == "art" else "supply.hindrance"
        number(n, source, f"scenario.supply.{cid}", 0, MAX_CARDS, None, "the number of cards", "卡牌数目")
        have = [u for u in st.zones[zone] if st.cards[u].cid == cid]
        for u in have[n:]:
            st.move(u, "box")
        for _ in range(n - len(have)):
            st.new_card(cid, zone)


def _kinds(st: StoryState, kinds: list[str], zone: str, source: str, field: str) -> None:
    disaster_of = st.tables.disaster_of
    if len(kinds) > MAX_CARDS:
        raise DataError.bilingual(source, f"at most {MAX_CARDS} cards, not {len(kinds):,}",
                                  f"最多 {MAX_CARDS} 张卡牌，而不是 {len(kinds):,} 张", field=field)
    for k in kinds:
        cid = disaster_of.get(k)
        if cid is None:
            raise DataError.bilingual(source, f"unknown disaster kind {k!r} (known: {', '.join(disaster_of)})",
                                      f"未知的灾难卡种类 {k!r}（已知：{listed(disaster_of, 'zh')}）", field=field)
        _take_disaster(st, cid, zone)


def _take_disaster(st: StoryState, cid: str, zone: str) -> None:
    for u in st.zones["supply.disaster"]:
        if st.cards[u].cid == cid:
            st.move(u, zone)
            return
    st.new_card(cid, zone)


def _story(st: StoryState, game: Game, spec: ScenarioSpec, source: str) -> None:
    t = st.tables
    if spec.difficulty not in t.difficulties:
        raise DataError.bilingual(source, f"unknown difficulty {spec.difficulty!r}",
                                  f"未知的难易度 {spec.difficulty!r}",
                                  field="scenario.difficulty")
    st.difficulty = spec.difficulty
    madness = spec.madness or "seedbed-worm"         # story mode's default Mythic Madness
    d = game.cards.get(madness)
    if d is None or d.type != "madness" or d.prologue:
        raise DataError.bilingual(source, f"{madness!r} is not a Mythic Madness to choose",
                                  f"{madness!r} 不是可选的神话的狂气", field="scenario.madness")
    st.madness = madness
    if spec.chapter not in (0, 1, 2):
        raise DataError.bilingual(source, "chapter is 0 (prologue), 1 (middle) or 2 (final)",
                                  "章节应为 0（序章）、1（中章）或 2（终章）", field="scenario.chapter")
    st.chapter = spec.chapter
    _from_box(st, madness, "m.card")
    fruit = next(cid for cid in t.by_type["madness"] if game.cards[cid].prologue)
    _from_box(st, fruit, "m.card" if st.chapter == 0 else "removed")
    # Each chapter's Madness has 2 HP (BRS-2.1).
    st.hp = number(spec.hp, source, "scenario.hp", 0, 2, "BRS-2.1", "the Madness's HP", "狂气的 HP")
    st.deified = spec.deified if spec.deified is not None else st.chapter == 2
    if spec.m_deck is not None:
        _kinds(st, spec.m_deck, "m.deck", source, "scenario.m_deck")
    else:
        seals = t.difficulties[spec.difficulty].seals
        _kinds(st, ["seal"] * seals + ["magic", "chant", "end"], "m.deck", source, "scenario.m_deck")
        st.rng.shuffle(st.zones["m.deck"])
    _kinds(st, spec.m_play, "m.play", source, "scenario.m_play")
    _kinds(st, spec.m_discard, "m.discard", source, "scenario.m_discard")
    st.chant_next = number(spec.chant_next, source, "scenario.chant_next", 0, MAX_CARDS, None, "the next chant",
                           "下一次咏唱")
    st.m_bonus = number(spec.m_bonus, source, "scenario.m_bonus", -MAX_CARDS, MAX_CARDS, None,
                        "the Madness's attack bonus", "狂气的攻击加成")
    for kind, n in spec.disaster_supply.items():
        if kind not in t.disaster_of:
            raise DataError.bilingual(source, f"unknown disaster kind {kind!r}", f"未知的灾难卡种类 {kind!r}",
                                      field="scenario.disaster_supply")
        number(n, source, f"scenario.disaster_supply.{kind}", 0, MAX_CARDS, None, "the number of cards", "卡牌数目")
        have = [u for u in st.zones["supply.disaster"] if st.cards[u].d.kind == kind]
        for u in have[n:]:
            st.move(u, "box")
        for _ in range(n - len(have)):
            st.new_card(t.disaster_of[kind], "supply.disaster")
