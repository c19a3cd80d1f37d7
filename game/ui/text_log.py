"""A recorder of the text the screens draw, for the layout check: what does not fit is reported.

While a `TextLog` is attached to the theme (`Theme.record`), every text surface the theme renders
(and every label a widget composes from them) and every panel it makes is remembered, and the
widgets and helpers that make text fit report each time they had to: a text cut with an ellipsis
(`Theme.fit`), a button's label squeezed, a field's hint made smaller than its text. A
`RecordingSurface` is a screen that remembers where each of those surfaces lands, with the clip
in force: `TextLog.check` then finds text outside the screen, cut by the clip, spilling out of
the panel it is drawn on, or running into other text. A `Misfit` names the text and what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame


@dataclass(frozen=True)
class Misfit:
    text: str
    how: str

    def __str__(self) -> str:
        return f"{self.text!r}: {self.how}"


@dataclass
class _Landed:
    text: str
    rect: pygame.Rect
    clip: pygame.Rect
    cropped: bool
    boxes: int  # how many panels were drawn before it
    layer: int  # the scene that drew it


@dataclass
class TextLog:
    """What was rendered, where it landed, and every misfit reported; see the module docstring."""

    texts: dict[int, tuple[str, pygame.Surface]] = field(default_factory=dict)
    panels: dict[int, tuple[tuple[int, int], pygame.Surface]] = field(default_factory=dict)
    misfits: list[Misfit] = field(default_factory=list)
    landed: list[_Landed] = field(default_factory=list)
    boxes: list[pygame.Rect] = field(default_factory=list)
    layer: int = 0

    def rendered(self, surface: pygame.Surface, text: str) -> None:
        """`surface` shows `text` (kept alive here so its identity stays its own)."""
        self.texts[id(surface)] = (text, surface)

    def panel(self, surface: pygame.Surface, body: tuple[int, int]) -> None:
        """`surface` is a panel whose body (without its shadow) is `body` pixels."""
        self.panels[id(surface)] = (body, surface)

    def misfit(self, text: str, how: str) -> None:
        self.misfits.append(Misfit(text, how))

    def frame(self) -> None:
        """A new frame is drawn: forget where the last one put things (not the misfits: what
        was cut is cached and drawn again without being cut again)."""
        self.landed.clear()
        self.boxes.clear()
        self.layer = 0

    def next_layer(self) -> None:
        """The next scene up draws: text never runs into text of the scene it covers."""
        self.layer += 1

    def blitted(self, source: pygame.Surface, dest: Any, area: Any, clip: pygame.Rect) -> None:
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect | pygame.FRect) else dest[:2]
        panel = self.panels.get(id(source))
        if panel is not None:
            self.boxes.append(pygame.Rect(int(x), int(y), *panel[0]))
            return
        entry = self.texts.get(id(source))
        if entry is None:
            return
        size = pygame.Rect(area).size if area is not None else source.get_size()
        rect = pygame.Rect(int(x), int(y), *size)
        self.landed.append(
            _Landed(entry[0], rect, clip, area is not None, len(self.boxes), self.layer)
        )

    def check(self, screen: pygame.Rect) -> list[Misfit]:
        """Everything that does not fit in the frame last drawn."""
        found = list(self.misfits)
        for index, text in enumerate(self.landed):
            ink = text.rect.inflate(-2, -2)  # a glyph's anti-aliased edge may touch the border
            if text.cropped:
                found.append(Misfit(text.text, f"cropped to {text.rect.size}"))
            if not screen.contains(ink):
                found.append(Misfit(text.text, f"at {tuple(text.rect)}, outside the screen"))
            elif not text.clip.contains(ink):
                found.append(Misfit(text.text, f"at {tuple(text.rect)}, cut by {tuple(text.clip)}"))
            for other in self.landed[index + 1 :]:
                if self._run_into(text, other):
                    found.append(
                        Misfit(text.text, f"overlaps {other.text!r} at {tuple(other.rect)}")
                    )
            box = self._box_under(text.rect, self.boxes[: text.boxes])
            if box is not None and not box.contains(ink):
                found.append(
                    Misfit(text.text, f"at {tuple(text.rect)}, out of its panel {tuple(box)}")
                )
        return found

    def _run_into(self, first: _Landed, second: _Landed) -> bool:
        """Whether two texts of one scene overlap, with no panel drawn between them that
        covers the first."""
        if first.layer != second.layer or not (first.text.strip() and second.text.strip()):
            return False
        if not first.rect.inflate(-2, -2).colliderect(second.rect.inflate(-2, -2)):
            return False
        between = self.boxes[first.boxes : second.boxes]
        return not any(box.colliderect(first.rect) for box in between)

    @staticmethod
    def _box_under(rect: pygame.Rect, boxes: list[pygame.Rect]) -> pygame.Rect | None:
        """The smallest panel drawn before it under the middle of `rect`: its container."""
        under = [box for box in boxes if box.collidepoint(rect.center)]
        return min(under, key=lambda box: box.width * box.height) if under else None


class RecordingSurface(pygame.Surface):
    """A surface to draw a frame on that tells `log` where each blit lands."""

    def __init__(self, size: tuple[int, int], log: TextLog) -> None:
        super().__init__(size)
        self.log = log

    def blit(  # type: ignore[override]
        self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        self.log.blitted(source, dest, area, self.get_clip())
        return super().blit(source, dest, area, special_flags)
