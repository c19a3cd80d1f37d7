"""The common lifetime of the screens that hold a network connection (Host, Join, rules
agreement): they read the connection every frame while shown, and stop it when they close unless
they handed it on to the network table. Also what those screens draw alike: the spinner, the
waiting host's watch, and the words the lobby's screens share (a rules preset's name, a table's
free seats, how long a host has waited, where a club's lobby goes), in the player's language."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _, n_
from game.netplay.lobby import LOBBY_PROBLEMS, LobbyError
from game.scenes.base import Scene
from game.scenes.option_items import PRESET_CHOICES
from game.ui import theme as th

if TYPE_CHECKING:
    from game.match import NetGame
    from game.ui.widget import WidgetGroup


CLUB_HINT = N_(
    "To use a club's own lobby server instead, put its address in Options \u2192 Network; the rest "
    "of the game works without the lobby."
)


def table_words(players: int, free: int) -> str:
    """A table of three or four as the lists of games say it: "table of 4 · 2 seats free"."""
    seats = n_("{n} seat free", "{n} seats free", free).format(n=free)
    return _("table of {n}").format(n=players) + " \u00b7 " + seats


def rules_name(preset: str) -> str:
    """A rules preset as a player reads it ("modern_american" -> "Modern American"), one the
    game does not know by its key's words."""
    names = dict(PRESET_CHOICES)
    if preset in names:
        return _(names[preset])
    return preset.replace("_", " ").title() if preset else _("Rules not given")


def lobby_refusal(error: LobbyError) -> str:
    """Why a lobby request cannot be carried out, in the player's language."""
    return _(LOBBY_PROBLEMS[error.kind]).format(**error.fields)


def error_words(error: Exception) -> str:
    """What went wrong, in the player's language when this copy composed it (a saved game that
    cannot be read, a refused address), else in the system's own words (an OS error)."""
    said = error.args[0] if error.args else ""
    return _(said) if hasattr(said, "template") else str(error)


def waited_words(since: int, now: float) -> str:
    """How long a host has waited, as the lobby's list says it ("waiting 5 min")."""
    minutes = max(0, int(now - since)) // 60
    if minutes < 1:
        return _("waiting under a minute")
    if minutes < 60:
        return _("waiting {minutes} min").format(minutes=minutes)
    return _("waiting {hours} h {minutes} min").format(
        hours=minutes // 60, minutes=f"{minutes % 60:02d}"
    )


class NetworkScreen(Scene):
    """A scene owning `net` until it sets `handed_on`; subclasses read it in `poll`."""

    net: NetGame | None = None
    handed_on: bool = False
    group: WidgetGroup
    panel: pygame.Rect
    clock: float = 0.0  # seconds on this screen; turns the spinner

    def enter(self) -> None:
        super().enter()
        self.app.inbox_pollers.append(self.poll)

    def leave(self) -> None:
        if self.poll in self.app.inbox_pollers:
            self.app.inbox_pollers.remove(self.poll)
        self.release_network()
        # A focused text field hands the keyboard back (text input, key repeat).
        self.group.set_focus(None)

    def release_network(self) -> None:
        """Stop the connection unless the table has taken it over."""
        if self.net is not None and not self.handed_on:
            self.net.stop()
        self.net = None

    def back_to_this_screen(self) -> None:
        """Close whatever is above this screen (a solo table played while waiting is saved as
        it leaves)."""
        while self.app.stack.top is not None and self.app.stack.top is not self:
            self.app.stack.pop()

    def poll(self) -> None:
        """Read what the connection delivered since the last frame (each screen its own way)."""

    def notices(self) -> list[Any]:
        """Pump the connection and take what it delivered since the last frame (nothing when
        there is none, or once the table has taken it over)."""
        net = self.net
        if net is None or self.handed_on:
            return []
        net.pump()
        return net.take()

    def cancel(self) -> None:
        """Escape or the Cancel button: leave the screen (each screen its own way)."""
        self.app.stack.remove(self)

    # -- frame ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw_panel(self, surface: pygame.Surface, title: str, size: int, top: int) -> int:
        """The felt, the screen's panel and its heading `top` pixels down; the heading's bottom."""
        t = self.app.theme
        surface.blit(t.felt(), (0, 0))
        panel = self.panel
        surface.blit(t.panel(panel.size), panel)
        heading = t.shadowed_text(title, size, th.GOLD_LIGHT, "title")
        rect = heading.get_rect(midtop=(panel.centerx, panel.top + t.px(top)))
        surface.blit(heading, rect)
        return rect.bottom

    def draw_spinner(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        """Eight dots fading round `centre`: something is under way."""
        for index in range(8):
            angle = index * math.pi / 4
            fade = (index - self.clock * 10) % 8 / 8
            colour = tuple(
                int(a + (b - a) * fade) for a, b in zip(th.GOLD_LIGHT, th.FELT_DARK, strict=False)
            )
            spot = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
            pygame.draw.circle(surface, colour, spot, max(2, radius // 4))


def draw_watch(surface: pygame.Surface, centre: tuple[int, int], radius: int, clock: float) -> None:
    """The waiting host's watch (UG 4.2.3, 5.2): a pulsing face with a sweeping hand, `clock`
    seconds into the wait."""
    pulse = 0.5 + 0.5 * math.sin(clock * 4.0)
    colour = tuple(
        int(a + (b - a) * pulse) for a, b in zip(th.GOLD_DARK, th.GOLD_LIGHT, strict=False)
    )
    pygame.draw.circle(surface, colour, centre, radius, max(2, radius // 5))
    angle = clock * 2.0
    tip = (
        centre[0] + math.sin(angle) * radius * 0.7,
        centre[1] - math.cos(angle) * radius * 0.7,
    )
    pygame.draw.line(surface, colour, centre, tip, max(2, radius // 6))
