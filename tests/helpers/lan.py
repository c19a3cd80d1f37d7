"""Games on this network for screen tests, with no network at all: a discovery whose browser
lists what the test puts in it (as found, changed and lost events, like the real one) and whose
advertiser records what the Host screen asked for."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.netplay.shell.discovery import Advertisement, GameList, LanEvent, LanGame
from game.netplay.wire.session_messages import PROTOCOL_MAX


def lan_game(name: str, address: str = "192.168.1.5", port: int = 50410, **more: object) -> LanGame:
    fields: dict[str, object] = {
        "key": f"{name} - Canasta 0000._canasta._tcp.local.",
        "name": name,
        "rules": "classic",
        "free_seats": 1,
        "protocol": (PROTOCOL_MAX, PROTOCOL_MAX),
        "app_version": "1.0",
        "address": address,
        "port": port,
    }
    return LanGame(**(fields | more))  # type: ignore[arg-type]


class ListedGames:
    """A browser fed by the test: `show` a game (found or changed), `drop` one (lost); like the
    real one, the list changes on `poll`."""

    def __init__(self, problem: str = "") -> None:
        self._list = GameList()
        self._said: list[tuple[str, LanGame | None]] = []
        self.problem = problem
        self.stopped = False

    @property
    def games(self) -> list[LanGame]:
        return self._list.games

    def show(self, game: LanGame) -> None:
        self._said.append((game.key, game))

    def drop(self, game: LanGame) -> None:
        self._said.append((game.key, None))

    def poll(self) -> list[LanEvent]:
        said, self._said = self._said, []
        return [e for key, game in said if (e := self._list.apply(key, game)) is not None]

    def stop(self) -> None:
        self.stopped = True


@dataclass
class RecordedAdvertiser:
    advertisement: Advertisement
    problem: str = ""
    seat_changes: list[int] = field(default_factory=list)
    stopped: bool = False

    def set_free_seats(self, free: int) -> None:
        if free != self.advertisement.free_seats:
            self.seat_changes.append(free)
        self.advertisement = replace(self.advertisement, free_seats=free)

    def stop(self, wait: float = 0.0) -> None:
        self.stopped = True


@dataclass
class OfflineDiscovery:
    """What the screens were given: every advertiser they started and every browser."""

    listed: ListedGames = field(default_factory=ListedGames)
    advertisers: list[RecordedAdvertiser] = field(default_factory=list)
    browsers: int = 0
    problem: str = ""

    def advertise(self, advertisement: Advertisement) -> RecordedAdvertiser:
        self.advertisers.append(RecordedAdvertiser(advertisement, problem=self.problem))
        return self.advertisers[-1]

    def browse(self) -> ListedGames:
        self.browsers += 1
        return self.listed
