"""The table diagram (notebook/diagram.py, data/<game>/table.yaml): one SVG renderer for every game.

Checked: every game has a valid table.yaml and draws as well-formed XML in both languages and for
every player count; the zones a game's rules name (BF-3.x, BRD-1.7, VV-4.1, XJ-1.2, MD-1.5) appear
under the game's own glossary words; the Chinese picture is Simplified; seats sit on the sides the
rules give (Sword-and-Fairy: team A at one edge, team B across); a broken table.yaml names file,
entry and field; bad input (an unknown player count) raises a ValueError.
"""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tabletop_rules.notebook import diagram
from tabletop_rules.notebook.diagram import load_table, table_diagram

from test_translations import TRADITIONAL_ONLY

GAMES = tr.list_games()
NS = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(el.itertext()) for el in root.iter(f"{NS}text")]


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_game_draws_valid_svg_for_every_player_count(gid, lang):
    game = tr.load_game(gid)
    for n in game.player_counts:
        svg = table_diagram(game, lang, players=n)
        root = ET.fromstring(svg)                 # well-formed XML, an <svg> root with a size
        assert root.tag == f"{NS}svg" and float(root.get("width")) > 200 and float(root.get("height")) > 150
        assert root.find(f"{NS}title") is not None
        words = texts(svg)
        assert len(words) > 8
        if lang == "zh":
            joined = "".join(words)
            assert not {ch for ch in joined if ch in TRADITIONAL_ONLY | set("庫斬鏡臨")}, joined
            assert re.search(r"[\u4e00-\u9fff]", joined)
        # no engine id reaches the reader: no word written with a hyphen between two ids
        assert not any(re.fullmatch(r"[a-z]+(-[a-z]+)+", w) for w in words), words


@pytest.mark.parametrize("gid, terms", [
    ("buddyfight", ["left", "center", "right", "item", "gauge", "drop-zone", "deck", "hand", "life", "monster-area"]),
    ("blood-recall-duel", ["vessel-area", "recaller-area", "life-area", "deck", "discard-pile", "play-area",
                           "blood-pool", "recall-point-area", "covenant-area", "removed-area"]),
    ("blood-recall-story", ["madness-area", "madness-deck", "madness-discard", "life-area", "covenant-area"]),
    ("vividz", ["lane", "mission-area", "character-area", "account-area", "deck", "energy", "keep-zone",
                "drop-zone"]),
    ("xianjian", ["monster-deck", "event-deck", "hand-deck", "character-card", "weapon", "armour", "pet"]),
    ("mirror-dolls", ["real-side", "mirror-side", "front-row", "back-row", "threshold", "mirror-slot",
                      "spell-slot", "mirror-deck"]),
])
def test_the_rules_zones_are_named_with_the_glossary(gid, terms):
    game = tr.load_game(gid)
    for lang in ("en", "zh"):
        words = " ".join(texts(table_diagram(game, lang)))
        for tid in terms:
            term = game.glossary.get(tid)
            want = diagram.simplified(term.zh) if lang == "zh" else term.en
            # a long name may wrap onto two lines: compare without the spaces
            assert want.lower().replace(" ", "") in words.lower().replace(" ", ""), (gid, lang, tid, want)


def test_vividz_has_three_lanes_each_with_both_players_missions_and_characters():
    # VV-4.1: three lanes; in each, each player has one mission area and one character area
    words = texts(table_diagram("vividz"))
    assert [w for w in words if w.startswith("Lane")] == ["Lane 1", "Lane 2", "Lane 3"]
    assert words.count("Mission area") == 6 and words.count("Character area") == 6
    assert words.count("(Seat 0)") == 6 and words.count("(Seat 1)") == 6


def test_mirror_dolls_sides_rows_threshold_and_one_shared_mirror_slot():
    # MD-1.5: per player three front and three back slots on each side, a threshold; one mirror slot shared
    words = texts(table_diagram("mirror-dolls"))
    assert sum(w.startswith("Front row") for w in words) == 2 * 2 * 3
    assert sum(w.startswith("Back row") for w in words) == 2 * 2 * 3
    assert words.count("Threshold") == 2 and words.count("Mirror slot") == 1


