"""`python main.py --host/--join --autopilot` plays a network game without a window."""

import json
import subprocess
import sys
from pathlib import Path

MAIN = str(Path(__file__).resolve().parent.parent / "main.py")


def test_two_main_processes_finish_a_network_game_with_the_same_state():
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
        port = json.loads(host.stdout.readline())["listening"]
        guest = subprocess.run(
            [
                sys.executable,
                MAIN,
                "--join",
                f"127.0.0.1:{port}",
                "--autopilot",
                "beginner",
                "--hands",
                "1",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
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
