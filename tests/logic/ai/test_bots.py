"""The bot interface, the example bot, the sparring partners' defining behaviour, and the opponent
model that biases the search's deals."""

import random

import pytest

from game.logic import Game, Rules, player_view
from game.logic.actions import AnswerGoOut, AskGoOut, Discard, Draw, Meld, TakePile
from game.logic.ai import ComputerPlayer
from game.logic.ai.bots import Bot, legal_actions_for, load_bot
from game.logic.ai.example_bot import GreedyBot
from game.logic.ai.opponent import OpponentModel
from game.logic.ai.sparring import SPARRING, ByTheBook, Careful, Hoarder, PileHunter, Rusher
from game.logic.arena import make_bot, seatings
from game.logic.arena import play_game as arena_play_game
from game.logic.arena import run as arena_run
from game.logic.cards import CARD_RANK
from game.logic.phases import PLAY
from game.logic.view import determinize
from tests.helpers.scenario import position, random_position

CANASTA_Q = "QS QH QD QC QS QH QD"
CANASTA_J = "JS JH JD JC JS JH JD"


def play_turn(game, bot):
    mover, chosen = game.to_move, []
    while game.phase in ("draw", "play") and game.to_move == mover and len(chosen) < 20:
        action = bot.decide(player_view(game, mover))
        chosen.append(action)
        game.apply(action)
    return chosen


# ------------------------------------------------------------------ the interface
def test_every_built_in_player_is_a_bot():
    assert isinstance(ComputerPlayer("advanced"), Bot)
    for cls in SPARRING.values():
        assert isinstance(cls(seed=1), Bot)
    assert isinstance(GreedyBot(), Bot)


def test_legal_actions_for_a_view_match_the_game():
    for i in range(40):
        game = random_position(Rules(), 900 + i, steps=i * 2)
        if game.phase not in ("draw", "play"):
            continue
        view = player_view(game, game.to_move)
        assert legal_actions_for(view)
        for action in legal_actions_for(view):
            assert game.check(action) is None
        assert legal_actions_for(player_view(game, 1 - game.to_move)) == []


def test_load_bot_builds_an_outside_bot_with_its_seed():
    bot = load_bot("game.logic.ai.example_bot:GreedyBot", seed=7)
    assert isinstance(bot, GreedyBot) and bot.seed == 7


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("game.logic.ai.example_bot", "package.module:Class"),
        ("no.such.module:Bot", "Cannot import"),
        ("game.logic.ai.example_bot:Missing", "has no class"),
        ("game.logic.rules:Rules", "no decide"),
    ],
)
def test_load_bot_explains_a_bad_spec(spec, message):
    with pytest.raises(ValueError, match=message):
        load_bot(spec)


def test_arena_names_levels_sparring_partners_and_outside_bots():
    assert isinstance(make_bot("master", 1), ComputerPlayer)
    assert isinstance(make_bot("rusher", 1), Rusher)
    assert isinstance(make_bot("hoarder", 1), Hoarder)
    assert isinstance(make_bot("by_the_book", 1), ByTheBook)
    assert isinstance(make_bot("game.logic.ai.example_bot:GreedyBot", 1), GreedyBot)
    with pytest.raises(ValueError, match="Unknown bot"):
        make_bot("grandmaster", 1)


@pytest.mark.parametrize("opponent", ["rusher", "pile_hunter", "careful", "advanced"])
def test_example_bot_and_sparring_partners_play_whole_hands(opponent):
    result = arena_run("game.logic.ai.example_bot:GreedyBot", opponent, 4, 2, Rules())
    assert result["games"] == 4 and result["hands"] == 4


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("opponent", ["careful", "pile_hunter", "master"])
def test_example_bot_and_sparring_partners_play_at_three_and_four(players, opponent):
    rules = Rules.preset("classic", players)
    every_seating = len(seatings(players, "bot", opponent))  # one deal, the bot in every seat
    result = arena_run("game.logic.ai.example_bot:GreedyBot", opponent, every_seating, 3, rules)
    assert result["games"] == every_seating and result["players"] == players


def test_a_bot_asked_may_i_go_out_is_offered_the_two_answers():
    game = position(
        Rules.preset("classic", 4),
        hands=("9S 9D 9C QD", "4S 4D", "7S 8H", "4H 5H"),
        melds=({"K": "KH KD KC KS JK 2H 2D"}, {}),
        totals=(0, 0),
        phase=PLAY,
    )
    game.apply(AskGoOut())
    assert legal_actions_for(player_view(game, 2)) == [AnswerGoOut(True), AnswerGoOut(False)]
    assert legal_actions_for(player_view(game, 0)) == []
    assert GreedyBot().decide(player_view(game, 2)) == AnswerGoOut(True)


