"""The computer players at three and four (RULES.md section 9): every level decides from its own
view only (never a partner's hand), discards against the next player (the one who may take the
discard), plays on its side's shared melds, freezes the pile with its partner in mind, asks "May I
go out?" when its partner's cards decide it and answers from its own view; hints work in every
seat."""

from __future__ import annotations

import random

import pytest

from game.logic import Game, Rules, legal_actions, player_view
from game.logic.actions import AnswerGoOut, AskGoOut, Discard, Meld
from game.logic.ai import LEVELS, ComputerPlayer, heuristic
from game.logic.ai.hint import _discard_words, hint
from game.logic.ai.partner import answer_go_out
from game.logic.assist import explain_hint
from game.logic.cards import IDS_OF_CODE
from game.logic.phases import DRAW, GAME_OVER, HAND_OVER, PLAY
from tests.helpers.scenario import position


def four(**kwargs):
    kwargs.setdefault("totals", (0, 0))
    return position(Rules.preset("classic", 4), **kwargs)


def know(game: Game, seat: int, codes: str) -> None:
    """Seat `seat` is seen to hold these cards of its hand (it took them from the pile)."""
    player = game.players[seat]
    for code in codes.split():
        player.known.add(next(c for c in player.hand if c in IDS_OF_CODE[code]))


def _advanced_until_seat_plays(players: int, seed: int, seat: int) -> Game:
    """A game of `players` played by Advanced players until `seat` has drawn in its third turn."""
    game = Game(Rules.preset("classic", players), seed=seed)
    bots = [ComputerPlayer("advanced", seed=k) for k in range(players)]
    turns = 0
    while True:
        if game.to_act == seat and game.phase == PLAY:
            turns += 1
            if turns == 3:
                return game
            while game.phase == PLAY and game.to_move == seat:
                game.apply(bots[seat].decide(player_view(game, seat)))
            continue
        game.apply(bots[game.to_act].decide(player_view(game, game.to_act)))


def _shuffle_hidden(game: Game, seat: int, others: list[int], seed: int) -> Game:
    """A copy of `game` in which the unseen cards of `others` are exchanged with the stock's."""
    twin = game.clone()
    rng = random.Random(seed)
    for other in others:
        player = twin.players[other]
        hidden = [i for i, c in enumerate(player.hand) if c not in player.known]
        for index in hidden:
            spot = rng.randrange(len(twin.stock))
            player.hand[index], twin.stock[spot] = twin.stock[spot], player.hand[index]
    assert player_view(twin, seat) == player_view(game, seat)
    return twin


def _turn_of(game: Game, seat: int, level: str) -> list:
    """The rest of `seat`'s turn as `level` plays it in `game` (stopping at "May I go out?")."""
    bot = ComputerPlayer(level, seed=11)
    actions = []
    while game.phase == PLAY and game.to_move == seat and len(actions) < 20:
        action = bot.decide(player_view(game, seat))
        actions.append(action)
        if isinstance(action, AskGoOut):
            break  # the answer comes from the partner's own hand
        game.apply(action)
    return actions


@pytest.mark.parametrize("level", LEVELS)
def test_a_partners_hand_never_changes_a_decision(level):
    for seed in (1, 2):
        game = _advanced_until_seat_plays(4, seed, 0)
        twin = _shuffle_hidden(game, 0, [2], seed)
        assert game.players[2].hand != twin.players[2].hand
        assert _turn_of(game, 0, level) == _turn_of(twin, 0, level)


@pytest.mark.parametrize("level", ["advanced", "expert", "master"])
def test_the_other_players_hands_never_change_a_decision_at_three(level):
    game = _advanced_until_seat_plays(3, 4, 2)
    twin = _shuffle_hidden(game, 2, [0, 1], 4)
    assert _turn_of(game, 2, level) == _turn_of(twin, 2, level)


def _left_and_right(mover: int, left_pair: str, right_pair: str) -> Game:
    """`mover` to discard a Queen, an Eight or a Four; the player on its left (who plays next)
    was seen to take `left_pair` from the pile, the one on its right `right_pair`."""
    left, partner, right = (mover + 1) % 4, (mover + 2) % 4, (mover + 3) % 4
    hands = [""] * 4
    hands[mover], hands[partner] = "QS 8S 4C", "JH 10H 5S"
    hands[left], hands[right] = f"{left_pair} 6C 7C 9H", f"{right_pair} 6D 7D 9D"
    melds: list[dict[str, str]] = [{}, {}]
    melds[mover % 2], melds[left % 2] = {"K": "KH KD KC"}, {"A": "AH AD AC"}
    game = four(hands=hands, melds=melds, pile="AS 5C 6S 9S JC AC 10C", to_move=mover, phase=PLAY)
    know(game, left, left_pair)
    know(game, right, right_pair)
    return game


