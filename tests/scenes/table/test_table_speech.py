"""With speech on, the table speaks a sensible set of events of a hand, not every card: the
player's refusals, the prompt when their turn comes, points and the score; the opponent's side
in its own voice; in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app import App
from game.language import Catalog, install
from game.language.files import use_language
from game.logic import events as ev
from game.logic.events import Event
from game.scenes.table.voice import phrases
from game.speech import Phrase, Side
from tests.helpers.speech import needs_engine, speech_on, spoken_texts
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    card_spot,
    centre,
    open_table,
    pile_with_a_pair,
    quick_autoplay_table,
    settle,
)
from tests.helpers.ui_events import click, step


@pytest.mark.slow
@needs_engine
def test_a_scripted_hand_queues_its_refusal_points_and_score(app: App) -> None:
    speech_on(app)
    table = quick_autoplay_table(app, about_to_go_out())
    click(app, centre(table.geometry.stock_rect))  # the player has drawn already: refused
    refusal = table.message
    assert table.message_error
    autoplay_to_the_results(app, table)
    assert list(app.speech.queued) == [
        Phrase(refusal),
        Phrase("You made a mixed canasta of Nines."),
        Phrase("Computer made a mixed canasta of Queens.", Side.OPPONENT),
        Phrase("You went out."),
        Phrase("You scored 1,310 points this hand."),
        Phrase("Computer scored 700 points this hand.", Side.OPPONENT),
        Phrase("The score: you 1,310, Computer 700."),
    ]
    assert spoken_texts(app.speech) == [phrase.text for phrase in app.speech.queued]


@needs_engine
def test_the_players_turn_is_announced_and_draws_and_discards_are_not(app: App) -> None:
    speech_on(app)
    table = open_table(app, pile_with_a_pair())
    click(app, centre(table.geometry.stock_rect))  # draw
    settle(app, table)
    card = table.board.hand_order[-1]
    click(app, card_spot(table, card), button=3)  # discard: the computer plays its turn
    for _ in range(600):
        if app.speech.queued:
            break
        step(app)
    assert list(app.speech.queued) == [Phrase("Your turn.")]


def test_the_end_of_the_game_is_said_from_the_players_side() -> None:
    names = ("Meg", "Computer")
    won = Event(ev.GAME_OVER, 0, info={"totals": (5120, 3400)})
    lost = Event(ev.GAME_OVER, 1, info={"totals": (3400, 5120)})
    assert phrases([won], names, prompt=True) == [Phrase("You won the game, 5,120 to 3,400.")]
    assert phrases([lost], names, prompt=True) == [Phrase("Computer won the game, 5,120 to 3,400.")]


def test_no_prompt_while_autoplay_plays_for_the_player() -> None:
    turn = Event(ev.TURN, 0)
    assert phrases([turn], ("Meg", "Computer"), prompt=False) == []
    assert phrases([turn], ("Meg", "Computer"), prompt=True) == [Phrase("Your turn.")]


def test_the_winner_of_a_three_player_game_is_named_with_their_total() -> None:
    names = ("Meg", "West", "East")
    east = Event(ev.GAME_OVER, 2, info={"totals": (3400, 2100, 5120)})
    assert phrases([east], names, prompt=True) == [Phrase("East won the game, 5,120 to 3,400.")]
    west = Event(ev.GAME_OVER, 1, info={"totals": (3400, 5120, 2100)})
    assert phrases([west], names, prompt=True) == [Phrase("West won the game, 5,120 to 3,400.")]


def test_the_table_s_phrases_are_said_in_the_player_s_language() -> None:
    use_language("es")
    try:
        canasta = Event(ev.CANASTA, 1, info={"kind": "mixed"}, rank=12)
        won = Event(ev.GAME_OVER, 0, info={"totals": (5120, 3400)})
        assert phrases([Event(ev.TURN, 0), canasta, won], ("Meg", "Ordenador"), prompt=True) == [
            Phrase("Te toca."),
            Phrase("Ordenador ha hecho una canasta mixta de Reinas.", Side.OPPONENT),
            Phrase("Has ganado la partida, 5.120 a 3.400."),
        ]
    finally:
        install(Catalog())


@needs_engine
def test_with_the_game_in_german_the_table_speaks_german(
    user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    app = App(size=(1280, 720), prefs_path=tmp_path / "prefs.json", language="de")
    try:
        speech_on(app)
        table = open_table(app, pile_with_a_pair())
        click(app, centre(table.geometry.stock_rect))  # draw
        settle(app, table)
        click(app, centre(table.geometry.stock_rect))  # again: refused
        assert table.message_error
        assert list(app.speech.queued) == [Phrase(table.message, Side.PLAYER, "de")]
        assert table.message.startswith("Du hast in diesem Zug schon gezogen")
        assert spoken_texts(app.speech) == [table.message]
    finally:
        app.close()
        install(Catalog())
