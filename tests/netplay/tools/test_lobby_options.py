"""The lobby's command-line options without a broker: the default broker, a broker address or a
combination that cannot be refused before anything is dialled, the address a lobby host sends
its guest, what it announces about its game, and `main.py` handing the lobby flags over."""

from __future__ import annotations

import pytest

from game import main as game_main
from game.netplay.lobby import DEFAULT_BROKER
from game.netplay.shell import lan
from game.netplay.tools import cli, lobby_cli


def test_the_lobby_is_the_default_broker_unless_one_is_named() -> None:
    assert cli.build_parser().parse_args(["--lobby-list"]).broker == DEFAULT_BROKER
    named = cli.build_parser().parse_args(["--lobby-list", "--broker", "mqtt://10.0.0.5:1883"])
    assert named.broker == "mqtt://10.0.0.5:1883"


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ["--lobby-list", "--broker", "http://club.example"],
            "The lobby server address must start with mqtt:// or mqtts://",
        ),
        (
            ["--lobby-join", "Hosty", "--broker", "mqtt://club.example:99999"],
            "the port must be a number from 1 to 65535",
        ),
        (
            ["--lobby-host", "--resume", "saved.json", "--autopilot", "beginner"],
            "--resume continues a saved game with the same partner: leave out the lobby",
        ),
        (["--lobby-host", "--join", "127.0.0.1:5"], "not allowed with argument"),
        *(
            (
                ["--lobby-join", "Hosty", *table, "--broker", "mqtt://127.0.0.1:1"],
                "--players and --seats belong to the host: --lobby-join NAME joins its table",
            )
            for table in (["--players", "3"], ["--seats", "guest,guest"])
        ),
    ],
)
def test_what_cannot_be_is_refused_before_any_broker_is_asked(
    argv: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.run(argv)
    assert stop.value.code == 2
    assert sentence in capsys.readouterr().err


def test_the_guest_is_sent_the_bound_address_loopback_or_the_network_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20", "fd00::2"])
    assert lan.direct_address("10.1.2.3", "test.mosquitto.org") == "10.1.2.3"
    assert lan.direct_address(None, "127.0.0.1") == "127.0.0.1"
    assert lan.direct_address("0.0.0.0", "localhost") == "127.0.0.1"
    assert lan.direct_address(None, "::1") == "::1"
    assert lan.direct_address(None, "test.mosquitto.org") == "192.168.1.20"
    monkeypatch.setattr(lan, "lan_addresses", list)
    assert lan.direct_address(None, "test.mosquitto.org") == "127.0.0.1"


def test_a_lobby_host_announces_the_length_of_its_game() -> None:
    assert lobby_cli.game_terms(0) == ()
    assert lobby_cli.game_terms(1) == ("a game of 1 hand",)
    assert lobby_cli.game_terms(3) == ("a game of 3 hands",)


@pytest.mark.parametrize("flag", ["--lobby-host", "--lobby-join=Hosty", "--lobby-list"])
def test_main_hands_the_lobby_flags_to_the_network_command_line(flag: str) -> None:
    assert game_main.wants_network([flag])
    assert flag.partition("=")[0] in game_main.build_parser().format_help()


@pytest.mark.parametrize("flag", ["--broker", "--lobby-level"])
def test_a_lobby_option_without_a_lobby_flag_is_refused(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        game_main.main([flag, "x"])
    assert stop.value.code == 2
    assert f"{flag} belongs to a network game" in capsys.readouterr().err
