"""The language on the screens: chosen in Options with real clicks, shown at once on every screen
laid out again, kept across a restart; the title, the dialogs, every Options page (each row
in view, its help line and every choice it offers) and the table's screens (in play, a hint, a
refusal, its menus, the end of a hand and of the game, "May I go out?") in Spanish and German
fit at 1024x600; and no text of those screens bypasses the translation layer (a pseudo-language
that accents every letter leaves no plain letter on them but a player's name and a card's)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.help import describe_option, load_help
from game.language import Catalog, install
from game.scenes.dialog import confirm_dialog
from game.scenes.option_items import option_sections
from game.scenes.options import HELP_HEIGHT, OptionsScene
from game.scenes.title import TitleScene
from game.settings import Preferences
from game.sprites.cards import CardImages
from tests.helpers.layout_check import misfits, start_recording
from tests.helpers.options import control, control_in_view, open_options
from tests.helpers.table_screens import SCREENS as TABLE_SCREENS
from tests.helpers.ui_events import click, press, retype, step

PSEUDO = str.maketrans(
    "AEIOUYaeiouyCNSZcnszGgHhJjKkLlRrTtWw",
    "ÅÉÎÕÜÝåéîõüýÇÑŠŽçñšžĜĝĤĥĴĵĶķĹĺŔŕŤťŴŵ",
)
PLAIN = set("BDFMPQVXbdfmpqvx")  # letters with no accented twin here: spelled out below
PSEUDO_MORE = str.maketrans("BDFMPQVXbdfmpqvx", "ƁĐƑṀƤǪṼẊƀđƒṁƥǫṽẋ")
SCREENS = ["title", "options", "dialog"]
PAGES = [section.title for section in option_sections()]
# Shown as they are in every language: the languages' own names, addresses, the game's name.
UNTRANSLATED = {"Canasta", "?", "English", "Español", "Deutsch"}
LONG_NAME = "Maximilian Alexander"
# A card as the table names it ("10♥", "K♣", "Joker"): the same in every language.
CARD = re.compile(r"(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]|\bJoker\b")


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
    install(_pseudo_catalog(template))
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


def _each_row_shown(app: App, scene: OptionsScene) -> Iterator[str]:
    """Every row of the page in view in turn, focused when it can be so that its help line
    shows, and drawn; yields the help line's text."""
    for row in scene.rows:
        if row.control.can_focus():
            scene.group.set_focus(row.control)
        scene._ensure_visible(row.control)
        step(app)
        yield row.item.help_text()


def _help_cut(scene: OptionsScene) -> str:
    """The help line shown when a word of it is not drawn ("" when it is whole)."""
    text, lines, _size = scene.help_shown()
    return "" if " ".join(lines).split() == text.split() else text


