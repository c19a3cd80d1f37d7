"""The game's own pygame event types, declared in one place.

Each type is allocated with `pygame.event.custom_type()` when this module is first imported, so
no two parts of the program can pick the same number by hand. Post them with `post(...)`, which
fills in the attributes each type carries, and compare `event.type` against these constants.
"""

from __future__ import annotations

from typing import Any

import pygame

# Ask the app to close cleanly from outside its scenes (a tool or a test driving it); the app's
# loop ends as for the window's close button, without asking the top scene.
REQUEST_QUIT: int = pygame.event.custom_type()


def post(event_type: int, **attributes: Any) -> bool:
    """Post one of the custom events; returns False if the queue refused it (it is full or
    pygame's event system is not running)."""
    try:
        return bool(pygame.event.post(pygame.event.Event(event_type, **attributes)))
    except pygame.error:
        return False
