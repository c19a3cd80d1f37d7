"""The command line of a table of three or four: `--seats` names who plays seats 1.. and any
mistake is told in a sentence before anything listens."""

from __future__ import annotations

import pytest

from game.netplay.tools.cli import parse_seats, run


def test_seats_are_guests_or_computers_at_a_level() -> None:
    assert parse_seats("guest,computer:master,guest", 4, "beginner") == {
        1: None,
        2: "master",
        3: None,
    }
    assert parse_seats("Computer, guest", 3, "advanced") == {1: "advanced", 2: None}
    assert parse_seats(None, 4, "beginner") == {1: None, 2: None, 3: None}


@pytest.mark.parametrize(
    ("text", "players", "said"),
    [
        ("guest,guest", 4, "names 3 seats for 4 players, not 2"),
        ("guest,robot", 3, "seat 2: 'robot' is neither"),
        ("guest,computer:genius", 3, "seat 2: 'computer:genius' is neither"),
        ("computer,computer", 3, "needs at least one guest"),
    ],
)
def test_a_wrong_seat_list_is_told(text: str, players: int, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        parse_seats(text, players, "beginner")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--host", "0", "--players", "4", "--seats", "guest,robot,guest"], "'robot' is neither"),
        (["--host", "0", "--seats", "guest"], "--seats is for a table of three or four"),
        (["--join", "127.0.0.1:1", "--code", "K7QM-3WXA", "--players", "3"], "hosted with --host"),
        (["--invite", "--players", "4"], "hosted with --host PORT"),
    ],
)
def test_the_command_line_refuses_a_table_it_cannot_seat(argv, said, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        run([*argv, "--autopilot", "beginner"])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err
