"""Helpers for Options screen tests: the screen over the title, on the page a click on its tab
opens, and the control of one preference."""

from __future__ import annotations

from typing import Any

from game.app import App
from game.scenes.options import OptionsScene
from game.scenes.title import TitleScene
from tests.helpers.ui_events import click, step


def open_options(app: App, tab: str | None = None, **kwargs: Any) -> OptionsScene:
    """Options over the title screen; with `tab`, the page of that name, opened by a click."""
    app.stack.push(TitleScene(app))
    scene = OptionsScene(app, **kwargs)
    app.stack.push(scene)
    step(app)
    if tab is not None:
        click(app, next(t for t in scene.tabs if t.name == f"tab:{tab}").rect.center)
    return scene


def control(scene: OptionsScene, key: str) -> Any:
    """The control of the preference `key` on the page shown."""
    return next(row.control for row in scene.rows if row.item.key == key)


def control_in_view(app: App, scene: OptionsScene, key: str) -> Any:
    """The control of `key`, the page scrolled to show it and drawn so."""
    widget = control(scene, key)
    scene._ensure_visible(widget)
    step(app)
    return widget
