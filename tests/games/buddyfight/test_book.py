"""The Buddyfight book (tabletop_rules/games/buddyfight/book.py): one home for every rule.

- the move declarations are consistent with the flow (``BOOK.moves.check``);
- listing and explaining agree: every listed action is found again, as that exact Action, by
  the listers that explain refusals, and every refused action is refused with the reason and
  clause of the refusal those same listers yield for it (or the kind's declared not-now /
  no-such sentence, or "it is another seat's decision");
- card data naming an unknown effect or parameter, and scenario specs with a typo, are errors
  that name the field.
"""
from __future__ import annotations

import shutil

import pytest

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.moves import Refusal
from tabletop_rules.games import buddyfight
from tabletop_rules.games.buddyfight.battle import GROUPS
from tabletop_rules.games.buddyfight.book import BOOK
from tabletop_rules.games.buddyfight.cards import Tables
from tabletop_rules.games.buddyfight.zones import FIELD


def test_moves_are_declared_for_flow_nodes_and_kinds(bf):
    assert BOOK.moves.check(bf.flow.nodes) == []
    assert bf.state_cls.book is BOOK
    # Every kind has its button label in both languages, a template of texts.yaml (issue 34).
    for name, kind in BOOK.moves.kinds.items():
        assert kind.label == f"kind.{name}" and kind.label in bf.texts, name
        assert bf.kind_label(name, "en") and bf.kind_label(name, "zh"), name
        assert kind.not_now[0] and kind.no_such[0], name
        # ... and its not-now / no-such sentences are templates, in both languages (issue 9).
        assert kind.not_now[0] in bf.texts and kind.no_such[0] in bf.texts, (name, kind.not_now, kind.no_such)


# ----- listing and explaining agree ------------------------------------------------------------------
def candidates(st):
    """Actions worth asking about in a position: the legal ones by both seats, and many that
    are not (wrong card, area, target, seat, moment)."""
    out = []
    for seat in (0, 1):
        f = st.fighters[seat]
        on_field = [u for u in f.areas.values() if u is not None] + list(f.set)
        monsters = [(s, a, st.fighters[s].areas[a]) for s in (0, 1) for a in FIELD[:3]
                    if st.fighters[s].areas[a] is not None]
        for u in f.hand + on_field[:1]:
            cid = st.cards[u].cid
            for area in (*FIELD, "nowhere"):
                out.append(Action("call", seat, {"card": u, "name": cid, "area": area}))
                out.append(Action("call", seat, {"card": u, "name": cid, "area": area, "buddy": True}))
            out += [Action(k, seat, {"card": u, "name": cid}) for k in ("equip", "charge", "cast", "pay_discard")]
            out += [Action("cast", seat, {"card": u, "name": cid, "target": m, "at": f"{s}:{a}"})
                    for s, a, m in monsters]
        for u in on_field + f.hand[:1]:
            cid = st.cards[u].cid
            for i in range(len(st.cards[u].d.abilities) + 1):
                out.append(Action("act", seat, {"card": u, "name": cid, "ability": i}))
                out += [Action("act", seat, {"card": u, "name": cid, "ability": i, "target": m, "at": f"{s}:{a}"})
                        for s, a, m in monsters]
            out += [Action("move", seat, {"card": u, "name": cid, "from": fr, "to": to})
                    for fr in FIELD[:3] for to in FIELD]
            out += [Action(k, seat, {"card": u, "name": cid, "area": st.cards[u].place})
                    for k in ("size_drop", "counterattack")]
        out += [Action("attack", seat, {"attackers": g, "target": t}) for g, _ in GROUPS
                for t in ("fighter", *FIELD)]
        out += [Action("attack", seat, {"attackers": [], "target": "fighter"})]
        out += [Action(k, seat, {}) for k in ("pass", "end_main", "end_attack", "end_turn", "skip_charge")]
        out += [Action("pay_gauge", seat, {"slot": i}) for i in range(3)]
        out += [Action(k, seat, {v: b}) for k, v in (("soulguard", "use"), ("enter_pay", "pay")) for b in (True, False)]
    return out