@pytest.mark.parametrize("name", list(SPARRING))
def test_sparring_partners_play_legal_moves_under_both_presets(name):
    for preset in ("classic", "modern_american"):
        rules = Rules.preset(preset)
        for i in range(60):
            game = random_position(rules, 1200 + i, steps=i % 70)
            if game.phase not in ("draw", "play"):
                continue
            action = SPARRING[name](seed=i).decide(player_view(game, game.to_move))
            assert game.check(action) is None, (name, preset, i, action)


@pytest.mark.parametrize("name", ["careful", "rusher"])
def test_a_sparring_partner_that_takes_back_its_melds_ends_its_turn(name):
    # Modern rules, deal 1000093: with the stock gone, the partner melds its Fours and Fives
    # down to two cards it can neither meld nor pass with, and takes the melds back. It must
    # then pass rather than meld the same way again (it used to loop until the arena gave up).
    game = Game(Rules.preset("modern_american"), seed=1000093)
    bots = [make_bot("advanced", 1000094), SPARRING[name](seed=1000095)]
    for _ in range(1000):
        if game.phase not in ("draw", "play"):
            break
        game.apply(bots[game.to_move].decide(player_view(game, game.to_move)))
    assert game.phase == "hand_over"


@pytest.mark.parametrize("deal", [1000093, 3000071])
def test_the_example_bot_ends_a_turn_whose_melds_it_took_back(deal):
    # Modern deals on which the example bot melded into a corner, took the melds back and
    # melded the same way again, until the arena gave up on the hand.
    bot = "game.logic.ai.example_bot:GreedyBot"
    rules = Rules.preset("modern_american")
    for sides in ((bot, "advanced"), ("advanced", bot)):
        result = arena_play_game(rules, deal, sides, None, (deal + 1, deal + 2))
        assert result["hands"] == 1


# ------------------------------------------------------------------ sparring partners
def test_rusher_goes_out_at_the_first_chance():
    # Far behind on the table, and the opponent cannot go out: a rusher goes out anyway.
    game = position(
        hands=("KS KH 4C", "5H 6H 7S 7H 8S 8H"),
        melds=({"Q": CANASTA_Q, "J": CANASTA_J, "K": "KC KD KC"}, {"9": "9S 9H 9D"}),
        phase=PLAY,
    )
    play_turn(game, Rusher())
    assert game.went_out == 0


def test_rusher_melds_everything_it_can():
    game = position(
        hands=("5S 5H 5D 9C 9D 9H KS AH 4C 7D", "5C 6H 7S"),
        melds=({"K": "KC KD KH"}, {}),
        phase=PLAY,
    )
    chosen = play_turn(game, Rusher())
    assert sum(isinstance(a, Meld) for a in chosen) == 3
    assert len(game.players[0].hand) == 2


def test_pile_hunter_freezes_the_pile_when_the_opponent_is_ahead():
    game = position(
        hands=("2C 5S 8D KC 9H", "4H 4D 7C"),
        melds=({"A": "AS AH AD"}, {"Q": CANASTA_Q}),
        pile="4S 6H 7D",
        phase=PLAY,
    )
    chosen = play_turn(game, PileHunter())
    assert chosen[-1] == Discard("2C")
    # Ahead itself, it keeps the wild card.
    game = position(
        hands=("2C 5S 8D KC 9H", "4H 4D 7C"),
        melds=({"A": CANASTA_Q}, {"Q": "AS AH AD"}),
        pile="4S 6H 7D",
        phase=PLAY,
    )
    assert play_turn(game, PileHunter())[-1] != Discard("2C")


def test_pile_hunter_keeps_pairs_and_takes_the_pile():
    game = position(hands=("5S 5H 9D KC", "4H 4D 7C"), melds=({"A": "AS AH AD"}, {}), phase=PLAY)
    chosen = play_turn(game, PileHunter())
    assert chosen[-1].card in ("9D", "KC")
    game = position(hands=("5S 5H 9D KC", "4H 4D 7C"), melds=({"A": "AS AH AD"}, {}), pile="7S 5D")
    assert isinstance(PileHunter().decide(player_view(game, 0)), TakePile)


