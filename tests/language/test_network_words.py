"""What the network screens say of the connection in the player's language: a mistyped address
or join code on the Join screen, what the connection is doing, and the stand-ins for a partner
whose name is not known (or is the player's own)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.language import _, install
from game.language.files import use_language
from game.match.net_connection import NetGame
from game.netplay import ENTRY_PROBLEMS, Connected, Interrupted, PeerInfo
from game.netplay.addresses import parse_endpoint
from game.netplay.session.joincode import normalize_code
from game.scenes.net.join import JoinScene
from game.scenes.title import TitleScene
from game.settings import Preferences
from tests.helpers.table import centre
from tests.helpers.ui_events import click, press, step, type_text
from tests.language.test_language_screens import _pseudo_catalog, _template


@pytest.fixture
def app(user_dirs: tuple[Path, Path]) -> Iterator[App]:
    application = App(size=(1024, 600))
    pygame.event.clear()
    yield application
    application.close()


@pytest.fixture
def hosting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[NetGame]:
    monkeypatch.setattr("game.match.net_connection.data_dir", lambda: tmp_path)
    prefs = Preferences()
    prefs.player_name = "Ann"
    net = NetGame.host(prefs, 0)
    yield net
    net.stop()


def test_a_mistyped_address_and_join_code_are_told_in_spanish(app: App) -> None:
    use_language("es")
    app.stack.push(TitleScene(app))
    scene = JoinScene(app)
    app.stack.push(scene)
    step(app)
    assert scene.address is not None and scene.code_input is not None
    scene.address.set_text("[::1")
    click(app, centre(scene.address.rect))
    press(app, pygame.K_RETURN)
    assert scene.error == "Una dirección IPv6 entre corchetes necesita su ']' de cierre."
    scene.address.set_text("127.0.0.1:9")
    click(app, centre(scene.code_input.rect))
    type_text(app, "k7qm 3w0a")
    press(app, pygame.K_RETURN)
    assert scene.error == (
        "Los códigos nunca contienen 0, O, 1, I ni L: comprueba el código con el anfitrión."
    )
    scene.code_input.set_text("K7QM3W")
    press(app, pygame.K_RETURN)
    assert scene.error == "Un código tiene 8 caracteres; este tiene 6." and scene.net is None


@pytest.mark.parametrize(
    ("check", "typed"),
    [
        *((parse_endpoint, typed) for typed in ("", "[::1", "[::1]x", " :5", "fe80::zz", "h:0")),
        *((normalize_code, typed) for typed in ("", "K7QM-3WX0", "K7QM-3WX#", "K7QM")),
    ],
)
def test_every_mistyped_entry_has_its_sentence_in_the_layer(
    check: Callable[[str], object], typed: str
) -> None:
    with pytest.raises(ValueError) as raised:
        check(typed)
    error = raised.value
    kind = getattr(error, "kind", None)
    assert kind in ENTRY_PROBLEMS and str(error) == ENTRY_PROBLEMS[kind].format(**error.fields)
    install(_pseudo_catalog(_template()))
    assert _(ENTRY_PROBLEMS[kind]) != ENTRY_PROBLEMS[kind]


def test_the_connection_s_state_and_a_partner_s_stand_ins_read_in_german(
    hosting: NetGame,
) -> None:
    use_language("de")
    assert _(hosting.status_text) == "Warte auf einen Gast…"
    assert _(hosting.peer_name) == "der Gast"  # no name told yet
    hosting.peer.peer_name = "ann"
    assert _(hosting.peer_name) == "ann (Gast)"  # never the same name as this player's
    hosting.peer.peer_name = "Bob"
    hosting._note(Connected(PeerInfo("Bob", "1"), 7))
    assert _(hosting.status_text) == "Verbindung steht: Bob"
    hosting._note(Interrupted(5.0, "silent"))
    assert _(hosting.status_text) == "Verbindung unterbrochen (Bob), warte…"
