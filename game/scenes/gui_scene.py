"""A full screen built from pygame_gui widgets on the felt: a title, a panel, the widgets, Escape
to go back.

The help, tutorial and explore screens share this frame. The scene owns one themed `UIManager`
(remade when the screen size changes, since fonts are sized for it), hands it every event and
routes the widget events it posts back (a button pressed, a list item chosen, text typed) to
`on_gui`. Widgets are made in `build`, which runs on every layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.gui import make_manager, quiet_update

if TYPE_CHECKING:
    from game.scenes.base import Host

GUI_EVENTS = (
    pygame_gui.UI_BUTTON_PRESSED,
    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
    pygame_gui.UI_TEXT_ENTRY_CHANGED,
    pygame_gui.UI_TEXT_ENTRY_FINISHED,
    pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
)


class GuiScene(Scene):
    """A screen of pygame_gui widgets under a title; see the module docstring."""

    title = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.manager: pygame_gui.UIManager | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        self.manager = make_manager(size, self.app.theme.scale)
        t = self.app.theme
        margin = t.px(24)
        top = t.px(78)
        self.panel_rect = pygame.Rect(margin, top, size[0] - 2 * margin, size[1] - top - margin)
        self.build(size)

    def build(self, size: tuple[int, int]) -> None:
        """Make the widgets for a screen of `size` (on `self.manager`)."""

    def close(self) -> None:
        """Leave the screen (Escape, Close)."""
        self.app.stack.remove(self)

    def on_gui(self, event: pygame.event.Event) -> bool:
        """A widget's event (button, list, entry, link); True when it was used."""
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key the widgets did not take; True when it was used."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.manager is None:
            return False
        # Widgets see their own events first (a list learns its item was clicked from the
        # item's button event), then the screen hears what they mean.
        consumed = self.manager.process_events(event)
        if event.type in GUI_EVENTS:
            return self.on_gui(event) or consumed
        if consumed:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            return self.on_key(event)
        return False

    def update(self, dt: float) -> None:
        if self.manager is not None:
            quiet_update(self.manager, dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        surface.blit(t.felt(), (0, 0))
        title = t.shadowed_text(self.title, 40, th.GOLD_LIGHT, "title")
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, t.px(14))))
        self.draw_extra(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything drawn between the felt and the widgets (card faces, a map)."""
