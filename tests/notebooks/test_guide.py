"""Issue 35.3: guidance at the table. What the seat may do now (by the kinds' labels), a warning a
turn before a deck runs out, a concession applied only on a second press, the result said once
in the game-over banner, rested cards inside their slots."""
from __future__ import annotations

import html
import math
import random
import re

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.notebook.controls import kind_label
from tabletop_rules.notebook.guide import deck_warning, is_concession, may_now
from tabletop_rules.notebook.i18n import t
from tabletop_rules.notebook.table import PlayTable

GAMES = ["buddyfight", "blood-recall-duel", "blood-recall-story", "vividz", "xianjian", "mirror-dolls"]


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup, flags=re.S))


def click(table, action) -> None:
    """Press the control that takes ``action`` (its button, else its picker set to it)."""
    btn = table.panel.buttons.get(action.key)
    if btn is not None:
        btn.click()
        return
    picker = table.panel.pickers[action.kind]
    picker.choose(**{k: v for k, v in action.args.items() if k in picker.keys})
    assert picker.current().key == action.key
    picker.go.click()


# ----- 1. "you may now ..." ---------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_status_says_what_the_seat_may_do_now(gid, lang):
    game = tr.load_game(gid)
    table = PlayTable(game, seed=2, seats=["human"] + ["random"] * (game.player_counts[0] - 1), lang=lang,
                      graph=False)
    rng = random.Random(2)
    head = t("may_now", lang, kinds="").split("{")[0].rstrip(".。")
    for _ in range(25):
        st = table.state
        if st.is_over:
            break
        shown = text_of(table.status.value)
        acts = st.legal_actions()
        line = may_now(game, acts, lang)
        assert line and line in shown
        for kind in {a.kind for a in acts}:
            label = kind_label(game, kind, lang)
            assert label in line
            assert "_" not in line, line           # a kind id ("end_main") never shows
        assert shown.count(head) == 1
        click(table, rng.choice(acts))


def test_no_summary_for_a_seat_that_is_not_a_human(bf):
    table = PlayTable(bf, seed=5, seats=["random", "random"])
    assert t("may_now", "en", kinds="x")[:12] not in text_of(table.status.value)


# ----- 2. the deck-out warning -------------------------------------------------------------------------
def seat_view(game, seat=0, **fields):
    view = game.new_game(seed=1).view(seat)
    for p in view["players"]:
        if p["seat"] == seat:
            p.update(fields)
    return view


def test_buddyfight_warns_when_the_next_draw_takes_the_last_card(bf):
    # BF-4.2: the draw phase draws one card; with one left the draw after it meets an empty deck.
    assert deck_warning(bf, seat_view(bf, deck=1), 0, "en")
    assert deck_warning(bf, seat_view(bf, deck=0), 0, "en")
    assert deck_warning(bf, seat_view(bf, deck=2), 0, "en") == ""
    zh = deck_warning(bf, seat_view(bf, deck=1), 0, "zh")
    assert "1 张" in zh and not re.search(r"[A-Za-z]", zh)
    # only the seat's own deck counts: the other seat's low deck is not this seat's warning
    assert deck_warning(bf, seat_view(bf, seat=1, deck=1), 0, "en") == ""


def test_vividz_counts_what_drawing_up_to_five_takes():
    vv = tr.load_game("vividz")
    # VV-6.3: two in hand, so the next draw takes three.
    assert "takes 3" in deck_warning(vv, seat_view(vv, hand_count=2, deck=3), 0, "en")
    assert deck_warning(vv, seat_view(vv, hand_count=2, deck=4), 0, "en") == ""
    # five or more in hand: one card
    assert deck_warning(vv, seat_view(vv, hand_count=6, deck=1), 0, "en")
    assert deck_warning(vv, seat_view(vv, hand_count=6, deck=2), 0, "en") == ""


def test_mirror_dolls_warns_per_deck_in_the_glossary_words():
    md = tr.load_game("mirror-dolls")
    # MD-4.1: one doll and one spell each own turn.
    view = seat_view(md, real_deck=1, spell_deck=5)
    en, zh = deck_warning(md, view, 0, "en"), deck_warning(md, view, 0, "zh")
    assert md.glossary.get("real-deck").en in en and md.glossary.get("spell-deck").en not in en
    assert md.glossary.get("real-deck").zh in zh
    assert deck_warning(md, seat_view(md, real_deck=2, spell_deck=2), 0, "en") == ""


