"""A game against the computer for three or four: who sits where, the save, the records."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.logic import Game, Rules
from game.logic import events as ev
from game.logic.actions import AskGoOut, Discard, Draw
from game.logic.cards import CARD_CODE
from game.match import COMPUTER, HUMAN, LocalGame, LocalMatch, local_match
from game.match.autosaved_game import SavedGameError
from game.match.net_connection import my_terms
from game.match.recording import new_local_game
from game.records import Records
from game.scenes.option_items import RULE_OPTIONS
from game.settings import Preferences


@pytest.mark.parametrize("players", [3, 4])
def test_a_new_game_seats_the_person_and_a_computer_in_every_other_seat(players: int) -> None:
    local, warning = LocalGame.from_preferences(Preferences(), seed=5, players=players)
    assert warning == ""
    assert local.game.n_players == players
    assert local.seats == (HUMAN,) + (COMPUTER,) * (players - 1)
    assert len(local.levels) == players
    local.set_autoplay(True)
    assert local.seats == (COMPUTER,) * players


def test_a_four_player_save_comes_back_whole_and_a_wrong_seat_list_is_refused() -> None:
    local = LocalGame(Game(Rules().with_players(4), seed=9))
    data = local.to_json()
    again = LocalGame.from_json(data)
    assert again.seats == local.seats and again.levels == local.levels
    assert again.game.state_hash() == local.game.state_hash()
    data["seats"] = [HUMAN, COMPUTER]
    data["levels"] = ["master", "master"]
    with pytest.raises(SavedGameError, match="who sits where"):
        LocalGame.from_json(data)


@pytest.fixture
def match_of_four() -> Iterator[LocalMatch]:
    """A game of four against the computer, its moves worked out inline."""
    match = local_match(
        LocalGame(Game(Rules().with_players(4), seed=3)), autosave=False, worker_mode="inline"
    )
    yield match
    match.close()


def test_the_picture_holds_every_face_down_hand_and_names_the_seats(
    match_of_four: LocalMatch,
) -> None:
    match = match_of_four
    game = match.game.game
    state = match.state
    for seat in (1, 2, 3):
        assert state.hand(seat) == tuple(game.players[seat].hand)
    assert match.other_names == ("West", "North", "East")
    assert match.seat_line(2) == "Intermediate"


def test_a_game_of_four_is_recorded_with_its_partner_and_opponents(
    match_of_four: LocalMatch, memory_records: Records
) -> None:
    match = match_of_four
    match.game.levels = ("master", "beginner", "expert", "advanced")
    match.record_in(memory_records)
    assert match.recording is not None and match.recording.game_id is not None
    row = memory_records.conn.execute(
        "SELECT players, opponent_kind, opponent, partner FROM games WHERE id = ?",
        (match.recording.game_id,),
    ).fetchone()
    assert row == (4, "four", "beginner, advanced", "expert")


def play_until_my_turn(match: LocalMatch) -> None:
    """Let the computer seats play (inline) until the person is to move."""
    for _ in range(200):
        if match.game.game.to_act == 0:
            return
        match.pump()
        while match.next_change() is not None:
            pass
    raise AssertionError("the person never came to play")


def test_the_computer_partner_answers_the_persons_question(match_of_four: LocalMatch) -> None:
    match = match_of_four
    play_until_my_turn(match)
    assert match.play(Draw()) is None
    assert match.play(AskGoOut()) is None
    assert match.state.view.to_act == 2 and match.status_text() == "North is playing."
    # The person may not play on while their partner has the question.
    assert match.play(Discard(CARD_CODE[match.state.view.hand[0]])) is not None
    events = []
    for _ in range(5):
        match.pump()
        while (change := match.next_change()) is not None:
            events.extend(change.events)
    answers = [e for e in events if e.kind == ev.GO_OUT_ANSWER]
    assert len(answers) == 1 and answers[0].player == 2
    assert match.state.view.turn_ask in (2, 3) and match.state.view.to_act == 0


def test_the_players_option_deals_the_next_game_for_that_many_but_not_online() -> None:
    item = next(i for i in RULE_OPTIONS if i.key == "players")
    prefs = Preferences()
    item.set(prefs, 4)
    assert prefs.rules["players"] == 4
    game, _setup, warning = new_local_game(prefs, None, seed=3)
    assert warning == "" and game.game.n_players == 4 and len(game.seats) == 4
    # A network game seats two whatever the option says.
    assert my_terms(prefs).get("players", 2) == 2
