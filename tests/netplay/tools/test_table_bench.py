"""`python -m game.netplay.tools.table_bench` plays whole games of a table and reports its
costs: CPU per hand of every process, bytes per move, round trips per draw by who drew."""

import json

from game.netplay.tools.table_bench import main


def test_the_table_bench_reports_every_process_and_every_kind_of_drawer(capsys) -> None:
    # Three games: the deal is shuffled by every seat's secret, so one short hand can pass
    # without a seat ever drawing from the stock (about one game in forty).
    main(["--players", "4", "--seats", "guest,computer,guest", "--games", "3"])
    report = json.loads(capsys.readouterr().out)
    assert report["guests"] == [1, 3]
    assert set(report["cpu_ms_per_hand"]) == {"host", "guest 1", "guest 3"}
    assert all(ms > 0 for ms in report["cpu_ms_per_hand"].values())
    assert report["bytes_per_move"] > 0
    # every draw waits for the other seats' unmasks, some of them across a guest's link
    assert set(report["round_trips_per_draw"]) == {"host", "computer", "guest"}
    assert all(trips >= 1 for trips in report["round_trips_per_draw"].values())
