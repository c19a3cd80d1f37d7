"""The Explore tools and the going-out warning, on scripted positions with known answers."""

from collections import Counter

from game.logic import Game, player_view
from game.logic import events as ev
from game.logic.actions import Discard, TakePile
from game.logic.assist import (
    Place,
    TableMemory,
    deduce,
    distribution,
    opponent_may_go_out,
    predict_opponent,
    recall,
    recall_and_deduce,
)
from game.logic.cards import CARD_CODE, N_CARDS
from game.logic.events import Event
from tests.helpers.scenario import hidden_from, position


def codes_of(cards):
    return sorted(CARD_CODE[c] for c in cards)


def taken_by_opponent():
    """Seat 1 takes a pile of 9♥ 5♦ Q♥ with two Queens; seat 0 then looks."""
    game = position(
        hands=("4S 4D 8C", "QS QD 6C 6D 7H"),
        melds=({"K": "KS KD KH"}, {}),
        pile="9H 5D QH",
        to_move=1,
        opened=(True, True),
    )
    events = game.apply(TakePile(("QS", "QD")))
    return game, events


def test_distribution_places_every_card_as_the_player_knows_it():
    game, _events = taken_by_opponent()
    view = player_view(game, 0)
    dist = distribution(view)
    where = {CARD_CODE[c]: dist.where(c) for c in range(N_CARDS) if dist.where(c) != Place.UNKNOWN}
    assert where["4S"] == Place.MY_HAND
    assert where["KS"] == Place.MY_MELDS
    assert where["QH"] == Place.OPPONENT_MELDS
    assert where["9H"] == Place.OPPONENT_HAND_SEEN and where["5D"] == Place.OPPONENT_HAND_SEEN
    counts = dist.counts()
    assert counts[Place.MY_HAND] == 3 and counts[Place.OPPONENT_MELDS] == 3
    assert sum(counts.values()) == N_CARDS
    assert counts[Place.UNKNOWN] == N_CARDS - 3 - 3 - 3 - 2
    assert ("Q♥", (Place.OPPONENT_MELDS, Place.UNKNOWN)) in dist.by_card()


def test_recall_lists_what_each_side_saw_the_other_take():
    game, _events = taken_by_opponent()
    theirs = recall(player_view(game, 0))
    assert codes_of(theirs.seen_with_opponent) == ["5D", "9H"]
    assert theirs.seen_by_opponent == ()
    assert theirs.lines() == [
        "Your opponent has seen none of the cards in your hand.",
        "You saw your opponent take 5♦ and 9♥.",
    ]
    mine = recall(player_view(game, 1))
    assert codes_of(mine.seen_by_opponent) == ["5D", "9H"]
    assert mine.lines()[0] == "Your opponent saw you take 5♦ and 9♥ from the pile."


def test_deduce_lists_the_unknown_cards_and_where_they_can_be():
    game, _events = taken_by_opponent()
    view = player_view(game, 0)
    deduction = deduce(view)
    assert set(deduction.unknown) == hidden_from(game, 0)
    assert deduction.opponent_hidden == 3 and deduction.stock == len(game.stock)
    assert deduction.by_rank()[12] == 5  # three of the eight Queens are on the table
    assert deduction.lines()[0].startswith(f"{len(deduction.unknown)} cards are unknown:")


def test_recall_and_deduce_reports_both():
    game, _events = taken_by_opponent()
    view = player_view(game, 0)
    assert recall_and_deduce(view) == recall(view).lines() + deduce(view).lines()


def test_predict_names_the_ranks_the_opponent_cannot_hold():
    game = position(
        hands=("KC KC 4D", "5C 6C 7C"),
        melds=({"K": "KS KD KH KS KD KH"}, {}),
        to_move=1,
    )
    prediction = predict_opponent(player_view(game, 0))
    assert prediction.cannot_hold == (13,)
    assert "It cannot hold any Kings." in prediction.lines()


