"""The records, network, help and Explore screens in Spanish and German: each laid out at
1024x600 with long names and recorded games (the set-ups of tests/scenes/test_text_fits.py; the rules agreement, a
partner gone and the wait for their return over loopback) fits, none of their texts bypasses the
translation layer (a pseudo-language that accents every letter leaves no plain letter on the
records and network screens and Explore's findings),
a review's sentences are said in the language in use, and decimals are written as each language
writes them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.language import Catalog, decimal, install
from game.language.files import use_language
from game.netplay import Role
from game.netplay.shell.wormhole import Rendezvous
from game.records import Ending, create_profile, current_profile, rename_profile, save_review
from game.scenes.learn.explore import PAGES as EXPLORE_PAGES
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.partner_left import RejoinWait
from game.scenes.net.table import NetTableScene
from game.scenes.records.review import ReviewScene
from game.scenes.title import TitleScene
from game.sprites.cards import CardImages
from game.ui.text_log import RecordingSurface
from tests.helpers.layout_check import misfits, start_recording
from tests.helpers.net_screens import HeadlessPeer, join_by_typing, run_until
from tests.helpers.records_history import record_game
from tests.helpers.review import record_arena_hand, review_with_a_blunder
from tests.helpers.table import centre
from tests.helpers.ui_events import DT, click, step
from tests.language.test_language_screens import _gui_texts, _plain, _pseudo_catalog, _template
from tests.scenes.test_text_fits import NAMES, NETWORK_NAME
from tests.scenes.test_text_fits import SCREENS as FIT_SCREENS
from tests.scenes.test_text_fits import _accept_the_rules as accept_the_rules
from tests.scenes.test_text_fits import _many_options as many_options
from tests.scenes.test_text_fits import _partner_leaves as partner_leaves
from tests.scenes.test_text_fits import _wait_for_the_return_of as wait_for_the_return_of

RECORDS_SCREENS = [
    "players",
    "new player name",
    *(f"records {n}" for n in ("history", "stats", "charts", "fame", "league")),
    "records game hands",
    *(f"records {n} with games of three and four" for n in ("history", "stats", "league")),
    "records game of four",
    "records game of three",
    "review in progress",
    "review of a game",
]
NET_SCREENS = [
    "host",
    "join",
    "join with games on this network",
    "invite",
    "accept an invite",
    "find a partner",
    "wait for a partner",
    "chat",
]
# Shown as they are: a card's name in a review's sentence ("K♣"), join codes ("K7QM-3WXA") and
# invite codes ("7-crossover-clockwork"), and addresses.
AS_THEY_ARE = re.compile(
    r"^(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]$|^[A-Z0-9]{4}-[A-Z0-9]{4}\W?$"
    r"|^[0-9]+(-[a-z]+)+\W?$|://|^[\w.-]+\.(org|com|net|local)\b|^\[[0-9a-f:]+\]"
)


@pytest.fixture
def screens_app(
    user_dirs: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[type[App]]:
    """The app of tests/scenes/test_text_fits.py at 1024x600 (long names, recorded games, no
    network for an invite), in a given language or in a catalog installed afterwards."""
    monkeypatch.setattr(Rendezvous, "start", lambda self: self)
    monkeypatch.setattr(Rendezvous, "poll_events", lambda self: [])
    apps: list[App] = []

    def opened(**kwargs: object) -> App:
        app = App(
            size=(1024, 600),
            sounds=SoundManager(tmp_path / "no_sounds"),
            cards=CardImages(tmp_path / "no_cards"),
            **kwargs,  # type: ignore[arg-type]
        )
        apps.append(app)
        records = app.players.records
        rename_profile(records, current_profile(records).id, NAMES[0])
        create_profile(records, NAMES[1])
        record_game(records, "advanced", 11, Ending.OVER)
        record_game(records, "@" + NETWORK_NAME, 12, Ending.OVER)
        app.prefs.player_name = NAMES[0]
        pygame.event.clear()
        return app

    yield opened  # type: ignore[misc]
    for app in apps:
        app.close()
    install(Catalog())


def _build(app: App, screen: str) -> list[object]:
    start_recording(app)
    extras = FIT_SCREENS[screen](app)
    step(app, 2)
    app.step(DT)
    assert app.last_crash is None, app.last_crash
    return extras if isinstance(extras, list) else []


def _pseudo_language() -> Catalog:
    """Every marked text accented, and dates in figures (English month names have letters)."""
    return dataclasses.replace(
        _pseudo_catalog(_template()), moment=lambda when: when.strftime("%d.%m.%Y %H:%M")
    )


def _plain_words(text: str) -> bool:
    """Whether `text` has an unaccented letter outside the players' names and what is shown
    as it is everywhere."""
    for name in (*NAMES, NETWORK_NAME):
        text = text.replace(name, "")
    named = {word for name in (*NAMES, NETWORK_NAME) for word in name.split()}  # wrapped
    words = [word for word in text.split() if word not in named and not AS_THEY_ARE.search(word)]
    return _plain(" ".join(words), set())


@pytest.mark.parametrize(
    "screen",
    [*RECORDS_SCREENS, *NET_SCREENS, "help", *(f"Explore {page}" for page in EXPLORE_PAGES)],
)
@pytest.mark.parametrize("language", ["es", "de"])
def test_every_records_network_and_help_screen_fits_at_1024x600_translated(  # type: ignore[no-untyped-def]
    screens_app, language: str, screen: str
) -> None:
    app = screens_app(language=language)
    extras = _build(app, screen)
    assert misfits(app, extras) == []


@pytest.mark.parametrize("screen", [*RECORDS_SCREENS, *NET_SCREENS])
def test_no_text_of_a_records_or_network_screen_bypasses_the_layer(  # type: ignore[no-untyped-def]
    screens_app, screen: str
) -> None:
    app = screens_app()
    install(_pseudo_language())
    extras = _build(app, screen)
    log = start_recording(app)
    if extras:  # a part over the table: its own texts (the table's are checked with the table)
        log.frame()
        surface = RecordingSurface(app.size, log)
        for extra in extras:
            extra.draw(surface)  # type: ignore[attr-defined]
    else:
        misfits(app)
    # What the players wrote to each other in the chat is shown as written.
    chatted = " ".join(
        f"{line.name}: {line.text}"
        for extra in extras
        for line in extra.log.lines  # type: ignore[attr-defined]
    )
    shown = [landed.text for landed in log.landed if landed.text.strip() not in chatted]
    assert [text for text in shown if _plain_words(text)] == []


@pytest.mark.parametrize("page", ["Recall", "Deduce", "Predict opponent"])
def test_explore_s_findings_do_not_bypass_the_layer(  # type: ignore[no-untyped-def]
    screens_app, page: str
) -> None:
    app = screens_app()
    install(_pseudo_language())
    _build(app, f"Explore {page}")
    shown = _gui_texts(app)
    assert len(shown) >= 3  # the page's heading and its findings
    assert [text for text in shown if _plain_words(text)] == []


@pytest.mark.net
@pytest.mark.parametrize("language", ["es", "de"])
def test_the_rules_agreement_a_partner_gone_and_the_wait_fit_translated(  # type: ignore[no-untyped-def]
    screens_app, language: str
) -> None:
    # The app joins a host of many other rules over loopback, accepts them; the host leaves,
    # the app waits for its return: each screen laid out in the language at 1024x600.
    app = screens_app(language=language)
    app.prefs.animation_speed = "off"
    start_recording(app)
    host = HeadlessPeer(Role.HOST, name=NETWORK_NAME, rules=many_options())
    try:
        join_by_typing(app, host.address, host.code)
        accept_the_rules(app, "the host's rules")
        wait_for_the_return_of(app, partner_leaves(app, host), "host")
    finally:
        host.stop()


def _plain_on_top(app: App) -> list[str]:
    """The texts of the screen on top as drawn now (a dialog's own, not the table's under it)
    with an unaccented letter where the players' names, codes and addresses are not."""
    log = start_recording(app)
    misfits(app)
    top = max((landed.layer for landed in log.landed), default=0)
    return [t.text for t in log.landed if t.layer == top and _plain_words(t.text)]


