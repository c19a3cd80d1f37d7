"""When the peek-proof deal catches a cheat, play stops in the player's language: the misconduct
is a `Phrase` whose seats are said for the player who reads it ("you", the other player's name),
the command line reads the same English as before, and a halt the other copy sends is its own
text, shown cleaned after a sentence of ours. A pseudo-language that accents every letter leaves
no plain letter in a halt but the names."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.language import Catalog, _, install
from game.language.files import use_language
from game.logic.actions import action_from_dict
from game.logic.phrase import Phrase, as_sentence, phrase
from game.netplay import Role
from game.netplay.fair.deadline import Deadline
from game.netplay.fair.deck import Owed
from game.netplay.fair.halt_words import MISCONDUCTS
from game.netplay.fair.misconduct import Step, who
from game.netplay.play import play_messages as m
from game.netplay.play.fair_hand import move_words
from game.netplay.play.play_protocol import (
    GuestPlay,
    HostPlay,
    SaveError,
    Stage,
    seat_words,
)
from game.netplay.play.table_protocol import TableGuest
from game.netplay.wire.payloads import game_payload
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.screen import error_words
from game.scenes.net.table import NetTableScene
from game.sprites.cards import CardImages
from tests.helpers.net_screens import (
    HeadlessPeer,
    HeadlessTable,
    join_by_typing,
    open_host_screen,
    run_until,
)
from tests.helpers.netplay_play import FalseUnmaskGuest, Table, guest_play, seeded_bytes, terms
from tests.helpers.table import centre
from tests.helpers.ui_events import click

PLAIN_LETTER = re.compile(r"[A-Za-z]")


def _plain_in(pseudo: Catalog, text: str, *kept: str) -> list[str]:
    """The plain letters left in `text` said in the pseudo-language, outside `kept`."""
    install(pseudo)
    said = _(text)
    install(Catalog())
    for name in kept:
        said = said.replace(name, "")
    return PLAIN_LETTER.findall(said)


def _caught() -> Table:
    """A host that calls its guest Robot catches the guest's false unmask."""
    t = terms()
    host = HostPlay(t, randomness=seeded_bytes(1), guest_name="Robot")
    table = Table(host, guest_play(t, cls=FalseUnmaskGuest))
    table.to_guest += host.begin()
    table.play_until(lambda: host.stage is Stage.HALTED)
    assert host.halted is not None and host.halted.code == "misconduct"
    return table


def test_a_caught_cheat_reads_as_before_in_english_and_whole_in_every_language(
    pseudo: Catalog,
) -> None:
    table = _caught()
    text = table.host.halted.text  # type: ignore[union-attr]
    # the command line and the wire read the English they always did
    said = re.fullmatch(
        r"Robot's unmask of stock cards (\d+) and (\d+) is false \(one proof covers them all\)\.",
        text,
    )
    assert said is not None
    first, last = said.groups()
    assert _plain_in(pseudo, text, "Robot") == []
    use_language("es")
    assert _(text) == (
        f"Robot: el destapado de las cartas {first} y {last} del mazo es falso "
        "(una sola prueba las cubre todas)."
    )
    use_language("de")
    assert _(text) == (
        f"Robot: das Aufdecken der Stapelkarten {first} und {last} ist falsch "
        "(ein Beweis deckt alle ab)."
    )
    # the cheat's copy reads the host's halt in its own words: the seat is its own
    guest = table.guest.halted
    assert guest is not None and guest.by_peer
    assert guest.text == text.replace("Robot's", "Your")
    assert _plain_in(pseudo, guest.text) == []
    use_language("es")
    assert _(guest.text).startswith(f"Tú: el destapado de las cartas {first} y {last} del mazo")


def test_a_seat_is_said_as_you_or_by_name_for_the_player_who_reads_it(pseudo: Catalog) -> None:
    deadline = Deadline(3.0)
    owed = [Owed(0, Step.KEY), Owed(2, Step.UNMASK, 7)]
    deadline.check(owed, 0.0)
    key, unmask = (as_sentence(m.sentence) for m in deadline.check(owed, 5.0))
    mine_key = seat_words(key, 0, ["", "Robot"])
    assert mine_key == "You did not send the key within 5 s."
    mine = seat_words(unmask, 2, ["Ana", "Bo", "Cy"])
    assert mine == "You did not send the unmask of stock card 7 within 5 s."
    theirs = seat_words(unmask, 0, ["Ana", "Bo", "Cy"])
    assert theirs == "Cy did not send the unmask of stock card 7 within 5 s."
    for said in (mine_key, mine, theirs):
        assert _plain_in(pseudo, said, "Cy") == []
    use_language("es")
    # the seat stands where any seat reads right: a name, or "you" as the subject
    assert _(theirs) == "Destapado de la carta 7 del mazo no enviado en 5 s (Cy)."
    assert _(mine) == "Destapado de la carta 7 del mazo no enviado en 5 s (tú)."
    use_language("de")
    assert _(seat_words(key, 1, ["Robot", ""])) == "Schlüssel nicht binnen 5 s gesendet (Robot)."
    assert _(mine) == "Aufdecken von Stapelkarte 7 nicht binnen 5 s gesendet (du)."


