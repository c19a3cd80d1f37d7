"""The card table answers real mouse clicks, drags and keys, stepped frame by frame with a fixed dt."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.logic import Game, Rules
from game.logic.cards import CARD_CODE, MELD_KEY_OF_NAME
from game.scenes.menu import MenuScene
from game.scenes.table.scores import GameOverScene, HandOverScene
from game.scenes.title import TitleScene
from tests.helpers.scenario import position
from tests.helpers.table import (
    card_spot,
    card_with_code,
    centre,
    drag,
    empty_mat_spot,
    engine,
    open_table,
    settle,
)
from tests.helpers.ui_events import click, press, step

NINE = MELD_KEY_OF_NAME["9"]
EIGHT = MELD_KEY_OF_NAME["8"]


@pytest.fixture
def sounds(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name) or True)
    return played


def opened_position(hand: str, melds: dict[str, str] | None = None, phase: str = "play") -> Game:
    return position(
        hands=(hand, "4C 4D 5H 6S 7C 9D JH"),
        melds=(melds or {"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        phase=phase,
        opened=(True, False),
    )


def test_clicking_the_stock_draws_from_it(app: App) -> None:
    table = open_table(app, Game(seed=4))
    game = engine(table)
    click(app, centre(table.geometry.stock_rect))
    assert game.log == [{"type": "draw"}]
    assert game.phase == "play" and game.to_move == 0
    assert len(game.turn.drawn) == 2


def test_clicking_the_pile_takes_it_with_a_natural_pair(app: App) -> None:
    game = position(hands=("8H 8S 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"), pile="7D 8D")
    table = open_table(app, game)
    click(app, centre(table.geometry.pile_rect))
    assert game.log[-1] == {"type": "take_pile", "with": ["8S", "8H"]} or game.log[-1] == {
        "type": "take_pile",
        "with": ["8H", "8S"],
    }
    assert not game.pile
    assert len(game.players[0].melds[EIGHT]) == 3
    # The rest of the pile is in the hand, locked until the opening minimum is met.
    assert any(CARD_CODE[c] == "7D" for c in game.turn.locked)


def test_selecting_cards_then_clicking_the_mat_melds_them(app: App) -> None:
    table = open_table(app, opened_position("9S 9H 9D 4C 5D KS KH"))
    game = engine(table)
    for code in ("9S", "9H", "9D"):
        click(app, card_spot(table, card_with_code(table, code)))
    assert len(table.moves.selected) == 3
    click(app, empty_mat_spot(table))
    assert sorted(CARD_CODE[c] for c in game.players[0].melds[NINE]) == ["9D", "9H", "9S"]
    assert not table.moves.selected


def test_double_clicking_a_card_adds_it_to_its_meld(app: App) -> None:
    table = open_table(app, opened_position("9C 4C 5D KS KH", {"9": "9S 9H 9D"}))
    spot = card_spot(table, card_with_code(table, "9C"))
    click(app, spot)
    click(app, spot)
    assert len(engine(table).players[0].melds[NINE]) == 4


def test_dragging_a_card_onto_a_meld_adds_it(app: App) -> None:
    table = open_table(app, opened_position("9C 4C 5D KS KH", {"9": "9S 9H 9D"}))
    box = table.board.layout.meld_boxes[(0, NINE)]
    drag(app, card_spot(table, card_with_code(table, "9C")), centre(box))
    assert len(engine(table).players[0].melds[NINE]) == 4


def test_dragging_a_selected_group_to_the_mat_makes_a_new_meld(app: App) -> None:
    table = open_table(app, opened_position("4C 5D KS KH KD 6H"))
    for code in ("KS", "KH", "KD"):
        click(app, card_spot(table, card_with_code(table, code)))
    step(app, 30)  # past the double-click time
    # Dragging one card of the selected group takes the whole group (User Guide 3.3).
    drag(app, card_spot(table, card_with_code(table, "KD")), empty_mat_spot(table))
    assert len(engine(table).players[0].melds[MELD_KEY_OF_NAME["K"]]) == 3


def test_right_clicking_a_card_discards_it(app: App) -> None:
    table = open_table(app, opened_position("4C 5D KS KH"))
    game = engine(table)
    card = card_with_code(table, "5D")
    click(app, card_spot(table, card), button=3)
    assert game.pile[-1] == card
    assert game.to_move == 1


def test_dragging_a_card_to_the_pile_discards_it(app: App) -> None:
    table = open_table(app, opened_position("4C 5D KS KH"))
    card = card_with_code(table, "KS")
    drag(app, card_spot(table, card), centre(table.geometry.pile_rect))
    assert engine(table).pile[-1] == card


def test_right_dragging_across_cards_selects_and_melds_them(app: App) -> None:
    table = open_table(app, opened_position("4C 5D KS KH KD 6H"))
    hand = table.board.hand_order
    kings = [c for c in hand if CARD_CODE[c].startswith("K")]
    drag(app, card_spot(table, kings[0]), card_spot(table, kings[-1]), button=3)
    assert len(engine(table).players[0].melds[MELD_KEY_OF_NAME["K"]]) == 3


def test_delete_undoes_the_last_meld(app: App) -> None:
    table = open_table(app, opened_position("9S 9H 9D 4C 5D KS KH"))
    game = engine(table)
    for code in ("9S", "9H", "9D"):
        click(app, card_spot(table, card_with_code(table, code)))
    click(app, empty_mat_spot(table))
    assert NINE in game.players[0].melds
    press(app, pygame.K_DELETE)
    assert NINE not in game.players[0].melds
    assert len(game.players[0].hand) == 7


def test_a_refused_move_shows_the_engines_sentence_and_changes_nothing(
    app: App, sounds: list[str]
) -> None:
    game = position(hands=("8H 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"), pile="7D 7S")
    table = open_table(app, game)
    before = game.state_hash()
    click(app, centre(table.geometry.pile_rect))
    assert game.state_hash() == before
    assert table.message_error
    assert "frozen" in table.model.message and "Sevens" in table.model.message
    assert sounds[-1] == "illegal"


def test_moves_out_of_turn_are_refused_politely(app: App, sounds: list[str]) -> None:
    game = position(hands=("8H 5C", "4C 4D 5H"), to_move=1)
    table = open_table(app, game, level="carefree")
    table.match.game.seats = ("human", "human")  # nobody answers for seat 1 in this test
    press(app, pygame.K_F6)
    assert game.log == [] and "your turn" in table.model.message
    assert sounds[-1] == "illegal"


def test_input_during_an_animation_is_applied_not_lost(app: App) -> None:
    table = open_table(app, opened_position("4C 5D KS KH", phase="draw"), speed=1.0)
    press(app, pygame.K_F6)  # the draw flies in...
    assert table.animator.busy
    card = card_with_code(table, "KH")
    click(app, card_spot(table, card), button=3)  # ...and the discard comes at once
    game = engine(table)
    assert game.pile[-1] == card and game.to_move == 1


def test_the_pass_button_ends_the_hand_when_the_stock_is_empty(app: App) -> None:
    game = position(hands=("4C 5D", "6S 7H"), pile="9D", stock="", stock_rest=False)
    table = open_table(app, game)
    button = table.buttons["pass"]
    assert button.visible and button.label == "End hand"
    click(app, button.rect.center)
    assert game.phase in ("hand_over", "game_over")


def test_a_hint_can_be_done_for_the_player(app: App) -> None:
    table = open_table(app, Game(seed=8))
    press(app, pygame.K_h)
    step(app)
    assert table.hint.state == "shown" and table.hint.lines
    click(app, table.hint.do_button.rect.center)
    step(app, 3)
    game = engine(table)
    assert game.log[0] in ({"type": "draw"},) or game.log[0]["type"] == "take_pile"


def test_going_back_to_an_earlier_turn_replays_the_hand_to_it(app: App) -> None:
    table = open_table(app, Game(seed=12), pauses=False)
    game = engine(table)
    dealt = sorted(game.players[0].hand)
    press(app, pygame.K_F6)
    click(app, card_spot(table, table.board.hand_order[0]), button=3)
    for _ in range(200):
        step(app)
        if engine(table).to_move == 0:
            break
    assert engine(table).to_move == 0 and engine(table).turn.no == 3
    click(app, table.buttons["earlier"].rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["Turn 1"].rect.center)
    rebuilt = engine(table)
    assert rebuilt.turn.no == 1 and not rebuilt.log
    assert sorted(rebuilt.players[0].hand) == dealt


@pytest.mark.slow
def test_a_whole_hand_against_the_computer_reaches_the_score_breakdown(app: App) -> None:
    table = open_table(app, Game(seed=21), pauses=False)
    for _ in range(6000):
        game = engine(table)
        if isinstance(app.stack.top, HandOverScene):
            break
        if game.to_move == 0 and game.phase == "draw":
            press(app, pygame.K_F6)
        elif game.to_move == 0 and game.phase == "play":
            card = table.board.hand_order[-1]
            click(app, card_spot(table, card), button=3)
        else:
            step(app)
    overlay = app.stack.top
    assert isinstance(overlay, HandOverScene)
    assert engine(table).history
    press(app, pygame.K_RETURN)
    if engine(table).phase == "game_over":
        assert isinstance(app.stack.top, GameOverScene)
    else:
        settle(app, table)
        assert engine(table).hand_no == 2


def test_the_game_is_saved_after_every_move_and_continue_restores_it(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    from game.match import load_autosave
    from game.scenes import flow

    table = open_table(app, Game(seed=5), autosave=True)
    press(app, pygame.K_F6)
    table.match.writer.flush()
    saved = load_autosave()
    assert saved.game.log == [{"type": "draw"}]
    app.stack.remove(table)
    restored = flow.continue_game(app)
    step(app)
    assert engine(restored).state_hash() == saved.game.state_hash()


def test_a_damaged_autosave_gives_a_clear_message_and_a_fresh_game(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    from game.match.autosaved_game import autosave_path
    from game.scenes import flow
    from game.scenes.dialog import DialogScene

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("{ not json", encoding="utf-8")
    app.stack.push(TitleScene(app))
    table = flow.launch(app)
    step(app)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "damaged" in dialog.message
    assert engine(table).log == [] and app.last_crash is None
    kept = autosave_path().with_name("autosave.damaged.json")
    assert kept.read_text(encoding="utf-8") == "{ not json" and str(kept) in dialog.message


def test_sound_effects_follow_the_moves(app: App, sounds: list[str]) -> None:
    table = open_table(app, opened_position("9S 9H 9D 4C 5D KS KH", phase="draw"))
    press(app, pygame.K_F6)
    for code in ("9S", "9H", "9D"):
        click(app, card_spot(table, card_with_code(table, code)))
    click(app, empty_mat_spot(table))
    click(app, card_spot(table, card_with_code(table, "4C")), button=3)
    assert "meld" in sounds and "place" in sounds


def test_modern_rules_show_on_the_rules_panel(app: App) -> None:
    table = open_table(app, Game(Rules.preset("modern_american"), seed=3))
    assert table.model.rules_title == "Modern American rules"
    classic = open_table(app, Game(seed=3))
    assert classic.model.rules_title == ""