@pytest.mark.net
def test_no_text_of_the_agreement_a_partner_gone_or_the_wait_bypasses_the_layer(  # type: ignore[no-untyped-def]
    screens_app,
) -> None:
    app = screens_app()
    app.prefs.animation_speed = "off"
    install(_pseudo_language())
    host = HeadlessPeer(Role.HOST, name=NETWORK_NAME, rules=many_options())
    try:
        join_by_typing(app, host.address, host.code)
        assert run_until(
            app, lambda: isinstance(app.stack.top, AgreementScene) and len(app.stack.top.rows) > 20
        )
        agreement = app.stack.top
        assert isinstance(agreement, AgreementScene)
        assert _plain_on_top(app) == []
        click(app, centre(agreement.buttons["accept"].rect))
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        assert isinstance(table, NetTableScene)
        # the network table: who plays online, the greeting, Chat and AutoPilot, the menu
        assert _plain_on_top(app) == []
        table.open_menu()
        assert _plain_on_top(app) == []
        app.stack.pop()
        table.ask_disconnect()
        assert _plain_on_top(app) == []
        app.stack.pop()
        gone = partner_leaves(app, host)
        assert _plain_on_top(app) == []
        click(app, centre(gone.buttons[0].rect))  # Wait
        assert isinstance(app.stack.top, RejoinWait)
        assert _plain_on_top(app) == []
    finally:
        host.stop()


def test_a_review_s_moment_and_habits_are_said_in_the_language_in_use(  # type: ignore[no-untyped-def]
    screens_app,
) -> None:
    app = screens_app(language="de")
    _build(app, "review of a game")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    sentence, played, better = scene.words_of(scene.moments[0])
    assert sentence == (
        "Hier den Stapel zu nehmen hätte etwa 200 Punkte mehr gebracht: du hattest zwei Neuner, "
        "und der Stapel hatte 12 Karten."
    )
    assert (played, better) == ("Vom Talon ziehen", "Den Stapel mit 9\u2665 9\u2663 nehmen")
    assert scene.notice.startswith("Genauigkeit 96,9 % bei 32 Entscheidungen, 1 teurer Moment")
    log = start_recording(app)
    misfits(app)
    shown = [landed.text for landed in log.landed]
    assert "Du hast den Stapel in 0 von 1 Zügen genommen, in denen es ging." in shown


def test_a_review_kept_before_its_habits_were_counted_is_worked_out_again(  # type: ignore[no-untyped-def]
    screens_app,
) -> None:
    app = screens_app()
    app.stack.push(TitleScene(app))
    game_id = record_arena_hand(app.players.records)
    old = review_with_a_blunder()
    del old["habit_counts"]
    save_review(app.players.records, game_id, old)
    scene = ReviewScene(app, game_id)
    app.stack.push(scene)
    # Worked out again: the review under way (not the one kept) says so.
    assert scene.job is not None and scene.review is None
    assert scene.notice.startswith("Every decision you made is being weighed again")
    scene.cancel()


def test_decimals_are_written_as_the_language_writes_them() -> None:
    assert decimal(1234.567, 2) == "1,234.57"
    use_language("de")
    assert decimal(1234.567, 2) == "1.234,57" and decimal(0.25, 1) == "0,2"
    use_language("es")
    assert decimal(96.94, 1) == "96,9"
    install(Catalog())