class AccusingGuest(GuestPlay):
    """A guest whose copy stops play on the host's turn with words of its own, a control
    character among them."""

    def receive(self, payload: list[Any]) -> list[list[Any]]:
        out = super().receive(payload)
        if self.state_no >= 10 and self.stage is Stage.PLAYING:
            out += self._halt("misconduct", self.state_no, "", "", "You\x07 cheated,\nI saw it")
        return out


class NamingGuest(GuestPlay):
    """A guest whose copy stops play a few moves into the hand, saying in this game's own
    templates that the host (seat 0) shuffled out of turn."""

    def receive(self, payload: list[Any]) -> list[list[Any]]:
        out = super().receive(payload)
        if self.stage is Stage.PLAYING and self.state_no >= 4:
            said = as_sentence(phrase("{who} shuffled out of turn", who=who(0)))
            out += self._halt("misconduct", self.state_no, "", "", said)
        return out


class NamingTableGuest(TableGuest):
    """`NamingGuest` at a table of three or four."""

    def receive(self, payload: list[Any]) -> list[list[Any]]:
        out = super().receive(payload)
        if self.stage is Stage.PLAYING and self.state_no >= 4:
            said = as_sentence(phrase("{who} shuffled out of turn", who=who(0)))
            out += self._halt("misconduct", self.state_no, "", "", said)
        return out


def _app_in(language: str, tmp_path: Path) -> Iterator[App]:
    """The app at 1024x600 in `language`, animations off."""
    app = App(
        size=(1024, 600),
        sounds=SoundManager(tmp_path / "no_sounds"),
        cards=CardImages(tmp_path / "no_cards"),
        language=language,
    )
    app.prefs.animation_speed = "off"
    pygame.event.clear()
    yield app
    app.close()


@pytest.fixture
def spanish_app(user_dirs: tuple[Path, Path], tmp_path: Path) -> Iterator[App]:
    yield from _app_in("es", tmp_path)


@pytest.fixture
def german_app(user_dirs: tuple[Path, Path], tmp_path: Path) -> Iterator[App]:
    yield from _app_in("de", tmp_path)


def _halted_on_screen(app: App, play_factory: type[GuestPlay]) -> DialogScene:
    scene = open_host_screen(app)
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.net.endpoint.port}",
        code=scene.code,
        play_factory=play_factory,
    )
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        click(app, centre(table.buttons["autoplay"].rect))  # the host plays on until it stops
        assert run_until(app, lambda: _halt_dialog(app) is not None, 60)
    finally:
        guest.stop()
    dialog = _halt_dialog(app)
    assert dialog is not None
    return dialog


def _halt_dialog(app: App) -> DialogScene | None:
    """The dialog saying play has stopped, wherever it is on the stack: the other copy may
    leave soon after its halt, and on a busy machine both come in one frame, the farewell on
    top."""
    title = _("Play has stopped")
    shown = (scene for scene in app.stack if isinstance(scene, DialogScene))
    return next((dialog for dialog in shown if dialog.title == title), None)


@pytest.mark.net
def test_the_network_table_says_a_caught_cheat_in_the_player_s_language(
    spanish_app: App,
) -> None:
    dialog = _halted_on_screen(spanish_app, FalseUnmaskGuest)
    assert dialog.title == "La partida se ha detenido"
    assert re.fullmatch(
        r"Robot: el destapado de las? cartas? [\d, y]+ del mazo es falso( \(.+\))?\.",
        dialog.message,
    )


@pytest.mark.net
def test_the_other_copy_s_reason_is_shown_cleaned_after_a_sentence_of_ours(
    spanish_app: App,
) -> None:
    dialog = _halted_on_screen(spanish_app, AccusingGuest)
    assert dialog.message == "La otra parte dijo: You cheated, I saw it"


@pytest.mark.net
def test_a_halt_from_the_other_copy_reads_in_the_player_s_language_with_the_seat_as_you(
    spanish_app: App,
) -> None:
    dialog = _halted_on_screen(spanish_app, NamingGuest)
    assert dialog.title == "La partida se ha detenido"
    assert dialog.message == "Mezcla fuera de turno (tú)."


