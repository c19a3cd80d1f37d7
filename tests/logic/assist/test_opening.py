"""The opening scenario: one way to open now, never wasting wild cards."""

import random
from itertools import product

from game.logic import Game, Rules, determinize, player_view
from game.logic.actions import Draw, Meld
from game.logic.assist import find_opening, meldable_points, opening_scenario
from game.logic.cards import CARD_CODE, CARD_POINTS, IDS_OF_CODE, IS_WILD
from tests.helpers.scenario import position


def ids(text):
    pool = {code: list(v) for code, v in IDS_OF_CODE.items()}
    return [pool[c].pop(0) for c in text.split()]


def test_natural_cards_open_without_wild_cards_when_they_suffice():
    plan = find_opening(ids("8H 8S 8D KS KD KH JK JK 4C 9C"), Rules(), 50)
    assert plan is not None and plan.wild_cards == 0
    assert plan.points >= 50


def test_the_fewest_wild_cards_are_used_when_some_are_needed():
    plan = find_opening(ids("8H 8S JK JK 2C 4C 9C 6D"), Rules(), 50)
    assert plan is not None
    assert plan.wild_cards == 1 and plan.points >= 50
    # A Two is cheaper to give up than a Joker, but one Two reaches only 40 here.
    assert sorted(CARD_CODE[c] for m in plan.melds for c in m.cards if IS_WILD[c]) == ["JK"]


def test_a_two_is_preferred_to_a_joker_when_it_is_enough():
    plan = find_opening(ids("KH KS JK 2C AD AS AC 4C 9C"), Rules(), 90)
    assert plan is not None
    wilds = [CARD_CODE[c] for m in plan.melds for c in m.cards if IS_WILD[c]]
    assert wilds == ["2C"]


def test_no_plan_when_the_hand_cannot_reach_the_minimum():
    assert find_opening(ids("8H 8S 4C 9C 6D"), Rules(), 50) is None
    assert meldable_points(ids("8H 8S 8D 4C 9C"), Rules()) == 30


def test_modern_sevens_take_no_wild_cards():
    rules = Rules.modern_american()
    plan = find_opening(ids("7H 7S 2C 4C 9C 6D KD KS KC AD AS AH 5C"), rules, 125)
    assert plan is None or all(not IS_WILD[c] for m in plan.melds if m.key == 7 for c in m.cards)


def test_scenario_text_names_cards_and_the_minimum():
    game = position(hands=("8H 8S 8D KS KD KH 4C 9C", "5C 6C"), phase="play", opened=(False, False))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.plan is not None and scenario.still_needed == 50
    assert scenario.text == (
        "You need 50 points to open. One way: meld 8♠ 8♥ 8♦ (30) and K♠ K♥ K♦ (30): "
        "60 points, without a wild card."
    )


def test_a_single_meld_gives_its_points_once():
    game = position(hands=("AH AD 2D 4C 9C 6S", "5C 6C"), phase="play", opened=(False, False))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.plan is not None and len(scenario.plan.melds) == 1
    assert scenario.text == ("You need 50 points to open. One way: meld A♥ A♦ 2♦: 60 points.")


def test_scenario_takes_the_pile_only_when_the_hand_alone_cannot_open():
    game = position(hands=("9C 9S KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.plan is not None and scenario.plan.takes_pile
    assert scenario.text.startswith(
        "You need 50 points to open. One way: take the pile with 9♠ 9♣ (the top card is 9♥)"
    )


def test_scenario_without_a_plan_gives_the_meldable_points():
    game = position(hands=("8H 8S 8D 4C 9C 6D", "5C 6C"), phase="play", opened=(False, False))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.plan is None and scenario.meldable_points == 30
    assert scenario.text == (
        "You need 50 points to open. You cannot open now: the cards you can meld are worth 30 points."
    )


def test_scenario_counts_melds_already_made_this_turn():
    game = position(hands=("8H 8S 8D KS KD KH 4C 9C", "5C 6C"), phase="play", opened=(False, False))
    game.apply(Meld(("8H", "8S", "8D")))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.still_needed == 20
    assert "your melds this turn count 30, so 20 more" in scenario.text


def test_an_opened_player_needs_no_scenario():
    game = position(hands=("8H 4C 9C", "5C 6C"), melds=({"K": "KS KD KH"}, {}))
    scenario = opening_scenario(player_view(game, 0))
    assert scenario.opened and scenario.plan is None


def test_every_plan_found_is_accepted_by_the_engine_and_opens():
    rng = random.Random(5)
    for seed in range(30):
        rules = Rules.modern_american() if seed % 3 == 0 else Rules()
        game = Game(rules, seed=seed)
        game.apply(Draw())
        view = player_view(game, game.to_move)
        scenario = opening_scenario(view)
        if scenario.plan is None or scenario.plan.takes_pile:
            continue
        world = determinize(view, rng)
        for meld in scenario.plan.melds:
            world.apply(Meld(tuple(CARD_CODE[c] for c in meld.cards)))
        assert world.players[view.seat].opened, seed


def brute_force_cost(cards, rules, need, keep):
    """The cheapest (wild cards, their points, cards) of any opening reaching `need`, by trying
    every combination of melds."""
    jokers = sum(1 for c in cards if CARD_CODE[c] == "JK")
    twos = sum(1 for c in cards if CARD_CODE[c].startswith("2"))
    by_rank = {}
    for c in cards:
        if not IS_WILD[c] and not CARD_CODE[c].startswith("3"):
            by_rank.setdefault(CARD_CODE[c][:-1], []).append(c)
    choices = []
    for group in by_rank.values():
        value = CARD_POINTS[group[0]]
        opts = [(0, 0, 0, 0)]
        for m in range(2, len(group) + 1):
            for j in range(jokers + 1):
                for t in range(twos + 1):
                    if j + t <= min(m, rules.max_wild_per_meld) and m + j + t >= 3:
                        opts.append((m, j, t, m * value + 50 * j + 20 * t))
        choices.append(opts)
    best = None
    for combo in product(*choices):
        j = sum(o[1] for o in combo)
        t = sum(o[2] for o in combo)
        used = sum(o[0] + o[1] + o[2] for o in combo)
        points = sum(o[3] for o in combo)
        if j > jokers or t > twos or used > len(cards) - keep or points < need:
            continue
        cost = (j + t, 50 * j + 20 * t, used)
        best = cost if best is None or cost < best else best
    return best


def test_the_opening_search_finds_the_cheapest_plan():
    rng = random.Random(11)
    rules = Rules()
    for _ in range(150):
        cards = rng.sample(range(108), 10)
        cards = [c for c in cards if not CARD_CODE[c].startswith("3")]
        need = rng.choice((15, 50, 90, 120))
        plan = find_opening(cards, rules, need)
        expected = brute_force_cost(cards, rules, need, 2)
        if expected is None:
            assert plan is None
            continue
        assert plan is not None
        wilds = [c for m in plan.melds for c in m.cards if IS_WILD[c]]
        cost = (
            len(wilds),
            sum(CARD_POINTS[c] for c in wilds),
            sum(len(m.cards) for m in plan.melds),
        )
        assert cost == expected, [CARD_CODE[c] for c in cards]