def test_predict_is_sure_of_cards_seen_taken_and_reads_discards():
    game, events = taken_by_opponent()
    memory = TableMemory(0)
    memory.observe(events)
    game.apply(Discard("6C"))
    memory.observe(game.last_events)
    prediction = predict_opponent(player_view(game, 0), memory)
    held = {c.rank: c for c in prediction.likely}
    assert held[9].known == 1 and held[5].known == 1
    assert prediction.notes == (
        "It discarded a Six since it last took the pile: it probably holds no pair of Sixes.",
    )
    assert prediction.meaningful


def test_memory_reads_discards_and_takes_and_resets_each_hand():
    memory = TableMemory(0)
    memory.observe([Event(ev.DISCARD, 1, (5,)), Event(ev.DISCARD, 0, (6,))])
    assert memory.discards_by(1) == [5]
    memory.observe([Event(ev.PILE_TAKEN, 1, (5, 6), 7)])
    assert memory.discards_by(1) == [] and memory.discards_by(1, since_last_take=False) == [5]
    assert memory.pile_takes_by(1) == [(5, 6)]
    memory.observe([Event(ev.UNDO, 1, (9, 10))])
    assert memory.returned_to_hand[1] == {9, 10}
    memory.observe([Event(ev.DEAL, 0, (1, 2))])
    assert memory.discards == [] and memory.takes == [] and memory.returned_to_hand[1] == set()


def test_opponent_with_its_canastas_and_few_cards_may_well_go_out():
    game = position(
        hands=("4S 4D 8C 9C", "5C"),
        melds=({}, {"K": "KS KD KH KS KD KH KC", "Q": "QS QD QH QS QD QH QC"}),
        to_move=0,
    )
    risk = opponent_may_go_out(player_view(game, 0))
    assert risk.level == "high" and risk.warn


def test_opponent_short_of_canastas_cannot_go_out():
    game = position(hands=("4S 4D 8C 9C", "5C 6D"), melds=({}, {"K": "KS KD KH"}), to_move=0)
    risk = opponent_may_go_out(player_view(game, 0))
    assert risk.level == "none" and not risk.warn
    assert risk.reason == (
        "Your opponent cannot go out on its next turn: it still needs two canastas "
        "(11 more cards at least) and will hold at most four cards."
    )


def test_opponent_one_card_short_of_its_second_canasta_is_a_moderate_risk():
    game = position(
        hands=("4S 4D 8C 9C", "5C 6D 9D"),
        melds=({}, {"K": "KS KD KH KS KD KH KC", "Q": "QS QD QH QS QD QH"}),
        to_move=0,
    )
    assert opponent_may_go_out(player_view(game, 0)).level == "moderate"


def test_rank_sums_in_deduce_add_up():
    game, _events = taken_by_opponent()
    deduction = deduce(player_view(game, 0))
    assert sum(deduction.by_rank().values()) == len(deduction.unknown)
    assert all(c in hidden_from(game, 0) for c in deduction.unknown)


def test_early_in_a_hand_nothing_stands_out_to_predict():
    game = Game(seed=14)
    prediction = predict_opponent(player_view(game, 0))
    assert prediction.likely == ()
    assert prediction.lines()[0] == "Too little is known to say which ranks your opponent holds."


def late_in_a_hand():
    """Everything is in the pile but two hands and a four-card stock: of the seven unknown
    cards four are Fives, so the opponent's three hidden cards very likely include one."""
    named = Counter({"4S": 1, "4D": 1, "5C": 1, "6C": 1, "7C": 1, "5S": 1, "5D": 1, "5H": 1})
    named["9C"] = 1
    rest = Counter(CARD_CODE[c] for c in range(N_CARDS)) - named
    game = position(
        hands=("4S 4D", "5C 6C 7C"),
        pile=" ".join(rest.elements()),
        stock="5S 5D 5H 9C",
        stock_rest=False,
        to_move=1,
    )
    return game


def test_a_rank_with_many_unknown_cards_stands_out_late_in_a_hand():
    prediction = predict_opponent(player_view(late_in_a_hand(), 0))
    assert [c.rank for c in prediction.likely] == [5]
    assert round(prediction.likely[0].chance, 3) == round(1 - 1 / 35, 3)
    assert prediction.lines()[0] == "Your opponent probably holds Fives (97%)."
