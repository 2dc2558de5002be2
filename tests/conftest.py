"""Shared fixtures: the games are loaded once per test session."""
import pytest

import tabletop_rules as tr


@pytest.fixture(scope="session")
def bf():
    return tr.load_game("buddyfight")
