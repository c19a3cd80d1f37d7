"""The cut for the deal, shown as a new game starts (User Guide 4.4.5).

A dialog over the table: the card each player cut (the last, when a Joker or a tie was cut
again), their names under them, and who plays first; OK (or Enter, or Escape) and the deal
goes on beneath. The cut itself is the rules engine's (`game.logic.cut`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.language import _
from game.logic.assist import card_name
from game.logic.cut import Cut
from game.scenes.dialog import DialogScene
from game.sprites.cards import image_code
from game.sprites.notation import in_notation
from game.ui import theme as th

if TYPE_CHECKING:
    from game.scenes.base import Host

CARD_HEIGHT = 120
NAME_SIZE = 18


def cut_sentence(cut: Cut, names: tuple[str, ...], notation: str) -> str:
    """ "You cut 9♥ and Computer cut K♣. Computer plays first." """
    cuts = [
        _("{name} cut {card}").format(name=name, card=card_name(cut.last(seat)))
        for seat, name in enumerate(names)
    ]
    said = _("{some} and {last}").format(some=", ".join(cuts[:-1]), last=cuts[-1])
    if any(len(cards) > 1 for cards in cut.cards):
        said = f"{said} {_('(a Joker or a tie is cut again)')}"
    first = names[cut.first_player]
    if cut.first_player == 0 and first == _("You"):
        plays = _("You play first.")
    else:
        plays = _("{name} plays first.").format(name=first)
    return in_notation(f"{said}. {plays}", notation)


class CutDialog(DialogScene):
    def __init__(self, app: Host, cut: Cut, names: tuple[str, ...]) -> None:
        super().__init__(
            app,
            _("Cut for the deal"),
            cut_sentence(cut, names, app.prefs.index_notation),
            width=640,
        )
        self.cut = cut
        self.names = names
        self.cards_top = 0
        self.card_width = 0
        self.step = 0
        self.name_lines: list[list[str]] = []

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.app.theme
        height = t.px(CARD_HEIGHT)
        self.card_width = self.app.cards.size_for(height)[0]
        count = len(self.names)
        self.step = min(
            self.card_width + t.px(60), (self.panel_rect.width - t.px(64)) // max(1, count)
        )
        # Each name whole under its card, on more lines where it is long.
        self.name_lines = [t.wrap(name, NAME_SIZE, self.step - t.px(8)) for name in self.names]
        lines = max(len(lines) for lines in self.name_lines)
        extra = height + t.px(16) + t.font(NAME_SIZE).get_linesize() * lines + t.px(12)
        self.panel_rect.height += extra
        self.panel_rect.centery = size[1] // 2
        title_h = t.font(34, "title").get_linesize() * len(self._title_lines)
        message_h = t.font(22).get_linesize() * len(self._lines)
        self.cards_top = self.panel_rect.top + t.px(32) + title_h + t.px(14) + message_h + t.px(20)
        for button in self.buttons:
            button.rect = button.rect.move(
                0, self.panel_rect.bottom - t.px(32) - button.rect.bottom
            )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        height = t.px(CARD_HEIGHT)
        count = len(self.names)
        left = self.panel_rect.centerx - (self.step * (count - 1) + self.card_width) // 2
        line_h = t.font(NAME_SIZE).get_linesize()
        for seat, lines in enumerate(self.name_lines):
            x = left + seat * self.step
            card = self.app.cards.image(image_code(self.cut.last(seat)), height)
            surface.blit(card, (x, self.cards_top))
            colour = th.GOLD_LIGHT if seat == self.cut.first_player else th.CREAM
            y = self.cards_top + height + t.px(8)
            for line in lines:
                label = t.text(line, NAME_SIZE, colour)
                surface.blit(label, label.get_rect(midtop=(x + self.card_width // 2, y)))
                y += line_h
