"""Three and four players (RULES.md section 9): the `players` option and its defaults, seats and
turn order, partnerships sharing one side's melds, "May I go out?", scoring by side, views."""

import random

import pytest

from game.bench import engine as bench_engine
from game.logic import Game, Rules, arena, legal_actions, player_view
from game.logic.actions import AnswerGoOut, AskGoOut, Discard, Draw, Meld
from game.logic.ai import ComputerPlayer
from game.logic.ai.partner import answer_go_out
from game.logic.phases import HAND_OVER
from game.logic.replay import load_replay, replay_document
from game.logic.rules import RulesError
from game.logic.view import determinize
from tests.helpers.scenario import all_cards, hidden_from, position, refused


@pytest.mark.parametrize(
    ("players", "preset", "hand", "draw", "canastas"),
    [
        (2, "classic", 15, 2, 2),
        (3, "classic", 13, 1, 2),
        (4, "classic", 11, 1, 1),
        (2, "modern_american", 13, 1, 2),
        (3, "modern_american", 13, 1, 2),
        (4, "modern_american", 13, 1, 2),
    ],
)
def test_seating_sets_section_nine_defaults(players, preset, hand, draw, canastas):
    rules = Rules.from_dict({"preset": preset, "players": players})
    assert (rules.players, rules.hand_size, rules.stock_draw) == (players, hand, draw)
    assert rules.canastas_to_go_out == canastas
    assert Rules.preset(preset).with_players(players) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


def test_an_option_set_explicitly_keeps_its_value_when_seating_four():
    rules = Rules.from_dict({"players": 4, "canastas_to_go_out": 2})
    assert (rules.hand_size, rules.canastas_to_go_out) == (11, 2)
    assert Rules.from_dict(rules.to_dict()) == rules
    changed = Rules(hand_size=13).with_players(4)
    assert (changed.hand_size, changed.stock_draw, changed.canastas_to_go_out) == (13, 1, 1)
    assert changed.with_players(2) == Rules(hand_size=13)


def test_two_player_rules_and_their_digest_do_not_name_the_number_of_players():
    assert "players" not in Rules().to_dict(full=True)
    with pytest.raises(RulesError):
        Rules.from_dict({"players": 5})


@pytest.mark.parametrize("players", [3, 4])
def test_play_passes_to_the_left_and_the_deal_too(players):
    game = Game(Rules.preset("classic", players), seed=3, first_player=1)
    assert game.dealer == 0 and game.to_move == 1
    assert [len(p.hand) for p in game.players] == [game.rules.hand_size] * players
    seen = []
    while len(seen) < players + 1:
        seen.append(game.to_move)
        game.apply(Draw())
        game.apply(next(a for a in legal_actions(game) if isinstance(a, Discard)))
    assert seen == [(1 + i) % players for i in range(players + 1)]


def four(**kwargs):
    kwargs.setdefault("totals", (0, 0))
    return position(Rules.preset("classic", 4), **kwargs)


def side_with_a_canasta(hands: tuple[str, str, str, str]):
    """Seat 0 to play, its side holding a canasta of Kings (enough to go out at four)."""
    return four(hands=hands, melds=({"K": "KH KD KC KS JK 2H 2D"}, {}), to_move=0, phase="play")


def test_partners_share_one_set_of_melds():
    game = four(
        hands=("7H 7D 7C 9S 9D", "4S 4D 5C 5D 6H", "7S 8H 8D 8C KS", "4H 5H 6D 6C QS"),
        melds=({"K": "KH KD KC"}, {}),
        to_move=0,
        phase="play",
    )
    game.apply(Meld(("7H", "7D", "7C")))
    assert game.players[2].melds is game.players[0].melds
    game.apply(Discard("9S"))
    game.apply(Draw())
    game.apply(Discard("4S"))
    game.apply(Draw())
    game.apply(Meld(("7S",)))  # onto the partner's Sevens
    game.apply(Meld(("KS",)))
    assert len(game.players[0].melds[7]) == 4 and len(game.players[0].melds[13]) == 4
    assert not game.players[1].melds and not game.players[3].melds
    assert all_cards(game) == list(range(108))


