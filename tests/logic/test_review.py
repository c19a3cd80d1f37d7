"""The game review: a real arena hand (Master against Carefree, kept with `--save-replays`),
reviewed from one seat's view."""

import json
import subprocess
import sys

import pytest

from game.logic import Discard, Draw, Meld, TakePile, player_view
from game.logic.cards import CARD_CODE, IDS_OF_CODE, IS_RED_THREE, IS_WILD
from game.logic.replay import game_from_replay, load_replay
from game.logic.review import ReviewConfig, review
from game.logic.review.decisions import decisions
from game.logic.review.judge import judge
from game.logic.review.words import sentence
from game.logic.shuffle import deck_order
from tests.helpers.paths import ROOT
from tests.helpers.scenario import position

REPLAY = ROOT / "tests" / "logic" / "data" / "seed7-deal0-7000021-master-carefree.json"
# Action 57: Master (seat 0) takes a pile of 12 cards with its two Nines.
TAKES_THE_PILE = 57
QUICK = ReviewConfig(samples=6, horizon=4)


def the_hand():
    return json.loads(REPLAY.read_text(encoding="utf-8"))


def last_decision(doc, seat=0):
    game, actions = game_from_replay(doc)
    return list(decisions(game, actions, seat))[-1]


def test_drawing_when_a_pile_of_twelve_was_there_to_take_is_a_costly_moment():
    doc = the_hand()
    doc["actions"] = [*doc["actions"][:TAKES_THE_PILE], {"type": "draw"}]
    decision = last_decision(doc)
    assert decision.index == TAKES_THE_PILE and decision.played == (Draw(),)
    judged = judge(decision)
    assert judged.better == (TakePile(with_=("9H", "9C")),)
    assert judged.loss > 100
    words = sentence(decision.view, decision.played, judged.better, 200)
    assert words == (
        "Taking the pile here would have been worth about 200 more: you held two Nines and the "
        "pile had 12 cards."
    )


def test_taking_that_pile_is_not_flagged():
    doc = the_hand()
    doc["actions"] = doc["actions"][: TAKES_THE_PILE + 1]
    decision = last_decision(doc)
    assert decision.played == (TakePile(with_=("9H", "9C")),)
    judged = judge(decision)
    assert judged.loss == 0 and judged.better == decision.played


def test_a_review_counts_every_decision_and_lists_its_moments_in_the_order_played():
    result = review(the_hand(), 1, QUICK)
    assert result is not None
    doc = result.to_dict()
    assert set(doc) == {
        "seat",
        "decisions",
        "accuracy",
        "points_lost",
        "moments",
        "habits",
        "habit_counts",
    }
    assert doc["seat"] == 1 and doc["decisions"] == 32
    assert 0 < doc["accuracy"] <= 100
    indexes = [m["index"] for m in doc["moments"]]
    assert indexes == sorted(indexes)
    for moment in doc["moments"]:
        assert moment["hand"] == 1 and moment["points_lost"] > 0
        assert moment["played"] != moment["better"] and moment["sentence"].endswith(".")


def unseen_swap(doc, seat):
    """The same replay dealt from a deck in which a card the opponent kept hidden to the end
    and a card left in the stock changed places: every action stays legal and `seat` sees the
    same things."""
    end = load_replay(doc).game
    deck = deck_order(doc["seed"], 0)
    other = 1 - seat
    known = player_view(end, seat).known[other]
    hidden = [c for c in end.players[other].hand if c not in known and not IS_WILD[c]]
    stock = [c for c in end.stock if not IS_WILD[c] and not IS_RED_THREE[c]]
    for a in hidden:
        for b in stock:
            p, q = sorted((deck.index(a), deck.index(b)))
            twins = [
                deck.index(c) for c in (*IDS_OF_CODE[CARD_CODE[a]], *IDS_OF_CODE[CARD_CODE[b]])
            ]
            if CARD_CODE[a] != CARD_CODE[b] and not any(p < t < q for t in twins):
                deck[p], deck[q] = deck[q], deck[p]
                swapped = {k: v for k, v in doc.items() if k != "seed"}
                return {**swapped, "deck": [CARD_CODE[c] for c in deck]}
    raise AssertionError("no card to swap")


def test_the_review_never_uses_cards_the_seat_could_not_see():
    doc = the_hand()
    changed = unseen_swap(doc, 1)
    assert load_replay(changed).error is None
    assert load_replay(changed).game.state_hash() != load_replay(doc).game.state_hash()
    first, second = review(doc, 1, QUICK), review(changed, 1, QUICK)
    assert first is not None and second is not None
    assert first.to_dict() == second.to_dict()


def test_a_review_stops_when_asked_and_says_how_far_it_got():
    seen = []
    result = review(
        the_hand(), 0, QUICK, lambda done, _total: seen.append(done), lambda: len(seen) >= 3
    )
    assert result is None and seen == [1, 2, 3]


def test_a_discard_that_feeds_the_opponents_meld_says_so():
    game = position(
        hands=("7C 7S JH 4D 9S", "5H 6D 9C KD 4S 5C 6S 8H 9H 10C QC KC 6H 8D 9D"),
        melds=({"Q": "QS QH QD"}, {"7": "7D 7H 7H", "A": "AS AH AD AC"}),
        pile="5S 6C 10D 10H KH 8S",
        opened=(True, True),
        phase="play",
    )
    view = player_view(game, 0)
    words = sentence(view, (Discard("7C"),), (Discard("JH"),), 95)
    assert words == (
        "Discarding the J♥ would have been worth about 95 more: the 7♣ fitted your opponent's "
        "Sevens and the pile of 7 cards was open to it."
    )


@pytest.mark.slow
def test_the_command_prints_the_review_as_one_json_object(tmp_path):
    doc = the_hand()
    doc["actions"] = doc["actions"][:20]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "game.logic.review", str(path), "--seat", "0", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    printed = json.loads(out.stdout)
    assert printed["seat"] == 0 and isinstance(printed["moments"], list)
    assert 0 < printed["accuracy"] <= 100


def test_the_command_refuses_a_seat_not_at_the_table():
    out = subprocess.run(
        [sys.executable, "-m", "game.logic.review", str(REPLAY), "--seat", "2", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 1
    assert json.loads(out.stdout) == {"error": "There is no seat 2: the seats go from 0 to 1."}


def test_the_command_says_plainly_when_the_file_cannot_be_read(tmp_path):
    missing = tmp_path / "gone.json"
    out = subprocess.run(
        [sys.executable, "-m", "game.logic.review", str(missing)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == f"Cannot read {missing}: No such file or directory.\n"


def test_a_turn_is_weighed_against_melding_nothing_as_master_weighs_it():
    # Master, once opened, also weighs a turn that lays nothing down: the review, judging
    # against the moves Master would consider, weighs it too where the turn played melded.
    game, actions = game_from_replay(the_hand())
    weighed = 0
    for decision in decisions(game, actions, 0):
        view = decision.view
        if view.phase != "play" or not view.opened[0] or not decision.judged:
            continue
        if not any(isinstance(a, Meld) for a in decision.played):
            continue
        options = judge(decision, QUICK).options
        weighed += any(len(plan) == 1 and isinstance(plan[0], Discard) for plan in options)
    assert weighed >= 3, weighed