def test_blood_recall_life_rows_ten_sideways_ten_upright():
    # BRD-1.8: twenty blood cards, ten sideways above and ten upright below, for each player
    svg = table_diagram("blood-recall-duel")
    small = re.findall(r"<rect [^>]*width='(30\.0|21\.0)' height='(21\.0|30\.0)'[^>]*stroke-width='1'/>", svg)
    assert small.count(("30.0", "21.0")) >= 20 and small.count(("21.0", "30.0")) >= 20


@pytest.mark.parametrize("n, top, bottom", [(2, ["Seat 1 · Team B"], ["Seat 0 · Team A"]),
                                            (3, ["Seat 1 · Team B"], ["Seat 0 · Team A", "Seat 2 · Team A"]),
                                            (4, ["Seat 1 · Team B", "Seat 3 · Team B"],
                                             ["Seat 0 · Team A", "Seat 2 · Team A"])])
def test_xianjian_seats_teams_on_opposite_sides(n, top, bottom):
    # XJ-1.2 / XJ-1.3: teams sit on opposite sides; seats 0 and 2 are team A, 1 and 3 team B
    root = ET.fromstring(table_diagram("xianjian", players=n))
    heads = [(float(el.get("y")), "".join(el.itertext())) for el in root.iter(f"{NS}text")
             if "".join(el.itertext()).startswith("Seat ")]
    mid = sum(y for y, _ in heads) / len(heads)
    assert sorted(w for y, w in heads if y < mid) == top and sorted(w for y, w in heads if y > mid) == bottom
    if n == 3:       # the three-player order is the kit's decision, and the picture says so
        assert "decision" in " ".join(texts(table_diagram("xianjian", players=3)))


def test_unknown_player_count_is_refused():
    with pytest.raises(ValueError, match="2, 3, 4"):
        table_diagram("xianjian", players=5)
    with pytest.raises(ValueError, match="language"):
        table_diagram("buddyfight", lang="fr")


def test_broken_table_file_names_file_entry_and_field(tmp_path, monkeypatch):
    game = tr.load_game("buddyfight")
    good = (game.dir / "table.yaml").read_text(encoding="utf-8")
    root = tmp_path / "buddyfight"
    root.mkdir()
    monkeypatch.setattr(game, "dir", root)          # the game's own folder: where its table.yaml is read
    for broken, field in [(good.replace("{term: gauge,", "{term: gauges,"), "side.rows.1.2.term"),
                          (good.replace("kind: pile}", "kind: heap}", 1), "side.rows.1.3.kind"),
                          (good.replace("players: 2", "players: 3"), "seatings")]:
        (root / "table.yaml").write_text(broken, encoding="utf-8")
        diagram._load.cache_clear()
        with pytest.raises(DataError) as err:
            load_table(game)
        assert "table.yaml" in str(err.value) and err.value.field == field, str(err.value)
    (root / "table.yaml").unlink()
    with pytest.raises(DataError, match="file not found"):
        load_table(game)


def test_show_table_diagram_is_an_svg_display_object():
    obj = diagram.show_table_diagram("vividz", "zh")
    assert obj._repr_svg_().startswith("<svg") and "赛道" in obj._repr_svg_()


@pytest.mark.skipif(shutil.which("chromium") is None, reason="no chromium to render with")
@pytest.mark.browser
def test_diagram_renders_in_a_browser(tmp_path):
    import subprocess

    svg = tmp_path / "t.svg"
    svg.write_text(table_diagram("mirror-dolls", "zh"), encoding="utf-8")
    png = tmp_path / "t.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    f"--screenshot={png}", "--window-size=800,800", svg.as_uri()], check=True, timeout=120,
                   capture_output=True)
    assert png.stat().st_size > 5000
