"""Screens of the game (re-exports only)."""

from game.scenes.base import Scene
from game.scenes.dialog import CrashScene, DialogScene, confirm_dialog, message_dialog
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.scores import GameOverScene, HandOverScene
from game.scenes.table import TableOptions, TableScene
from game.scenes.title import TitleScene

__all__ = [
    "CrashScene",
    "DialogScene",
    "GameOverScene",
    "HandOverScene",
    "MenuScene",
    "OptionsScene",
    "Scene",
    "TableOptions",
    "TableScene",
    "TitleScene",
    "confirm_dialog",
    "message_dialog",
]
