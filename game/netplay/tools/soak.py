"""Soak test of network play: many complete games between two AutoPilot peers over the in-memory
lossy link on a virtual clock, as UG 8.5 describes the original's test (500 games, 7% of packets
ignored), but with duplication, reordering and latency on top.

    python -m game.netplay.tools.soak --games 500 --drop 0.07 --dup 0.01 --reorder 0.02 --latency 0.05 --seed 1

A game is one hand by default (`--hands 1`, the fastest complete unit: rules agreement,
commit-reveal deal, play, reveal and the guest's check of the deal, the agreed end); `--hands 0`
plays to the rules' target score. Every game runs the real host and guest code through
`PlayPeer` and `ReliableSession`; only the wire is simulated, so an hour of bad network costs a
fraction of a second. It prints games completed, desyncs, lost and duplicated moves (the host's
log of applied actions against the updates the guest saw: both must be 0), retransmissions per
message (every extra DATA transmission, timeouts and replays after a resume alike), bytes per
move (every byte both sides put on the wire: frames with their length, counter and tag, data,
acks, heartbeats, retransmissions, every key exchange and resumption, divided by the moves the
host applied) and the run time;
`--json` prints one JSON object instead. The exit status is 0 only when every game completed
cleanly. `--jobs 2` spreads the games over processes."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from game.logic.ai import LEVELS
from game.logic.rules import PRESETS, Rules

from ..play.deciders import Autopilot
from ..play.peer import PlayPeer
from ..play.play_protocol import proposal
from ..session.handshake import PeerInfo, Role
from ..session.reliable import ReliableSession
from .link import LinkedPort, LinkedSessions, LinkProfile, LossyLink, run_linked

APP_VERSION = "soak"
GAME_TIMEOUT = 6 * 3600.0  # virtual seconds; a stuck game fails rather than spinning forever


class CountingLink(LossyLink):
    """A lossy link that also counts the bytes each end puts on the wire."""

    def __init__(self, rng: random.Random, profile: LinkProfile) -> None:
        super().__init__(rng, profile)
        self.bytes_sent = 0

    def send(self, sender: str, frames: Iterable[bytes], now: float) -> None:
        frames = list(frames)
        self.bytes_sent += sum(len(frame) for frame in frames)
        super().send(sender, frames, now)


class CountingPort(LinkedPort):
    """Counts the distinct payloads sent, to measure retransmissions against."""

    def __init__(self, pair: LinkedSessions, end: str) -> None:
        super().__init__(pair, end)
        self.messages = 0

    def send(self, payload: list[Any]) -> int:
        seq = super().send(payload)
        self.messages += 1
        return seq


@dataclass
class GameOutcome:
    index: int
    completed: bool
    desync: bool
    lost: int
    duplicated: int
    moves: int
    messages: int
    transmissions: int
    bytes_sent: int
    resumes: int
    virtual_seconds: float
    problem: str = ""


def _byte_stream(rng: random.Random) -> Callable[[int], bytes]:
    def take(n_bytes: int) -> bytes:
        return rng.getrandbits(8 * n_bytes).to_bytes(n_bytes, "big")

    return take


def play_one(
    index: int, profile: LinkProfile, rules: Rules, hands: int, level: str, seed: int
) -> GameOutcome:
    """One complete game between two AutoPilot peers; everything random comes from `seed` and
    `index`, so a failing game can be rerun alone."""
    rng = random.Random(f"{seed}:{index}")
    link = CountingLink(random.Random(rng.random()), profile)
    host_session = ReliableSession(Role.HOST, PeerInfo("Host", APP_VERSION))
    guest_session = ReliableSession(Role.GUEST, PeerInfo("Guest", APP_VERSION))
    pair = LinkedSessions(host_session, guest_session, link)
    pair.connect()
    take = _byte_stream(random.Random(rng.random()))
    terms = proposal(rules, hands)
    host_port, guest_port = CountingPort(pair, "a"), CountingPort(pair, "b")
    host = PlayPeer(
        Role.HOST,
        host_port,
        Autopilot(level, seed=rng.randrange(1 << 30)),
        terms=terms,
        name="Host",
        randomness=take,
    )
    guest = PlayPeer(
        Role.GUEST,
        guest_port,
        Autopilot(level, seed=rng.randrange(1 << 30)),
        terms=terms,
        name="Guest",
        randomness=take,
    )

    def finished() -> bool:
        host.pop_notices()
        return host.game_over and guest.game_over

    start = pair.clock.now
    run_linked(pair, host, guest, GAME_TIMEOUT, until=finished)
    finished()
    # the actions of the audited hands as each side recorded them: any the guest lacks were
    # lost, any it has beyond the host's were duplicated
    host_log = host.play.log if host.play is not None else []
    guest_log = guest.play.log if guest.play is not None else []
    common = 0
    for mine, theirs in zip(host_log, guest_log, strict=False):
        if _key(mine) != _key(theirs):
            break
        common += 1
    lost = len(host_log) - common
    duplicated = len(guest_log) - common
    halts = [h for h in (host.halted, guest.halted) if h is not None]
    results = (host.result, guest.result)
    completed = all(results) and results[0].state_hash == results[1].state_hash and not halts  # type: ignore[union-attr]
    problem = ""
    if not completed:
        reasons = [h.text for h in halts] + [
            f.text for f in (host.failure, guest.failure) if f is not None
        ]
        problem = (
            "; ".join(reasons) or f"unfinished after {pair.clock.now - start:.0f} virtual seconds"
        )
    stats = (host_session.stats, guest_session.stats)
    return GameOutcome(
        index=index,
        completed=completed,
        desync=any(h.code == "desync" for h in halts),
        lost=lost,
        duplicated=duplicated,
        moves=len(host_log),
        messages=host_port.messages + guest_port.messages,
        transmissions=sum(s.data_sent for s in stats),
        bytes_sent=link.bytes_sent,
        resumes=sum(s.resumes for s in stats),
        virtual_seconds=pair.clock.now - start,
        problem=problem,
    )


def _key(action: dict[str, Any] | None) -> str:
    return json.dumps(action, sort_keys=True)


def _batch(args: tuple[Any, ...]) -> list[GameOutcome]:
    indices, profile, rules_name, hands, level, seed = args
    rules = Rules.preset(rules_name)
    return [play_one(i, profile, rules, hands, level, seed) for i in indices]


@dataclass
class SoakReport:
    games: int
    completed: int
    desyncs: int
    lost: int
    duplicated: int
    retransmits_per_message: float
    bytes_per_move: float
    moves: int
    resumes: int
    seconds: float
    seconds_per_game: float
    virtual_seconds_per_game: float
    settings: dict[str, Any]
    failures: list[Any] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return self.completed == self.games and not (self.desyncs or self.lost or self.duplicated)


def run(
    games: int,
    profile: LinkProfile,
    *,
    rules: str = "classic",
    hands: int = 1,
    level: str = "beginner",
    seed: int = 1,
    jobs: int = 1,
) -> SoakReport:
    started = time.perf_counter()
    chunks = [list(range(games))[j::jobs] for j in range(max(1, jobs))]
    work = [(chunk, profile, rules, hands, level, seed) for chunk in chunks if chunk]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = [o for batch in pool.map(_batch, work) for o in batch]
    else:
        outcomes = [o for args in work for o in _batch(args)]
    seconds = time.perf_counter() - started
    messages = sum(o.messages for o in outcomes)
    moves = sum(o.moves for o in outcomes)
    return SoakReport(
        games=games,
        completed=sum(o.completed for o in outcomes),
        desyncs=sum(o.desync for o in outcomes),
        lost=sum(o.lost for o in outcomes),
        duplicated=sum(o.duplicated for o in outcomes),
        retransmits_per_message=round(
            (sum(o.transmissions for o in outcomes) - messages) / max(1, messages), 4
        ),
        bytes_per_move=round(sum(o.bytes_sent for o in outcomes) / max(1, moves), 1),
        moves=moves,
        resumes=sum(o.resumes for o in outcomes),
        seconds=round(seconds, 2),
        seconds_per_game=round(seconds / max(1, games), 4),
        virtual_seconds_per_game=round(sum(o.virtual_seconds for o in outcomes) / max(1, games), 1),
        settings={
            "profile": asdict(profile),
            "rules": rules,
            "hands": hands,
            "level": level,
            "seed": seed,
        },
        failures=[{"game": o.index, "problem": o.problem} for o in outcomes if not o.completed][
            :20
        ],
    )


def _probability(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError("a probability goes from 0 to 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.netplay.tools.soak", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument(
        "--drop", type=_probability, default=0.07, help="chance a frame is lost, each way"
    )
    parser.add_argument(
        "--dup", type=_probability, default=0.01, help="chance a frame arrives twice"
    )
    parser.add_argument(
        "--reorder", type=_probability, default=0.02, help="chance a frame is held back"
    )
    parser.add_argument("--latency", type=float, default=0.05, help="one-way delay in seconds")
    parser.add_argument("--jitter", type=float, default=0.0, help="extra random delay up to this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hands", type=int, default=1, help="hands per game; 0 plays to the target score"
    )
    parser.add_argument(
        "--level", choices=LEVELS, default="beginner", help="AutoPilot skill on both sides"
    )
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.hands < 0 or args.latency < 0 or args.jitter < 0:
        parser.error("games and jobs must be positive; hands, latency and jitter not negative")
    profile = LinkProfile(
        drop=args.drop,
        duplicate=args.dup,
        reorder=args.reorder,
        latency=args.latency,
        jitter=args.jitter,
    )
    report = run(
        args.games,
        profile,
        rules=args.rules,
        hands=args.hands,
        level=args.level,
        seed=args.seed,
        jobs=args.jobs,
    )
    if args.json:
        print(json.dumps(asdict(report)))
    else:
        print(
            f"games {report.games}, completed {report.completed}, desyncs {report.desyncs}, "
            f"lost moves {report.lost}, duplicated moves {report.duplicated}"
        )
        print(
            f"{report.moves} moves, {report.retransmits_per_message} retransmissions per message, "
            f"{report.bytes_per_move} bytes per move, {report.resumes} resumed connections"
        )
        print(
            f"run time {report.seconds} s ({report.seconds_per_game} s per game), "
            f"{report.virtual_seconds_per_game} virtual seconds per game"
        )
        for failure in report.failures:
            print(f"game {failure['game']}: {failure['problem']}")
    return 0 if report.clean else 1


if __name__ == "__main__":
    sys.exit(main())