@pytest.mark.parametrize("mover", [0, 3])
@pytest.mark.parametrize(
    ("left_pair", "right_pair", "fed"), [("QH QD", "8H 8D", "QS"), ("8H 8D", "QH QD", "8S")]
)
def test_discards_keep_the_pile_from_the_player_on_the_left(mover, left_pair, right_pair, fed):
    game = _left_and_right(mover, left_pair, right_pair)
    decision = ComputerPlayer("advanced").decide(player_view(game, mover))
    # The card the right-hand opponent could use is safe: the left one discards on top of it.
    assert decision == Discard(({"QS", "8S"} - {fed}).pop())
    for style in (heuristic.ADVANCED, heuristic.MASTER):
        discards = [a for a in legal_actions(game) if isinstance(a, Discard)]
        assert heuristic.discards_by_preference(game, discards, style)[-1].card == fed


def test_at_three_the_next_player_is_the_one_a_discard_must_not_feed():
    # Seat 2's next player is seat 0, whose Sevens would take the pile.
    game = position(
        Rules.preset("classic", 3),
        hands=("4H 5H 6D", "QH 10D JD", "7S 4D"),
        melds=({"7": "7H 7D 7C"}, {"Q": "QC QD QH"}, {"K": "KH KD KC"}),
        pile="4C 4S 6C 8H 8D",
        to_move=2,
        phase=PLAY,
        totals=(0, 0, 0),
    )
    for level in ("advanced", "master"):
        assert ComputerPlayer(level).decide(player_view(game, 2)) == Discard("4D")


def test_a_partner_lays_off_on_the_melds_the_other_partner_started():
    game = four(
        hands=("4H 5H 6D", "4S 5C 6C 8D", "9D 9C 4C JH", "5D 6H 8H 10S"),
        melds=({"9": "9S 9D 9C 9H 9S"}, {}),
        to_move=2,
        phase=PLAY,
    )
    for level in ("beginner", "advanced", "master"):
        assert ComputerPlayer(level).decide(player_view(game, 2)) == Meld(("9D", "9C"))


def test_freezing_the_pile_is_worth_less_with_a_partner_and_nothing_once_frozen():
    def wild_score(players: int, pile: str) -> float:
        rules = Rules.preset("classic", players)
        hands = ("JK 8S 4C", "7H 7D 6C 7C", "JH 10H 5S", "QD 6D 7D 9D")[:players]
        game = position(
            rules,
            hands=hands,
            melds=({"K": "KH KD KC"}, {"A": "AH AD AC"}),
            pile=pile,
            to_move=0,
            phase=PLAY,
            totals=(0,) * (2 if players == 4 else players),
        )
        return heuristic.discard_score(game, Discard("JK"), heuristic.ADVANCED)

    open_pile, frozen_pile = "5C 6S 9S JC 10C 4H 4D", "5C 6S 9S 2C JC 10C 4H"
    assert wild_score(4, open_pile) < wild_score(2, open_pile)
    assert wild_score(4, frozen_pile) < wild_score(4, open_pile)
    assert wild_score(2, frozen_pile) == wild_score(2, open_pile)


def _may_go_out(partner_hand: str) -> Game:
    """Seat 0 can meld its Nines and go out on its side's canasta of Kings; the other side has a
    natural canasta of Queens, so whether going out pays depends on the partner's cards."""
    return four(
        hands=("9S 9D 9C 4D", "4S 4D 5C 5D 6H", partner_hand, "4H 5H 6D 6C 7H"),
        melds=({"K": "KH KD KC KS JK 2H 2D"}, {"Q": "QH QD QC QS QH QD QC"}),
        to_move=0,
        phase=PLAY,
    )


def test_a_close_call_to_go_out_is_put_to_the_partner():
    game = _may_go_out("7S 8H 8D 8C AS AD 10S 10C")
    for level in ("advanced", "expert", "master"):
        assert ComputerPlayer(level).decide(player_view(game, 0)) == AskGoOut()
    # A beginner goes out without asking, and so does a player whose partner holds one card.
    assert ComputerPlayer("beginner").decide(player_view(game, 0)) != AskGoOut()
    alone = _may_go_out("7S")
    assert ComputerPlayer("advanced").decide(player_view(alone, 0)) == Meld(("9S", "9D", "9C"))


