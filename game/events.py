"""The game's own pygame event types, declared in one place.

Each type is allocated with `pygame.event.custom_type()` when this module is first imported, so
no two parts of the program can pick the same number by hand. Post them with `post(...)`, which
fills in the attributes each type carries, and compare `event.type` against these constants.
"""

from __future__ import annotations

from typing import Any

import pygame

# A preference changed on the options screen; attribute `name` is the Preferences field.
PREFERENCES_CHANGED: int = pygame.event.custom_type()
# `pygame.mixer.music` finished a track (used as its end event, so looping/cycling can react).
MUSIC_ENDED: int = pygame.event.custom_type()
# Reserved for the network inbox: attribute `message` carries one decoded peer message.
NETWORK_MESSAGE: int = pygame.event.custom_type()
# Reserved for the computer opponent: attribute `action` carries its chosen move.
OPPONENT_ACTION: int = pygame.event.custom_type()
# Ask the app to close cleanly from anywhere (for example a menu item or a test).
REQUEST_QUIT: int = pygame.event.custom_type()

NAMES: dict[int, str] = {
    PREFERENCES_CHANGED: "PREFERENCES_CHANGED",
    MUSIC_ENDED: "MUSIC_ENDED",
    NETWORK_MESSAGE: "NETWORK_MESSAGE",
    OPPONENT_ACTION: "OPPONENT_ACTION",
    REQUEST_QUIT: "REQUEST_QUIT",
}


def post(event_type: int, **attributes: Any) -> bool:
    """Post one of the custom events; returns False if the queue refused it (it is full or
    pygame's event system is not running)."""
    try:
        return bool(pygame.event.post(pygame.event.Event(event_type, **attributes)))
    except pygame.error:
        return False