def moment(st):
    """The listers that explain now (those that list, and those that only explain at this
    node), the clause of the moment, and the kinds they cover."""
    if st.choices:
        ch = st.choices[-1]
        return ch.lister_fns(st), ch.clause, ch.offers(st)
    listers = BOOK.moves.explainers.get(st.phase) or st.phase_listers()
    assert set(st.phase_listers()) <= set(listers)
    return listers, bf_node_clause(st), BOOK.moves.kinds_of(listers)


def bf_node_clause(st):
    return st.game.flow.nodes[st.phase].clause


def offers_for(st, seat, listers, kind):
    """Everything the listers of ``kind`` yield for ``seat``, as when they explain."""
    st.explaining = True
    try:
        return [o for fn in listers if kind in BOOK.moves.kinds_of((fn,)) for o in fn(st, seat)]
    finally:
        st.explaining = False


def best_fit(offers, action):
    best, score = None, -1
    for o in offers:
        if isinstance(o, Refusal) and o.fits(action) > score:
            best, score = o, o.fits(action)
    return best


def said(st, key, act):
    """A kind's not-now / no-such sentence in English, written with the action's args."""
    return st.describe_refusal(Refusal(key, None, act.args))


def check_position(st):
    listers, clause, offered = moment(st)
    legal = st.legal_actions()
    keys = {a.key for a in legal}
    lister_kinds = BOOK.moves.kinds_of(listers)
    # Every listed action of a lister's kind is found again as that exact Action.
    for a in legal:
        if a.kind in lister_kinds:
            found = BOOK.moves.explain(st, a, listers)
            assert type(found) is Action and found.key == a.key, (st.phase, a)
    checked = 0
    for act in candidates(st):
        if act.key in keys:
            continue
        with pytest.raises(IllegalAction) as err:
            st.apply(act)
        reason, cited = err.value.reason, err.value.clause
        kind = BOOK.moves.kinds[act.kind]
        wrong_seat = reason.lower().startswith("it is seat ")
        if act.kind not in offered:
            if st.choices:
                assert cited == clause and (wrong_seat or reason.startswith("first answer")), (act, reason)
            else:
                assert (reason, cited) == (said(st, kind.not_now[0], act), kind.not_now[1] or clause), (act, reason)
            checked += 1
            continue
        fit = best_fit(offers_for(st, act.player, listers, act.kind), act)
        if fit is not None:
            assert (reason, cited) == (st.describe_refusal(fit), fit.clause or clause), (st.phase, act, reason, fit)
            assert err.value.describe("zh") == st.describe_refusal(fit, "zh"), (act, fit)
        elif wrong_seat:
            assert act.player != st.current_player and cited == clause, (act, reason)
        elif st.choices and (kind.no_such is kind.not_now or
                             act.kind != st.choices[-1].kind and kind.apply is not None):
            # A main-game move answering a window keeps the window's clause.
            assert reason.startswith("that is not one of the answers") and cited == clause, (act, reason)
        elif st.choices:
            # Issue 37: a decision's kind says where its answers come from, citing the rule.
            assert (reason, cited) == (said(st, kind.no_such[0], act), kind.no_such[1] or clause), (act, reason)
        else:
            assert (reason, cited) == (said(st, kind.no_such[0], act), kind.no_such[1] or clause), (act, reason)
        checked += 1
    return checked


