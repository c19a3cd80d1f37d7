"""The common lifetime of the screens that hold a network connection (Host, Join, rules
agreement): they read the connection every frame while shown, and stop it when they close unless
they handed it on to the network table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.base import Scene

if TYPE_CHECKING:
    from game.net_session import NetGame


class NetworkScreen(Scene):
    """A scene owning `net` until it sets `handed_on`; subclasses read it in `poll`."""

    net: NetGame | None = None
    handed_on: bool = False

    def enter(self) -> None:
        super().enter()
        self.app.inbox_pollers.append(self.poll)

    def leave(self) -> None:
        if self.poll in self.app.inbox_pollers:
            self.app.inbox_pollers.remove(self.poll)
        self.release_network()

    def release_network(self) -> None:
        """Stop the connection unless the table has taken it over."""
        if self.net is not None and not self.handed_on:
            self.net.stop()
        self.net = None

    def poll(self) -> None:
        """Read what the connection delivered since the last frame (each screen its own way)."""
