"""The system clipboard (`pygame.scrap`) for Copy buttons and text fields, with a private
clipboard where the system one cannot be reached (for example with no video driver)."""

from __future__ import annotations

import contextlib

import pygame

_private_clipboard = ""


def clipboard_get() -> str:
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        text = ""
    return text or _private_clipboard


def clipboard_put(text: str) -> None:
    global _private_clipboard
    _private_clipboard = text
    with contextlib.suppress(pygame.error, AttributeError, NotImplementedError):
        pygame.scrap.put_text(text)