def test_may_i_go_out_waits_for_the_partner_and_no_forbids_going_out():
    game = side_with_a_canasta(("9S 9D 9C QD", "4S 4D 5C 5D 6H", "7S 8H 8D 8C", "4H 5H 6D 6C QS"))
    game.apply(AskGoOut())
    assert game.to_move == 0 and game.to_act == 2
    assert player_view(game, 2).must_answer
    assert legal_actions(game) == [AnswerGoOut(True), AnswerGoOut(False)]
    refused(game, Discard("9S"), "answer_pending")
    game.apply(AnswerGoOut(False))
    assert game.to_act == 0
    refused(game, AskGoOut(), "already_asked")
    refused(game, Meld(("9S", "9D", "9C")), "go_out_refused")
    assert not any(a.type == "meld" for a in legal_actions(game))
    game.apply(Discard("QD"))
    assert game.to_move == 1 and game.broken_yeses == [0, 0]


def test_a_broken_yes_costs_the_side_a_hundred():
    game = side_with_a_canasta(("9S 9D QD", "4S 4D 5C 5D 6H", "7S 8H 8D 8C", "4H 5H 6D 6C QS"))
    game.apply(AskGoOut())
    game.apply(AnswerGoOut(True))
    game.apply(Discard("QD"))
    assert game.broken_yeses == [1, 0]
    game.players[1].hand = []  # the opponents go out: the hand ends, the side pays
    game._go_out(1, [])
    assert game.hand_scores[0]["penalties"] == -100


def test_going_out_after_yes_scores_for_the_side_with_both_hands_against_the_other():
    game = side_with_a_canasta(("9S 9D 9C QD", "4S 4D", "7S 8H", "4H 5H"))
    game.apply(AskGoOut())
    game.apply(AnswerGoOut(True))
    game.apply(Meld(("9S", "9D", "9C")))
    game.apply(Discard("QD"))
    assert game.phase == "hand_over" and game.went_out == 0
    us, them = game.hand_scores
    assert us["in_hand"] == -15  # the partner's Seven and Eight
    assert us["going_out"] == 100 and us["penalties"] == 0
    assert them["in_hand"] == -20  # both opponents' hands
    assert game.totals == [us["total"], them["total"]]


def test_the_initial_minimum_and_the_frozen_pile_follow_the_side():
    game = four(
        hands=("9S 9D", "4S 4D 5C 5D 6H", "7S 7H 8D 8C", "4H 5H 6D 6C QS"),
        melds=({"K": "KH KD KC"}, {}),
        pile="QH 7D",
        to_move=2,
        totals=(1600, 0),
    )
    assert game.initial_meld_minimum(2) == 90 and game.initial_meld_minimum(1) == 50
    assert not game.pile_is_frozen_for(2) and game.pile_is_frozen_for(1)
    assert any(a.type == "take_pile" for a in legal_actions(game))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["classic", "modern_american"])
def test_random_play_keeps_cards_views_and_replays_at_every_count(players, preset):
    game = Game(Rules.preset(preset, players), seed=players)
    rng = random.Random(players)
    for _ in range(500):
        actions = legal_actions(game, include_undo=True)
        if not actions:
            break
        seat = game.to_act
        view = player_view(game, seat)
        assert not (view.visible_cards() & hidden_from(game, seat))
        copy = determinize(view, random.Random(0))
        assert all_cards(copy) == list(range(108))
        assert player_view(copy, seat).hand == view.hand
        game.apply(rng.choice(actions))
        assert all_cards(game) == list(range(108))
        if game.phase == "hand_over":
            assert len(game.hand_scores) == (2 if players == 4 else 3)
            game.apply({"type": "next_hand"})
    rebuilt = load_replay(replay_document(game))
    assert rebuilt.error is None and rebuilt.game.state_hash() == game.state_hash()
    assert game.clone().state_hash() == game.state_hash()


