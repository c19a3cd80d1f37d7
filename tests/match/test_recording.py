"""Games against the computer go into the records as they are played: each hand as it ends, the
whole game with its replay at game over, a game given up as abandoned; the same cards again
(restart hand, restart game, replicate) and numbered deals are marked and dealt as promised."""

from __future__ import annotations

import dataclasses

import pytest

from game.logic import Game, Rules
from game.logic.actions import Discard, Draw
from game.logic.assist import swap_hands
from game.logic.cards import IS_WILD, code_of
from game.logic.replay import replay_document
from game.match import ME, LocalGame, LocalMatch, local_match
from game.match.recording import new_local_game
from game.records import (
    Records,
    game_hands,
    get_game,
    history_page,
    numbered_deal_seed,
    replay_of,
    replicate_game,
)
from game.settings import Preferences

SHORT = dataclasses.replace(Rules(), target_score=500)


@pytest.fixture
def records(memory_records: Records) -> Records:
    return memory_records


def new_match(records: Records, seed: int = 3, rules: Rules = SHORT) -> LocalMatch:
    game = LocalGame(Game(rules, seed=seed), levels=("carefree", "carefree"))
    return local_match(game, autosave=False, worker_mode="inline", records=records)


def play_to_the_end(match: LocalMatch, limit: int = 20_000) -> None:
    """The computer plays the player's seat too (AutoPlay), the hands are moved on at once."""
    match.set_autoplay(True, "carefree")
    for _ in range(limit):
        match.pump()
        while match.next_change() is not None:
            pass
        if match.finished:
            return
        if match.state.hand_over:
            match.next_hand()
    raise AssertionError("the game did not end")


def play_my_turn(match: LocalMatch) -> None:
    assert match.play(Draw()) is None
    card = next(c for c in match.state.hand(ME) if not IS_WILD[c])
    assert match.play(Discard(code_of(card))) is None


def test_a_game_played_to_the_end_is_recorded_with_its_hands_and_replay(records) -> None:
    match = new_match(records)
    play_to_the_end(match)
    [row] = history_page(records).rows
    game = match.game.game
    assert row.result in ("won", "lost")
    assert (row.score_for, row.score_against) == (game.totals[0], game.totals[1])
    assert row.opponent == "carefree" and row.opponent_kind == "computer"
    assert [h.hand_no for h in game_hands(records, row.id)] == [h["hand"] for h in game.history]
    assert replay_of(records, row.id)["actions"] == replay_document(game)["actions"]


def test_a_game_that_has_not_ended_is_not_history(records) -> None:
    match = new_match(records)
    play_my_turn(match)
    assert history_page(records).total == 0


def test_a_new_game_dealt_over_a_played_one_records_the_old_one_as_abandoned(records) -> None:
    match = new_match(records)
    play_my_turn(match)
    match.restart(Preferences())
    [row] = history_page(records).rows
    assert row.result == "abandoned"


def test_a_deal_nobody_touched_leaves_no_trace(records) -> None:
    match = new_match(records)
    match.restart(Preferences())
    assert history_page(records).total == 0
    assert records.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_restart_hand_deals_the_same_cards_and_marks_the_game(records) -> None:
    match = new_match(records)
    dealt = sorted(match.state.hand(ME))
    play_my_turn(match)
    assert match.restart_hand() is None
    assert sorted(match.state.hand(ME)) == dealt
    assert not match.game.game.log
    play_to_the_end(match)
    [row] = history_page(records).rows
    assert row.restarted and not row.counts_for_high_scores


def test_a_replicated_game_is_dealt_as_the_original_and_marked(records) -> None:
    first = new_match(records, seed=41)
    play_to_the_end(first)
    original = history_page(records).rows[0]
    setup = replicate_game(records, original.id)
    second = new_match(records, seed=99)
    second.replace_game(LocalGame(setup.new_game(), levels=("carefree", "carefree")), setup)
    play_to_the_end(second)
    replica = history_page(records).rows[0]
    assert replica.replicated and replica.replicated_from == original.id
    old = replay_of(records, original.id)
    new = replay_of(records, replica.id)
    assert (new["seed"], new["first_player"]) == (old["seed"], old["first_player"])
    assert Game(SHORT, seed=old["seed"]).players[0].hand == setup.new_game().players[0].hand


@pytest.mark.slow
def test_numbered_deals_deal_game_g_of_the_sequence_and_move_on_after_a_finished_game(
    records,
) -> None:
    prefs = Preferences(deal_sequence=7, rules=SHORT.to_dict())
    game, setup, _warning = new_local_game(prefs, records)
    assert setup is not None and setup.deal.sequence == 7 and setup.deal.game_number == 1
    assert game.game.seed == numbered_deal_seed(7, 1)
    match = local_match(game, autosave=False, worker_mode="inline", records=records, setup=setup)
    play_to_the_end(match)
    row = history_page(records).rows[0]
    assert (row.deal_kind, row.deal_sequence, row.deal_game) == ("numbered", 7, 1)
    _game, setup, _warning = new_local_game(prefs, records)
    assert setup is not None and setup.deal.game_number == 2


def test_numbered_deals_off_deal_from_a_fresh_seed(records) -> None:
    _game, setup, _warning = new_local_game(Preferences(), records)
    assert setup is None


def test_a_resumed_game_goes_on_in_the_same_record(records) -> None:
    match = new_match(records)
    play_my_turn(match)
    saved = LocalGame.from_json(match.game.to_json())
    again = local_match(saved, autosave=False, worker_mode="inline", records=records)
    assert again.recording is not None
    assert again.recording.game_id == match.recording.game_id
    play_to_the_end(again)
    assert get_game(records, again.recording.game_id).result in ("won", "lost")


def test_a_game_where_practice_tools_were_used_leaves_no_record(records) -> None:
    match = new_match(records)
    game = match.game.game
    practised, change = swap_hands(game, ME)
    match.practise(practised, change)
    play_to_the_end(match)
    assert records.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    assert history_page(records).total == 0