def test_listing_and_explaining_agree_in_windows_and_decisions(kit):
    """Positions random play reaches rarely: a counter window, a response, the move window,
    a size drop, a Soulguard decision."""
    window = kit.scen(phase="attack.declare", turn_player=0, players=[
        {"field": {"left": "twin-fang-dragon"}},
        {"flag": "dragon-world", "gauge": 2, "hand": ["dragon-breath", "card-of-plenty"],
         "field": {"center": "flame-forge-dragon"}}])
    kit.do(window, "attack", attackers=["left"], target="center")
    respond = kit.scen(phase="main.actions", players=[
        {"field": {"center": "flame-forge-dragon"}, "gauge": 1},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    kit.do(respond, "act", name="flame-forge-dragon")
    move = kit.scen(phase="main.actions", turn_player=0, players=[
        {"field": {"left": "wind-step-dragon", "center": "twin-fang-dragon"}}, {"field": {"left": "shadow-runner"}}])
    kit.do(move, "end_main")
    size = kit.scen(phase="main.actions", players=[
        {"hand": ["great-citadel-dragon"], "gauge": 3,
         "field": {"left": "twin-fang-dragon", "right": "wind-step-dragon"}}, {}])
    kit.do(size, "call", name="great-citadel-dragon", area="center")
    kit.pay(size)
    guard = kit.scen(phase="attack.declare", turn_player=0, players=[
        {"field": {"center": "spear-tusk-dragon"}}, {"field": {"center": {"card": "drum-bunker-dragon", "soul": 1}}}])
    kit.do(guard, "attack", attackers=["center"], target="center")
    kinds = {kit.choice(window), kit.choice(respond), kit.choice(move), kit.choice(size), kit.choice(guard)}
    assert kinds == {"window", "respond", "move", "size_drop", "soulguard"}
    for st in (window, respond, move, size, guard):
        assert check_position(st) > 100


# ----- card data and scenario specs -------------------------------------------------------------------
def test_catalogue_tables_are_typed(bf):
    assert isinstance(bf.tables, Tables) and bf.tables.filler in bf.cards
    assert not hasattr(bf, "filler")


def test_unknown_effect_parameter_names_card_and_field(bf, tmp_path):
    d = tmp_path / "buddyfight"
    shutil.copytree(bf.dir, d)
    path = d / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    - op: nullify\n" in text
    path.write_text(text.replace("    - op: nullify\n", "    - op: nullify\n      n: 2\n", 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        buddyfight.load(d)
    msg = str(err.value)
    assert "cards.yaml" in msg and "green-dragon-shield" in msg and "effect.do.0.n" in msg and "nullify" in msg


def test_scenario_typos_are_errors_naming_the_field(bf):
    with pytest.raises(DataError) as err:
        bf.scenario({"phse": "main.actions", "players": [{"lfe": 3}]})
    assert "lfe" in str(err.value) or "phse" in str(err.value)
    with pytest.raises(DataError) as err:
        bf.scenario({"phse": "main.actions"})
    assert err.value.field == "scenario.phse" and "check the spelling" in str(err.value)
    with pytest.raises(DataError) as err:
        bf.scenario({"players": [{"lfe": 3}]})
    assert err.value.field == "scenario.players.0.lfe"
    with pytest.raises(DataError) as err:
        bf.scenario({"players": [{"field": {"center": {"card": "scrap-imp", "rsted": True}}}]})
    assert err.value.field == "scenario.players.0.field.center.rsted"
    with pytest.raises(DataError) as err:
        bf.scenario({"players": [{}, {"item": {"card": "flare-edge-blade", "sould": 1}}]})
    assert err.value.field == "scenario.players.1.item.sould"
    with pytest.raises(DataError) as err:
        bf.scenario({"phase": "main.action"})
    assert err.value.field == "scenario.phase"
    with pytest.raises(DataError) as err:
        bf.scenario({"players": [{"hand": ["no-such-card"]}]})
    assert err.value.field == "scenario.players.0.hand" and "no-such-card" in str(err.value)


def test_scenario_without_typos_builds_the_position(bf):
    st = bf.scenario({"phase": "attack.declare", "turn": 3, "players": [
        {"life": 3, "hand": ["dragoenergy"], "gauge": 1, "field": {"center": {"card": "drum-bunker-dragon", "soul": 2,
                                                                            "power": 7000}}},
        None]})
    f = st.fighters[0]
    assert st.phase == "attack.declare" and st.turn == 3 and f.life == 3 and len(f.gauge) == 1
    db = f.areas["center"]
    assert len(st.cards[db].soul) == 2 and st.power(db) == 7000
    assert sorted(st.census()) == list(range(len(st.cards)))
