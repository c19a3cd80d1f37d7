"""The table for three and four players, through real mouse and keyboard events: the seats at
the sides and opposite, a person's draw, meld and discard at four on their side's melds, asking
North "May I go out?" and answering North's question, a computer player's words, and the end
of a watched game naming the player."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.logic import Game, Rules
from game.logic.actions import AskGoOut
from game.logic.cards import MELD_KEY_OF_NAME
from game.logic.hand.turn import NO, YES
from game.scenes.dialog import DialogScene
from game.scenes.table.scores import GameOverScene, HandOverScene
from game.scenes.table.table import TableScene
from tests.helpers.scenario import position
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    card_spot,
    card_with_code,
    centre,
    empty_mat_spot,
    open_table,
    quick_autoplay_table,
    settle,
)
from tests.helpers.ui_events import click, press, step

KING = MELD_KEY_OF_NAME["K"]
OTHERS = ("4C 4D 5H 6S 7C 9D JH", "5C 5D 6H 7S 8C 10D QH", "6C 6D 7H 8S 9C JD QS")


def four(hand: str, **kwargs: object) -> Game:
    return position(Rules().with_players(4), hands=(hand, *OTHERS), **kwargs)  # type: ignore[arg-type]


def north_asks(hand: str, melds: dict[str, str]) -> Game:
    """A game of four in which North, the person's partner, has asked "May I go out?"."""
    game = four(hand, melds=(melds, {}), pile="7S 6C", phase="play", opened=(True, False))
    game.to_move = 2
    game.apply(AskGoOut())
    return game


def drain(app: App, table: TableScene, frames: int = 300) -> None:
    """Step until the computer seats have played out what they may and the cards rest."""
    for _ in range(frames):
        step(app)
        if not table.match.changes and not table.animator.busy:
            return


def test_four_seats_each_in_their_place_and_named(app: App) -> None:
    table = open_table(app, Game(Rules().with_players(4), seed=5))
    g, board = table.geometry, table.board
    assert table.names[1:] == ("West", "North", "East")
    # West's cards lie in the strip left of the mat, East's right of it, North's above it.
    for seat, where in ((1, "left"), (2, "top"), (3, "right")):
        rects = [board.sprites[c].rect for c in table.state.hand(seat)]
        assert rects and all(board.sprites[c].shown for c in table.state.hand(seat))
        if where == "left":
            assert all(r.right <= g.mat.left for r in rects)
        elif where == "right":
            assert all(r.left >= g.mat.right for r in rects)
        else:
            assert all(r.bottom <= g.mat.top for r in rects)
    assert [name for name, _line, _cards in table.model.seats] == ["West", "North", "East"]
    assert [cards for _n, _l, cards in table.model.seats] == [11, 11, 11]


def test_three_seats_have_their_own_meld_areas(app: App) -> None:
    game = position(
        Rules().with_players(3),
        hands=("4C 5D 6H", "4H 5S 6D", "7C 8D 9H"),
        melds=({}, {"K": "KS KH KD"}, {"Q": "QS QH QD"}),
        opened=(False, True, True),
        totals=(0, 0, 0),
    )
    table = open_table(app, game)
    boxes = table.board.layout.meld_boxes
    g = table.geometry
    west_box = boxes[(1, KING)]
    east_box = boxes[(2, MELD_KEY_OF_NAME["Q"])]
    assert g.halves[1].contains(west_box) and g.halves[2].contains(east_box)
    assert west_box.right < east_box.left and table.model.names == table.names


def test_a_person_draws_melds_on_the_side_and_discards_at_four(app: App) -> None:
    game = four("KS KH KD 4H 5S 9C 9D JS QC", melds=({"Q": "QS QH QD"}, {}), opened=(True, False))
    table = open_table(app, game)
    click(app, centre(table.geometry.stock_rect))
    assert game.log == [{"type": "draw"}] and game.phase == "play"
    for code in ("KS", "KH", "KD"):
        click(app, card_spot(table, card_with_code(table, code)))
    click(app, empty_mat_spot(table))
    # The meld is the side's: North plays on it too, and it lies in the side's (lower) area.
    assert (
        len(game.players[0].melds[KING]) == 3
        and game.players[2].melds[KING] == (game.players[0].melds[KING])
    )
    settle(app, table)
    assert table.geometry.halves[0].contains(table.board.layout.meld_boxes[(0, KING)])
    card = card_with_code(table, "4H")
    click(app, card_spot(table, card), button=3)
    assert game.pile[-1] == card and game.to_move == 1


def test_asking_north_shows_the_answer_by_norths_name(app: App) -> None:
    game = four(
        "9C 5D 4H 6S 7D",
        melds=({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {}),
        pile="7S 6C",
        phase="play",
        opened=(True, False),
    )
    table = open_table(app, game)
    button = table.buttons["ask"]
    assert button.visible and button.label == "May I go out?"
    click(app, centre(button.rect))
    assert game.log[-1] == {"type": "ask_go_out"}
    drain(app, table, 30)
    assert game.turn.ask in (YES, NO)
    said = "Yes" if game.turn.ask == YES else "No"
    assert table.model.speech == {2: said}
    assert table.message.startswith(f"North says {said.lower()}")
    assert not table.buttons["ask"].visible  # once a turn


def test_norths_question_is_answered_in_a_dialog(app: App) -> None:
    game = north_asks("9C 5D 4H", {"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"})
    table = open_table(app, game)
    step(app, 3)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "North asks"
    click(app, centre(next(b for b in dialog.buttons if b.label == "No, not yet").rect))
    assert game.log[-1] == {"type": "answer_go_out", "yes": False}
    assert app.stack.top is table
    assert table.message == "You answered \u201cNo\u201d."


@pytest.mark.parametrize("key, yes", [(pygame.K_RETURN, True), (pygame.K_ESCAPE, False)])
def test_norths_question_answered_from_the_keyboard(app: App, key: int, yes: bool) -> None:
    game = north_asks("9C 5D 4H", {"K": "KS KH KD KC KS KH KD"})
    table = open_table(app, game)
    step(app, 3)
    assert isinstance(app.stack.top, DialogScene)
    press(app, key)
    assert game.log[-1] == {"type": "answer_go_out", "yes": yes}
    assert app.stack.top is table


@pytest.mark.parametrize("players", [3, 4])
def test_the_end_of_a_watched_game_names_the_player_not_their_seat(app: App, players: int) -> None:
    app.prefs.player_name = "Ada"
    totals = (4950, 0) if players == 4 else (4950, 0, 0)
    table = quick_autoplay_table(app, about_to_go_out(totals, players))
    autoplay_to_the_results(app, table)
    results = app.stack.top
    assert isinstance(results, HandOverScene)
    assert results.names[0] == ("Ada & North" if players == 4 else "Ada")
    press(app, pygame.K_RETURN)
    step(app, 5)
    over = app.stack.top
    assert isinstance(over, GameOverScene) and over.winner == 0
    assert over.names[0] == results.names[0]
    assert over.headline == ("Your side wins the game!" if players == 4 else "You win the game!")