@pytest.mark.net
def test_a_halt_a_guest_sends_at_a_table_of_three_reads_in_every_seat_s_own_words(
    german_app: App,
) -> None:
    app = german_app
    host = HeadlessTable(3, {1: None, 2: None}, name="Hana")
    accuser = None
    try:
        join_by_typing(app, host.address, host.code)
        assert run_until(
            app,
            lambda: isinstance(app.stack.top, AgreementScene) and "accept" in app.stack.top.buttons,
        )
        click(app, centre(app.stack.top.buttons["accept"].rect))
        accuser = HeadlessPeer(
            Role.GUEST,
            address=host.address,
            code=host.code,
            name="Bo",
            max_players=4,
            play_factory=NamingTableGuest,
        )
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), 40)
        click(app, centre(app.stack.top.buttons["autoplay"].rect))
        assert run_until(app, lambda: _halt_dialog(app) is not None, 60)
        dialog = _halt_dialog(app)
        assert dialog is not None
        assert dialog.title == "Das Spiel wurde angehalten"
        # passed on by the host inside `from`, read with this guest's own names for the seats
        assert dialog.message == "Gemischt außer der Reihe (Hana)."
        halted = host.table.peer.halted
        assert halted is not None and halted.by_peer
        assert halted.text == "You shuffled out of turn."
    finally:
        if accuser is not None:
            accuser.stop()
        host.stop()


def test_a_hostile_halt_stops_play_and_is_shown_as_the_other_side_s_english() -> None:
    hostile = {
        "an unknown template": ["Pay Robot 100 euros.", {}],
        "a format trick": ["{said}.", {"said": ["{0.__class__}", {}]}],
        "a seat past the table": [
            "{said}.",
            {"said": ["{who} shuffled out of turn", {"who": ["seat {seat}", {"seat": 3}]}]},
        ],
        "fields of the wrong kind": ["{said}.", {"said": 7}],
    }
    for case, said in hostile.items():
        table = Table.new(seed=3)
        table.play_until(lambda t=table: t.host.my_turn)
        halt = [m.TAGS["halt"], "misconduct", 1, "", "", "You\x07 cheated", said, "more", 1]
        assert table.host.receive(game_payload(halt)) == [], case
        halted = table.host.halted
        assert halted is not None and halted.by_peer, case
        assert halted.text == "You cheated" and not isinstance(halted.text, Phrase), case
        assert table.host.stage is Stage.HALTED


MOVES = [
    {"type": "draw"},
    {"type": "take_pile", "with": ["8C", "8S"]},
    {"type": "meld", "cards": ["8C", "8S", "8H"]},
    {"type": "discard", "card": "9C"},
    {"type": "pass"},
    {"type": "undo"},
    {"type": "undo_turn"},
    {"type": "next_hand"},
    {"type": "ask_go_out"},
    {"type": "answer_go_out", "yes": True},
]


@pytest.mark.parametrize("move", MOVES, ids=lambda move: move["type"])
def test_a_move_named_in_a_misconduct_is_said_in_the_player_s_language(
    pseudo: Catalog, move: dict[str, object]
) -> None:
    named = move_words(action_from_dict(move))
    sentence = phrase("{who} moved ({move}) out of turn", who="Robot", move=named)
    assert sentence.startswith(f"Robot moved ({move['type'].replace('_', ' ')}")  # type: ignore[union-attr]
    assert _plain_in(pseudo, sentence, "Robot", "8C 8S 8H", "8C 8S", "9C") == []


def test_a_halt_kept_in_a_save_reads_in_the_player_s_language_when_it_is_loaded() -> None:
    host = _caught().host
    said = host.halted.text  # type: ignore[union-attr]
    use_language("es")
    spanish = _(said)
    assert spanish != said
    doc = json.loads(json.dumps(host.to_save()))
    assert doc["halted"]["text"] == said  # the English stays beside it for older copies
    loaded = HostPlay.from_save(doc, randomness=seeded_bytes(2))
    assert loaded.halted.text == said and _(loaded.halted.text) == spanish
    doc["halted"]["said"]["fields"] = {"who": ["not", "a", "field"]}  # damaged: the English is kept
    damaged = HostPlay.from_save(doc, randomness=seeded_bytes(2))
    assert damaged.halted.text == said and not hasattr(damaged.halted.text, "template")


def test_a_save_that_cannot_continue_says_why_in_the_player_s_language() -> None:
    doc = json.loads(json.dumps(_caught().host.to_save()))
    use_language("de")
    with pytest.raises(SaveError) as wrong_role:
        GuestPlay.from_save(doc)
    assert error_words(wrong_role.value) == (
        "Diese Partie hat der Gastgeber gespeichert, nicht der Gast."
    )
    doc["decks"] = "torn"
    with pytest.raises(SaveError) as torn:
        HostPlay.from_save(doc)
    assert error_words(torn.value).startswith("Die gespeicherte Partie kann nicht gelesen werden (")
    use_language("es")
    with pytest.raises(SaveError) as not_ours:
        HostPlay.from_save({"format": "something else"})
    assert error_words(not_ours.value) == "Esto no es una partida en red guardada."
    assert error_words(OSError(98, "Address already in use")) == "[Errno 98] Address already in use"


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_seat_in_a_misconduct_stands_where_you_and_a_name_both_read_right(code: str) -> None:
    # "Tú: mezcló" would need "mezclaste", "du mischte" "du mischtest": the seat that does
    # something stands in brackets after a sentence with no verb of its own
    use_language(code)
    for template in MISCONDUCTS:
        if "{who}" in template:
            assert "{who})" in _(template), template
