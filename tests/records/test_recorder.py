"""Recording games: what start, record_hand and finish write, in one transaction, never raising."""

from __future__ import annotations

import sqlite3
import zlib

import pytest

from game.logic import Discard, Draw, Meld, Rules, TakePile, Undo
from game.logic.replay import replay_document
from game.records import (
    DealSource,
    Ending,
    GameSetup,
    Opponent,
    game_hands,
    get_game,
    hands_from_replay,
    numbered_deal,
    replay_of,
    resume_game,
    start_game,
)
from game.records.hands import HandTally
from tests.helpers.scenario import position

from .history import MINIMAL_REPLAY, hand, play_game

QUICK = Rules.from_dict({"preset": "classic", "target_score": 3000})


def _played(seed: int = 3):
    game = play_game(seed, QUICK)
    assert game.phase == "game_over"
    return game


def test_a_finished_game_is_written_whole_from_its_replay(records):
    game = _played()
    doc = replay_document(game)
    setup = GameSetup(QUICK, 0, DealSource(seed=game.seed))
    recorder = start_game(records, setup, Opponent.computer("expert"), seat=1)
    result = recorder.finish_game(doc)
    assert result == ("won" if game.winner == 1 else "lost")
    row = get_game(records, recorder.game_id)
    assert (row.score_for, row.score_against) == (game.totals[1], game.totals[0])
    assert row.result == result and row.hands == game.hand_no
    assert row.opponent_kind == "computer" and row.opponent == "expert"
    assert row.rules_preset == "classic" and row.rules_digest == QUICK.digest()
    assert row.target_score == 3000 and row.first_dealer == 1 and row.seed == game.seed
    assert row.deal_kind == "seed" and row.counts_for_high_scores
    hands = game_hands(records, recorder.game_id)
    assert [h.scores for h in hands] == [tuple(h["scores"]) for h in game.history]
    assert [h.went_out for h in hands] == [h["went_out"] for h in game.history]
    assert replay_of(records, recorder.game_id) == doc


def test_hands_from_replay_count_turns_takes_and_canastas(records):
    game = _played(5)
    hands = hands_from_replay(replay_document(game))
    assert len(hands) == game.hand_no
    last = hands[-1]
    assert last.turns == game.turn.no
    assert last.canastas == (game.players[0].canastas(), game.players[1].canastas())
    assert all(t >= 0 for h in hands for t in h.pile_takes)
    assert any(sum(h.pile_takes) > 0 for h in hands)


def _going_out_position():
    """Seat 0 holds two canastas and can go out this turn after drawing 9D 9H."""
    return position(
        hands=("8H 8S 8C 9C 4D", "4C 5D 6H 7S 9S JC"),
        melds=({"K": "KH KH KS KS KD KD KC", "Q": "QH QH QS QS QD QD QC"}, {}),
        pile="4H 5C 8D",
        stock="9D 9H",
    )


def _tally_hand(game, actions):
    tally = HandTally()
    record = None
    for action in actions:
        record = tally.observe(game, game.apply(action)) or record
    return record


def test_a_pile_take_given_back_is_not_counted():
    game = _going_out_position()
    record = _tally_hand(
        game,
        [
            TakePile(("8H", "8S")),
            Undo(),
            Draw(),
            Meld(("9C", "9D", "9H")),
            Meld(("8H", "8S", "8C")),
            Discard("4D"),
        ],
    )
    assert record is not None
    assert record.went_out == 0 and record.pile_takes == (0, 0)
    assert record.canastas == (2, 0) and record.turns == game.turn.no
    assert record.scores[0]["penalties"] == -Rules().discard_return_penalty


def test_a_pile_take_that_stays_is_counted():
    game = position(
        hands=("8H 8S 9C", "4C 5D 6H 7S 9S JC"),
        melds=({"K": "KH KH KS KS KD KD KC", "Q": "QH QH QS QS QD QD QC"}, {}),
        pile="8D",
    )
    tally = HandTally()
    tally.observe(game, game.apply(TakePile(("8H", "8S"))))
    assert tally.takes == [1, 0]


def test_per_game_aggregates_follow_the_profiles_seat(records):
    recorder = start_game(
        records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("Bob"), seat=1
    )
    hands = [
        hand(1, (100, 900), went_out=1, canastas=(1, 3)),
        hand(2, (4000, 300), went_out=0, canastas=(5, 0)),
        hand(3, (900, 4000), went_out=1, canastas=(0, 4)),
    ]
    assert recorder.finish_with(hands, (5000, 5200), 1, MINIMAL_REPLAY) == "won"
    row = records.conn.execute(
        "SELECT score_for, score_against, hands, went_out_hands, canastas, best_hand, "
        "most_canastas_hand, opponent_kind, opponent FROM games WHERE id = ?",
        (recorder.game_id,),
    ).fetchone()
    assert row == (5200, 5000, 3, 2, 7, 4000, 4, "network", "Bob")


@pytest.mark.parametrize(
    ("winner", "ending", "result"),
    [
        (0, Ending.OVER, "won"),
        (1, Ending.OVER, "lost"),
        (None, Ending.OVER, "abandoned"),
        (None, Ending.ABANDONED, "abandoned"),
        (None, Ending.DISCONNECTED, "disconnected"),
        (0, Ending.DISCONNECTED, "won"),
    ],
)
def test_how_a_game_ended(records, winner, ending, result):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    assert recorder.finish_with([hand(1, (10, 20))], (10, 20), winner, MINIMAL_REPLAY, ending) == (
        result
    )
    assert get_game(records, recorder.game_id).result == result


