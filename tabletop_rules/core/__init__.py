"""Game-agnostic machinery shared by every game (imports no game, no widgets)."""
from .actions import Action, Event, IllegalAction

__all__ = ["Action", "Event", "IllegalAction"]
