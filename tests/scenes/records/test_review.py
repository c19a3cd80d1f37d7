"""How did I play?: the review screen opened from a recorded game's page and from the final
scores, its progress bar and Cancel, its moments stepped with the arrow keys, and the review kept
with the game."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.app import App
from game.logic import Game, Rules, player_view
from game.logic.actions import Discard
from game.logic.cards import CARD_CODE, CARD_PACK
from game.logic.phases import PLAY
from game.logic.replay import game_from_replay
from game.logic.review import ReviewConfig
from game.logic.review.decisions import decisions
from game.match import LocalGame, local_match
from game.records import review_of, save_review
from game.scenes.records import review as review_screen
from game.scenes.records.entry import game_review
from game.scenes.records.history import GameScene
from game.scenes.records.review import ReviewScene, table_lines
from game.scenes.table.scores import GameOverScene
from game.scenes.table.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from game.sprites.cards import CARDS_DIR
from tests.helpers.review import (
    TAKES_THE_PILE,
    arena_hand,
    record_arena_hand,
    review_with_a_blunder,
)
from tests.helpers.scenario import position
from tests.helpers.table import about_to_go_out, autoplay_to_the_results, centre
from tests.helpers.ui_events import click, press, step

QUICK = ReviewConfig(samples=4, horizon=3)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "REVIEW_CONFIG", QUICK)


def open_game_page(app: App, game_id: int) -> GameScene:
    app.stack.push(TitleScene(app))
    page = GameScene(app, game_id)
    app.stack.push(page)
    step(app)
    return page


def test_r_on_a_recorded_game_reviews_it_and_keeps_the_review_with_the_game(
    app: App, quick: None
) -> None:
    game_id = record_arena_hand(app.players.records)
    open_game_page(app, game_id)
    press(app, pygame.K_r)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    step(app, 2)  # the inline worker answers within the frame it is asked in
    assert scene.job is None and scene.review is not None
    assert scene.notice.startswith("Accuracy ") and "over 32 decisions" in scene.notice
    assert review_of(app.players.records, game_id) == scene.review


def test_a_kept_review_opens_at_once_and_its_moments_show_the_better_move(app: App) -> None:
    game_id = record_arena_hand(app.players.records)
    kept = review_with_a_blunder()
    save_review(app.players.records, game_id, kept)
    page = open_game_page(app, game_id)
    click(app, centre(page.button_map["Review"].rect))
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.job is None
    assert scene.notice == (
        "Accuracy 96.9% over 32 decisions, 1 costly moment: \u2190 \u2192 to step through them."
    )
    moment = scene.moments[0]
    assert moment["index"] == TAKES_THE_PILE
    assert moment["sentence"].startswith("Taking the pile here would have been worth about 200")
    assert moment["better_words"] == "Take the pile with 9\u2665 9\u2663"
    view = scene.view_at(moment["index"])
    assert len(view.pile) == 12 and view.seat == 0
    press(app, pygame.K_RIGHT)
    assert scene.index == 0  # one moment: nowhere further to go
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is page


def test_the_arrow_keys_step_through_the_moments(app: App) -> None:
    game_id = record_arena_hand(app.players.records)
    kept = review_with_a_blunder()
    kept["moments"] = [kept["moments"][0], {**kept["moments"][0], "turn": 99}]
    save_review(app.players.records, game_id, kept)
    open_game_page(app, game_id)
    press(app, pygame.K_r)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert "2 costly moments" in scene.notice
    press(app, pygame.K_RIGHT)
    step(app)
    assert scene.index == 1
    click(app, centre(scene.button_map["\u2190 Earlier"].rect))
    assert scene.index == 0


@pytest.mark.slow
def test_the_progress_bar_fills_as_the_worker_weighs_and_cancel_keeps_nothing(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(os.environ, "CANASTA_AI_WORKER", "process")
    game_id = record_arena_hand(app.players.records)
    app.stack.push(TitleScene(app))
    scene = app.stack.push(ReviewScene(app, game_id))
    assert isinstance(scene, ReviewScene) and scene.job is not None
    job = scene.job
    deadline = time.monotonic() + 120
    while job.done < 2 and time.monotonic() < deadline:
        step(app)
        time.sleep(0.02)
    assert 0 < job.fraction < 1 and job.total == 32
    click(app, centre(scene.button_map["Cancel"].rect))
    assert scene not in app.stack and not job.worker.busy
    assert review_of(app.players.records, game_id) is None


def test_the_final_scores_of_a_recorded_game_offer_its_review(app: App, quick: None) -> None:
    app.game_review = game_review  # as main.py lends it
    game = about_to_go_out((4900, 0))
    match = local_match(
        LocalGame(game, levels=("carefree", "carefree")),
        autosave=False,
        worker_mode="inline",
        records=app.players.records,
    )
    table = TableScene(app, match, options=TableOptions(speed=0.0))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    autoplay_to_the_results(app, table)
    press(app, pygame.K_RETURN)
    step(app, 5)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    button = next(w for w in over.group.widgets if w.name == "How did I play?")
    click(app, centre(button.rect))
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and over in app.stack
    step(app, 2)
    assert scene.review is not None
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is over


def test_a_game_without_a_record_offers_no_review_at_its_end(app: App) -> None:
    match = local_match(
        LocalGame(Game(Rules(), seed=3), levels=("carefree", "carefree")),
        autosave=False,
        worker_mode="inline",
    )
    table = TableScene(app, match, options=TableOptions(speed=0.0))
    assert game_review(table) is None


def test_a_moment_shows_every_card_with_its_own_picture(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The arena hand's first turn: the hand holds both packs' Jokers, each with a picture of
    # its own design ("JK_1", "JK_2"; a bare "JK" has none and would be drawn as a plain card).
    game_id = record_arena_hand(app.players.records)
    kept = review_with_a_blunder()
    game, actions = game_from_replay(arena_hand())
    first_play = next(d for d in decisions(game, actions, 0) if d.view.phase == PLAY)
    joker = next(c for c in first_play.view.hand if CARD_CODE[c] == "JK")
    kept["moments"][0] |= {
        "index": first_play.index,
        "played": [Discard("JK").to_dict()],
        "better": [Discard("JK").to_dict()],
    }
    save_review(app.players.records, game_id, kept)
    open_game_page(app, game_id)
    press(app, pygame.K_r)
    drawn: list[str] = []
    original = app.cards.image

    def recording(code: str, height: int, tint: object = None) -> pygame.Surface:
        drawn.append(code)
        return original(code, height)

    monkeypatch.setattr(app.cards, "image", recording)
    step(app)
    hand = first_play.view.hand
    assert sum(code.startswith("JK") for code in drawn) == 2 + sum(
        CARD_CODE[c] == "JK" for c in hand
    )
    assert all((CARDS_DIR / f"{code}.png").is_file() for code in drawn)
    assert drawn[-1] == f"JK_{CARD_PACK[joker] + 1}"  # the better move's discard


@pytest.mark.parametrize(
    ("players", "hands", "melds", "lines"),
    [
        (
            2,
            ("5S 5H 9C", "KD KC 7S 7H"),
            ({"Q": "QS QH QD"}, {"K": "KS KH KD"}),
            ["Opponent's melds: Kings (3)  \u00b7  4 cards", "Your melds: Queens (3)"],
        ),
        (
            3,
            ("5S 5H 9C", "KD KC", "7S 7H 8D 8C 4D"),
            ({"Q": "QS QH QD"}, {"K": "KS KH KD"}, {}),
            [
                "West's melds: Kings (3)  \u00b7  2\u00a0cards",
                "East's melds: none  \u00b7  5\u00a0cards",
                "Your melds: Queens (3)",
            ],
        ),
        (
            4,
            ("5S 5H 9C", "KD KC 4C 4H", "7S 7H 8D", "JD"),
            ({"Q": "QS QH QD"}, {"K": "KS KH KD"}),
            [
                "West & East's melds: Kings (3)  \u00b7  West\u00a04\u00a0cards,\u00a0East\u00a01\u00a0card",
                "Your side's melds: Queens (3)  \u00b7  North\u00a03\u00a0cards",
            ],
        ),
    ],
)
def test_a_moments_table_shows_every_other_player_s_melds_and_cards(
    app: App,
    players: int,
    hands: tuple[str, ...],
    melds: tuple[dict[str, str], ...],
    lines: list[str],
) -> None:
    # West plays after the player (seat 0), East before it; at four North is the partner.
    game = position(
        Rules.from_dict({"players": players}),
        hands=hands,
        melds=melds,
        threes=("",) * players,
        opened=(True,) * players,
        totals=(0,) * (2 if players == 4 else players),
    )
    assert table_lines(player_view(game, 0)) == lines
