"""A hint is Master's move: in every position of real hands, at the draw and at the start of the
turn's melding, the hint's move is the one the Master player in that seat plays, remembering the
same of the opponent; and its reason never contradicts the move or the position."""

from __future__ import annotations

import random

import pytest

from game.logic import Game, Rules, legal_actions, player_view
from game.logic.actions import Action, Discard, Draw, Meld, TakePile
from game.logic.ai import ComputerPlayer, hint
from game.logic.ai.hint import HINT_AGGRESSIVENESS
from game.logic.ai.opponent import OpponentModel
from game.logic.ai.sparring import SPARRING
from game.logic.cards import CARD_RANK, IDS_OF_CODE, IS_WILD
from game.logic.melds import PLURAL
from game.logic.phases import DRAW, HAND_OVER, PLAY
from game.logic.view import PlayerView, determinize

DEALS = (1_000_015, 1_000_008, 3_000_010)


def check_reason(view: PlayerView, actions: tuple[Action, ...], reason: str) -> None:
    first = actions[0]
    if isinstance(first, Draw):
        world = determinize(view, random.Random(0))  # the player's own hand is exact in it
        takeable = any(isinstance(a, TakePile) for a in legal_actions(world))
        says_untakeable = any(
            words in reason for words in ("cannot be taken", "is blocked", "is empty")
        )
        assert says_untakeable == (not takeable), reason
        assert ("not worth taking" in reason) == takeable, reason
        return
    if isinstance(first, TakePile):
        assert reason.startswith("Take the pile"), reason
        return
    for action in actions:
        if isinstance(action, Meld) and action.rank != "special":
            naturals = [c for c in action.cards if not IS_WILD[IDS_OF_CODE[c][0]]]
            if naturals:
                assert PLURAL[CARD_RANK[IDS_OF_CODE[naturals[0]][0]]] in reason, reason
        if isinstance(action, Discard):
            card = IDS_OF_CODE[action.card][0]
            assert action.card in reason, reason
            fits = CARD_RANK[card] in dict(view.melds[view.opponent])
            if fits or IS_WILD[card]:
                assert "helps your opponent least" not in reason, reason
            if IS_WILD[card] and any(IS_WILD[c] for c in view.pile):
                assert "freeze" not in reason, reason


@pytest.mark.slow
@pytest.mark.parametrize("deal", DEALS)
def test_the_hint_plays_master_s_move_with_master_s_memory(deal: int) -> None:
    game = Game(Rules(), seed=deal)
    master = ComputerPlayer("master", seed=deal + 1, aggressiveness=HINT_AGGRESSIVENESS)
    other = SPARRING["careful"](seed=deal + 2)
    memory = OpponentModel()  # what the match keeps of the player's views
    compared = 0
    turn_started: tuple[int, int] | None = None
    while game.phase != HAND_OVER:
        seat = game.to_act
        view = player_view(game, seat)
        if seat == 1:
            game.apply(other.decide(view))
            continue
        memory.observe(view)
        fresh = view.phase == DRAW or turn_started != (view.hand_no, view.turn_no)
        suggestion = hint(view, seed=deal + 1, model=memory) if fresh else None
        action = master.decide(view)
        if suggestion is not None:
            assert suggestion.actions[0] == action, (view.turn_no, view.phase)
            check_reason(view, suggestion.actions, suggestion.reason)
            compared += 1
        if view.phase == PLAY:
            turn_started = (view.hand_no, view.turn_no)
        if isinstance(action, Discard):
            memory.note_discard(view, action.card)
        game.apply(action)
    assert compared >= 20