def test_three_players_each_score_alone_and_the_highest_past_the_target_wins():
    rules = Rules.from_dict({"players": 3, "target_score": 500})
    game = position(
        rules,
        hands=("9S 9D 9C QD", "4S 4D", "7S 8H"),
        melds=({"K": "KH KD KC KS JK 2H 2D", "A": "AH AD AC AS 2C 2S JK"}, {}, {}),
        to_move=0,
        phase="play",
        totals=(0, 0, 0),
    )
    game.apply(Meld(("9S", "9D", "9C")))
    game.apply(Discard("QD"))
    assert len(game.hand_scores) == 3 and game.winner == 0 and game.phase == "game_over"


@pytest.mark.parametrize("players", [3, 4])
def test_the_arena_plays_every_seating_of_a_deal_and_reports_both_sides(players):
    result = arena.run("carefree", "beginner", players, 5, Rules.preset("classic", players))
    assert result["games"] == players  # three seatings of one deal, or two of two deals
    assert result["players"] == players
    assert 0 <= result["side_ci95_a"][0] <= result["side_win_rate_a"] <= result["side_ci95_a"][1]
    assert "side carefree wins" in arena.describe(result)


def test_the_engine_benchmark_measures_three_and_four_players():
    seated = bench_engine._seated(4, 2, 1)
    assert seated["hands_per_second"] > 0 and set(seated["presets"]) == {
        "classic",
        "modern_american",
    }


def test_talons_go_to_the_first_two_sides_to_open_never_to_a_partner():
    for seed in range(6):
        game = Game(Rules.preset("modern_american", 4), seed=seed)
        rng = random.Random(seed)
        while game.phase not in ("hand_over", "game_over"):
            game.apply(rng.choice(legal_actions(game)))
        sides = [game.side_of(seat) for seat in game.talon_receivers]
        assert len(sides) == len(set(sides)) <= 2


def test_all_four_red_threes_on_one_side_score_800():
    game = four(
        hands=("9S 9D 9C QD", "4S 4D", "7S 8H", "4H 5H"),
        melds=({"K": "KH KD KC KS JK 2H 2D"}, {}),
        threes=("3H 3D 3H 3D", ""),
        to_move=2,
        phase="play",
    )
    game.apply(Discard("8H"))  # the partner's discard: the partner's seat shares the side's Threes
    game.players[1].hand = []
    game._go_out(1, [])
    assert game.hand_scores[0]["threes"] == 800


@pytest.mark.parametrize(
    ("players", "totals", "expected"),
    [(3, (100, 100, -50), 2), (4, (-50, 100), 0), (4, (100, -50), 1), (4, (0, 0), 1)],
)
def test_with_starter_loser_the_losing_side_nearest_the_dealers_left_starts(
    players, totals, expected
):
    rules = Rules.from_dict({"players": players, "starter": "loser"})
    game = Game(rules, seed=1, first_player=0)  # the dealer: the last seat
    game.hand_scores = [{"total": t} for t in totals]
    game.phase = HAND_OVER
    game.apply({"type": "next_hand"})
    assert game.first_player == expected and game.dealer == (expected - 1) % players


def test_a_computer_partner_answers_from_its_own_view():
    game = side_with_a_canasta(("9S 9D 9C QD", "4S 4D", "7S 8H", "4H 5H"))
    game.apply(AskGoOut())
    view = player_view(game, 2)
    assert view.must_answer and not player_view(game, 0).must_answer
    assert ComputerPlayer("advanced").decide(view) == AnswerGoOut(True)
    poor = four(
        hands=("9S 9D 9C QD", "4S 4D", "JK JK AS AD AC KD", "4H 5H"),
        melds=({"5": "5H 5D 5C"}, {}),
        to_move=0,
        phase="play",
    )
    poor.apply(AskGoOut())
    assert answer_go_out(player_view(poor, 2)) == AnswerGoOut(False)