@pytest.mark.parametrize("gid", ["xianjian", "blood-recall-duel"])
def test_no_warning_where_the_game_declares_no_draw(gid):
    game = tr.load_game(gid)
    view = seat_view(game)
    for p in view["players"]:
        p["deck"] = 0
    assert deck_warning(game, view, 0, "en") == ""


def test_the_table_shows_the_warning_exactly_when_the_deck_is_low():
    vv = tr.load_game("vividz")
    table = PlayTable(vv, seed=1, seats=["human", "random"], graph=False)
    rng = random.Random(1)
    seen = {True: 0, False: 0}
    for _ in range(1500):
        st = table.state
        if st.is_over:
            break
        me = next(p for p in st.view(0)["players"] if p["seat"] == 0)
        hand = me["hand_count"]
        low = me["deck"] <= (1 if hand >= 5 else 5 - hand)
        assert ("Watch out" in text_of(table.status.value)) is low, (me["deck"], hand)
        seen[low] += 1
        acts = st.legal_actions()
        # charge whenever offered (it draws again), else mostly pass: the deck runs down
        charge = [a for a in acts if a.kind == "charge"]
        ends = [a for a in acts if a.kind.startswith("end")]
        click(table, charge[0] if charge else rng.choice(ends) if ends and rng.random() < 0.8 else rng.choice(acts))
    assert seen[True] and seen[False]
    # the game this deal gives ends by seat 0's empty deck, which the warning announced a turn before
    assert table.state.winners == (1,) and "deck" in table.state.describe_result("en")


# ----- 3. concession asks first ------------------------------------------------------------------------
def concede_table(lang="en"):
    xj = tr.load_game("xianjian")
    table = PlayTable(xj, seed=1, seats=["human", "random"], lang=lang, graph=False)
    rng = random.Random(1)
    for _ in range(200):
        acts = table.state.legal_actions()
        found = [a for a in acts if is_concession(xj, a)]
        if found:
            return table, found[0]
        click(table, rng.choice([a for a in acts if not is_concession(xj, a)]))
    raise AssertionError("no concession offered")


def test_sword_and_fairy_marks_concede_as_a_concession():
    xj = tr.load_game("xianjian")
    _, action = concede_table()
    assert action.kind == "concede" and is_concession(xj, action)
    assert not any(is_concession(xj, a) for a in tr.load_game("buddyfight").new_game(seed=1).legal_actions())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_concede_needs_a_second_press(lang):
    table, action = concede_table(lang)
    n = len(table.state.record.actions)
    click(table, action)
    assert not table.state.is_over and len(table.state.record.actions) == n
    shown = text_of(table.status.value)
    assert t("concede_confirm", lang, action="@").split("@")[1][:8] in shown
    click(table, action)                        # the second press gives up
    assert table.state.is_over and table.state.record.actions[-1]["kind"] == "concede"


def test_another_move_cancels_a_pending_concession():
    table, action = concede_table()
    click(table, action)
    other = next(a for a in table.state.legal_actions() if a.kind != action.kind)
    click(table, other)
    again = [a for a in table.state.legal_actions() if a.kind == action.kind]
    if again and table.human(table.state.current_player):
        click(table, again[0])                 # asks again: the first press did not carry over
        assert not table.state.is_over


# ----- 4. the banner says the result once -------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_game_over_banner_names_the_outcome_once(gid, lang):
    game = tr.load_game(gid)
    table = PlayTable(game, seed=3, seats=["human"] + ["random"] * (game.player_counts[0] - 1), lang=lang,
                      graph=False)
    rng = random.Random(3)
    for _ in range(3000):
        if table.state.is_over:
            break
        acts = [a for a in table.state.legal_actions() if not is_concession(game, a)]
        table.apply(rng.choice(acts))
    assert table.state.is_over
    banner = text_of(re.search(r"<div class='ttr-banner'>.*?</div>", table.status.value).group(0))
    result = table.state.describe_result(lang)
    assert result in banner
    said = len(re.findall(r"获胜|落败|平局" if lang == "zh" else r"\b(?:wins?|loses?)\b", banner))
    assert said == 1, banner