@pytest.mark.parametrize(
    ("partner_hand", "answer"),
    [("7S 8H 8D 8C AS AD 10S 10C", True), ("JK JK AS AD AC 10S 10C 2S", False)],
)
def test_the_partner_answers_from_its_own_cards_and_the_asker_obeys(partner_hand, answer):
    game = _may_go_out(partner_hand)
    game.apply(AskGoOut())
    assert answer_go_out(player_view(game, 2)) == AnswerGoOut(answer)
    assert ComputerPlayer("master").decide(player_view(game, 2)) == AnswerGoOut(answer)
    game.apply(AnswerGoOut(answer))
    for level in ("advanced", "master"):
        trial = game.clone()
        _turn_of(trial, 0, level)
        assert (trial.went_out == 0) is answer
        assert trial.broken_yeses == [0, 0]


def test_the_partner_says_no_when_the_other_side_is_ahead_and_yes_when_it_is_about_to_go_out():
    def asked(opponent_hands: tuple[str, str]) -> Game:
        game = four(
            hands=("9S 9D 9C 4D", opponent_hands[0], "7S 8H", opponent_hands[1]),
            melds=(
                {"K": "KH KD KC KS JK 2H 2D"},
                {"Q": "QH QD QC QS QH QD QC", "A": "AH AD AC AS AH AD AC", "J": "JS JD JC"},
            ),
            to_move=0,
            phase=PLAY,
        )
        game.apply(AskGoOut())
        return game

    far = asked(("4S 4D 5C 5D 6H 6S", "4H 5H 6D 6C 7H 7D"))
    assert answer_go_out(player_view(far, 2)) == AnswerGoOut(False)
    close = asked(("4S 4D", "4H 5H 6D 6C 7H 7D"))
    assert answer_go_out(player_view(close, 2)) == AnswerGoOut(True)


@pytest.mark.parametrize("players", [3, 4])
def test_hints_play_a_whole_hand_in_every_seat(players):
    """Every seat follows the hint (what "Do it" and AutoPlay's advice perform), answering its
    partner's question too; each hint is legal, explained, and the hand ends."""
    game = Game(Rules.preset("classic", players), seed=players)
    asked = answered = 0
    for _step in range(600):
        if game.phase in (HAND_OVER, GAME_OVER):
            break
        seat = game.to_act
        view = player_view(game, seat)
        budget = iter(range(3))
        suggestion = hint(view, seed=seat, should_stop=lambda budget=budget: next(budget, -1) < 0)
        assert suggestion.actions and suggestion.reason.endswith(".")
        assert len(explain_hint(view, suggestion.actions)) == len(suggestion.actions)
        for action in suggestion.actions:
            if game.to_act != seat or game.phase not in (DRAW, PLAY):
                break
            asked += isinstance(action, AskGoOut)
            answered += isinstance(action, AnswerGoOut)
            game.apply(action)
    assert game.phase in (HAND_OVER, GAME_OVER)
    assert answered == asked


def test_a_hint_to_a_partner_who_is_asked_is_the_answer_with_its_reason():
    game = _may_go_out("7S 8H 8D 8C AS AD 10S 10C")
    suggestion = hint(player_view(game, 0))
    assert suggestion.actions == (AskGoOut(),)
    assert "May I go out?" in suggestion.reason
    game.apply(AskGoOut())
    answer = hint(player_view(game, 2))
    assert answer.actions == (AnswerGoOut(True),) and answer.reason.startswith('Answer "Yes"')
    assert explain_hint(player_view(game, 2), answer.actions) == [answer.reason]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_hand_in_every_seat(players, level):
    game = Game(Rules.preset("modern_american", players), seed=7)
    bots = [ComputerPlayer(level, seed=seat) for seat in range(players)]
    for _step in range(3000):
        if game.phase in (HAND_OVER, GAME_OVER):
            break
        seat = game.to_act
        game.apply(bots[seat].decide(player_view(game, seat)))  # refused if not legal
    assert game.phase in (HAND_OVER, GAME_OVER)


def test_explanations_name_the_next_player_and_a_freeze_for_both_sides_at_four():
    game = _left_and_right(0, "QH QD", "8H 8D")
    view = player_view(game, 0)
    fits, safe = explain_hint(view, [Discard("QS")])[0], explain_hint(view, [Discard("8S")])[0]
    assert "although the next player took two Queens from the pile" in fits
    assert "the next player has no meld of Eights" in safe
    assert "opponent" not in fits + safe
    assert _discard_words(view, "8S") == "discard the 8S, the card that helps the next player least"
    frozen = four(hands=("JK 8S 4C", "", "", ""), melds=({"K": "KH KD KC"}, {}), phase=PLAY)
    assert explain_hint(player_view(frozen, 0), [Discard("JK")])[0].endswith(
        "a wild card freezes the pile against both sides."
    )
