"""The engine's named types: phases and event kinds are enumerations that read as their text, the
turn in progress is one `TurnState` record, and card ids and codes are distinct types."""

import json

from game.logic import Discard, Draw, Game, Rules, TakePile, Undo
from game.logic import events as ev
from game.logic.cards import CARD_CODE, IDS_OF_CODE, CardCode, CardId, code_of, normalize_code
from game.logic.events import EventKind
from game.logic.hand.turn import TurnState
from game.logic.phases import DRAW, GAME_OVER, HAND_OVER, PLAY, Phase
from tests.helpers.scenario import position


def test_phases_are_an_enumeration_that_reads_as_its_text():
    assert list(Phase) == [DRAW, PLAY, HAND_OVER, GAME_OVER]
    assert DRAW == "draw" and PLAY == "play" and isinstance(DRAW, str)
    assert f"{PLAY}" == "play" and str(HAND_OVER) == "hand_over"
    assert json.dumps({"phase": GAME_OVER}) == '{"phase": "game_over"}'
    assert Phase("play") is PLAY


def test_event_kinds_are_an_enumeration_under_their_old_names():
    assert ev.DRAW is EventKind.DRAW and ev.DRAW == "draw" and str(ev.PILE_TAKEN) == "pile_taken"
    game = Game(Rules(), seed=2)
    kinds = [e.kind for e in game.apply(Draw())]
    assert all(isinstance(k, EventKind) for k in kinds) and "draw" in kinds


def test_the_turn_in_progress_is_one_record_renewed_each_turn():
    game = position(
        hands=("7S 7D 4C 5C", "4D 6D"), pile="9S 7H", stock="4S 4H", melds=({"K": "KS KD KH"}, {})
    )
    assert isinstance(game.turn, TurnState) and game.turn.drew is None
    number = game.turn.no
    game.apply(TakePile(("7S", "7D")))
    assert game.turn.drew == "pile" and CARD_CODE[game.turn.top] == "7H"
    assert len(game.turn.undo) == 1 and not game.turn.returned
    copy = game.clone()
    game.apply(Undo())
    assert game.turn.returned and not game.turn.undo
    assert not copy.turn.returned and len(copy.turn.undo) == 1  # the copy has its own record
    game.apply(Draw())
    assert [CARD_CODE[c] for c in game.turn.drawn] == ["4S", "4H"]
    game.apply(Discard("4C"))
    assert game.turn.no == number + 1 and game.turn.drew is None and game.turn.drawn == []


def test_card_ids_and_codes_are_distinct_types_of_the_same_values():
    card = CardId(13)
    assert code_of(card) == CardCode("AH") == "AH"
    assert normalize_code(" ah ") == "AH" and IDS_OF_CODE["AH"] == (13, 65)
    assert normalize_code(13) is None


def test_a_player_view_holds_the_phase_as_plain_text():
    from game.logic import player_view

    view = player_view(Game(Rules(), seed=1), 0)
    assert type(view.phase) is str and view.phase == DRAW
