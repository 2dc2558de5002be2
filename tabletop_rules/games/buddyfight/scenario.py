"""Build a Buddyfight position from a description (rulings, tests, the notebook).

    players:
      - life: 10
        hand: [dragoenergy]
        gauge: 3                 # a number pads with the game's filler card; or a list of ids
        deck: 20
        field: {center: drum-bunker-dragon, left: {card: twin-fang-dragon, rested: true, soul: 1, power: 6000}}
        item: dragon-blade-flare-edge
        set: [dragon-banner]
    turn: 2                      # 1 = the first player's first turn
    turn_player: 0
    phase: main.actions          # start.charge | main.actions | attack.declare | final.impacts
    options: {link_critical: one}

Errors name the source (e.g. the ruling), the entry and the field.
"""
from __future__ import annotations

from ...core.datafile import DataError
from ...core.scenario import card_ids

PHASES = ("start.charge", "main.actions", "attack.declare", "final.impacts")


def build(cls, game, spec: dict, seed: int, source: str):
    if not isinstance(spec, dict):
        raise DataError(source, "a scenario is a mapping", field="scenario")
    opts = game.resolve_options(spec.get("options"))
    st = cls(game, seed, 2, opts)
    decks = opts["decks"]
    for seat in (0, 1):
        pspec = (spec.get("players") or [{}, {}])[seat] if seat < len(spec.get("players") or [{}, {}]) else {}
        _player(st, game, seat, pspec or {}, decks[seat], source)
    st.raised = True
    st.turn = int(spec.get("turn", 2))
    st.turn_player = int(spec.get("turn_player", 0))
    st.first_player = int(spec.get("first_player", st.turn_player if st.turn == 1 else 1 - st.turn_player))
    phase = spec.get("phase", "main.actions")
    if phase not in PHASES:
        raise DataError(source, f"phase must be one of {PHASES}", field="scenario.phase")
    st.phase = phase
    st.emit("scenario", f"Position set up for: {source}", None)
    return st


def _ids(game, value, source, field):
    return card_ids(game, value, source, field, game.filler)


def _player(st, game, seat, p, deck_spec, source):
    from .cards import resolve_deck

    where = f"scenario.players.{seat}"
    f = st.fighters[seat]
    deck = resolve_deck(game, deck_spec)
    flag = p.get("flag", deck.flag)
    buddy = p.get("buddy", deck.buddy)
    for cid, fld in ((flag, "flag"), (buddy, "buddy")):
        if cid not in game.cards:
            raise DataError(source, f"unknown card {cid!r}", field=f"{where}.{fld}")
    f.deck_id = deck.id
    f.flag = st.new_card(flag, seat)
    st.cards[f.flag].zone = "flag"
    f.world = game.cards[flag].world
    f.buddy = st.new_card(buddy, seat)
    st.cards[f.buddy].zone = "buddy"
    f.life = int(p.get("life", game.cards[flag].life))
    f.buddy_called = bool(p.get("buddy_called", False))
    for zone, default in (("deck", 20), ("hand", []), ("gauge", 2), ("drop", []), ("set", [])):
        for cid in _ids(game, p.get(zone, default), source, f"{where}.{zone}"):
            st.put(st.new_card(cid, seat), zone)
    field = p.get("field") or {}
    if p.get("item"):
        field = dict(field, item=p["item"])
    for area, v in field.items():
        if area not in f.areas:
            raise DataError(source, f"unknown area {area!r}", field=f"{where}.field")
        if v is None:
            continue
        v = {"card": v} if isinstance(v, str) else v
        cid = v.get("card")
        if cid not in game.cards:
            raise DataError(source, f"unknown card {cid!r}", field=f"{where}.field.{area}")
        uid = st.new_card(cid, seat)
        st.put(uid, area)
        st.cards[uid].rested = bool(v.get("rested", False))
        bad = set(v) - {"card", "rested", "soul", "power", "defense", "critical"}
        if bad:
            raise DataError(source, f"unknown keys {sorted(bad)}", field=f"{where}.field.{area}")
        # What-if numbers (ruling sliders): a lasting modifier from the printed value.
        delta = {k: int(v[k]) - (getattr(game.cards[cid], k) or 0) for k in ("power", "defense", "critical") if k in v}
        if delta:
            st.cards[uid].mods.append({"power": delta.get("power", 0), "defense": delta.get("defense", 0),
                                       "critical": delta.get("critical", 0), "grant": [], "until": "always"})
        for scid in _ids(game, v.get("soul", 0), source, f"{where}.field.{area}.soul"):
            s = st.new_card(scid, seat)
            st.cards[s].zone = "soul"
            st.cards[s].host = uid
            st.cards[uid].soul.append(s)
