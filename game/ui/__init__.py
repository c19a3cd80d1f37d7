"""Widgets and theme for the game's screens (re-exports only)."""

from game.ui.button import Button
from game.ui.controls import Choice, Slider, Stepper, Toggle
from game.ui.label import Label, Panel
from game.ui.text_entry import TextEntry
from game.ui.theme import Theme
from game.ui.widget import Widget, WidgetGroup

__all__ = [
    "Button",
    "Choice",
    "Label",
    "Panel",
    "Slider",
    "Stepper",
    "TextEntry",
    "Theme",
    "Toggle",
    "Widget",
    "WidgetGroup",
]
