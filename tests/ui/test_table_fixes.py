"""Defects found in a playtest of the table, each posted as the player's real events."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.logic.cards import MELD_KEY_OF_NAME
from game.match import LocalGame, local_match
from game.scenes.dialog import DialogScene
from game.scenes.table.scores import GameOverScene, HandOverScene
from game.scenes.table.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from game.sprites.cards import Tint
from game.ui import theme as th
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

EIGHT = MELD_KEY_OF_NAME["8"]


def pile_with_a_pair() -> Game:
    return position(hands=("8H 8S 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"), pile="7D 8D")


def test_dragging_the_pile_to_the_mat_takes_it(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    drag(app, centre(table.geometry.pile_rect), empty_mat_spot(table))
    game = engine(table)
    assert game.log[-1]["type"] == "take_pile"
    assert not game.pile
    assert table.drag is None


def test_dragging_the_pile_onto_a_meld_takes_it(app: App) -> None:
    game = position(
        hands=("8H 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"8": "8S 8C 8D"}, {}),
        pile="7D 8D",
        opened=(True, False),
    )
    table = open_table(app, game)
    box = table.board.layout.meld_boxes[(0, EIGHT)]
    drag(app, centre(table.geometry.pile_rect), centre(box))
    assert game.log[-1]["type"] == "take_pile"
    assert len(game.players[0].melds[EIGHT]) >= 4


def test_a_pile_dropped_back_on_the_pile_springs_back(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    start = centre(table.geometry.pile_rect)
    drag(app, start, (start[0] + 20, start[1] + 4))
    assert not engine(table).log
    top = engine(table).pile[-1]
    settle(app, table)
    assert table.board.sprites[top].rect.collidepoint(start)


def about_to_go_out(totals: tuple[int, int] = (0, 0)) -> Game:
    """Seat 0 has a canasta and can go out this turn."""
    return position(
        hands=("9C 5D", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {}),
        pile="7D 6C",
        phase="play",
        opened=(True, False),
        totals=totals,
    )


def quick_autoplay_table(app: App, game: Game) -> TableScene:
    """A table whose AutoPlay plays at the quickest level, so a hand ends in a few moves."""
    match = local_match(
        LocalGame(game, levels=("carefree", "carefree")), autosave=False, worker_mode="inline"
    )
    table = TableScene(app, match, options=TableOptions(speed=0.0))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table


def autoplay_to_the_results(app: App, table: TableScene) -> None:
    click(app, centre(table.buttons["autoplay"].rect))
    assert table.match.autoplay
    for _ in range(600):
        if isinstance(app.stack.top, HandOverScene):
            return
        step(app)
    raise AssertionError("the hand never ended")


def test_autoplay_hand_results_stay_until_dismissed(app: App) -> None:
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 250, dt=0.1)  # 25 seconds, longer than any time the preferences offer
    assert isinstance(app.stack.top, HandOverScene)
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert table.match.autoplay  # the next hand is played on


def test_autoplay_hand_results_stay_for_the_time_chosen(app: App) -> None:
    app.prefs.results_seconds = 10
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 80, dt=0.1)
    assert isinstance(app.stack.top, HandOverScene)
    step(app, 30, dt=0.1)
    assert app.stack.top is table


def test_autoplay_stops_at_game_over_and_the_scores_wait(app: App) -> None:
    app.prefs.results_seconds = 5
    table = quick_autoplay_table(app, about_to_go_out(totals=(4950, 0)))
    autoplay_to_the_results(app, table)
    step(app, 60, dt=0.1)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    assert not table.match.autoplay
    step(app, 250, dt=0.1)  # no new game starts by itself
    assert app.stack.top is over
    assert engine(table).phase == "game_over"


def test_undo_turn_after_taking_the_pile_asks_first_naming_the_penalty(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    game = engine(table)
    click(app, centre(table.geometry.pile_rect))
    assert game.log[-1]["type"] == "take_pile"
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    assert "50 points" in dialog.message
    assert [b.label for b in dialog.buttons] == ["Give it back (-50)", "Cancel"]
    click(app, centre(dialog.buttons[1].rect))
    assert app.stack.top is table
    assert game.log[-1]["type"] == "take_pile" and not game.pile
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    click(app, centre(app.stack.top.buttons[0].rect))
    assert app.stack.top is table
    assert game.phase == "draw" and len(game.pile) == 2
    assert game.players[0].returns == 1


def test_undoing_the_last_step_back_to_the_pile_take_asks_too(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    click(app, centre(table.geometry.pile_rect))
    press(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, DialogScene)
    press(app, pygame.K_ESCAPE)
    assert engine(table).log[-1]["type"] == "take_pile"


def test_undo_turn_without_the_pile_asks_nothing(app: App) -> None:
    table = open_table(app, opened_position_with_a_meld())
    game = engine(table)
    for code in ("9S", "9H", "9D"):
        click(app, card_spot(table, card_with_code(table, code)))
    click(app, empty_mat_spot(table))
    assert game.players[0].melds
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    assert app.stack.top is table
    assert not game.players[0].melds.get(MELD_KEY_OF_NAME["9"])


def opened_position_with_a_meld() -> Game:
    return position(
        hands=("9S 9H 9D 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        phase="play",
        opened=(True, False),
    )


LONG = (
    "The pile is frozen: you need two natural cards of the top card's rank in your hand to take "
    "it, and the cards you meld with it must reach your opening minimum of 50 points."
)


def shown_status_lines(app: App, table: TableScene) -> list[str]:
    """The status message lines on screen now, as the HUD laid them out."""
    hud = table.hud
    size, lines = hud.message_lines(table.model.message, hud.last_message_room)
    per_page = 1 if size == 15 else 2
    first = (table.model.message_page % hud.message_pages) * per_page
    return lines[first : first + per_page]


def test_a_long_status_message_wraps_and_is_never_cut(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    table.refuse(LONG)
    step(app)
    seen: list[str] = []
    while table.model.message == LONG:
        for line in shown_status_lines(app, table):
            if line not in seen:
                seen.append(line)
        step(app, 31, dt=0.1)  # the next page, if any
    assert " ".join(seen) == LONG
    assert "\u2026" not in "".join(seen)
    room = table.hud.last_message_room
    for line in seen:
        assert app.theme.font(13).size(line)[0] <= room


def test_status_bar_figures_are_words_with_details_on_hover(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    texts = [c.text for c in table.model.counters]
    assert texts[0] == "Hand 1, turn 1"
    assert texts[1].startswith("To open: ")
    assert texts[2].startswith("In hand: ") and texts[2].endswith(" points")
    assert not any("(" in t for t in texts)
    box, tip = table.hud.counter_boxes[-3]  # drawn right to left: the cards in hand
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert table.model.tip == tip and "If the hand ended now" in tip
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert table.model.tip == ""


def move_to(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)


def drawn_tints(table: TableScene) -> list[Tint | None]:
    game = engine(table)
    return [table.board.layout.placements[c].tint for c in game.turn.drawn]


def test_cards_drawn_with_the_pointer_resting_on_the_hand_are_tinted(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    move_to(app, centre(table.geometry.hands[0]))
    press(app, pygame.K_F6)
    assert engine(table).turn.drawn
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}
    move_to(app, (centre(table.geometry.hands[0])[0] + 30, centre(table.geometry.hands[0])[1]))
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}  # still inside: no new pass
    move_to(app, centre(table.geometry.halves[0]))
    move_to(app, centre(table.geometry.hands[0]))
    assert set(drawn_tints(table)) == {None}


def test_cards_drawn_by_dragging_the_stock_to_the_hand_are_tinted(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    drag(app, centre(table.geometry.stock_rect), centre(table.geometry.hands[0]))
    assert engine(table).log[-1] == {"type": "draw"}
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}


def test_the_dealer_is_marked_on_the_scoresheet(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    step(app)
    dealer = 1 - engine(table).first_player
    assert table.model.dealer == dealer
    marker = table.hud.dealer_rect
    box = table.geometry.scoresheet
    assert marker is not None and box.contains(marker)
    pixel = app.screen.get_at(marker.move(1, 0).midleft)
    assert tuple(pixel)[:3] == th.GOLD


def test_dragging_a_card_within_the_hand_arranges_it_until_the_next_sort(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    step(app, 30)  # past the double-click time
    order = list(table.board.hand_order)
    moved = order[0]
    last = table.board.sprites[order[-1]].rect
    drag(app, card_spot(table, moved), (last.right - 4, last.centery))
    assert table.board.hand_order == [*order[1:], moved]
    assert sorted(engine(table).players[0].hand) == sorted(order)  # the game is unchanged
    settle(app, table)
    assert table.board.sprites[moved].rect.right == max(
        table.board.sprites[c].rect.right for c in order
    )
    click(app, centre(table.buttons["sort"].rect))
    assert table.board.hand_order == order  # sorted again (rank groups sort by rank too)
    assert not table.arranged


def test_the_hand_sorts_by_suit_and_as_drawn(app: App) -> None:
    from game.logic.cards import CARD_SUIT

    table = open_table(app, pile_with_a_pair())
    app.prefs.hand_sorting = "none"
    table.toggle_sorting()  # none -> rank
    assert app.prefs.hand_sorting == "rank"
    table.toggle_sorting()
    table.toggle_sorting()  # -> suit
    step(app)
    assert table.buttons["sort"].label == "Sort: suit"
    suits = [CARD_SUIT[c] for c in table.board.hand_order]
    assert suits == sorted(suits)
    table.toggle_sorting()  # -> as held
    assert table.board.hand_order == list(engine(table).players[0].hand)


def test_a_whole_turn_can_be_played_from_the_keyboard(app: App) -> None:
    game = position(
        hands=("9C 9H 9D 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        opened=(True, False),
    )
    table = open_table(app, game)
    press(app, pygame.K_F6)
    nines = {card_with_code(table, code) for code in ("9C", "9H", "9D")}
    for _ in range(len(table.board.hand_order)):
        press(app, pygame.K_RIGHT)
        if table.card_focus in nines:
            press(app, pygame.K_SPACE)
    assert table.selected == nines
    press(app, pygame.K_m)
    assert len(game.players[0].melds[MELD_KEY_OF_NAME["9"]]) == 3
    press(app, pygame.K_RIGHT)
    focused = table.card_focus
    rect = table.board.sprites[focused].rect
    assert tuple(app.screen.get_at((rect.left - 1, rect.centery)))[:3] == th.GOLD_LIGHT
    press(app, pygame.K_SPACE)
    press(app, pygame.K_F10)
    assert game.pile[-1] == focused and game.to_move == 1


def test_clicking_the_scoresheet_shows_the_last_hands_breakdown(app: App) -> None:
    table = quick_autoplay_table(app, about_to_go_out())
    click(app, centre(table.geometry.scoresheet))
    assert app.stack.top is table  # no hand is over yet: a sentence says where it will be
    assert "once a hand is over" in table.message
    autoplay_to_the_results(app, table)
    press(app, pygame.K_RETURN)
    click(app, centre(table.buttons["autoplay"].rect))  # the player takes over again
    click(app, centre(table.geometry.scoresheet))
    review = app.stack.top
    assert isinstance(review, HandOverScene) and review.review
    assert review.hand_no == 1 and review.button.label == "Close"
    press(app, pygame.K_RETURN)
    assert app.stack.top is table and engine(table).hand_no == 2
