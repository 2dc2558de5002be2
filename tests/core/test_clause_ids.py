"""Every clause id written in the engine's code exists in that game's rules.yaml.

Checked by reading the source, without running a game: a mistyped id in a branch that random
play rarely reaches is found all the same. The generic layers (core, notebook, cli) cite no
clause of any game.
"""
from __future__ import annotations

import re
from pathlib import Path

import tabletop_rules as tr

PACKAGE = Path(tr.__file__).parent
CLAUSE_ID = re.compile(r"""["']([A-Z]{2,4}-\d+(?:\.\d+)+)["']""")


def _ids_in(folder: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cid in CLAUSE_ID.findall(line):
                out.setdefault(cid, []).append(f"{path.relative_to(PACKAGE)}:{n}")
    return out


def _rules_by_package() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for gid in tr.list_games():
        game = tr.load_game(gid)
        pkg = game.state_cls.__module__.split(".")[2]
        out.setdefault(pkg, set()).update(c.id for c in game.rules.clauses)
    return out


def test_every_clause_id_in_game_code_is_a_clause_of_that_game():
    rules = _rules_by_package()
    assert rules, "no game registered"
    for pkg, known in rules.items():
        cited = _ids_in(PACKAGE / "games" / pkg)
        assert cited, f"games/{pkg} cites no clause at all"
        unknown = {cid: where[:3] for cid, where in cited.items() if cid not in known}
        assert not unknown, f"games/{pkg} cites clauses its rules.yaml does not have: {unknown}"


def test_generic_layers_cite_no_game_clause():
    for layer in ("core", "notebook", "cli"):
        cited = _ids_in(PACKAGE / layer)
        assert not cited, f"{layer}/ names game clauses (it must know no game): {cited}"
