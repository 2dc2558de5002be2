"""Every sentence the engine reports comes from a template of the game's texts.yaml and reads
in English and Chinese (issue 9: the whole log, past lines included, switches language).

Random games of every game and player count are played with the texts in strict mode (an
unknown card id, word or field is an error, not a raw value), and every event, every pending
decision's prompt, every offered action and the result are written in both languages. The
Chinese must hold no English sentence (three or more English words in a row, once card names,
clause ids and bracketed keywords are set aside)."""
from __future__ import annotations

import random

import pytest
from chinese import english_in

from tabletop_rules import list_games, load_game
from tabletop_rules.core.actions import Action
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.texts import TextError, Texts, check_template, load_texts

CASES = [(g, n) for g in list_games() for n in load_game(g).player_counts]
@pytest.fixture
def strict():
    games = [load_game(g) for g in list_games()]
    for g in games:
        g.texts.strict = True
    yield
    for g in games:
        g.texts.strict = False


def _check_game(game, players: int, seed: int, literal: set, english: set, limit: int = 300) -> None:
    rng = random.Random(seed)
    state = game.new_game(seed=seed, players=players)
    for _ in range(limit):
        if state.is_over:
            break
        legal = state.legal_actions()
        for a in legal[:10]:
            zh = game.describe(a, "zh")
            bad = english_in(game, zh)
            if bad:
                english.add(f"action {a.kind}: {zh!r} ({bad!r})")
        for ch in state.choices[-1:]:
            if not hasattr(ch.prompt, "render"):
                literal.add(f"prompt of {ch.kind}: {ch.prompt!r}")
            else:
                bad = english_in(game, ch.describe("zh"))
                if bad:
                    english.add(f"prompt {ch.prompt.key}: {bad!r}")
        state.apply(rng.choice(legal))
    if state.is_over:
        assert state.describe_result("zh"), "an ended game has a result in Chinese"
        if state.result_says is None:
            literal.add(f"result: {state.result!r}")
    for ev in state.log:
        if ev.says is None:
            literal.add(f"event {ev.kind}: {ev.text!r}")
            continue
        for seat in (None, *range(players)):
            ev.describe("en", seat)
            zh = ev.describe("zh", seat)
            bad = english_in(game, zh)
            if bad:
                english.add(f"event {ev.says.key}: {zh!r} ({bad!r})")


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_sentence_comes_from_a_template_and_reads_in_chinese(game_id, players, strict):
    game = load_game(game_id)
    literal: set[str] = set()
    english: set[str] = set()
    for seed in range(4):
        _check_game(game, players, seed, literal, english)
    assert not literal, f"{game_id}: {len(literal)} sentences are literal English, not templates: {sorted(literal)[:8]}"
    assert not english, f"{game_id}: Chinese text holds English: {sorted(english)[:8]}"


@pytest.mark.parametrize("game_id", list_games())
def test_every_template_is_used_by_the_engine(game_id):
    """A sentence in texts.yaml that no code names is dead text (or a typo of a used key)."""
    from importlib import import_module
    from pathlib import Path

    import tabletop_rules

    game = load_game(game_id)
    mod = import_module(game.state_cls.__module__)
    pkg = Path(mod.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in pkg.rglob("*.py"))
    # word.*, field.* (a position field's or view key's title), happened.* (an event kind as a
    # word), arg.* (a whole-number arg in a picker) and zone.* (a zone in "left of two in hand") are
    # read by key from the kit's notebook code (i18n.term/view_word, ruling_words, controls), not named
    unused = [k for k in game.texts.templates
              if not k.startswith(("core.", "word.", "field.", "happened.", "arg.", "zone."))
              and f'"{k}"' not in source and f"'{k}'" not in source]
    assert Path(tabletop_rules.__file__).parent in pkg.parents
    assert not unused, f"{game_id}: texts.yaml sentences no code names: {unused[:10]}"


def test_a_template_reads_its_fields_in_each_language():
    game = load_game(list_games()[0])
    t = Texts(game, {"x": {"en": "{seat} draws {n} card{n:s}; {seats} win.", "zh": "{seat}抽{n}张；{seats}获胜。"}})
    assert t.render("x", {"seat": 1, "n": 2, "seats": [0, 2]}) == "Seat 1 draws 2 cards; Seat 0 and Seat 2 win."
    assert t.render("x", {"seat": 1, "n": 1, "seats": [0]}, "zh") == "座位 1抽1张；座位 0获胜。"
    with pytest.raises(TextError, match="no field 'n'"):
        t.render("x", {"seat": 1, "seats": []})
    with pytest.raises(TextError, match="no sentence"):
        t.say("nope")


@pytest.mark.parametrize("tpl,why", [
    ("{a.__class__}", "plain name"), ("{0}", "plain name"), ("{a!r}", "conversion"),
    ("{a:bogus}", "unknown spec"), ("{a", "broken braces"),
])
def test_a_broken_template_is_refused(tpl, why):
    assert why in (check_template(tpl) or "")


def test_a_broken_texts_file_names_the_sentence_and_field(tmp_path):
    game = load_game(list_games()[0])
    f = tmp_path / "texts.yaml"
    f.write_text('texts:\n  draw: {en: "{seat} draws."}\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"sentence 'draw', field 'zh'"):
        load_texts(f, game)
    f.write_text('texts:\n  draw: {en: "{seat} draws {card}.", zh: "{seat}抽牌。"}\n', encoding="utf-8")
    with pytest.raises(DataError, match="same things"):
        load_texts(f, game)


def _refusals(state, seat):
    moves = state.book.moves
    listers = (state.choices[-1].lister_fns(state) if state.choices
               else list(moves.explainers.get(state.phase) or state.phase_listers()))
    state.explaining = True
    try:
        for fn in listers:
            for o in fn(state, seat):
                if not isinstance(o, Action):
                    yield o
    finally:
        state.explaining = False


@pytest.mark.parametrize("game_id", list_games())
def test_every_refusal_reads_in_chinese(game_id, strict):
    """What "why not?" shows and what IllegalAction says: the listers' refusals and each kind's
    not-now and no-such sentences come from templates and read in Chinese."""
    game = load_game(game_id)
    literal: set[str] = set()
    english: set[str] = set()
    for kind in game.state_cls.book.moves.kinds.values():
        for reason, _clause in (kind.not_now, kind.no_such):
            if reason not in game.texts.templates:
                literal.add(f"{kind.name}: {reason!r}")
    for players in game.player_counts:
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_game(seed=seed, players=players)
            for _ in range(200):
                if state.is_over:
                    break
                for seat in range(players):
                    for r in _refusals(state, seat):
                        said = state._reason(r.reason, r.args)
                        if not hasattr(said, "render"):
                            literal.add(f"refusal {r.clause}: {r.reason!r}")
                            continue
                        said.render("en")
                        bad = english_in(game, said.render("zh"))
                        if bad:
                            english.add(f"refusal {said.key}: {bad!r}")
                state.apply(rng.choice(state.legal_actions()))
    assert not literal, f"{game_id}: {len(literal)} refusals are literal English: {sorted(literal)[:8]}"
    assert not english, f"{game_id}: Chinese refusals hold English: {sorted(english)[:8]}"
