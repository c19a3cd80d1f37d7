"""The arena keeps a replay of every game it plays (`--save-replays DIR`), loadable and exact."""

import json
import subprocess
import sys

from game.logic import Game, Rules, arena, player_view
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.replay import load_replay
from tests.helpers.paths import ROOT

ARENA = [sys.executable, "-m", "game.logic.arena", "--a", "beginner", "--b", "carefree"]


def play_deal(deal_seed, levels):
    """The hand the arena plays on `deal_seed` with these bots by seat, played here again."""
    game = Game(Rules(), seed=deal_seed)
    bots = [arena.make_bot(name, deal_seed + 1 + seat) for seat, name in enumerate(levels)]
    while game.phase != HAND_OVER:
        game.apply(bots[game.to_act].decide(player_view(game, game.to_act)))
    return game


def test_the_arena_command_saves_every_hand_as_a_replay_named_by_seed_deal_and_seats(tmp_path):
    folder = tmp_path / "replays" / "new"
    subprocess.run(
        [*ARENA, "--games", "4", "--seed", "2", "--json", "--save-replays", str(folder)],
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    expected = {
        f"seed2-deal{k}-{2_000_006 + k}-{seats}.json"
        for k in range(2)
        for seats in ("beginner-carefree", "carefree-beginner")
    }
    assert {p.name for p in folder.iterdir()} == expected
    for path in folder.iterdir():
        _seed, deal, deal_seed, *levels = path.stem.split("-")
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["seed"] == int(deal_seed) == 2_000_006 + int(deal.removeprefix("deal"))
        result = load_replay(doc)
        assert result.error is None and result.game.phase == HAND_OVER
        assert result.game.state_hash() == play_deal(int(deal_seed), tuple(levels)).state_hash()


def test_a_whole_game_is_saved_as_one_replay_of_all_its_hands(tmp_path):
    result = arena.run("beginner", "carefree", 2, 4, Rules(), target=1500, replays=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2 and not [p for p in tmp_path.iterdir() if p.suffix != ".json"]
    hands = 0
    for path in files:
        game = load_replay(json.loads(path.read_text(encoding="utf-8"))).game
        assert game.phase == GAME_OVER and max(game.totals) >= 1500
        hands += game.hand_no
    assert hands == result["hands"]


def test_the_arena_refuses_a_replay_folder_that_is_a_file(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("not a folder", encoding="utf-8")
    out = subprocess.run(
        [*ARENA, "--games", "2", "--save-replays", str(taken)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "--save-replays: cannot use" in out.stderr
    assert taken.read_text(encoding="utf-8") == "not a folder"
