"""The end of a hand and the end of the game, shown over the table.

`HandOverScene` is the score breakdown of User Guide 4.5.1 for both players: melded cards,
canasta bonuses, going out, Threes, cards left in hand and penalties, the hand's total and the
game totals, with who went out and how; then "Next hand". `GameOverScene` names the winner with
the final totals and offers a new game. Both can continue by themselves after a delay, for
watched (automatic) games, and report when they are first on screen so a picture can be taken.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _, n_
from game.match import TableState
from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.numbers import grouped, signed
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

ITEM_LABELS = (
    ("melded", N_("Melded cards")),
    ("canasta_bonus", N_("Canasta bonuses")),
    ("going_out", N_("Going out")),
    ("threes", N_("Threes")),
    ("in_hand", N_("Cards left in hand")),
    ("penalties", N_("Penalties")),
)
NEGATIVE = (240, 150, 130)


def end_reason(state: TableState, names: tuple[str, ...]) -> str:
    record = state.history[-1] if state.history else {}
    reason = record.get("reason", "")
    out = record.get("went_out")
    special = state.view.special
    if reason == "special_meld" and special is not None:
        who = names[special[0] % len(names)]
        return _("{name} went out with a special meld.").format(name=who)
    if out is not None:
        return _went_out(names[out % len(names)], bool(record.get("concealed")))
    if reason == "stock_exhausted":
        return _("The stock ran out.")
    return _("The hand is over.")


def _went_out(name: str, concealed: bool) -> str:
    if concealed:
        return _("{name} went out concealed.").format(name=name)
    return _("{name} went out.").format(name=name)


def record_reason(record: Mapping[str, Any], names: tuple[str, ...]) -> str:
    """How a hand from the history ended, in words."""
    out = record.get("went_out")
    if isinstance(out, int) and out >= 0:
        return _went_out(names[out % len(names)], bool(record.get("concealed")))
    if record.get("reason") == "stock_exhausted":
        return _("The stock ran out.")
    return _("The hand is over.")


class _OverlayScene(Scene):
    overlay = True

    def __init__(
        self,
        app: Host,
        *,
        auto_seconds: float | None = None,
        on_shown: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.group = WidgetGroup(focus_follows_mouse=True)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.auto_seconds = auto_seconds
        self.on_shown = on_shown
        self._frames = 0
        self._elapsed = 0.0
        self._dim: pygame.Surface | None = None

    @abstractmethod
    def default_action(self) -> None:
        """What Enter, Space or a click on the felt does (each overlay its own)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_ESCAPE,
        ):
            if self.group.focused is not None and event.key != pygame.K_ESCAPE:
                self.group.focused.handle_event(event)
            else:
                self.default_action()
            return True
        self.group.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.group.update(dt)
        self._frames += 1
        if self._frames == 2 and self.on_shown is not None:
            # Drawn at least once by now: the picture shows this screen.
            self.on_shown()
        if self.auto_seconds is not None and self._frames > 2:
            self._elapsed += dt
            if self._elapsed >= self.auto_seconds:
                self.auto_seconds = None
                self.default_action()

    def draw_frame(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((0, 12, 4, 150))
        surface.blit(self._dim, (0, 0))
        surface.blit(t.panel(self.panel_rect.size, fill=th.PANEL_LIGHT, radius=18), self.panel_rect)


class HandOverScene(_OverlayScene):
    def __init__(
        self,
        app: Host,
        state: TableState,
        names: tuple[str, ...],
        on_continue: Callable[[], None],
        *,
        auto_seconds: float | None = None,
        on_shown: Callable[[], None] | None = None,
        record: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(app, auto_seconds=auto_seconds, on_shown=on_shown)
        self.names = names
        self.on_continue = on_continue
        # With a `record` (a finished hand from the history), the breakdown is looked back on
        # from the scoresheet, and the button only closes it.
        self.review = record is not None
        if record is not None:
            self.scores = list(record.get("scores") or [{}, {}])
            self.totals = tuple(record.get("totals") or state.totals)
            self.hand_no = int(record.get("hand", state.hand_no))
            self.reason = record_reason(record, names)
            self.final = False
        else:
            self.scores = list(state.view.hand_scores or [{}, {}])
            self.totals = tuple(state.totals)
            self.hand_no = state.hand_no
            self.reason = end_reason(state, names)
            self.final = state.game_over
        self.button: Button | None = None
        self._closed = False

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        width = min(t.px(620), int(size[0] * 0.9))
        # Title, reason, header, six items, two totals, the button: measured to the content.
        height = t.px(20 + 44 + 36 + 26 + 8 + 6 * 27 + 10 + 2 * 30 + 22 + 48 + 24)
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2 - t.px(10))
        self.group.clear()
        label = _("Close") if self.review else _("See the result") if self.final else _("Next hand")
        button_w, button_h = t.px(220), t.px(48)
        self.button = Button(
            (
                self.panel_rect.centerx - button_w // 2,
                self.panel_rect.bottom - t.px(24) - button_h,
                button_w,
                button_h,
            ),
            t,
            label,
            self.default_action,
            text_size=21,
            primary=True,
        )
        self.group.add(self.button)
        self.group.set_focus(self.button)

    def default_action(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.app.stack.remove(self)
        self.on_continue()

    def _columns(self, box: pygame.Rect, pad: int) -> list[int]:
        """Where each side's figures end (right-aligned): two columns from 68% of the panel,
        three sharing the room right of the labels."""
        if len(self.names) == 2:
            return [box.left + int(box.width * 0.68), box.right - pad]
        start, end = box.left + int(box.width * 0.42), box.right - pad
        step = (end - start) // len(self.names)
        return [start + step * (index + 1) for index in range(len(self.names))]

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        self.draw_frame(surface)
        box = self.panel_rect
        pad = t.px(30)
        y = box.top + t.px(20)
        heading = (_("Hand {number} scores") if self.review else _("Hand {number} is over")).format(
            number=self.hand_no
        )
        title = t.text(heading, 30, th.GOLD_LIGHT, "title")
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += t.px(44)
        reason = t.text(self.reason, 18, th.CREAM_DIM)
        surface.blit(reason, reason.get_rect(midtop=(box.centerx, y)))
        y += t.px(36)
        columns = self._columns(box, pad)
        for index, name in enumerate(self.names):
            # A long name (a partnership's two) is set smaller, cut only past that, to keep
            # clear of the next column.
            left = columns[index - 1] if index else box.left + pad
            room = columns[index] - left - t.px(8)
            size = t.size_to_fit(name, 17, room, "bold")
            name = t.fit(name, size, room, "bold")
            head = t.text(name, size, th.GOLD, "bold")
            surface.blit(head, head.get_rect(topright=(columns[index], y)))
        y += t.px(26)
        pygame.draw.line(surface, th.GOLD_DARK, (box.left + pad, y), (box.right - pad, y), 1)
        y += t.px(8)
        for key, label in ITEM_LABELS:
            surface.blit(t.text(_(label), 17, th.CREAM), (box.left + pad, y))
            for index, x in enumerate(columns):
                value = int(self.scores[index].get(key, 0)) if index < len(self.scores) else 0
                colour = NEGATIVE if value < 0 else (th.CREAM if value else th.CREAM_DIM)
                number = t.text(signed(value), 17, colour)
                surface.blit(number, number.get_rect(topright=(x, y)))
            y += t.px(27)
        pygame.draw.line(
            surface, th.GOLD_DARK, (box.left + pad, y + t.px(2)), (box.right - pad, y + t.px(2)), 1
        )
        y += t.px(10)
        rows = (
            (_("This hand"), [int(s.get("total", 0)) for s in self.scores], signed),
            (_("Game total"), list(self.totals), grouped),
        )
        colour = th.GOLD_LIGHT
        for label, values, written in rows:
            surface.blit(t.text(label, 19, colour, "bold"), (box.left + pad, y))
            for index, value in enumerate(values):
                text = written(value)
                number = t.text(text, 19, NEGATIVE if value < 0 else colour, "bold")
                surface.blit(number, number.get_rect(topright=(columns[index], y)))
            y += t.px(30)
        self.group.draw(surface)


class GameOverScene(_OverlayScene):
    def __init__(
        self,
        app: Host,
        state: TableState,
        names: tuple[str, ...],
        *,
        on_new_game: Callable[[], None],
        on_title: Callable[[], None],
        on_review: Callable[[], None] | None = None,
        auto_seconds: float | None = None,
        on_shown: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app, auto_seconds=auto_seconds, on_shown=on_shown)
        self.on_review = on_review  # How did I play? (a recorded game)
        self.names = names
        self.winner = state.view.winner
        self.totals = tuple(state.totals)
        self.hands = state.hand_no
        self.on_new_game = on_new_game
        self.on_title = on_title
        self._closed = False

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        # Wide enough for two 20-letter names beside six-figure totals.
        width = min(t.px(640), int(size[0] * 0.9))
        self.panel_rect = pygame.Rect(0, 0, width, t.px(330 + 36 * (len(self.names) - 2)))
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        self.group.clear()
        specs: list[tuple[str, Callable[[], None]]] = [
            (_("New game"), lambda: self._close(self.on_new_game)),
            (_("Title screen"), lambda: self._close(self.on_title)),
        ]
        if self.on_review is not None:
            # The review opens over the final scores, which are still there after it.
            specs.insert(1, (_("How did I play?"), self.on_review))
        gap, button_h = t.px(16), t.px(48)
        button_w = min(t.px(200), (width - t.px(40) - gap * (len(specs) - 1)) // len(specs))
        y = self.panel_rect.bottom - t.px(26) - button_h
        x = self.panel_rect.centerx - (len(specs) * button_w + (len(specs) - 1) * gap) // 2
        for index, (label, then) in enumerate(specs):
            button = Button(
                (x, y, button_w, button_h),
                t,
                label,
                then,
                text_size=21 if len(specs) == 2 else 19,
                primary=index == 0,
            )
            self.group.add(button)
            if index == 0:
                self.group.set_focus(button)
            x += button_w + gap

    def _close(self, then: Callable[[], None]) -> None:
        if self._closed:
            return
        self._closed = True
        self.app.stack.remove(self)
        then()

    def default_action(self) -> None:
        self._close(self.on_new_game)

    @property
    def headline(self) -> str:
        if self.winner is not None and self.winner < len(self.names):
            name = self.names[self.winner]
            if self.winner == 0:
                # A partnership's two names are on the lines below, with its total.
                return _("Your side wins the game!") if " & " in name else _("You win the game!")
            if " & " in name:
                return _("{names} win the game").format(names=name)
            return _("{name} wins the game").format(name=name)
        return _("The game is over")

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        self.draw_frame(surface)
        box = self.panel_rect
        y = box.top + t.px(26)
        size = t.size_to_fit(self.headline, 36, box.width - t.px(40), "title")
        title = t.shadowed_text(self.headline, size, th.GOLD_LIGHT, "title", offset=2)
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += t.px(64)
        margin = t.px(56)
        for index, name in enumerate(self.names):
            colour = th.GOLD_LIGHT if index == self.winner else th.CREAM
            score = t.text(grouped(self.totals[index]), 22, colour, "bold")
            # A long name is set smaller (cut only past that) rather than run into its score.
            room = box.width - 2 * margin - score.get_width() - t.px(16)
            size = t.size_to_fit(name, 22, room, "bold")
            line = t.text(t.fit(name, size, room, "bold"), size, colour, "bold")
            surface.blit(
                line, line.get_rect(midleft=(box.left + margin, y + score.get_height() // 2))
            )
            surface.blit(score, score.get_rect(topright=(box.right - margin, y)))
            y += t.px(36)
        after = n_("after {count} hand", "after {count} hands", self.hands)
        note = t.text(after.format(count=self.hands), 17, th.CREAM_DIM)
        surface.blit(note, note.get_rect(midtop=(box.centerx, y + t.px(4))))
        self.group.draw(surface)
