"""RULES.md section 1 (cards) and the rule options with their presets (section 8)."""

import pytest

from game.logic import Rules, RulesError
from game.logic.cards import (
    CARD_CODE,
    CARD_POINTS,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_THREE,
    IS_WILD,
    N_CARDS,
    VALID_CODES,
    CardId,
    deck_from_codes,
    is_unseen,
    normalize_code,
    unseen_card,
)
from game.logic.rules import OPTION_SPECS


def test_deck_has_108_distinct_cards_two_packs_and_four_jokers():
    assert N_CARDS == 108
    codes = CARD_CODE[:N_CARDS]
    assert codes.count("JK") == 4
    for code in set(codes) - {"JK"}:
        assert codes.count(code) == 2


def test_wild_cards_are_the_jokers_and_twos():
    wild = [CARD_CODE[c] for c in range(N_CARDS) if IS_WILD[c]]
    assert sorted(set(wild)) == ["2C", "2D", "2H", "2S", "JK"]
    assert len(wild) == 12


@pytest.mark.parametrize(
    "code, points",
    [
        ("JK", 50),
        ("2S", 20),
        ("AH", 20),
        ("KD", 10),
        ("10C", 10),
        ("8S", 10),
        ("7H", 5),
        ("4D", 5),
        ("3S", 5),
        ("3C", 5),
        ("3H", 100),
        ("3D", 100),
    ],
)
def test_point_values(code, points):
    assert CARD_POINTS[CARD_CODE.index(code)] == points


def test_card_codes_accept_friendly_spellings():
    assert normalize_code("10h") == "10H"
    assert normalize_code("TS") == "10S"
    assert normalize_code("joker") == "JK"
    assert normalize_code("1S") is None
    assert normalize_code(7) is None


def test_explicit_deck_must_name_every_card_exactly_as_often_as_it_exists():
    codes = list(CARD_CODE[:N_CARDS])
    assert sorted(deck_from_codes(codes)) == list(range(N_CARDS))
    with pytest.raises(ValueError, match="more than 2 times"):
        deck_from_codes(["AS"] * 3 + codes[3:])


def test_classic_preset_is_every_default():
    assert Rules.classic() == Rules()
    assert Rules().hand_size == 15 and Rules().stock_draw == 2 and Rules().target_score == 5000


def test_modern_american_preset_matches_rules_md_section_8():
    r = Rules.modern_american()
    assert (r.hand_size, r.stock_draw, r.initial_upcard, r.talons) == (13, 1, False, True)
    assert r.pile_always_frozen and not r.take_pile_to_canasta and r.all_threes_equal
    assert r.prohibit_wild_discard and r.pure_aces_sevens and r.special_canasta_bonuses
    assert r.uncompleted_canasta_penalties and not r.top_card_counts_for_initial_meld
    assert r.splash_initial_meld and r.wild_canastas and r.wild_canasta_bonus == 2000
    assert r.prohibit_interim_mixed_melds and r.max_wild_per_meld == 2
    assert not r.extended_canastas and r.special_melds and r.must_discard
    assert r.canastas_to_go_out == 2 and r.higher_thresholds and r.target_score == 8500
    assert r.going_out_bonus == 0 and r.canasta_required_for_positive_score


def test_rules_round_trip_through_a_plain_dict():
    r = Rules.from_dict({"preset": "classic", "stock_draw": 1, "pass_the_discard": True})
    assert r.stock_draw == 1 and r.pass_the_discard
    assert r.to_dict() == {"preset": "classic", "stock_draw": 1, "pass_the_discard": True}
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(r.to_dict(full=True)) == r
    assert Rules.from_dict({"preset": "modern_american"}).to_dict() == {"preset": "modern_american"}


