"""Card faces (User Guide 4.4.2): the court cards' letters in another country's notation, on the
faces and in the hints and plays told; wider hand spreads; the canasta and pile tints switched
off in Options, or both at once with T or the table's menu."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame

from game import settings
from game.app import App
from game.logic.cards import CARD_CODE
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.table.table import TableScene
from game.settings import INDEX_NOTATIONS
from game.sprites import notation
from game.sprites.cards import DECK_DESIGNS, INDEX_BOX
from game.sprites.faces import draw_face
from tests.helpers.options import control_in_view, open_options
from tests.helpers.scenario import position
from tests.helpers.table import card_spot, card_with_code, open_table
from tests.helpers.ui_events import click, press, step

SUITS = "\u2660\u2665\u2666\u2663"


def options_over(app: App, tab: str) -> OptionsScene:
    """Options over the table, on the page a click on its tab opens."""
    scene = OptionsScene(app, game_in_progress=True)
    app.stack.push(scene)
    step(app)
    click(app, next(t for t in scene.tabs if t.label == tab).rect.center)
    return scene


def kings_table(app: App) -> TableScene:
    return open_table(
        app,
        position(
            hands=("KS KH KD 4C 5D 9S", "6S 7D 8C"),
            melds=({"Q": "QS QH QD QC QS QH QD"}, {}),
            pile="7D 2C 8H 9H",
            phase="play",
            opened=(True, False),
        ),
    )


def test_the_notations_stored_are_the_sprites_own() -> None:
    assert tuple(notation.INDEX_NOTATIONS) == INDEX_NOTATIONS


def test_each_notation_writes_the_court_cards_in_its_letters() -> None:
    told = "Meld K\u2660 K\u2665, then Q\u2666 and J\u2663 (not the Joker)"
    assert notation.in_notation(told, "english") == told
    assert (
        notation.in_notation(told, "french")
        == "Meld R\u2660 R\u2665, then D\u2666 and V\u2663 (not the Joker)"
    )
    assert notation.in_notation(told, "spanish").startswith(
        "Meld R\u2660 R\u2665, then C\u2666 and S\u2663"
    )
    assert notation.in_notation(told, "dutch").startswith(
        "Meld H\u2660 H\u2665, then V\u2666 and B\u2663"
    )
    assert notation.court_letter("A", "german") == "A"


def test_choosing_a_notation_in_options_redraws_the_corners_of_the_court_cards_only(
    user_dirs: tuple[Path, Path],
) -> None:
    app = App(size=(1280, 720))  # the game's own card pictures
    try:
        english = {code: app.cards.original(code).copy() for code in ("KS", "QH", "9S")}
        scene = open_options(app, tab="Cards")
        choice = control_in_view(app, scene, "index_notation")
        click(app, (choice.rect.right - 5, choice.rect.centery))
        assert app.prefs.index_notation == "french" and app.cards.notation == "french"
        x, y, w, h = INDEX_BOX
        corner, middle = pygame.Rect(x, y, w, h), (120, 168)
        for code in ("KS", "QH"):
            now = app.cards.original(code)
            assert now.get_at(middle) == english[code].get_at(middle)
            before = pygame.image.tobytes(english[code].subsurface(corner), "RGBA")
            assert pygame.image.tobytes(now.subsurface(corner), "RGBA") != before
            # The other corner is the same letter upside down.
            turned = pygame.transform.rotate(now.subsurface(corner).copy(), 180)
            far = pygame.Rect(240 - x - w, 336 - y - h, w, h)
            assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(
                now.subsurface(far), "RGBA"
            )
        nine = app.cards.original("9S")
        assert pygame.image.tobytes(nine, "RGBA") == pygame.image.tobytes(english["9S"], "RGBA")
    finally:
        app.close()


def test_plain_cards_drawn_without_pictures_carry_the_notation(app: App) -> None:
    images = app.cards  # without pictures
    plain = pygame.image.tobytes(images.original("KS"), "RGBA")
    images.set_notation("dutch")
    assert pygame.image.tobytes(images.original("KS"), "RGBA") != plain


def test_the_hint_and_the_plays_told_name_the_court_cards_in_the_notation(app: App) -> None:
    # The best move: the Queen onto the canasta of Queens, then out with the King.
    table = open_table(
        app,
        position(
            hands=("KS QC", "6S 7D 8C"),
            melds=({"Q": "QS QH QD QC QS QH QD"}, {}),
            pile="7D 2C 8H 9H",
            phase="play",
            opened=(True, False),
        ),
    )
    scene = options_over(app, "Cards")
    choice = control_in_view(app, scene, "index_notation")
    click(app, (choice.rect.right - 5, choice.rect.centery))
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_h)
    step(app, 30)
    assert table.hint is not None and table.hint.visible
    hint = " ".join([table.hint.reason, *table.hint.lines])
    assert "R\u2660" in hint or "D\u2663" in hint
    assert not any(court + suit in hint for court in "KQJ" for suit in SUITS)
    press(app, pygame.K_ESCAPE)
    click(app, card_spot(table, card_with_code(table, "KS")))
    press(app, pygame.K_F10)
    step(app, 5)
    told = " ".join(table.model.plays)
    assert "discarded R\u2660" in told and "K\u2660" not in told


def hand_step(table: TableScene) -> float:
    order = table.board.hand_order
    xs = [table.board.sprites[c].rect.x for c in order]
    return min(b - a for a, b in itertools.pairwise(xs))


def test_wider_hand_spreads_show_more_of_each_card(app: App) -> None:
    table = kings_table(app)
    narrow = hand_step(table)
    scene = options_over(app, "Cards")
    click(app, control_in_view(app, scene, "wide_hand_spreads").rect.center)
    assert app.prefs.wide_hand_spreads is True
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    step(app)
    assert hand_step(table) > narrow * 1.4


def tints(table: TableScene) -> tuple[object, object]:
    """The tint on the pile's top card and on the player's canasta of Queens."""
    pile_top = table.state.pile[-1]
    queen = next(
        card
        for card, placement in table.board.placements.items()
        if placement.zone.kind == "meld" and CARD_CODE[card].startswith("Q")
    )
    return table.board.placements[pile_top].tint, table.board.placements[queen].tint


def test_t_turns_both_tints_off_then_both_on(app: App) -> None:
    table = kings_table(app)
    pile_tint, canasta_tint = tints(table)
    assert pile_tint is not None and canasta_tint is not None
    press(app, pygame.K_t)
    assert not app.prefs.canasta_tints and not app.prefs.pile_tints
    assert tints(table) == (None, None)
    assert "tints off" in table.message
    press(app, pygame.K_t)
    assert app.prefs.canasta_tints and app.prefs.pile_tints
    assert tints(table) == (pile_tint, canasta_tint)


def test_the_menu_turns_the_tints_off_when_one_is_on_and_options_set_each_alone(
    app: App,
) -> None:
    table = kings_table(app)
    scene = options_over(app, "Cards")
    click(app, control_in_view(app, scene, "canasta_tints").rect.center)
    assert not app.prefs.canasta_tints and app.prefs.pile_tints
    press(app, pygame.K_ESCAPE)
    step(app)
    pile_tint, canasta_tint = tints(table)
    assert pile_tint is not None and canasta_tint is None
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    item = menu.buttons["Tints off"]
    click(app, item.rect.center)
    step(app)
    assert app.stack.top is table
    assert tints(table) == (None, None)


def test_the_large_index_design_from_options_draws_every_face_in_the_notation(
    user_dirs: tuple[Path, Path],
) -> None:
    assert DECK_DESIGNS == settings.DECK_DESIGNS
    app = App(size=(1280, 720))  # the game's own card pictures
    try:
        standard = pygame.image.tobytes(app.cards.original("KS"), "RGBA")
        back = pygame.image.tobytes(app.cards.original("back_1"), "RGBA")
        scene = open_options(app, tab="Cards")
        choice = control_in_view(app, scene, "deck_design")
        click(app, (choice.rect.right - 5, choice.rect.centery))
        assert app.prefs.deck_design == "large_index" and app.cards.design == "large_index"
        assert pygame.image.tobytes(app.cards.original("KS"), "RGBA") != standard
        assert pygame.image.tobytes(app.cards.original("back_1"), "RGBA") == back
        app.prefs.index_notation = "italian"
        app.preferences_changed()
        drawn = app.cards.original("KS")
        expected = draw_face("KS", "R", drawn.get_size()).convert_alpha()
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")
        # The four-colour deck recolours the design's Diamonds like the standard ones.
        app.prefs.four_colour_deck = True
        app.preferences_changed()
        middle = app.cards.original("7D").get_at((120, 168))
        assert middle.b > middle.r
    finally:
        app.close()
    again = App(size=(1280, 720))
    try:
        assert again.cards.design == "large_index"
    finally:
        again.close()
