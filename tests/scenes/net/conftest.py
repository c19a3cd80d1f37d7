"""Fixtures for the network screens' tests: a Mosquitto broker of their own on loopback, for the
lobby's screens (see tests/helpers/mosquitto.py), an app that finds it, the command-line
players a test starts (tests/helpers/lobby_players.py) and the headless peers it makes."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from game.app import App
from tests.helpers.mosquitto import Broker, mosquitto
from tests.helpers.net_screens import HeadlessPeer

__all__ = ["lobby_app", "mosquitto", "peers", "processes"]


@pytest.fixture
def lobby_app(app: App, mosquitto: Broker) -> App:
    """The app on the test's broker, hosting on a free port as Hosty, animations off."""
    app.prefs.lobby_broker = mosquitto.url
    app.prefs.host_port = 0
    app.prefs.player_name = "Hosty"
    app.prefs.animation_speed = "off"
    return app


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    """Command-line players started by a test, killed if still running at its end."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


@pytest.fixture
def peers() -> Iterator[list[HeadlessPeer]]:
    """Headless peers made by a test, stopped at its end."""
    made: list[HeadlessPeer] = []
    yield made
    for peer in made:
        peer.stop()