@pytest.mark.parametrize(
    "data, words",
    [
        ({"colour": "red"}, "Unknown rule option 'colour'"),
        ({"stock_draw": 3}, "must be 1 or 2"),
        ({"stock_draw": "2"}, "whole number"),
        ({"talons": 1}, "true or false"),
        ({"stock_end": "stop"}, "must be one of"),
        ({"discard_return_penalty": -5}, "between 0 and 500"),
        ({"preset": "samba"}, "Unknown rule preset"),
        ({"special_melds": True}, "13-card deal"),
        ({"prohibit_interim_mixed_melds": True}, "needs 'wild_canastas'"),
        ({"special_canasta_bonuses": True}, "needs 'pure_aces_sevens'"),
    ],
)
def test_bad_rules_are_rejected_with_a_clear_message(data, words):
    with pytest.raises(RulesError, match=words):
        Rules.from_dict(data)


def test_every_option_of_rules_md_has_a_key_and_a_description():
    for key in (
        "starter",
        "hand_size",
        "initial_upcard",
        "talons",
        "stock_draw",
        "red_three_replacement",
        "frozen_until_initial_meld",
        "pile_always_frozen",
        "take_pile_to_canasta",
        "natural_pair_required",
        "one_card_pile_rule",
        "discard_return_penalty",
        "prohibit_wild_discard",
        "prohibit_ace_seven_to_empty_pile",
        "discard_red_three_to_freeze",
        "max_wild_per_meld",
        "wild_canastas",
        "wild_canasta_bonus",
        "prohibit_interim_mixed_melds",
        "extended_canastas",
        "pure_aces_sevens",
        "special_canasta_bonuses",
        "uncompleted_canasta_penalties",
        "special_melds",
        "top_card_counts_for_initial_meld",
        "canasta_bonus_counts_for_initial",
        "splash_initial_meld",
        "black_three_out_with_wild",
        "canastas_to_go_out",
        "pass_the_discard",
        "must_discard",
        "stock_end",
        "going_out_bonus",
        "red_three_penalty",
        "all_threes_equal",
        "canasta_required_for_positive_score",
        "higher_thresholds",
        "target_score",
    ):
        assert key in OPTION_SPECS and OPTION_SPECS[key].label


def test_rules_digest_is_stable_and_tells_rule_sets_apart():
    assert Rules().digest() == Rules.from_dict({"preset": "classic"}).digest()
    assert Rules().digest() != Rules.modern_american().digest()
    assert Rules().differences(Rules(stock_draw=1)) == ["stock_draw"]


def test_an_unseen_card_stands_for_one_position_and_is_no_card_to_meld_or_lay() -> None:
    card = unseen_card(31)
    assert card == N_CARDS + 31 and is_unseen(card) and not is_unseen(CardId(107))
    assert CARD_CODE[card] == "??" and "??" not in VALID_CODES and "??" not in IDS_OF_CODE
    assert CARD_RANK[card] not in CARD_RANK[:N_CARDS] and CARD_POINTS[card] == 0
    assert not (IS_WILD[card] or IS_RED_THREE[card] or IS_BLACK_THREE[card] or IS_THREE[card])
    assert normalize_code("??") is None
    with pytest.raises(ValueError, match="no deck position"):
        unseen_card(N_CARDS)


def test_nearest_preset_is_worked_out_for_each_set_of_rules_by_its_options() -> None:
    assert Rules.preset("classic").nearest_preset() == "classic"
    # An equal set of rules made anew, and one a single option away from each preset.
    assert Rules.from_dict(Rules.preset("modern_american").to_dict()).nearest_preset() == (
        "modern_american"
    )
    modern = Rules.preset("modern_american").to_dict()
    assert Rules.from_dict(modern | {"target_score": 7000}).nearest_preset() == "modern_american"
    classic = Rules.preset("classic").to_dict()
    assert Rules.from_dict(classic | {"target_score": 7000}).nearest_preset() == "classic"
    # Many sets of rules made and dropped in turn (their ids reused): each still gets its own.
    for _ in range(600):
        assert Rules.from_dict(modern).nearest_preset() == "modern_american"
        assert Rules.from_dict(classic).nearest_preset() == "classic"
