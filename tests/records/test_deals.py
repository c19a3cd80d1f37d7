"""Numbered deals pinned by golden vectors, and replication dealing exactly a past game's hands."""

from __future__ import annotations

import pytest

from game.logic import NextHand, Rules
from game.logic.cards import CARD_CODE
from game.logic.replay import game_from_replay, replay_document
from game.records import (
    DealError,
    DealSource,
    GameSetup,
    Opponent,
    fresh_deal,
    get_game,
    next_numbered_game,
    numbered_deal,
    numbered_deal_seed,
    replicate_game,
    setup_from_replay,
    start_game,
)
from game.records.deals import NUMBERED_DEAL_FORMAT, SEED_BITS

from .history import MINIMAL_REPLAY, add_game, hand, play_game

# Fixed forever: changing any of these changes every numbered deal players have compared.
GOLDEN = {
    (1, 1): 3551161861042393986,
    (1, 2): 2537760768970895971,
    (2, 1): 2365522421627636117,
    (42, 7): 3599279026618361763,
    (100, 1): 6190899288850089742,
    (100, 1000): 3120059519576924589,
}


@pytest.mark.parametrize(("key", "seed"), GOLDEN.items())
def test_numbered_deal_seeds_are_pinned(key, seed):
    assert numbered_deal_seed(*key) == seed


def test_numbered_deal_seed_is_the_documented_sha256():
    import hashlib

    digest = hashlib.sha256(b"canasta numbered deal 1:42:7").digest()
    assert numbered_deal_seed(42, 7) == int.from_bytes(digest[:8], "big") >> 1
    assert all(0 <= s < 2**SEED_BITS for s in GOLDEN.values())


@pytest.mark.parametrize(("sequence", "game"), [(0, 1), (101, 1), (1, 0), (1, -3)])
def test_numbered_deals_outside_the_range_are_refused(sequence, game):
    with pytest.raises(DealError):
        numbered_deal_seed(sequence, game)


def test_numbered_deals_differ_between_sequences_and_games():
    seeds = {numbered_deal_seed(n, g) for n in range(1, 101) for g in range(1, 21)}
    assert len(seeds) == 100 * 20


def test_a_numbered_deal_deals_the_same_hands_every_time():
    setup = GameSetup(Rules(), 0, numbered_deal(5, 2))
    first, second = setup.new_game(), setup.new_game()
    assert first.deck == second.deck
    assert first.seed == numbered_deal_seed(5, 2)
    assert GameSetup(Rules(), 0, numbered_deal(5, 3)).new_game().deck != first.deck


def test_fresh_deals_are_seeded_and_differ():
    a, b = fresh_deal(), fresh_deal()
    assert a.kind == "seed" and a.seed is not None and a.seed != b.seed


def test_next_numbered_game_follows_finished_games_only(records):
    assert next_numbered_game(records, 9) == 1
    add_game(
        records, Opponent.computer("expert"), [hand(1, (5000, 0))], 0, deal=numbered_deal(9, 1)
    )
    add_game(
        records, Opponent.computer("expert"), [hand(1, (0, 5000))], 1, deal=numbered_deal(9, 2)
    )
    assert next_numbered_game(records, 9) == 3
    # Abandoned: game 3 is dealt again next time.
    add_game(
        records, Opponent.computer("expert"), [hand(1, (5, 0))], None, deal=numbered_deal(9, 3)
    )
    assert next_numbered_game(records, 9) == 3
    assert next_numbered_game(records, 10) == 1


def _codes(deck):
    # Identical cards have different ids in different games: a deal is its order of codes.
    return [CARD_CODE[c] for c in deck]


def _decks_by_hand(doc, hands):
    """The deck (as card codes) of each of the first `hands` hands of the game `doc` describes."""
    game, actions = game_from_replay(doc)
    decks = [_codes(game.deck)]
    for raw in actions:
        game.apply(raw)
        if raw.get("type") == "next_hand":
            decks.append(_codes(game.deck))
    return decks[:hands]