def _shrunk_choices(app: App, scene: OptionsScene) -> list[str]:
    """The choices on the page whose words are wider than their box (the box would shrink
    them)."""
    shrunk = []
    for row in scene.rows:
        choices = getattr(row.control, "choices", None)
        if choices is None:
            continue
        room = row.control.rect.width - 2 * row.control.arrow_width()
        shrunk.extend(words for value, words in choices if app.theme.font(21).size(words)[0] > room)
    return shrunk


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("language", ["es", "de"])
def test_every_options_page_fits_at_1024x600_translated(make_app, language: str, page: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(language=language)
    scene = open_options(app, page)
    start_recording(app)
    found, cut = [], []
    for _text in _each_row_shown(app, scene):
        found.extend(misfits(app))
        cut.append(_help_cut(scene))
    assert found == []
    assert [text for text in cut if text] == []
    assert _shrunk_choices(app, scene) == []


@pytest.mark.parametrize("page", PAGES)
def test_no_text_of_an_options_page_bypasses_the_layer(make_app, page: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    install(_pseudo_catalog(_template()))
    scene = open_options(app, page)
    log = start_recording(app)
    for _text in _each_row_shown(app, scene):
        misfits(app)
    # Each choice a page offers, not only the one chosen.
    choices = [words for row in scene.rows for value, words in getattr(row.control, "choices", ())]
    help_top = scene.panel_rect.bottom - app.theme.px(HELP_HEIGHT)
    in_help = [landed.text for landed in log.landed if landed.rect.top >= help_top]
    shown = [landed.text for landed in log.landed if landed.rect.top < help_top] + choices
    # A rule's description is the help text's own (translated with the help, not here).
    described = {word for row in scene.rows for word in _description(row.item.key).split()}
    assert [text for text in shown if _plain(text, set())] == []
    assert [text for text in in_help if _plain(text, described)] == []


def _description(key: str) -> str:
    try:
        return describe_option(load_help(), key)
    except KeyError:
        return ""


def _plain(text: str, described: set[str]) -> bool:
    """A text with an unaccented letter outside a rule's description that is not a language's
    name or an address."""
    if text in UNTRANSLATED or "://" in text or text.startswith("tcp:"):
        return False
    rest = " ".join(word for word in text.split() if word not in described)
    return any(c.isascii() and c.isalpha() for c in rest)


def _gui_texts(app: App) -> list[str]:
    """The words of the pygame_gui elements on screen (the tutorial's story and buttons)."""
    texts = []
    for scene in app.stack.visible():
        manager = getattr(scene, "manager", None)
        for element in manager.get_sprite_group().sprites() if manager is not None else ():
            words = getattr(element, "html_text", None) or getattr(element, "text", None)
            if isinstance(words, str):
                texts.extend(line for line in re.split(r"<[^>]+>", words) if line.strip())
    return texts


def _pseudo_catalog(template: list[str | tuple[str, str]]) -> Catalog:
    texts = {text: _pseudo(text) for text in template if isinstance(text, str)}
    counted = {
        text: (_pseudo(text[0]), _pseudo(text[1])) for text in template if isinstance(text, tuple)
    }
    return Catalog("qps", "Pseudo", texts=texts, counted=counted)


def _template() -> list[str | tuple[str, str]]:
    import importlib.util

    from tests.helpers.paths import ROOT

    spec = importlib.util.spec_from_file_location(
        "translations", ROOT / "tools" / "translations.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return [m.id for m in tool.template() if m.id]


def _pseudo(text: str) -> str:
    """Every letter outside a {field} accented: what the layer gave is easy to tell apart."""
    out, depth = [], 0
    for char in text:
        depth += char == "{"
        out.append(char if depth else char.translate(PSEUDO).translate(PSEUDO_MORE))
        depth -= char == "}"
    return "".join(out)


def test_a_refused_card_back_picture_is_explained_in_the_language_in_use(  # type: ignore[no-untyped-def]
    make_app, tmp_path: Path
) -> None:
    app = make_app(language="de")
    scene = open_options(app, "Table")
    bad = tmp_path / "urlaub.png"
    bad.write_text("kein Bild", encoding="utf-8")
    retype(app, control_in_view(app, scene, "card_back_picture").rect.center, str(bad))
    step(app)
    assert scene.help_shown()[0].startswith(
        "urlaub.png ist kein Bild, das das Spiel lesen kann (PNG, JPEG, BMP oder GIF): "
    )
    assert app.prefs.card_back_picture == ""
    press(app, pygame.K_ESCAPE)
    scene = open_options(app, "Table")
    choice = control_in_view(app, scene, "card_back")
    click(app, (choice.rect.left + 5, choice.rect.centery))  # back from Standard: the last
    assert app.prefs.card_back == "own"
    assert scene.help_shown()[0] == "Noch kein Bild gewählt: Gib seine Datei unten ein."
    gone = tmp_path / "weg.png"
    retype(app, control_in_view(app, scene, "card_back_picture").rect.center, str(gone))
    step(app)
    assert scene.help_shown()[0] == f"Unter {gone} gibt es keine Datei."


@pytest.mark.parametrize("screen", list(TABLE_SCREENS))
@pytest.mark.parametrize("language", ["es", "de"])
def test_the_table_s_screens_fit_at_1024x600_translated(
    make_app, language: str, screen: str
) -> None:  # type: ignore[no-untyped-def]
    app = make_app(language=language)
    app.prefs.player_name = LONG_NAME
    TABLE_SCREENS[screen](app)
    step(app, 2)
    start_recording(app)
    assert misfits(app) == []


@pytest.mark.parametrize("screen", list(TABLE_SCREENS))
def test_no_text_of_the_table_bypasses_the_layer(make_app, screen: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    app.prefs.player_name = LONG_NAME
    install(_pseudo_catalog(_template()))
    TABLE_SCREENS[screen](app)
    step(app, 2)
    log = start_recording(app)
    misfits(app)
    shown = [landed.text for landed in log.landed] + _gui_texts(app)
    # The player's name is theirs (on two lines where it is long), a card is the same anywhere.
    plain = [text for text in shown if _plain(CARD.sub("", text), set(LONG_NAME.split()))]
    assert shown and not plain, "\n".join(plain)
