"""Command-line players for the lobby's screen tests: each started against a test's own broker,
plays one quick hand, and is killed at the test's end if still running (see the `processes`
fixture in tests/scenes/net/conftest.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.mosquitto import Broker
from tests.helpers.paths import MAIN

WAIT = 20.0  # seconds any one lobby or network step may take
PLAY = ["--autopilot", "carefree", "--hands", "1"]


def start_cli(
    processes: list[subprocess.Popen[str]], broker: Broker, *args: str
) -> subprocess.Popen[str]:
    """`main.py ARGS` on `broker`, playing one quick hand; kept in `processes`."""
    process = subprocess.Popen(
        [sys.executable, str(MAIN), *args, "--broker", broker.url, *PLAY],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    processes.append(process)
    return process