def _play_setup_hands(setup, seed, hands):
    """Play the setup's game with other random moves; the deck (codes) of each hand dealt."""
    import random

    from game.logic import legal_actions

    rng = random.Random(seed)
    game = setup.new_game()
    decks = [_codes(game.deck)]
    while len(decks) < hands:
        if game.phase == "hand_over":
            game.apply(NextHand())
            decks.append(_codes(game.deck))
        elif game.phase == "game_over":
            break
        else:
            game.apply(rng.choice(legal_actions(game)))
    return decks


def test_a_replicated_game_deals_every_hand_as_the_original(records):
    rules = Rules.from_dict({"preset": "classic", "target_score": 50000})
    original = play_game(11, rules, hands=3)
    doc = replay_document(original)
    recorder = start_game(records, GameSetup(rules, 0, DealSource(seed=11)), Opponent.peer("B"))
    recorder.finish_game(doc)
    setup = replicate_game(records, recorder.game_id)
    assert setup.deal.replicated_from == recorder.game_id
    assert setup.rules == rules and setup.first_player == 0
    assert _play_setup_hands(setup, 99, 3) == _decks_by_hand(doc, 3)
    copy = start_game(records, setup, Opponent.peer("B"))
    copy.finish_with([hand(1, (1, 2))], (1, 2), None, MINIMAL_REPLAY)
    row = get_game(records, copy.game_id)
    assert row.replicated and row.replicated_from == recorder.game_id
    assert not row.counts_for_high_scores


def test_a_game_dealt_from_explicit_decks_is_replicated_from_them(records):
    rules = Rules.from_dict({"preset": "classic", "target_score": 50000})
    donor = play_game(21, rules, hands=3)
    decks = _decks_by_hand(replay_document(donor), 3)
    setup = GameSetup(
        rules, 1, DealSource(deck=tuple(decks[0]), decks=tuple(map(tuple, decks[1:])))
    )
    played = _play_setup_hands(setup, 5, 3)
    assert played == decks
    game = setup.new_game()
    doc = replay_document(game)
    recorder = start_game(records, GameSetup(rules, 1, DealSource()), Opponent.peer("Bob"))
    recorder.finish_game(doc)
    assert get_game(records, recorder.game_id).deal_kind == "deck"
    again = replicate_game(records, recorder.game_id)
    assert again.first_player == 1 and again.deal.kind == "deck"
    # Past the recorded hands the replica goes on with fresh shuffles.
    assert _play_setup_hands(again, 6, 4)[:3] == decks
    assert len(_play_setup_hands(again, 6, 4)) == 4


def test_a_game_without_a_known_deal_cannot_be_dealt_again():
    with pytest.raises(DealError):
        GameSetup(Rules(), 0, DealSource()).new_game()


def test_replicating_an_unknown_game_says_so(records):
    with pytest.raises(KeyError):
        replicate_game(records, 404)


def test_a_setup_starts_the_replay_it_deals():
    setup = GameSetup(Rules.modern_american(), 1, numbered_deal(3, 4))
    start = setup.replay_start()
    assert start["format"] == NUMBERED_DEAL_FORMAT and start["seed"] == numbered_deal_seed(3, 4)
    game = setup.new_game()
    assert replay_document(game) == {**start, "scores": [0, 0], "actions": []}


def test_replication_keeps_the_shuffle_of_the_recorded_format(records):
    doc = {"format": "canasta-replay/1", "rules": {"preset": "classic"}, "seed": 77, "actions": []}
    setup = setup_from_replay(doc, replicated_from=1)
    assert setup.deal.format == "canasta-replay/1"
    original, _ = game_from_replay(doc)
    assert setup.new_game().deck == original.deck
    assert replay_document(setup.new_game())["format"] == "canasta-replay/1"
