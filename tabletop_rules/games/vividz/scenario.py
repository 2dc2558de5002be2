"""Build a Vividz position from a description (rulings, tests, the notebook).

    turn: 3                      # 1 = the first player's first turn
    turn_player: 0
    phase: main.actions          # main.actions | charge.keep | charge.energy
    players:
      - deck: 20                 # a number pads with the filler card; a list names cards, top first
        hand: [aoi-spotlight]
        keep: aoi-fan-service
        energy: 3
        drop: [aoi-stagehand]
        field: [null, aoi-headliner, {card: aoi-encore-rina, rested: true, exp: 1, damage: 1000, power: 6000}]
        missions: [{rested: true}, {cleared: true}, null]
        account_rested: true
    options: {decks: [aoi-demo, ren-demo]}

Accounts and missions come from each seat's deck. Errors name the source and the field.
"""
from __future__ import annotations

from typing import Any

from ...core.datafile import DataError
from ...core.scenario import card_ids, check_mapping
from .cards import resolve_deck

PHASES = ("main.actions", "charge.keep", "charge.energy")
PLAYER_KEYS = ("deck", "hand", "keep", "energy", "drop", "field", "missions", "account_rested")
SLOT_KEYS = ("card", "rested", "exp", "damage", "power")


def build(cls: Any, game: Any, spec: Any, seed: int, source: str) -> Any:
    spec = check_mapping(spec, ("turn", "turn_player", "first_player", "phase", "players", "options"), source,
                         "scenario")
    opts = game.resolve_options(spec.get("options"))
    st = cls(game, seed, 2, opts)
    if not isinstance(opts["decks"], list | tuple) or len(opts["decks"]) != 2:
        raise DataError(source, "option 'decks' must list two decks", field="scenario.options.decks")
    st.turn = int(spec.get("turn", 2))
    st.turn_player = int(spec.get("turn_player", 0))
    st.first_player = int(spec.get("first_player", st.turn_player if st.turn % 2 == 1 else 1 - st.turn_player))
    players = spec.get("players") or [{}, {}]
    if not isinstance(players, list) or len(players) > 2:
        raise DataError(source, "players is a list of at most two seats", field="scenario.players")
    for seat in (0, 1):
        p = players[seat] if seat < len(players) and players[seat] else {}
        _player(st, game, seat, check_mapping(p, PLAYER_KEYS, source, f"scenario.players.{seat}"),
                opts["decks"][seat], source)
    phase = spec.get("phase", "main.actions")
    if phase not in PHASES:
        raise DataError(source, f"phase must be one of {PHASES}", field="scenario.phase")
    st.phase = phase
    st.emit("scenario", f"Position set up for: {source}", None)
    return st


def _ids(game: Any, value: Any, source: str, field: str) -> list[str]:
    return card_ids(game, value, source, field, game.tables["filler"])


def _player(st: Any, game: Any, seat: int, p: dict, deck_spec: Any, source: str) -> None:
    where = f"scenario.players.{seat}"
    deck = resolve_deck(game, deck_spec)
    st.deck_ids[seat] = deck.id
    acc = st.new_card(deck.account, seat, "account")
    st.cards[acc].rested = bool(p.get("account_rested", False))
    mspec = p.get("missions") or [None, None, None]
    for lane, m in enumerate(deck.missions):
        u = st.new_card(m, seat, f"mission{lane}")
        ms = mspec[lane] if lane < len(mspec) and mspec[lane] else {}
        check_mapping(ms, ("rested", "cleared"), source, f"{where}.missions.{lane}")
        st.cards[u].rested = bool(ms.get("rested", False))
        st.cards[u].face_up = not ms.get("cleared", False)
    for cid in reversed(_ids(game, p.get("deck", 20), source, f"{where}.deck")):
        u = st.new_card(cid, seat, "deck")
        st.cards[u].face_up = False
    for zone in ("hand", "energy", "drop"):
        for cid in _ids(game, p.get(zone, 3 if zone == "energy" else []), source, f"{where}.{zone}"):
            st.new_card(cid, seat, zone)
    if p.get("keep"):
        for cid in _ids(game, [p["keep"]], source, f"{where}.keep"):
            st.new_card(cid, seat, "keep")
    field = p.get("field") or []
    if not isinstance(field, list) or len(field) > 3:
        raise DataError(source, "field is a list of up to 3 lanes", field=f"{where}.field")
    for lane, v in enumerate(field):
        if v is None:
            continue
        v = {"card": v} if isinstance(v, str) else check_mapping(v, SLOT_KEYS, source, f"{where}.field.{lane}")
        for cid in _ids(game, v.get("exp", 0), source, f"{where}.field.{lane}.exp"):
            st.new_card(cid, seat, f"area{lane}")
        cid = _ids(game, [v.get("card")], source, f"{where}.field.{lane}.card")[0]
        if game.cards[cid].type != "character":
            raise DataError(source, f"{cid!r} is not a character", field=f"{where}.field.{lane}.card")
        u = st.new_card(cid, seat, f"area{lane}")
        c = st.cards[u]
        c.rested = bool(v.get("rested", False))
        c.damage = int(v.get("damage", 0))
        if "power" in v:                 # a what-if number (ruling sliders): a lasting change
            c.mods.append([int(v["power"]) - (c.d.power or 0), "always"])
