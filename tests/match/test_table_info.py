"""What the table works out for the player: AutoMeld's choice, the Open counter, the scoresheet."""

from __future__ import annotations

from game.language import Catalog, _, install
from game.language.files import use_language
from game.logic import Game, Rules, player_view
from game.logic.ai import ComputerPlayer
from game.logic.cards import IDS_OF_CODE
from game.logic.phases import GAME_OVER, HAND_OVER
from game.match.local_match import picture
from game.match.table_info import (
    auto_take_with,
    best_opening_points,
    fold_hands,
    narrate,
    opening_status,
    rules_summary,
    scoresheet_rows,
)
from tests.helpers.scenario import position


def test_a_frozen_pile_is_taken_with_a_natural_pair() -> None:
    game = position(hands=("8H 8S JK 5C", "4C"), pile="2C 8D")
    assert game.pile_is_frozen_for(0)
    assert sorted(auto_take_with(picture(game), 0, game.check)) == ["8H", "8S"]


def test_one_natural_and_no_meld_takes_a_joker_before_a_two() -> None:
    game = position(hands=("8H 2S JK 5C", "4C"), melds=({"Q": "QS QH QD"}, {}), pile="5D 8D")
    assert not game.pile_is_frozen_for(0)
    assert auto_take_with(picture(game), 0, game.check) == ("8H", "JK")


def test_a_melded_rank_takes_the_top_card_alone() -> None:
    game = position(hands=("8H 8S 5C", "4C"), melds=({"8": "8C 8D 8H"}, {}), pile="5D 8S")
    assert auto_take_with(picture(game), 0, game.check) == ()


def test_the_open_counter_is_green_when_the_hand_reaches_the_minimum() -> None:
    game = position(hands=("KH KS KD AH AS AD 5C", "4C"))
    status = opening_status(picture(game), 0)
    assert status.text == "To open: 50" and status.tint == "met"
    short = position(hands=("KH 4S 5D 6H", "4C"))
    assert opening_status(picture(short), 0).tint == "short"


def test_opening_points_use_wild_cards_on_pairs_first() -> None:
    cards = [IDS_OF_CODE[c][0] for c in ("AH", "AS", "JK", "5C", "5D", "5H")]
    points, splash = best_opening_points(cards, Rules())
    assert points == 20 + 20 + 50 + 15 and not splash


def test_the_scoresheet_shows_running_totals_in_italics_while_a_hand_is_played() -> None:
    game = position(hands=("4C", "4D"), melds=({"K": "KS KH KD"}, {}), threes=("3H", ""))
    rows = scoresheet_rows(picture(game))
    assert [(r.label, r.style) for r in rows] == [("Melds", "italic"), ("Bonus", "italic")]
    assert rows[0].values == (30, 0) and rows[1].values == (100, 0)


def test_the_rules_panel_lists_what_differs_from_the_preset() -> None:
    assert rules_summary(Rules()) == ("", [])
    title, lines = rules_summary(Rules.from_dict({"stock_draw": 1}))
    assert title == "Classic rules" and lines == ["Cards drawn from the stock: 1"]


def test_a_choice_in_the_rules_panel_is_said_in_words_in_the_player_s_language() -> None:
    _title, lines = rules_summary(Rules.from_dict({"starter": "loser"}))
    assert lines == ["Who starts a hand: loser of the hand"]
    use_language("es")
    try:
        assert [_(line) for line in lines] == ["Quién empieza una mano: quien perdió la mano"]
    finally:
        install(Catalog())


def test_plays_are_told_in_words() -> None:
    game = Game(seed=2)
    from game.logic import Draw

    events = game.apply(Draw())
    assert narrate(events, ("You", "Computer"))[0] == "You drew 2 cards"


def test_the_oldest_hands_fold_into_one_line_when_the_sheet_has_less_room() -> None:
    game = position(hands=("4C", "4D"), melds=({"K": "KS KH KD"}, {}))
    game.history = [
        {"hand": n, "scores": [{"total": 100 * n}, {"total": -n}]} for n in range(1, 10)
    ]
    rows = scoresheet_rows(picture(game))
    assert len(rows) == 11  # every hand, then Melds and Bonus
    folded = fold_hands(rows, 5)
    assert [row.label for row in folded] == ["Hands 1\u20137", "Hand 8", "Hand 9", "Melds", "Bonus"]
    assert folded[0].values == (2800, -28) and folded[0].style == "bold"
    assert folded[0].short == "1\u20137"
    assert fold_hands(rows, 11) == rows


def test_plays_in_spanish_read_right_for_you_as_for_a_name() -> None:
    # "Tú: roba 2 cartas" put a third-person verb after "you": every line is a noun phrase
    game = Game(seed=5)
    players = [ComputerPlayer("advanced", seed=seat) for seat in range(2)]
    lines = []
    while game.phase not in (HAND_OVER, GAME_OVER):
        seat = game.to_move
        lines += narrate(game.apply(players[seat].decide(player_view(game, seat))), ("Tú", "Ana"))
    use_language("es")
    try:
        said = [_(line) for line in lines]
    finally:
        install(Catalog())
    verbs = {"roba", "toma", "baja", "descarta", "pone", "pasa", "retira", "devuelve", "recibe"}
    verbs.add("cierra")
    mine = [line.removeprefix("Tú: ") for line in said if line.startswith("Tú: ")]
    assert len(mine) >= 5 and any(line.startswith("Ana: ") for line in said)
    assert not [line for line in mine if line.split()[0] in verbs], mine
