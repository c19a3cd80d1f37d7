"""Kill -9 of either side at a random moment, then `--resume PATH --autopilot LEVEL` with
nothing else: the game finishes on both sides with the same state hash. The tool runs 20 or more
rounds per side (`python -m game.netplay.tools.crash`); the suite runs one round each."""

from __future__ import annotations

import random
import socket

import pytest

from game.netplay.tools.crash import play_round

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net


@pytest.mark.slow
@pytest.mark.parametrize("victim, seed", [("host", 3), ("guest", 4)])
def test_a_side_killed_mid_game_resumes_to_the_same_final_state(tmp_path, victim, seed):
    # Within a tenth of a second of the first save: on the compiled engine the whole hand may
    # take less than half a second, and a kill after the end tests nothing.
    outcome = play_round(0, victim, "beginner", random.Random(seed), tmp_path, latest=0.1)
    assert outcome.killed, "the kill came before the game ended"
    assert outcome.identical, outcome.problem


def test_a_host_that_is_killed_listens_on_a_port_no_outgoing_connection_is_given() -> None:
    from game.netplay.tools.local_servers import EPHEMERAL_RANGE, steady_port

    lowest = int(EPHEMERAL_RANGE.read_text().split()[0])
    ports = {steady_port() for _ in range(20)}
    assert all(1024 <= port < lowest for port in ports)
    with socket.socket() as server:
        server.bind(("127.0.0.1", ports.pop()))  # free when it was chosen
