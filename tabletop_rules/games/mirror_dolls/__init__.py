"""The two-player mirror-doll duel (real name unknown), built from a damaged Traditional Chinese rule book
(seeds/002) and the project's decisions (decisions/mirror-dolls.md). ``load()`` builds the Game from
``data/mirror-dolls``.

Modules: book (registries, board constants), cards (data models, deck checks), points (order / chaos /
overflow), board (slots, sides, forms, damage, 0 HP), checks (the rule checks of the mirror slot and the
action step, one per clause: ``tabletop-rules rules mirror-dolls CLAUSE`` names each), effects (card
effects, ongoing spells), turn (turn start, draws, hand limits, the mirror slot, winning), play (the action
step's moves), state, view, scenario.

Where neither the rule book nor the decisions say, the engine chose (clauses whose source names "E"):
the first player is drawn at random; summons from hand enter the real side, from the mirror pile the
mirror side; scores are checked when an action is done; payment order chaos, order, overflow; a doll
without a form for its side arrives in its first printed form; the mirror card is replaced at most once
per step; a spell summon from the deck searches it and shuffles; a doll on the threshold goes to the
mirror pile at 0 HP and moves off the threshold to any empty slot for free; a doll on the threshold
without a critical form counts on no side; a forced move does not use the doll's action; a doll's
ongoing cast takes no spell slot and is not ended at will; an empty spell deck draws nothing; a doll
forced to its other side takes the matching slot if empty, else the one empty slot, else the slot its
owner picks, and one that would make twins is void, its casts going on; a doll on the threshold counts
towards neither side's cap of six; a form change brings the new form's printed shield in full; the side a
doll "belongs to" is left out (MD-1.7).
"""
from __future__ import annotations

from ...core.game import Game, Option

TITLE = {"en": "Mirror Dolls: a two-player doll duel", "zh": "镜偶对决（双人人偶对战）"}


def load(directory=None) -> Game:
    from .cards import load_cards
    from .state import MirrorDollsState
    from .view import elements, view

    options = {
        "decks": Option(["porcelain-court", "looking-glass-troupe"], None,
                        "The two players' decks: ids from decks.yaml or decks given inline", "MD-2.4"),
    }
    game = Game("mirror-dolls", TITLE, (2,), MirrorDollsState, load_cards, options, directory,
                view=view, elements=elements, scenario=f"{__name__}.scenario:build")
    # Each own turn draws one doll and one spell (MD-4.1); an empty doll deck costs points (MD-6.3).
    game.draws = {"real_deck": 1, "spell_deck": 1}
    return game
