"""Build a mirror-doll position from a description (rulings, tests, the notebook).

    turn: 3                      # turn number; own turns default to (turn + 1) // 2
    turn_player: 0
    first_player: 0              # default: the turn player on odd turns, the other on even ones
    phase: action.main           # action.main | start.mirror
    mirror: sunlit-pane          # or {card: sunlit-pane, owner: 1}; default owner: the turn player
    options: {decks: [...]}
    players:
      - score: 0
        order: 4                 # also chaos, overflow, chaos_count, suppress, ready, own_turns
        dolls: [lace-duelist]    # the doll hand; spells: the spell hand
        deck: 10                 # real-side doll deck: a number pads with the doll filler, or a list
        spell_deck: 3            # a number pads with the spell filler, or a list
        mirror_deck: [still-pond]
        pile: [tin-drummer]      # the mirror pile
        field: {real_f0: glass-archer, mirror_b1: {card: shard-golem, form: mirror, damage: 2, acted: true}}
        spell_slot: {card: rallying-waltz, until: 4}

Errors name the source (e.g. the ruling) and the field.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.datafile import DataError
from ...core.scenario import card_ids, check_mapping
from .book import FIELD
from .effects import start_ongoing

PHASES = ("action.main", "start.mirror")
TOP = {"turn", "turn_player", "first_player", "phase", "mirror", "options", "players"}
PLAYER = {"score", "order", "chaos", "overflow", "chaos_count", "suppress", "ready", "own_turns", "dolls", "spells",
          "deck", "spell_deck", "mirror_deck", "pile", "field", "spell_slot"}
DOLL = {"card", "form", "damage", "acted", "shield_dmg"}


def _of_type(ctype: str) -> Callable[[Any], bool]:
    """A filter keeping card definitions of one type (a zone takes only its own kind of card)."""
    return lambda c: bool(c.type == ctype)


def build(cls, game, spec: Any, seed: int, source: str):
    check_mapping(spec, TOP, source, "scenario")
    opts = game.resolve_options(spec.get("options"))
    st = cls(game, seed, 2, opts)
    st.turn = int(spec.get("turn", 3))
    st.turn_player = int(spec.get("turn_player", 0))
    default_first = st.turn_player if st.turn % 2 else 1 - st.turn_player
    st.first_player = int(spec.get("first_player", default_first))
    players = spec.get("players") or [{}, {}]
    if not isinstance(players, list) or len(players) > 2:
        raise DataError(source, "expected a list of at most two players", field="scenario.players")
    for seat in (0, 1):
        _player(st, game, seat, players[seat] if seat < len(players) else {}, source)
    m = spec.get("mirror")
    if m is not None:
        m = {"card": m} if isinstance(m, str) else check_mapping(m, {"card", "owner"}, source, "scenario.mirror")
        cid = m.get("card")
        card = game.cards.get(cid) if isinstance(cid, str) else None
        if card is None or card.type != "mirror":
            raise DataError(source, f"unknown mirror card {cid!r}", field="scenario.mirror")
        st.new_card(cid, int(m.get("owner", st.turn_player)), "table.mirror")
    phase = spec.get("phase", "action.main")
    if phase not in PHASES:
        raise DataError(source, f"phase must be one of {PHASES}", field="scenario.phase")
    st.phase = phase
    st.emit("scenario", f"Position set up for: {source}", None)
    return st


def _player(st, game, seat: int, p: Any, source: str) -> None:
    where = f"scenario.players.{seat}"
    p = check_mapping(p or {}, PLAYER, source, where)
    tables = game.tables
    pl = st.ps[seat]
    pl.own_turns = (st.turn + 1) // 2
    for key in ("score", "order", "chaos", "overflow", "chaos_count", "suppress", "ready", "own_turns"):
        if key in p:
            v = p[key]
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise DataError(source, "expected a whole number", field=f"{where}.{key}")
            setattr(pl, key, v)
    zones: tuple[tuple[str, str, Any, str], ...] = (("dolls", "dolls", [], "doll"), ("spells", "spells", [], "spell"),
             ("deck", "real_deck", 10, "doll"), ("spell_deck", "spell_deck", 3, "spell"),
             ("mirror_deck", "mirror_deck", [], "mirror"), ("pile", "mirror_pile", [], "doll"))
    for key, zone, default, ctype in zones:
        filler = tables.fillers.get(ctype, tables.fillers["doll"])
        ids = card_ids(game, p.get(key, default), source, f"{where}.{key}", filler,
                       accept=_of_type(ctype), what=ctype)
        for one in ids:
            st.new_card(one, seat, f"{seat}.{zone}")
    field = p.get("field") or {}
    if not isinstance(field, dict):
        raise DataError(source, "expected a mapping of slots to dolls", field=f"{where}.field")
    for slot, v in field.items():
        if slot not in FIELD:
            raise DataError(source, f"unknown slot {slot!r} (slots: {', '.join(FIELD)})", field=f"{where}.field")
        v = {"card": v} if isinstance(v, str) else check_mapping(v, DOLL, source, f"{where}.field.{slot}")
        cid = v.get("card")
        card = game.cards.get(cid) if isinstance(cid, str) else None
        if card is None or card.type != "doll":
            raise DataError(source, f"unknown doll {cid!r}", field=f"{where}.field.{slot}")
        uid = st.new_card(cid, seat, f"{seat}.{slot}")
        c = st.cards[uid]
        want = "critical" if slot == "threshold" else slot.split("_")[0]
        c.form = v.get("form", want if want in card.forms else card.first_form)
        if c.form not in card.forms:
            raise DataError(source, f"{cid} has no {c.form} form", field=f"{where}.field.{slot}.form")
        c.damage = int(v.get("damage", 0))
        c.shield_dmg = int(v.get("shield_dmg", 0))
        c.acted = bool(v.get("acted", False))
    ss = p.get("spell_slot")
    if ss is not None:
        ss = {"card": ss} if isinstance(ss, str) else check_mapping(ss, {"card", "until"}, source,
                                                                     f"{where}.spell_slot")
        cid = ss.get("card")
        card = game.cards.get(cid) if isinstance(cid, str) else None
        if card is None or card.type != "spell" or card.spell is None or not card.spell.duration:
            raise DataError(source, f"{cid!r} is not an ongoing spell", field=f"{where}.spell_slot")
        uid = st.new_card(cid, seat, f"{seat}.spell_slot")
        until = int(ss.get("until", st.turn + card.spell.duration - 1))
        start_ongoing(st, seat, card.name.en, uid, None, until - st.turn + 1 if until >= st.turn else 1,
                      card.spell.do)
