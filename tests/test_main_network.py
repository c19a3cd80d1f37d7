"""`python main.py --host/--join --autopilot` plays a network game without a window: the host
prints its port and join code first, a guest with a wrong code is sent away with a clear
message while the host keeps waiting, and the guest with the right code plays the game to the
same final state."""

import json
import subprocess
import sys

import pytest

from tests.helpers.paths import MAIN as MAIN_PATH

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

MAIN = str(MAIN_PATH)


def _join(port: int, code: str, level: str = "beginner") -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            MAIN,
            "--join",
            f"127.0.0.1:{port}",
            "--code",
            code,
            "--autopilot",
            level,
            "--hands",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_a_wrong_code_is_refused_and_the_right_guest_then_plays_the_game():
    host = subprocess.Popen(
        [
            sys.executable,
            MAIN,
            "--host",
            "0",
            "--autopilot",
            "beginner",
            "--hands",
            "1",
            "--bind",
            "127.0.0.1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        hosting = json.loads(host.stdout.readline())
        assert hosting["event"] == "hosting" and hosting["port"] > 0
        code = hosting["code"]
        wrong = "2222-2222" if code != "2222-2222" else "3333-3333"
        stranger = _join(hosting["port"], wrong)
        assert stranger.returncode != 0
        assert "did not accept this join code" in stranger.stderr
        assert json.loads(stranger.stdout.strip().splitlines()[-1])["outcome"] == "failed"
        assert host.poll() is None, "the host keeps waiting for the right guest"
        guest = _join(hosting["port"], code.lower())
        host_out, _ = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0
    host_result = json.loads(host_out.strip().splitlines()[-1])
    guest_result = json.loads(guest.stdout.strip().splitlines()[-1])
    assert host_result["outcome"] == guest_result["outcome"] == "finished"
    assert host_result["state_hash"] == guest_result["state_hash"]
    assert host_result["totals"] == guest_result["totals"]
    assert guest_result["resumes"] == 0


@pytest.mark.slow
def test_four_strangers_with_wrong_codes_are_refused_and_the_first_code_still_plays():
    host = subprocess.Popen(
        [
            sys.executable,
            MAIN,
            "--host",
            "0",
            "--autopilot",
            "carefree",
            "--hands",
            "1",
            "--bind",
            "127.0.0.1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        hosting = json.loads(host.stdout.readline())
        code, port = hosting["code"], hosting["port"]
        wrong = "AAAA-AAAA" if code != "AAAA-AAAA" else "BBBB-BBBB"
        for _ in range(4):
            stranger = _join(port, wrong, "carefree")
            assert stranger.returncode != 0
            assert "did not accept this join code" in stranger.stderr
            assert host.poll() is None, "the host keeps waiting for the right guest"
        guest = _join(port, code, "carefree")  # the code the host printed first
        host_out, _ = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0
    lines = [json.loads(line) for line in host_out.strip().splitlines()]
    assert all(line.get("event") != "code" for line in lines), "the code never changed"
    host_result, guest_result = lines[-1], json.loads(guest.stdout.strip().splitlines()[-1])
    assert host_result["outcome"] == guest_result["outcome"] == "finished"
    assert host_result["state_hash"] == guest_result["state_hash"]