def test_careful_never_discards_a_card_that_feeds_the_opponent():
    game = position(
        hands=("5S 8D KC KD", "4H 4D 7C"),
        melds=({"A": "AS AH AD"}, {"5": "5H 5D 5C", "8": "8S 8H 8C"}),
        pile="4S 6H",
        phase=PLAY,
    )
    assert play_turn(game, Careful())[-1] not in (Discard("5S"), Discard("8D"))
    # The rusher, by contrast, throws its highest lone card even onto the opponent's melds.
    game = position(
        hands=("5S 8D KC KD", "4H 4D 7C"),
        melds=({"A": "AS AH AD"}, {"5": "5H 5D 5C", "8": "8S 8H 8C"}),
        pile="4S 6H",
        phase=PLAY,
    )
    assert play_turn(game, Rusher())[-1] == Discard("8D")


def test_rusher_draws_from_the_stock_when_the_pile_is_small():
    game = position(hands=("5S 5H 9D KC", "4H 4D 7C"), melds=({"A": "AS AH AD"}, {}), pile="5D")
    assert isinstance(Rusher().decide(player_view(game, 0)), Draw)


def test_hoarder_opens_and_melds_new_ranks_only_late():
    # A full stock and a hand of twelve: the Kings and Queens that would open stay in hand.
    hands = ("KS KH KD QS QH QD 5C 6D 7H 8S 9C JD", "4H 4D 7C")
    game = position(hands=hands, phase=PLAY)
    chosen = play_turn(game, Hoarder())
    assert len(chosen) == 1 and isinstance(chosen[0], Discard)
    assert not game.players[0].opened
    # With the stock below forty cards the same hand opens (the rusher opens at once).
    game = position(hands=hands, phase=PLAY, stock="4S 4C 6S", stock_rest=False)
    play_turn(game, Hoarder())
    assert game.players[0].opened
    game = position(hands=hands, phase=PLAY)
    play_turn(game, Rusher())
    assert game.players[0].opened
    # Opened, early: its Fives stay hidden, its Kings go onto its meld.
    game = position(
        hands=("5S 5H 5D KC 9H JD 4C", "4H 4D 7C"), melds=({"K": "KS KH KD"}, {}), phase=PLAY
    )
    play_turn(game, Hoarder())
    assert 5 not in game.players[0].melds and len(game.players[0].melds[13]) == 4


def test_hoarder_goes_out_only_with_a_canasta_to_spare_or_late():
    # Two canastas, enough to go out: the rusher goes out, the hoarder lays off and waits.
    melds = {"Q": CANASTA_Q, "J": CANASTA_J, "K": "KC KD KH"}
    hands = ("KS KH 4C", "5H 6H 7S 7H 8S 8H")
    game = position(hands=hands, melds=(melds, {}), phase=PLAY)
    play_turn(game, Rusher())
    assert game.went_out == 0
    game = position(hands=hands, melds=(melds, {}), phase=PLAY)
    play_turn(game, Hoarder())
    assert game.went_out is None and len(game.players[0].hand) == 1
    # A canasta to spare: out.
    spare = melds | {"A": "AS AH AD AC AS AH AD"}
    game = position(hands=hands, melds=(spare, {}), phase=PLAY)
    play_turn(game, Hoarder())
    assert game.went_out == 0
    # The opponent down to three cards: out too.
    game = position(hands=(hands[0], "5H 6H 7S"), melds=(melds, {}), phase=PLAY)
    play_turn(game, Hoarder())
    assert game.went_out == 0


