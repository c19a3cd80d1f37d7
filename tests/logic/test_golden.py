"""Golden vectors: the deal of a seed and the outcome of whole games are pinned, so any change to
dealing or to the rules that alters a game fails here at once (docs/replay-format.md).

The games are played by a policy defined here that never depends on the order in which the
engine lists its actions: it sorts the legal actions by their packed form and picks by a counter.
If a vector changes on purpose (a rules fix), the new value is pinned in the same commit.
"""

import hashlib
import itertools
import json
from pathlib import Path

import pytest

from game.logic import (
    Discard,
    Game,
    Meld,
    NextHand,
    Pass,
    Rules,
    TakePile,
    Undo,
    UndoTurn,
    legal_actions,
)
from game.logic.actions import Action
from game.logic.cards import CARD_CODE, N_CARDS
from game.logic.replay import load_replay, replay_document
from game.logic.shuffle import deck_order, reuse_pile_order, shuffled

DATA = Path(__file__).parent / "data"


def first_codes(deck, n=12):
    return " ".join(CARD_CODE[c] for c in deck[:n])


@pytest.mark.parametrize(
    "seed, hand_index, front",
    [
        (0, 0, "10D 10H KC AC KD 4C JK 9S 10D AS 6D 3S"),
        (0, 1, "3H 2C QC 2S QC 3S QD JS AD 2D JD 4C"),
        (1, 0, "JK 3C 6C AC AC 5H 5S 4D 7D 3D 6D 9H"),
        (12345, 9, "KC QH 3C QC 7C 7H 8S 2S 2H 5D QS 5C"),
        (-7, 0, "4S 10H 3C 10H JS 5H JD QS 6D 3S 6C 4S"),
        (2**70, 1, "7S 3D 10C JC 5H 6H 2D 8D 8D 10D 7D 10C"),
    ],
)
def test_a_seed_and_hand_index_always_give_the_same_deck(seed, hand_index, front):
    assert first_codes(deck_order(seed, hand_index)) == front


def test_deck_order_holds_every_card_once_with_twin_cards_numbered_in_deal_order():
    deck = deck_order(99, 3)
    assert sorted(deck) == list(range(N_CARDS))
    for code in set(CARD_CODE[:N_CARDS]):
        ids = [c for c in deck if CARD_CODE[c] == code]
        assert ids == sorted(ids)


def documented_deck(seed: int, hand_index: int) -> list[str]:
    """The deal as docs/replay-format.md describes it, written from the text alone."""
    key = hashlib.sha256(f"canasta deck 2|{seed}|{hand_index}".encode()).digest()
    words = (
        int.from_bytes(block[i : i + 4], "big")
        for counter in itertools.count()
        for block in [hashlib.sha256(key + counter.to_bytes(8, "big")).digest()]
        for i in range(0, 32, 4)
    )
    cards = list(range(108))
    for i in range(107, 0, -1):
        limit = 2**32 - 2**32 % (i + 1)
        value = next(w for w in words if w < limit)
        j = value % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return [CARD_CODE[c] for c in cards]


@pytest.mark.parametrize("seed, hand_index", [(0, 0), (7, 2), (-3, 1), (10**30, 0)])
def test_the_documented_procedure_reproduces_deck_order(seed, hand_index):
    assert [CARD_CODE[c] for c in deck_order(seed, hand_index)] == documented_deck(seed, hand_index)


def test_seeded_games_deal_each_hand_from_deck_order():
    game = Game(Rules(), seed=31)
    assert game.deck == deck_order(31, 0)
    game._end_hand("stock_exhausted", [])
    game.apply(NextHand())
    assert game.deck == deck_order(31, 1)


def test_the_hash_stream_and_fisher_yates_are_pinned():
    assert shuffled(list(range(10)), b"key") == [8, 1, 9, 7, 4, 0, 2, 3, 5, 6]
    assert reuse_pile_order(list("abcdef"), b"\x00" * 32) == ["e", "f", "a", "d", "c", "b"]


def test_version_one_games_keep_the_old_generator_deal():
    import random

    deck = list(range(N_CARDS))
    random.Random(5).shuffle(deck)
    assert Game(Rules(), seed=5, deal_version=1).deck == deck
    assert Game(Rules(), seed=5).deck != deck


def packed(action: Action) -> str:
    return json.dumps(action.to_dict(), sort_keys=True, separators=(",", ":"))


def play_by_counter(game: Game, stop) -> int:
    """Play until `stop(game)`: a fixed policy that melds three steps in four, never undoes by
    choice, and backs out of a turn whose melds cannot be completed. Returns the actions played."""
    step = 0
    backed_off = False
    while not stop(game):
        actions = sorted(legal_actions(game), key=packed)
        if all(isinstance(a, (Undo, UndoTurn)) for a in actions):
            action: Action = UndoTurn()
        else:
            building = [a for a in actions if isinstance(a, (Meld, TakePile))]
            rest = [a for a in actions if not isinstance(a, (Meld, TakePile, Undo, UndoTurn))]
            pool = rest if rest and (backed_off or not building or step % 4 == 0) else building
            action = pool[(step * 7) % len(pool)]
        if isinstance(action, UndoTurn):
            backed_off = True
        elif isinstance(action, (Discard, Pass, NextHand)):
            backed_off = False
        game.apply(action)
        step += 1
    return step


def game_over(game: Game) -> bool:
    return game.phase == "game_over"


@pytest.mark.parametrize(
    "rules, seed, steps, totals, digest",
    [
        (
            Rules(),
            3,
            497,
            [5095, 5935],
            "6c69549f302d63834927307734bb3003429046a12336ccec575dc531b1be407a",
        ),
        (
            Rules(target_score=1500),
            1,
            251,
            [2555, 2370],
            "54de9c934bfaf7da33df6fbe9e4e90ff2d8bec15a501a20282c8444e79010ba0",
        ),
    ],
)
def test_a_whole_classic_game_by_a_fixed_policy_ends_in_the_pinned_state(
    rules, seed, steps, totals, digest
):
    game = Game(rules, seed=seed)
    assert play_by_counter(game, game_over) == steps
    assert game.totals == totals
    assert game.state_hash() == digest
    assert load_replay(replay_document(game)).game.state_hash() == digest


def test_two_modern_hands_by_a_fixed_policy_end_in_the_pinned_state():
    game = Game(Rules.modern_american(), seed=4)
    steps = play_by_counter(game, lambda g: g.hand_no == 2 and g.phase == "hand_over")
    assert (steps, game.totals) == (MODERN_STEPS, MODERN_TOTALS)
    assert game.state_hash() == MODERN_DIGEST


MODERN_STEPS = 394
MODERN_TOTALS = [-13685, -8800]
MODERN_DIGEST = "45aaadec7778d330a15db77fd82da0931919a6178940c4ba9c37186db7ac519b"


@pytest.mark.parametrize("index", [0, 1])
def test_a_version_one_replay_still_loads_and_plays_on(index):
    saved = json.loads((DATA / "replays_v1.json").read_text())[index]
    assert saved["replay"]["format"] == "canasta-replay/1"
    result = load_replay(saved["replay"])
    assert result.error is None
    assert result.game.state_hash() == saved["state_hash"]
    assert replay_document(result.game)["format"] == "canasta-replay/1"
    play_by_counter(result.game, lambda g: g.phase in ("hand_over", "game_over"))
    again = load_replay(replay_document(result.game))
    assert again.game.state_hash() == result.game.state_hash()
