"""The title screen: the game's name on the felt, two fanned hands of cards, and the main menu.

Menu: Continue (the autosaved game; focused when there is one, so one Enter resumes), New game
(against the computer), Host and Join (a game against a friend over the network), Players (their
records), Help (the rules and the controls), Options and Quit. Arrow keys move
through the menu, Enter chooses, Escape quits; the mouse works as usual. The card fans are
composed once per layout, so a frame is a handful of blits.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _
from game.scenes import flow
from game.scenes.base import Scene
from game.scenes.dialog import message_dialog
from game.scenes.flow import continue_game, start_new_game
from game.scenes.net.host import HostScene
from game.scenes.net.join import JoinScene
from game.scenes.net.resume import network_game_saved, offer_network_resume
from game.scenes.options import OptionsScene
from game.scenes.records.players import PlayersScene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

LEFT_FAN = ("AH", "AS", "AD", "AC", "JK_1")
RIGHT_FAN = ("KD", "KC", "2H", "KS", "KH")


class TitleScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.group = WidgetGroup(focus_follows_mouse=True)
        self.buttons: dict[str, Button] = {}
        self._fans: list[tuple[pygame.Surface, pygame.Rect]] = []

    # -- lifetime ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.app.sounds.play_music()
        self._tell_preference_warnings()

    def _tell_preference_warnings(self) -> None:
        """A damaged preferences file was replaced by defaults: say so in the window, once."""
        warnings: list[str] = getattr(self.app, "preference_warnings", [])
        if not warnings:
            return
        text = "\n".join(
            [_("Some preferences could not be used and have their defaults again:"), *warnings]
        )
        warnings.clear()
        message_dialog(self.app, _("Preferences reset"), text)

    def resume(self) -> None:
        self._refresh_continue()
        continue_button = self.buttons.get("Continue")
        if continue_button is not None and continue_button.enabled:
            # Back from a game (saved as it went): one Enter takes the player back to it.
            self.group.set_focus(continue_button)

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        w, h = size
        focused = self.group.focused.name if self.group.focused else None
        self.group.clear()
        self.buttons = {}
        specs = self.entries()
        button_w, button_h, gap = t.px(320), t.px(44), t.px(8)
        top = int(h * 0.345)
        for index, (label, action) in enumerate(specs):
            rect = (w // 2 - button_w // 2, top + index * (button_h + gap), button_w, button_h)
            button = Button(rect, t, _(label), action, text_size=22, primary=label == "New game")
            self.buttons[label] = self.group.add(button)
        self._refresh_continue()
        target = self.buttons.get(focused or "") if focused else None
        if target is None or not target.can_focus():
            target = (
                self.buttons["Continue"]
                if self.buttons["Continue"].enabled
                else self.buttons["New game"]
            )
        self.group.set_focus(target)
        self._compose_fans(size)

    def entries(self) -> list[tuple[str, Callable[[], None]]]:
        """The menu, top to bottom."""
        return [
            (N_("Continue"), self.continue_game),
            (N_("New game"), self.new_game),
            (N_("Host"), self.host),
            (N_("Join"), self.join),
            (N_("Players"), self.players),
            (N_("Help"), functools.partial(flow.open_help, self.app)),
            (N_("Options"), self.options),
            (N_("Quit"), self.app.quit),
        ]

    def _refresh_continue(self) -> None:
        button = self.buttons.get("Continue")
        if button is None:
            return
        try:
            available = bool(self.app.autosave_exists()) or network_game_saved()
        except Exception:  # a damaged save must not keep the title screen from showing
            available = False
        button.enabled = available
        if not available and self.group.focused is button:
            self.group.set_focus(self.buttons["New game"])

    def _compose_fans(self, size: tuple[int, int]) -> None:
        w, h = size
        t = self.app.theme
        card_h = t.px(170)
        self._fans = []
        for codes, centre_x, tilt in ((LEFT_FAN, w * 0.17, -8), (RIGHT_FAN, w * 0.83, 8)):
            fan = self._fan_surface(codes, card_h, tilt)
            rect = fan.get_rect(center=(round(centre_x), round(h * 0.6)))
            self._fans.append((fan, rect))

    def _fan_surface(self, codes: tuple[str, ...], card_h: int, tilt: float) -> pygame.Surface:
        """Cards spread like a hand held up, rotated about a point below the cards."""
        images = self.app.cards
        card_w = images.size_for(card_h)[0]
        side = int(card_h * 2.6)
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        pivot = pygame.Vector2(side / 2, side / 2 + card_h * 0.55)
        spread = 13.0
        count = len(codes)
        for index, code in enumerate(codes):
            angle = tilt + (index - (count - 1) / 2) * spread
            card = images.image(code, card_h)
            framed = pygame.Surface((card_w + 4, card_h + 4), pygame.SRCALPHA)
            # A soft shadow so the cards sit on the felt instead of floating.
            shade = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
            pygame.draw.rect(
                shade, (0, 0, 0, 70), shade.get_rect(), border_radius=max(2, card_w // 12)
            )
            framed.blit(shade, (4, 4))
            framed.blit(card, (0, 0))
            rotated = pygame.transform.rotozoom(framed, -angle, 1.0)
            offset = pygame.Vector2(0, -card_h * 0.55).rotate(angle)
            centre = pivot + offset
            surface.blit(rotated, rotated.get_rect(center=(round(centre.x), round(centre.y))))
        return surface

    # -- actions ----------------------------------------------------------------------------
    def new_game(self) -> None:
        start_new_game(self.app)
        # A new player's first game (the README's way in): the tutorial is offered, once.
        flow.offer_tutorial(self.app)

    def continue_game(self) -> None:
        if self.app.autosave_exists() or offer_network_resume(self.app) is None:
            continue_game(self.app)

    def host(self) -> None:
        self.app.stack.push(HostScene(self.app))

    def join(self) -> None:
        self.app.stack.push(JoinScene(self.app))

    def players(self) -> None:
        self.app.stack.push(PlayersScene(self.app))

    def options(self) -> None:
        self.app.stack.push(OptionsScene(self.app))

    # -- frame ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def busy(self) -> bool:
        return False  # a still picture: input or nothing

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        w, h = surface.get_size()
        surface.blit(t.felt(), (0, 0))
        for fan, rect in self._fans:
            surface.blit(fan, rect)
        title = t.shadowed_text("Canasta", 112, th.GOLD_LIGHT, "title", offset=4)
        title_rect = title.get_rect(midtop=(w // 2, int(h * 0.07)))
        surface.blit(title, title_rect)
        rule_y = title_rect.bottom + t.px(4)
        half = t.px(150)
        pygame.draw.line(
            surface, th.GOLD_DARK, (w // 2 - half, rule_y), (w // 2 + half, rule_y), max(1, t.px(2))
        )
        pygame.draw.circle(surface, th.GOLD, (w // 2, rule_y), t.px(4))
        subtitle = t.text(_("The classic card game for two, three or four"), 22, th.CREAM_DIM)
        surface.blit(subtitle, subtitle.get_rect(midtop=(w // 2, rule_y + t.px(12))))
        self.group.draw(surface)
        hint = t.text(
            _("\u2191 \u2193  choose     Enter  select     Esc  quit     F11  full screen"),
            17,
            th.CREAM_DIM,
        )
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - t.px(16))))