def test_by_the_book_keeps_two_of_a_long_rank_and_no_blocker_without_a_reason():
    # Offence (it opened, the opponent has not): of five Tens it melds three and keeps a pair to
    # take a frozen pile; a Black Three and a wild card stay in hand with nothing to guard.
    game = position(
        hands=("10S 10H 10D 10C 10S 3C 2H 5D 9C KH", "4H 4D 7C 8S"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="6S",
        phase=PLAY,
    )
    chosen = play_turn(game, ByTheBook())
    assert Meld(("10S", "10H", "10D")) in chosen
    hand = [CARD_RANK[c] for c in game.players[0].hand]
    assert hand.count(10) == 2 and 3 in hand and 2 in hand
    # The rusher melds all five.
    game = position(
        hands=("10S 10H 10D 10C 10S 3C 2H 5D 9C KH", "4H 4D 7C 8S"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="6S",
        phase=PLAY,
    )
    play_turn(game, Rusher())
    assert len(game.players[0].melds[10]) == 5


def test_by_the_book_discards_long_ranks_early_and_short_ones_on_defence():
    # Neither side has opened: of three Sixes (too few points to open) one goes, keeping a pair
    # and the lone cards that make pairs later; the rusher throws a lone card.
    hands = ("6S 6H 6D 9C KH 4D", "4H 7C 8S 5C 5D 9S JH")
    early = position(hands=hands, pile="4S 8D", phase=PLAY)
    assert ByTheBook().decide(player_view(early, 0)) in (
        Discard("6S"),
        Discard("6H"),
        Discard("6D"),
    )
    assert Rusher().decide(player_view(early, 0)) in (Discard("9C"), Discard("KH"))
    # The opponent opened first (it sees the opponent's meld before its own opening): defence,
    # the lone Nine goes rather than a Six, and never a card of the opponent's Jacks on the open
    # pile.
    book = ByTheBook()
    first = position(hands=(hands[0], "4H 7C 8S 5C 5D"), melds=({}, {"J": "JS JH JC"}), pile="4S")
    book.decide(player_view(first, 0))
    defence = position(
        hands=("6S 6H 6D 6C 9C KH KD JD", "4H 4D 7C 8S"),
        melds=({"Q": "QS QH QD", "6": "6S 6H 6D"}, {"J": "JS JH JC"}),
        pile="4S 8D",
        phase=PLAY,
    )
    chosen = play_turn(defence, book)
    assert chosen[-1] == Discard("9C")


def test_by_the_book_freezes_the_pile_when_holding_more_cards_than_an_opened_opponent():
    melds = ({"Q": "QS QH QD"}, {"A": "AS AH AD"})
    game = position(
        hands=("2C 5S 8D KC 9H 6D 7C", "4H 4D 7D"), melds=melds, pile="4S 6H 7H 8H 9S", phase=PLAY
    )
    assert ByTheBook().decide(player_view(game, 0)) == Discard("2C")
    # Holding fewer cards than the opponent, it keeps the wild card.
    game = position(
        hands=("2C 5S 8D KC", "4H 4D 7D 9D 10D JD QC"),
        melds=melds,
        pile="4S 6H 7H 8H 9S",
        phase=PLAY,
    )
    assert ByTheBook().decide(player_view(game, 0)) != Discard("2C")


# ------------------------------------------------------------------ the opponent model
def _observed_game(pile="5S 7D"):
    """Seat 0 discards a Nine, seat 1 draws from the stock (refusing it) and discards a King."""
    game = position(
        hands=("9S 4C 5D 6H 7S", "4H 4D 6C 6D 8S 8H 10S 10H QS KD"),
        melds=({"A": "AS AH AD"}, {"J": "JS JH JD"}),
        pile=pile,
        phase=PLAY,
    )
    model = OpponentModel()
    model.observe(player_view(game, 0))
    model.note_discard(player_view(game, 0), "9S")
    game.apply(Discard("9S"))
    game.apply(Draw())
    game.apply(Discard("KD"))
    view = player_view(game, 0)
    model.observe(view)
    return game, view, model


def test_opponent_model_remembers_discards_and_refusals():
    _game, view, model = _observed_game()
    assert model.refused == {9}
    assert model.discarded == {1: {13}}
    assert model.unlikely_ranks(view) == {9, 11, 13}


@pytest.mark.parametrize("pile", ["", "5S"])
def test_leaving_a_pile_of_one_or_two_cards_is_no_refusal(pile):
    # Nobody takes a pile of one or two cards for its own sake: a player who leaves it may well
    # hold a pair of its top card, and one who declines small piles on purpose would bait us.
    _game, view, model = _observed_game(pile)
    assert model.refused == set()
    assert model.discarded == {1: {13}}
    assert model.unlikely_ranks(view) == {11, 13}


def test_opponent_model_deals_the_opponent_fewer_unlikely_cards():
    _game, view, model = _observed_game()

    def count(deal):
        total = 0
        for k in range(300):
            game = deal(view, random.Random(k))
            total += sum(CARD_RANK[c] in (9, 11, 13) for c in game.players[1].hand)
        return total

    assert count(model.determinize) < 0.5 * count(determinize)


def test_opponent_model_deals_keep_the_view():
    _game, view, model = _observed_game()
    for k in range(50):
        game = model.determinize(view, random.Random(k))
        assert player_view(game, 0) == view
        cards = [c for p in game.players for c in p.hand] + game.stock + game.pile
        assert len(set(cards)) == len(cards)


def test_opponent_model_starts_afresh_each_hand():
    _game, view, model = _observed_game()
    game = Game(Rules(), seed=3)
    game.hand_no = view.hand_no + 1
    model.observe(player_view(game, 0))
    assert model.discarded == {} and model.refused == set()