def test_an_abandoned_game_from_its_replay_keeps_its_finished_hands(records):
    game = play_game(4, Rules(), hands=2)
    assert game.phase == "hand_over" and game.hand_no == 2
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=4)), Opponent.peer("B"))
    assert recorder.finish_game(replay_document(game), Ending.ABANDONED) == "abandoned"
    assert len(game_hands(records, recorder.game_id)) == 2


def test_flags_and_numbered_deals_are_stored(records):
    setup = GameSetup(Rules(), 1, numbered_deal(7, 3))
    recorder = start_game(
        records, setup, Opponent.computer("master"), restarted=True, practice=False
    )
    recorder.finish_with([hand(1, (10, 20))], (10, 20), None, MINIMAL_REPLAY, Ending.OVER, True)
    row = get_game(records, recorder.game_id)
    assert row.deal_kind == "numbered" and (row.deal_sequence, row.deal_game) == (7, 3)
    assert row.restarted and row.practice and not row.replicated
    assert row.first_dealer == 0
    assert not row.counts_for_high_scores


def test_flags_raised_during_the_game_are_kept_at_its_end(records):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    recorder.finish_with(
        [hand(1, (10, 20))],
        (10, 20),
        0,
        MINIMAL_REPLAY,
        practice_tools_used=False,
        hand_restarted=True,
    )
    row = get_game(records, recorder.game_id)
    assert row.restarted and not row.practice and not row.counts_for_high_scores
    # A flag given at the start is never cleared by the end.
    flagged = start_game(
        records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"), practice=True
    )
    flagged.finish_with([hand(1, (10, 20))], (10, 20), 0, MINIMAL_REPLAY)
    assert get_game(records, flagged.game_id).practice


def test_record_hand_keeps_hands_before_the_game_ends(records):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    assert recorder.record_hand(hand(1, (300, 200), went_out=0))
    assert recorder.record_hand(hand(2, (100, 50)))
    # The same hand again replaces it rather than adding a third.
    assert recorder.record_hand(hand(2, (150, 50)))
    hands = game_hands(records, recorder.game_id)
    assert [h.totals for h in hands] == [(300, 200), (150, 50)]
    # An unfinished game is not history.
    from game.records import history_page

    assert history_page(records).total == 0


def test_resume_continues_the_same_record(records):
    first = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"), 1)
    again = resume_game(records, first.game_id)
    assert (again.game_id, again.seat) == (first.game_id, 1)
    with pytest.raises(ValueError):
        resume_game(records, 12345)


def test_finish_is_one_transaction(records, monkeypatch):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))

    def failing_pack(doc):
        raise sqlite3.OperationalError("disk full")

    monkeypatch.setattr("game.records.recorder.pack_replay", failing_pack)
    assert recorder.finish_with([hand(1, (10, 20))], (10, 20), 1, MINIMAL_REPLAY) is None
    assert "disk full" in (records.last_error or "")
    row = records.conn.execute(
        "SELECT result, hands FROM games WHERE id = ?", (recorder.game_id,)
    ).fetchone()
    assert row == (None, 0)
    assert records.conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 0


def test_a_failed_write_never_raises_into_the_game(records):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    records.conn.execute("PRAGMA query_only = ON")
    assert recorder.record_hand(hand(1, (1, 2))) is False
    assert recorder.finish_with([hand(1, (1, 2))], (1, 2), 1, MINIMAL_REPLAY) is None
    assert records.last_error
    late = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    assert late.game_id is None
    assert late.record_hand(hand(1, (1, 2))) is False
    assert late.finish_game(MINIMAL_REPLAY) is None


def test_an_unreadable_replay_is_reported_not_raised(records):
    recorder = start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"))
    assert recorder.finish_game({"format": "something else"}) is None
    assert "replay" in (records.last_error or "")


def test_a_hand_record_needs_every_score_item():
    from game.records import HandRecord

    with pytest.raises(ValueError, match="lacks"):
        HandRecord(1, ({"total": 1}, {"total": 2}))


def test_bad_seat_is_refused(records):
    with pytest.raises(ValueError):
        start_game(records, GameSetup(Rules(), 0, DealSource(seed=1)), Opponent.peer("B"), 2)


def test_the_documented_match_flow_records_the_same_hands_live_and_from_the_replay(records):
    import random

    from game.logic import NextHand, legal_actions
    from game.records import HandTally, fresh_deal

    setup = GameSetup(QUICK, 1, fresh_deal())
    game = setup.new_game()
    recorder = start_game(records, setup, Opponent.computer("beginner"))
    tally = HandTally()
    live = []
    rng = random.Random(2)
    while game.phase != "game_over":
        if game.phase == "hand_over":
            action = NextHand()
        else:
            actions = legal_actions(game)
            building = [a for a in actions if a.type in ("meld", "take_pile")]
            action = rng.choice(building if building and rng.random() < 0.7 else actions)
        hand_record = tally.observe(game, game.apply(action))
        if hand_record is not None:
            live.append(hand_record)
            assert recorder.record_hand(hand_record)
    assert game_hands(records, recorder.game_id) == live
    assert recorder.finish_game(replay_document(game)) in ("won", "lost")
    assert game_hands(records, recorder.game_id) == live
    assert hands_from_replay(replay_document(game)) == live


def test_a_replay_with_an_illegal_action_keeps_the_hands_before_it():
    game = play_game(4, Rules(), hands=2)
    doc = replay_document(game)
    doc["actions"] = [*doc["actions"], {"type": "discard", "card": "ZZ"}, {"type": "draw"}]
    assert len(hands_from_replay(doc)) == 2


def test_a_stored_replay_that_is_not_an_object_is_refused(records):
    from game.records.recorder import unpack_replay

    with pytest.raises(ValueError, match="not a JSON object"):
        unpack_replay(zlib.compress(b"[1, 2]"))
