"""The Explore screens show only what the player may know: two games that look the same from the
player's seat give the same screens, whatever the hidden cards are; the practice tools change the
hand before the first meld only and mark the game practice."""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import main as game_main
from game.app import App
from game.logic import Game, determinize, legal_actions, player_view
from game.logic.actions import Draw, Meld
from game.logic.ai import ComputerPlayer
from game.logic.assist import Place, TableMemory, card_name, distribution
from game.match import LocalGame, SavedGameError
from game.scenes.learn.explore import PAGES, ExploreScene, cards_by_place, page_lines
from tests.helpers.table import centre, engine, open_table
from tests.helpers.ui_events import click, press, step


def played_game(seed: int, moves: int = 12) -> tuple[Game, TableMemory]:
    """A game a few moves in (the computer's plain moves for both seats), with seat 0's memory."""
    game = Game(seed=seed)
    memory = TableMemory(0)
    memory.observe(game.last_events)
    players = (ComputerPlayer("beginner", seed=1), ComputerPlayer("beginner", seed=2))
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_move
        memory.observe(game.apply(players[seat].decide(player_view(game, seat))))
    return game, memory


def test_explore_is_the_same_whatever_the_hidden_cards_are() -> None:
    for seed in (3, 8, 21):
        game, memory = played_game(seed)
        view = player_view(game, 0)
        other = determinize(view, random.Random(seed + 100))  # same view, other hidden cards
        assert sorted(other.players[1].hand) != sorted(game.players[1].hand)
        other_view = player_view(other, 0)
        for page in PAGES[:-1]:
            assert page_lines(page, view, memory) == page_lines(page, other_view, memory)
        assert cards_by_place(view, memory) == cards_by_place(other_view, memory)


def test_no_hidden_card_of_the_opponent_is_placed(app: App) -> None:
    game, memory = played_game(8)
    view = player_view(game, 0)
    known = set(view.known[1])
    hidden = [card for card in game.players[1].hand if card not in known]
    assert hidden
    placed = distribution(view, memory)
    for card in hidden:
        assert placed.where(card) == Place.UNKNOWN
    # The screen is given the view alone: its map agrees card for card.
    scene = ExploreScene(app, view, memory)
    assert scene.places == cards_by_place(view, memory)


def test_the_map_counts_all_108_cards(app: App) -> None:
    game, memory = played_game(8)
    places = cards_by_place(player_view(game, 0), memory)
    assert sum(len(copies) for copies in places.values()) == 108
    assert len(places) == 53  # 52 cards of two packs, and the Jokers together


def test_f4_opens_explore_and_its_pages(app: App) -> None:
    table = open_table(app, Game(seed=8))
    press(app, pygame.K_F4)
    scene = app.stack.top
    assert isinstance(scene, ExploreScene)
    assert scene.view == table.state.view
    step(app)
    for index, page in enumerate(PAGES):
        button = next(
            e
            for e in scene.manager.get_root_container().elements
            if e.object_ids and e.object_ids[-1] == f"#page_{index}"
        )
        click(app, centre(button.rect))
        step(app)
        assert scene.page == page
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_doctor_hand_exchanges_a_card_and_marks_the_game_practice(app: App) -> None:
    table = open_table(app, Game(seed=8))
    scene = ExploreScene(
        app, table.state.view, table.learning.memory, match=table.match, page="Practice"
    )
    app.stack.push(scene)
    step(app)
    hand = sorted(engine(table).players[0].hand)
    give = card_name(hand[0])
    take = next(
        name for name in scene._takeable_names() if name not in {card_name(c) for c in hand}
    )
    text = scene.doctor(give, take)
    assert "practice" in text
    assert table.match.game.practice and table.match.game.practice[0].change.kind == "doctor"
    new_hand = [card_name(c) for c in engine(table).players[0].hand]
    assert take in new_hand


def test_swap_cards_swaps_the_hands(app: App) -> None:
    table = open_table(app, Game(seed=8))
    mine = sorted(engine(table).players[0].hand)
    theirs = sorted(engine(table).players[1].hand)
    scene = ExploreScene(app, table.state.view, None, match=table.match, page="Practice")
    app.stack.push(scene)
    step(app)
    scene.swap()
    assert sorted(engine(table).players[0].hand) == theirs
    assert sorted(engine(table).players[1].hand) == mine
    assert table.match.game.practice[-1].change.kind == "swap"


def test_practice_tools_are_refused_after_the_first_meld(app: App) -> None:
    table = open_table(app, Game(seed=8))
    local = engine(table)
    local.apply(Draw())
    meld = next(a for a in legal_actions(local) if isinstance(a, Meld))
    local.apply(meld)
    scene = ExploreScene(app, player_view(local, 0), None, match=table.match, page="Practice")
    app.stack.push(scene)
    step(app)
    assert "before the first meld" in scene._practice_refusal()
    assert scene.give_list is None  # no lists to choose from


@pytest.fixture
def sigterm_kept() -> Iterator[None]:
    """A run in process sets its own SIGTERM handler; the test session's comes back after."""
    previous = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, previous)


@pytest.mark.slow
@pytest.mark.usefixtures("sigterm_kept")
@pytest.mark.parametrize("scene", ["help", "tutorial", "explore"])
def test_main_opens_the_learning_screens(
    scene: str, user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    shots = tmp_path / "shots"
    argv = ["--scene", scene, "--seed", "8", "--frames", "3", "--dt", "0.016"]
    assert game_main.main([*argv, "--screenshot", str(shots)]) == 0
    picture = pygame.image.load(str(shots / f"{scene}_1280x720.png"))
    assert picture.get_size() == (1280, 720)


def test_a_doctored_game_is_saved_restored_and_rewound_with_its_changes(app: App) -> None:
    table = open_table(app, Game(seed=8))
    scene = ExploreScene(app, table.state.view, None, match=table.match, page="Practice")
    app.stack.push(scene)
    step(app)
    hand = sorted(engine(table).players[0].hand)
    take = next(n for n in scene._takeable_names() if n not in {card_name(c) for c in hand})
    scene.doctor(card_name(hand[0]), take)
    local = table.match.game
    local.apply(Draw())
    doc = json.loads(json.dumps(local.to_json()))
    restored = LocalGame.from_json(doc)
    assert restored.game.state_hash() == local.game.state_hash()
    assert [p.change for p in restored.practice] == [p.change for p in local.practice]
    doctored = local.game.clone()
    mark = local.earlier_turns()[-1]
    local.rewind(mark)
    # Back at the start of the turn, the doctored card is still in the hand.
    assert take in [card_name(c) for c in local.game.players[0].hand]
    assert local.game.log == doctored.log[: mark.log_index]


def test_a_damaged_practice_change_makes_the_saved_game_unusable() -> None:
    local = LocalGame(Game(seed=8))
    doc = json.loads(json.dumps(local.to_json()))
    doc["practice"] = [{"at": 0, "kind": "doctor", "hand_no": 1, "seat": 0, "gave": [999]}]
    with pytest.raises(SavedGameError):
        LocalGame.from_json(doc)
