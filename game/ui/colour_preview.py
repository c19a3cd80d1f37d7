"""A corner of the table in the colours of the moment, for the Colours page of Options.

The felt with a panel on it (a heading, a figure in the text colour) and a button, drawn from
the theme's palette names at draw time, so it shows a colour the moment it is chosen (in high
contrast too). It takes no input.
"""

from __future__ import annotations

import pygame

from game.language import N_, _, number
from game.ui import theme as th
from game.ui.widget import Widget

HEADING = N_("Scoresheet")
FIGURE = N_("Total {points}")
BUTTON = N_("Hint")
POINTS = 1250


class ColourPreview(Widget):
    focusable = False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        r = self.rect
        radius = t.px(8)
        pygame.draw.rect(surface, th.FELT, r, border_radius=radius)
        pygame.draw.rect(surface, th.FELT_DARK, r, width=max(1, t.px(2)), border_radius=radius)
        pad = t.px(6)
        size = 16
        heading = t.text(_(HEADING), size, th.GOLD_LIGHT)
        figure = t.text(_(FIGURE).format(points=number(POINTS)), size, th.CREAM)
        inner_w = heading.get_width() + t.px(12) + figure.get_width()
        panel = pygame.Rect(r.left + pad, r.top + pad, inner_w + 2 * pad, r.height - 2 * pad)
        surface.blit(t.panel(panel.size, radius=8, shadow=False), panel)
        centre_y = panel.centery
        surface.blit(heading, heading.get_rect(midleft=(panel.left + pad, centre_y)))
        surface.blit(figure, figure.get_rect(midright=(panel.right - pad, centre_y)))
        label = t.text(_(BUTTON), size, th.CREAM)
        button = pygame.Rect(0, 0, label.get_width() + 4 * pad, panel.height - t.px(8))
        button.midright = (r.right - pad - t.px(4), centre_y)
        if button.left > panel.right + pad:
            pygame.draw.rect(surface, th.BUTTON, button, border_radius=t.px(6))
            pygame.draw.rect(surface, th.GOLD, button, width=max(1, t.px(2)), border_radius=t.px(6))
            surface.blit(label, label.get_rect(center=button.center))
