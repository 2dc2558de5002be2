"""Build a Sword-and-Fairy position from a description (rulings, tests, the notebook).

    players: 4                       # 2, 3 or 4
    options: {three_player_order: round}
    turn_player: 0
    phase: skill                     # skill | battle.choose | event | turn.start | draw | discard | turn.end
    fought: 0                        # battles already fought this turn (draw step, second battle)
    seats:
      - character: wang-xiaohu       # default: the box's characters in order, unused ones
        hp: 5                        # default: the maximum
        hand: [heaven-thunder]
        weapon: demon-blade
        armour: rainbow-robe
        pets: [false-moon]
        left: false                  # true: this player has already left the game
        turned: false
    monsters: [lava-beast-king, courage]   # top first, or a number of filler cards (default 6)
    events: [divine-tree]                  # top first, or a number of filler cards (default 6)
    deck: 20                               # hand-card deck, top first, or a number of filler cards
    discard: []

``new_game: {players: 3, seed: 5}`` instead starts a real game (setup rulings).
Characters are face up and HP is set; the first ``phase`` procedure runs at once (an event is
carried out, a turn begins ...). Errors name the source (e.g. the ruling), and the field.
"""
from __future__ import annotations

from ...core.datafile import DataError
from ...core.scenario import card_ids, check_mapping

PHASES = ("skill", "battle.choose", "event", "turn.start", "draw", "discard", "turn.end")
SEAT_KEYS = {"character", "hp", "hand", "weapon", "armour", "pets", "left", "turned"}
TOP_KEYS = {"new_game", "players", "options", "turn_player", "phase", "fought", "seats", "monsters", "events", "deck", "discard",
            "turn"}


def build(cls, game, spec: dict, seed: int, source: str):
    if not isinstance(spec, dict):
        raise DataError(source, "a scenario is a mapping", field="scenario")
    if spec.get("new_game"):
        # A game from its very start (setup rulings): new_game: {players: 4, seed: 1}.
        ng = spec["new_game"] if isinstance(spec["new_game"], dict) else {}
        try:
            return game.new_game(seed=int(ng.get("seed", seed)), players=ng.get("players", 2),
                                 options=spec.get("options"))
        except ValueError as exc:
            raise DataError(source, str(exc), field="scenario.new_game") from None
    bad = set(spec) - TOP_KEYS
    if bad:
        raise DataError(source, f"unknown keys {sorted(bad)} (known: {', '.join(sorted(TOP_KEYS))})", field="scenario")
    players = spec.get("players", 2)
    if players not in game.player_counts:
        raise DataError(source, f"xianjian is played by {game.player_counts} players, not {players!r}",
                        field="scenario.players")
    try:
        opts = game.resolve_options(spec.get("options"))
    except ValueError as exc:
        raise DataError(source, str(exc), field="scenario.options") from None
    st = cls(game, seed, players, opts)
    seats = spec.get("seats") or []
    if not isinstance(seats, list) or len(seats) > players:
        raise DataError(source, f"seats must be a list of at most {players} mappings", field="scenario.seats")
    seats = seats + [{}] * (players - len(seats))
    taken = [s.get("character") for s in seats if isinstance(s, dict) and s.get("character")]
    if len(set(taken)) < len(taken):
        raise DataError(source, "each character is in the box once: two seats name the same one",
                        field="scenario.seats")
    spare = [c for c in game.box.characters if c not in taken]
    for i, sp in enumerate(seats):
        _seat(st, game, i, sp, spare, source)
    st.revealed = True
    st.seats_changed()
    for field, pile, kind, default in (("monsters", "monsters", "monster", 6),
                                       ("events", "events", "event", 6),
                                       ("deck", "deck", "hand", 20), ("discard", "discard", "hand", [])):
        ids = _ids(game, spec.get(field, default), kind, source, f"scenario.{field}")
        for cid in reversed(ids):                 # listed top first; the top is the end of the list
            st.new_card(cid, pile)
    tp = spec.get("turn_player", 0)
    if not isinstance(tp, int) or not 0 <= tp < players or not st.p[tp].in_game:
        raise DataError(source, "turn_player must be a seat still in the game", field="scenario.turn_player")
    st.turn_player = tp
    st.pos = st.cycle.index(tp)
    st.turn = int(spec.get("turn", 1))
    st.fought = int(spec.get("fought", 0))
    phase = spec.get("phase", "skill")
    if phase not in PHASES:
        raise DataError(source, f"phase must be one of {', '.join(PHASES)}", field="scenario.phase")
    st.emit("scenario", f"Position set up for: {source}", "XJ-1.1")
    # Each starting point stands where the engine would, then runs what comes next there.
    start = {"skill": ("skill", None), "battle.choose": ("battle.choose", None),
             "event": ("turn.start", ("event_phase", {})), "turn.start": ("turn.end", ("turn_start", {"seat": tp})),
             "draw": ("battle.choose", ("draw_phase", {})), "discard": ("draw", ("discard_phase", {})),
             "turn.end": ("discard", ("turn_end", {}))}[phase]
    st.phase = start[0]
    if start[1]:
        if phase == "turn.start":
            st.turn -= 1
        st.later(start[1][0], **start[1][1])
        st.run()
    st._legal_cache = None
    return st


def _ids(game, value, kind, source, field):
    return card_ids(game, value, source, field, game.filler[kind], accept=lambda c: c.kind == kind,
                    what=f"{kind} card")


def _seat(st, game, i, sp, spare, source):
    where = f"scenario.seats.{i}"
    check_mapping(sp, SEAT_KEYS, source, where)
    cid = sp.get("character") or spare.pop(0)
    c = game.cards.get(cid)
    if c is None or c.kind != "character":
        raise DataError(source, f"unknown character {cid!r}", field=f"{where}.character")
    pl = st.p[i]
    st.new_card(cid, "character", i)
    pl.set_skills(c)
    hp = sp.get("hp", c.hp)
    if not isinstance(hp, int) or not 0 <= hp <= c.hp:
        raise DataError(source, f"hp must be between 0 and the maximum {c.hp}", field=f"{where}.hp")
    pl.hp = hp
    for cid in _ids(game, sp.get("hand", []), "hand", source, f"{where}.hand"):
        st.new_card(cid, "hand", i)
    for slot in ("weapon", "armour"):
        if sp.get(slot):
            card = game.cards.get(sp[slot])
            if card is None or card.kind != "hand" or card.type != slot:
                raise DataError(source, f"{sp[slot]!r} is not a {slot}", field=f"{where}.{slot}")
            st.new_card(sp[slot], slot, i)
    elements = set()
    for cid in _ids(game, sp.get("pets", []), "monster", source, f"{where}.pets"):
        el = game.cards[cid].element
        if el in elements:
            raise DataError(source, f"two {el} pets (rule XJ-3.12)", field=f"{where}.pets")
        elements.add(el)
        st.new_card(cid, "pets", i)
    if sp.get("left"):
        pl.in_game = False
        pl.hp = 0
        for u in list(pl.hand) + [u for u in (pl.weapon, pl.armour) if u is not None] + list(pl.pets):
            st.discard_card(u)
    elif pl.hp == 0:
        raise DataError(source, "a seat still in the game has at least 1 HP", field=f"{where}.hp")
    pl.turned = bool(sp.get("turned", False))
