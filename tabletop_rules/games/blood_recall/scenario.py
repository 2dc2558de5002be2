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

Errors name the source (e.g. the ruling) and the field.
"""
from __future__ import annotations

from ...core.datafile import DataError
from ...core.scenario import card_ids, check_mapping

DEFAULT_VESSELS = ("hihiirogane", "apoitakara")
DEFAULT_RECALLERS = {"hihiirogane": "suou", "apoitakara": "seishuku"}
PLAYER_KEYS = {"vessel", "awake", "rested", "recaller", "recaller_up", "recaller_used", "life", "pool",
               "recall_points", "recall_cards", "hand", "deck", "discard", "play", "bonus", "lineage_used"}
TOP_KEYS = {"deal", "players", "turn_player", "token", "piles", "face_down", "supply", "phase", "options", "round",
            "difficulty", "madness", "chapter", "hp", "deified", "m_deck", "m_play", "m_discard", "chant_next",
            "m_bonus", "disaster_supply"}


def build(cls, game, spec: dict, seed: int, source: str):
    if not isinstance(spec, dict):
        raise DataError(source, "a scenario is a mapping", field="scenario")
    bad = set(spec) - TOP_KEYS
    if bad:
        raise DataError(source, f"unknown scenario keys {sorted(bad)}", field="scenario")
    story = cls.mode == "story"
    st = cls(game, seed, 1 if story else 2, game.resolve_options(spec.get("options")))
    if spec.get("phase") == "setup":
        return _setup(st, game, spec, source)
    st.create_components()
    st.build_covenant()
    pspecs = spec.get("players") or []
    if not isinstance(pspecs, list):
        raise DataError(source, "expected a list of players", field="scenario.players")
    for seat in range(len(st.seats)):
        _player(st, game, seat, pspecs[seat] if seat < len(pspecs) else {}, source)
    _covenant(st, game, spec, source)
    if story:
        _story(st, game, spec, source)
    else:
        st.token = int(spec.get("token", 0))
    st.turn_player = int(spec.get("turn_player", 0 if story else st.token))
    st.round = int(spec.get("round", 1))
    phase = spec.get("phase", st.TURN_NODE)
    allowed = ("player.turn", "madness.start") if story else ("main.turn",)
    if phase not in allowed:
        raise DataError(source, f"phase must be one of {allowed}", field="scenario.phase")
    st.phase = phase
    st.emit("scenario", f"Position set up for: {source}", None)
    if phase == "madness.start":
        st.round -= 1
        st.do_madness_turn()          # the Madness acts by itself up to the player's turn
        st.run()
    return st


def _setup(st, game, spec, source):
    """A game from its very start: the steps then make the setup choices. Duel mode may fix the
    deal (``deal: [[three vessel ids], [three vessel ids]]``); otherwise the seed decides."""
    deal = spec.get("deal")
    if deal is not None:
        if st.mode != "duel":
            raise DataError(source, "only duel mode deals vessels", field="scenario.deal")
        ok = (isinstance(deal, list) and len(deal) == 2 and all(isinstance(d, list) and len(d) == 3 for d in deal)
              and sorted(c for d in deal for c in d) == sorted(game.by_type["vessel"]))
        if not ok:
            raise DataError(source, "deal is two lists of three vessel ids, each vessel once", field="scenario.deal")
        st.setup(deal=deal)
    else:
        st.setup()
    st.emit("scenario", f"Game set up for: {source}", None)
    return st


def _ids(game, value, source, field, default_cid="slash-1"):
    return card_ids(game, value, source, field, default_cid)


def _from_box(st, cid, zone):
    """The card from the box, or a new one when the scenario asks for a second copy."""
    if any(st.cards[u].cid == cid for u in st.zones["box"]):
        return st.from_box(cid, zone)
    return st.new_card(cid, zone)


def _player(st, game, seat, p, source):
    where = f"scenario.players.{seat}"
    check_mapping(p, PLAYER_KEYS, source, where)
    pl = st.seats[seat]
    vessel = p.get("vessel", DEFAULT_VESSELS[seat])
    if game.cards.get(vessel) is None or game.cards[vessel].type != "vessel":
        raise DataError(source, f"{vessel!r} is not a vessel", field=f"{where}.vessel")
    _from_box(st, vessel, f"{seat}.vessel")
    pl.revealed = True
    recallers = p.get("recaller", DEFAULT_RECALLERS.get(vessel) or game.recallers_of[game.cards[vessel].crest][0])
    for cid in [recallers] if isinstance(recallers, str) else recallers:
        if game.cards.get(cid) is None or game.cards[cid].type != "recaller":
            raise DataError(source, f"{cid!r} is not a Blood Recaller", field=f"{where}.recaller")
        c = st.cards[_from_box(st, cid, f"{seat}.recaller")]
        c.up = bool(p.get("recaller_up", False)) or bool(p.get("recaller_used", False))
        c.used = bool(p.get("recaller_used", False))
    for key in ("awake", "rested"):
        setattr(pl, key, bool(p.get(key, False)))
    for key, default in (("life", 20), ("pool", 0), ("recall_points", 0), ("bonus", 0), ("lineage_used", 0)):
        value = p.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise DataError(source, "expected a whole number", field=f"{where}.{key}")
        setattr(pl, "rp_blood" if key == "recall_points" else key, value)
    if not 0 <= pl.life <= 20:
        raise DataError(source, "life is between 0 and 20", field=f"{where}.life")
    if "deck" in p:
        for cid in _ids(game, p["deck"], source, f"{where}.deck"):
            st.new_card(cid, f"{seat}.deck")
    else:
        st.build_deck(seat, 4, st.options["crimson_blood"])
    for key, zone in (("hand", "hand"), ("discard", "discard"), ("play", "play"), ("recall_cards", "recall")):
        for cid in _ids(game, p.get(key, []), source, f"{where}.{key}"):
            st.new_card(cid, f"{seat}.{zone}")


def _covenant(st, game, spec, source):
    piles = spec.get("piles") or {}
    if not isinstance(piles, dict):
        raise DataError(source, "expected a mapping of pile number to card ids", field="scenario.piles")
    for i, cids in piles.items():
        if not isinstance(i, int) or not 0 <= i < st.npiles:
            raise DataError(source, f"pile {i!r}: piles are numbered 0 to {st.npiles - 1}", field="scenario.piles")
        zone = f"pile.{i}"
        for u in list(st.zones[zone]):
            st.move(u, "box")
        for cid in _ids(game, cids, source, f"scenario.piles.{i}"):
            st.new_card(cid, zone)
    for i in spec.get("face_down") or []:
        if st.zones.get(f"pile.{i}"):
            st.cards[st.zones[f"pile.{i}"][-1]].up = False
    for cid, n in (spec.get("supply") or {}).items():
        d = game.cards.get(cid)
        if d is None or d.type not in ("art", "hindrance"):
            raise DataError(source, f"{cid!r} is not an art or hindrance card", field="scenario.supply")
        zone = f"art.{cid}" if d.type == "art" else "supply.hindrance"
        have = [u for u in st.zones[zone] if st.cards[u].cid == cid]
        for u in have[n:]:
            st.move(u, "box")
        for _ in range(n - len(have)):
            st.new_card(cid, zone)


def _kinds(st, game, kinds, zone, source, field):
    if not isinstance(kinds, list):
        raise DataError(source, "expected a list of disaster kinds", field=field)
    for k in kinds:
        cid = game.disaster_of.get(k)
        if cid is None:
            raise DataError(source, f"unknown disaster kind {k!r} (known: {', '.join(game.disaster_of)})", field=field)
        _take_disaster(st, cid, zone)


def _take_disaster(st, cid, zone):
    for u in st.zones["supply.disaster"]:
        if st.cards[u].cid == cid:
            st.move(u, zone)
            return
    st.new_card(cid, zone)


def _story(st, game, spec, source):
    st.difficulty = spec.get("difficulty", "normal")
    if st.difficulty not in game.difficulties:
        raise DataError(source, f"unknown difficulty {st.difficulty!r}", field="scenario.difficulty")
    st.madness = spec.get("madness", "seedbed-worm")
    d = game.cards.get(st.madness)
    if d is None or d.type != "madness" or d.prologue:
        raise DataError(source, f"{st.madness!r} is not a Mythic Madness to choose", field="scenario.madness")
    st.chapter = int(spec.get("chapter", 0))
    if st.chapter not in (0, 1, 2):
        raise DataError(source, "chapter is 0 (prologue), 1 (middle) or 2 (final)", field="scenario.chapter")
    _from_box(st, st.madness, "m.card")
    fruit = next(cid for cid in game.by_type["madness"] if game.cards[cid].prologue)
    _from_box(st, fruit, "m.card" if st.chapter == 0 else "removed")
    st.hp = int(spec.get("hp", 2))
    st.deified = bool(spec.get("deified", st.chapter == 2))
    if "m_deck" in spec:
        _kinds(st, game, spec["m_deck"], "m.deck", source, "scenario.m_deck")
    else:
        seals = game.difficulties[st.difficulty].seals
        _kinds(st, game, ["seal"] * seals + ["magic", "chant", "end"], "m.deck", source, "scenario.m_deck")
        st.rng.shuffle(st.zones["m.deck"])
    _kinds(st, game, spec.get("m_play", []), "m.play", source, "scenario.m_play")
    _kinds(st, game, spec.get("m_discard", []), "m.discard", source, "scenario.m_discard")
    st.chant_next = int(spec.get("chant_next", 0))
    st.m_bonus = int(spec.get("m_bonus", 0))
    for kind, n in (spec.get("disaster_supply") or {}).items():
        if kind not in game.disaster_of:
            raise DataError(source, f"unknown disaster kind {kind!r}", field="scenario.disaster_supply")
        have = [u for u in st.zones["supply.disaster"] if st.cards[u].d.kind == kind]
        for u in have[n:]:
            st.move(u, "box")
        for _ in range(n - len(have)):
            st.new_card(game.disaster_of[kind], "supply.disaster")
