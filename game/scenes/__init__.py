"""Screens of the game (re-exports only)."""

from game.scenes.base import Scene
from game.scenes.dialog import CrashScene, DialogScene, confirm_dialog, message_dialog
from game.scenes.options import OptionsScene
from game.scenes.placeholder import TableComingScene
from game.scenes.title import TitleScene

__all__ = [
    "CrashScene", "DialogScene", "OptionsScene", "Scene", "TableComingScene", "TitleScene",
    "confirm_dialog", "message_dialog",
]
