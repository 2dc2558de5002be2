"""Project files that users meet first: README commands, CI, environment.yml, the wheel."""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import zipfile

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[1]


def readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```bash\n(.*?)\n```", text.split("## Use it from Python")[0], re.S)


def test_readme_has_exactly_two_setup_commands():
    cmds = readme_commands()
    assert len(cmds) == 2
    assert "jupyter lab" in cmds[0] and "notebooks/" in cmds[0]
    assert "pytest" in cmds[1] and ".[test]" in cmds[1]


def test_ci_runs_the_readme_test_command():
    script = r'/<!-- test-command -->/{f=1; next} f && /^```/{if (started) exit; started=1; next} f && started'
    out = subprocess.run(["awk", script, str(ROOT / "README.md")], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "test-command" in ci and "rc -eq 5" in ci


def _requirement_names(reqs):
    return {re.split(r"[<>=!\[ ]", r, maxsplit=1)[0].lower() for r in reqs}


def test_environment_yml_matches_pyproject():
    import tomllib

    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert "conda-forge" in env["channels"]
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip
    conda = _requirement_names(deps)
    py = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = _requirement_names(py["dependencies"] + py["optional-dependencies"]["notebook"]
                                + py["optional-dependencies"]["test"])
    rename = {"graphviz": "python-graphviz", "graphviz-pure": "graphviz", "tabletop-rules": None}
    pip_only = {"opencc-python-reimplemented"}        # no conda-forge build: environment.yml's pip list
    assert pip_only <= _requirement_names([d for d in pip if d != "-e ."])
    for name in wanted - pip_only:
        conda_name = rename.get(name, name)
        if conda_name:
            assert conda_name in conda, f"{name} is in pyproject.toml but not in environment.yml"
    assert "graphviz" in conda and "python-graphviz" in conda
    assert any(d.startswith("python=3.11") for d in deps)


@pytest.mark.slow
def test_wheel_ships_the_data(tmp_path):
    """Installed as a wheel (not from a clone), the kit finds its data inside the package."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "w"), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next((tmp_path / "w").glob("tabletop_rules-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for f in ("rules.yaml", "glossary.yaml", "flow.yaml", "cards.yaml", "decks.yaml", "rulings.yaml"):
        assert f"tabletop_rules/data/buddyfight/{f}" in names
    assert "tabletop_rules/py.typed" in names  # the package ships its type hints (PEP 561)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    code = ("import tabletop_rules as tr; g = tr.load_game('buddyfight'); "
            "print(g.dir.as_posix()); print(len(g.rules.clauses))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}).stdout.split()
    assert out[0].startswith(target.as_posix()) and int(out[1]) >= 50


# ----- lint and types: the checks the README's test command installs (the `test` extra) ----------------
# Each tool runs once over the repository with pyproject.toml's settings; its findings are then
# reported per part (core, notebook, cli, each game, its tests ...), so a failure says whose it is.
def _part(path: str) -> str:
    bits = pathlib.PurePosixPath(path).parts
    if bits[:2] in (("tabletop_rules", "games"), ("tests", "games")):
        return "/".join(bits[:3])
    if bits[:1] == ("tabletop_rules",) and len(bits) > 2:
        return "/".join(bits[:2])
    return bits[0] if len(bits) > 1 else "."


PARTS = sorted({".", *(_part(p.relative_to(ROOT).as_posix()) for p in ROOT.glob("[!.]*/**/*.py")
                       if not {".venv", "test-artifacts", "notebooks"} & set(p.relative_to(ROOT).parts))})


def _tool(module: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]' installs it)")


_RUNS: dict[str, list[str]] = {}
FINDING = re.compile(r"[^\s:]+\.py:\d+:")


def _findings(tool: str) -> list[str]:
    """The findings ("path:line: ...") of ``ruff check .`` or ``mypy tabletop_rules``, run once."""
    if tool not in _RUNS:
        args = ["ruff", "check", "--output-format", "concise", "."] if tool == "ruff" else ["mypy", "tabletop_rules"]
        run = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)
        lines = [x for x in run.stdout.splitlines() if FINDING.match(x) and (tool == "ruff" or ": error:" in x)]
        if run.returncode and not lines:
            lines = [f"{tool} failed: {(run.stdout + run.stderr).strip()[-500:]}"]
        _RUNS[tool] = lines
    return _RUNS[tool]


def _owner(line: str) -> str:
    """The part a finding belongs to ("." for one outside the known parts, or a tool that failed)."""
    part = _part(line.split(":", 1)[0]) if FINDING.match(line) else "."
    return part if part in PARTS else "."


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
@pytest.mark.parametrize("part", PARTS)
def test_lint_and_types_find_nothing(tool, part):
    """``ruff check`` (with RUF100: no stale noqa) and ``mypy tabletop_rules`` report nothing."""
    _tool(tool)
    mine = [x for x in _findings(tool) if _owner(x) == part]
    assert not mine, f"{tool}: {len(mine)} finding(s) in {part}:\n" + "\n".join(mine[:30])


def test_every_core_module_imports_on_its_own():
    """A module of the core imported first, by itself, in a fresh interpreter: a circular import
    shows only in the order that starts from it (``core.determinize`` failed so while the ISMC bot
    lived in it and it imported ``core.bots``, which imports it)."""
    names = sorted(p.stem for p in (ROOT / "tabletop_rules" / "core").glob("*.py") if p.stem != "__init__")
    assert "determinize" in names and "bots" in names
    bad = []
    for name in names:
        run = subprocess.run([sys.executable, "-c", f"import tabletop_rules.core.{name}"], cwd=ROOT,
                             capture_output=True, text=True)
        if run.returncode:
            bad.append(f"{name}: {(run.stderr.strip().splitlines() or ['?'])[-1]}")
    assert not bad, bad
