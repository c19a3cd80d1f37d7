"""An in-memory stand-in for the broker's routing, for the core tests: publications reach the
cores subscribed to a matching topic, retained messages reach later subscribers, all on a
virtual clock."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.netplay.lobby import Announcement, LobbyEvent, Publication, Step
from game.netplay.lobby.guest import GuestLobby
from game.netplay.lobby.host import HostLobby


def matches(pattern: str, topic: str) -> bool:
    wanted, levels = pattern.split("/"), topic.split("/")
    return len(wanted) == len(levels) and all(
        w in ("+", t) for w, t in zip(wanted, levels, strict=True)
    )


@dataclass
class Lobby:
    """Cores on one pretend broker; `now` is the virtual clock."""

    now: float = 1000.0
    retained: dict[str, bytes] = field(default_factory=dict)
    members: list[HostLobby | GuestLobby] = field(default_factory=list)
    events: dict[int, list[LobbyEvent]] = field(default_factory=dict)
    wire: list[Publication] = field(default_factory=list)  # everything published, in order

    def join(self, core: HostLobby | GuestLobby) -> HostLobby | GuestLobby:
        self.members.append(core)
        self.events[id(core)] = []
        self.carry_out(core, core.connected(self.now))
        for topic, payload in list(self.retained.items()):
            if any(matches(p, topic) for p in core.subscriptions):
                self.carry_out(core, core.receive(topic, payload, self.now))
        return core

    def host(self, name: str = "Hosty", rules: str = "classic", **options: object) -> HostLobby:
        core = HostLobby(Announcement(name, rules, since=1_700_000_000), **options)  # type: ignore[arg-type]
        self.join(core)
        return core

    def guest(self, **options: object) -> GuestLobby:
        core = GuestLobby(**options)  # type: ignore[arg-type]
        self.join(core)
        return core

    def carry_out(self, core: HostLobby | GuestLobby, step: Step) -> None:
        self.events[id(core)].extend(step.events)
        for publication in step.publications:
            self.publish(publication)

    def publish(self, publication: Publication) -> None:
        self.wire.append(publication)
        if publication.retain:
            if publication.payload:
                self.retained[publication.topic] = publication.payload
            else:
                self.retained.pop(publication.topic, None)
        for core in list(self.members):
            if any(matches(p, publication.topic) for p in core.subscriptions):
                self.carry_out(core, core.receive(publication.topic, publication.payload, self.now))

    def do(self, core: HostLobby | GuestLobby, step: Step) -> None:
        self.carry_out(core, step)

    def taken(self, core: HostLobby | GuestLobby) -> list[LobbyEvent]:
        """The events `core` produced since the last call."""
        events = self.events[id(core)]
        self.events[id(core)] = []
        return events

    def tick(self, seconds: float) -> None:
        self.now += seconds
        for core in list(self.members):
            self.carry_out(core, core.tick(self.now))
