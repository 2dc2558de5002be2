"""The rule modules of Buddyfight, imported so their listers and procedures are registered.

Which moves each flow node lists, in order (the order of ``legal_actions()``), is data: the
``moves:`` of each decision node in data/buddyfight/flow.yaml, bound when the game loads. A kind
that no lister of the current node offers is refused with the kind's own "not now" sentence; the
listers are called for the seat that asks, so a card the turn player may
not use now, or a card the other fighter tries to use out of turn, gets its reason from the
same rule that would list it (core.moves). Decisions name their listers where they are asked:
counter windows and responses list ``plays, passes``; the move window ``window_moves, passes``.

Every lister builds its refusals only while explaining (``s.explaining``), so what a lister
returns while listing is actions only: ``BuddyfightState._legal`` keeps it as it is. Their
labels are ``Say(texts, key, data)``: ``s.say(key, **data)`` packs keywords, which costs more
than the Say itself, on every listed action (the tests render every label in strict mode).
"""
from __future__ import annotations

from . import battle, chain, effects, field, turn

# Some listers offer nothing at a node and only say why (a [Counter] at the charge step, [Move]
# outside the move window, an attack after the attack phase); flow.yaml lists them there all the
# same, so the listers that list a node are exactly the ones that explain its refusals (one home).
RULES = (turn, chain, battle, field, effects)
