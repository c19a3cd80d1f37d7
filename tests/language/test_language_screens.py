"""The language on the screens: chosen in Options with real clicks, shown at once on every screen
laid out again, kept across a restart; the title, the dialogs and the Options pages in Spanish
and German fit at 1024x600; and no text of those screens bypasses the translation layer (a
pseudo-language that accents every letter leaves no plain letter on them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.language import Catalog, install
from game.scenes.dialog import confirm_dialog
from game.scenes.title import TitleScene
from game.settings import Preferences
from game.sprites.cards import CardImages
from tests.helpers.layout_check import misfits, start_recording
from tests.helpers.options import control, open_options
from tests.helpers.ui_events import click, press, step

PSEUDO = str.maketrans(
    "AEIOUYaeiouyCNSZcnszGgHhJjKkLlRrTtWw",
    "ÅÉÎÕÜÝåéîõüýÇÑŠŽçñšžĜĝĤĥĴĵĶķĹĺŔŕŤťŴŵ",
)
PLAIN = set("BDFMPQVXbdfmpqvx")  # letters with no accented twin here: spelled out below
PSEUDO_MORE = str.maketrans("BDFMPQVXbdfmpqvx", "ƁĐƑṀƤǪṼẊƀđƒṁƥǫṽẋ")
SCREENS = ["title", "options", "dialog"]


@pytest.fixture
def make_app(user_dirs: tuple[Path, Path], tmp_path: Path) -> Iterator[type[App]]:
    apps: list[App] = []

    def opened(**kwargs: object) -> App:
        app = App(
            size=(1024, 600),
            prefs_path=tmp_path / "prefs.json",
            sounds=SoundManager(tmp_path / "no_sounds"),
            cards=CardImages(tmp_path / "no_cards"),
            **kwargs,  # type: ignore[arg-type]
        )
        apps.append(app)
        return app

    yield opened  # type: ignore[misc]
    for app in apps:
        app.close()
    install(Catalog())


def _choose_language(app: App, name: str) -> None:
    scene = open_options(app, "Player")
    language = control(scene, "language")
    for _click in language.choices:
        if language.label == name:
            break
        click(app, (language.rect.right - language.arrow_width() // 2, language.rect.centery))
        language = control(app.stack.top, "language")  # the page is laid out again in it
    step(app)


def test_a_language_chosen_in_options_shows_at_once_and_after_a_restart(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    _choose_language(app, "Español")
    assert app.prefs.language == "es"
    # The page laid itself out again in Spanish, under the words of its new language.
    assert [tab.label for tab in app.stack.top.tabs][:3] == ["Jugador", "Mesa", "Sonido"]
    press(app, pygame.K_ESCAPE)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.buttons["New game"].label == "Nueva partida"
    app.close()
    assert Preferences.load(app.prefs_path).language == "es"
    again = make_app()
    again.stack.push(TitleScene(again))
    step(again)
    assert again.stack.top.buttons["Quit"].label == "Salir"


def test_a_language_given_for_the_run_is_not_kept(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(language="de")
    app.stack.push(TitleScene(app))
    step(app)
    assert app.stack.top.buttons["Options"].label == "Optionen"
    app.prefs.sound_enabled = False
    app.preferences_changed()  # another preference changes: the run's language stays German
    assert app.stack.top.buttons["Options"].label == "Optionen"
    assert app.prefs.language == ""


def _show(app: App, screen: str) -> None:
    app.stack.push(TitleScene(app))
    if screen == "options":
        open_options(app, "Player")
    elif screen == "dialog":
        confirm_dialog(app, "?", "?", lambda answer: None)
    step(app, 2)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", ["es", "de"])
def test_the_translated_screens_fit_at_1024x600(make_app, language: str, screen: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(language=language)
    _show(app, screen)
    start_recording(app)
    assert misfits(app) == []


@pytest.mark.parametrize("screen", ["title", "dialog"])
def test_no_text_of_a_translated_screen_bypasses_the_layer(make_app, screen: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    template = _template()
    install(Catalog("qps", "Pseudo", texts={text: _pseudo(text) for text in template}))
    _show(app, screen)
    app.stack.top.layout(app.size)
    log = start_recording(app)
    misfits(app)
    plain = [
        landed.text
        for landed in log.landed
        if landed.text not in {"Canasta", "?"}
        and any(c.isascii() and c.isalpha() for c in landed.text)
    ]
    assert plain == []


def _template() -> list[str]:
    import importlib.util

    from tests.helpers.paths import ROOT

    spec = importlib.util.spec_from_file_location(
        "translations", ROOT / "tools" / "translations.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return [m.id for m in tool.template() if isinstance(m.id, str) and m.id]


def _pseudo(text: str) -> str:
    """Every letter outside a {field} accented: what the layer gave is easy to tell apart."""
    out, depth = [], 0
    for char in text:
        depth += char == "{"
        out.append(char if depth else char.translate(PSEUDO).translate(PSEUDO_MORE))
        depth -= char == "}"
    return "".join(out)