# ----- 5. rested cards inside their slots --------------------------------------------------------------
def test_a_rested_card_stays_inside_its_upright_box():
    from tabletop_rules.notebook.style import CSS

    rule = re.search(r"\.ttr-card\.ttr-rested \{([^}]*)\}", CSS).group(1)
    turn = float(re.search(r"rotate\(-?([\d.]+)deg\)", rule).group(1))
    scale = float(re.search(r"scale\(([\d.]+)\)", rule).group(1))
    width = float(re.search(r"\.ttr \.ttr-card \{[^}]*?width: (\d+)px", CSS).group(1))
    least = float(re.search(r"\.ttr \.ttr-card \{[^}]*?min-height: (\d+)px", CSS).group(1))
    a = math.radians(turn)
    assert turn > 0                            # still drawn turned: rested reads at a glance
    for height in range(int(least), 301):      # tiles from the least height to 300 px (the tallest boards draw)
        w = scale * (width * math.cos(a) + height * math.sin(a))
        h = scale * (height * math.cos(a) + width * math.sin(a))
        assert w <= width and h <= height, (height, w, h)


# ----- 6. Why not? asks the engine --------------------------------------------------------------------
def test_why_not_cites_the_later_turns_mirror_clause_after_turn_one():
    """MD-4.4 is the first turn's mirror; on every later turn the mirror is replaced under MD-4.5,
    and the log cites MD-4.5 there. Why not? reads the engine's refusal for this turn."""
    from tabletop_rules.notebook.whynot import explain_html, idle_cards

    md = tr.load_game("mirror-dolls")
    s = md.new_game(seed=1)
    rng = random.Random(1)
    asked = 0
    while not s.is_over and asked < 6:
        if s.phase == "start.mirror" and s.turn > 1:
            seat = s.current_player
            for uid in idle_cards(s, seat)[:2]:
                out = html.unescape(explain_html(s, seat, uid, "en"))
                assert "MD-4.5" in out and "MD-4.4" not in out, out[-600:]
                asked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert asked


@pytest.mark.parametrize("gid", GAMES)
def test_why_not_is_the_refusal_the_engine_gives(gid):
    """Every reason Why not? shows is the engine's: a lister's refusal naming the card, or the
    IllegalAction that applying an action with the card raises (on a clone; the game unchanged)."""
    from tabletop_rules.core.actions import IllegalAction
    from tabletop_rules.notebook.whynot import engine_reasons, explain_html, idle_cards, probes, refusals

    game = tr.load_game(gid)
    s = game.new_game(seed=4)
    rng = random.Random(4)
    asked = 0
    for _ in range(60):
        if s.is_over:
            break
        for seat in {s.current_player, (s.current_player + 1) % s.players}:
            for uid in idle_cards(s, seat)[:2]:
                before = s.record.to_json()
                out = html.unescape(explain_html(s, seat, uid, "en"))
                assert s.record.to_json() == before          # asking changes nothing
                if refusals(s, seat, uid):
                    continue
                found = engine_reasons(s, seat, uid)
                assert found, (gid, s.phase)
                for probe in probes(s, seat, uid):
                    with pytest.raises(IllegalAction) as exc:
                        s.clone().apply(probe)
                    assert exc.value.describe("en") in out
                    assert exc.value.clause is None or exc.value.clause in out
                asked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert asked


# ----- 7. the rulings explorer in words, and Run shows it ran -----------------------------------------
def widget_words(w) -> str:
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "", w.value, flags=re.S))


@pytest.mark.parametrize("gid", GAMES)
def test_rulings_say_the_expected_outcome_in_words_with_their_clauses(gid):
    from tabletop_rules.notebook.rulings import RulingExplorer

    game = tr.load_game(gid)
    ex = RulingExplorer(game)
    for lang in ("en", "zh"):
        ex.set_lang(lang)
        for r in game.rulings:
            ex.select(r.id)
            expected = widget_words(ex.expected)
            steps = widget_words(ex.position).split(t("steps", lang))[-1] if r.steps else ""
            for shown in (expected, steps):
                assert not re.search(r"\b[a-z_]+\.\d+\.", shown), (r.id, shown)   # no view path
                assert "{" not in shown and '":' not in shown, (r.id, shown)       # no JSON
            for cid in r.clauses:
                assert cid in expected, (r.id, cid)


def test_run_always_shows_that_it_ran(bf):
    from tabletop_rules.notebook.rulings import RulingExplorer

    ex = RulingExplorer(bf)
    ex.select("faq-attack-3")
    before = ex.outcome.value
    ex.run_button.click()                      # same ruling, same numbers, same outcome ...
    after = ex.outcome.value
    assert after != before                     # ... and still the line changes
    n = ex.runs
    assert t("ran", "en", n=n, ms="@").split("@")[0] in widget_words(ex.outcome)
    ex.run_button.click()
    assert ex.runs == n + 1 and f"Run {n + 1} done" in widget_words(ex.outcome)
    ex.set_lang("zh")
    assert f"第 {n + 1} 次运行完成" in widget_words(ex.outcome)
