"""What the connection itself says, in the player's language: the session's sentences (a partner
who left, a connection interrupted and back, a host that refused or never answered), the
steps of the deal a silent side owes, the invite server's and the lobby server's notes. The
netplay core composes them as `Phrase`s: the English stays what the command line prints, and
the screens say them through the layer (a pseudo-language that accents every letter leaves
none plain)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.language import Catalog, _, install
from game.language.files import use_language
from game.netplay.lobby.broker import parse_broker_url
from game.netplay.play.agreement import RulesNegotiation
from game.netplay.play.peer import TOO_MANY_PLAYERS
from game.netplay.session.admission import slowed_down_text
from game.netplay.session.config import SessionConfig
from game.netplay.session.events import Closed, Interrupted, Resumed
from game.netplay.session.handshake import PeerInfo, Role, version_mismatch_message
from game.netplay.session.liveness import Liveness
from game.netplay.session.reliable import ReliableSession
from game.netplay.session.rto import RtoEstimator
from game.netplay.shell import lobby_mqtt
from game.netplay.shell.wormhole import (
    InviteError,
    check_mailbox,
    normalize_invite,
    parse_relay,
)
from game.netplay.wire.session_messages import Reject
from tests.helpers.netplay import linked_pair

# A letter outside a {field}'s value: what the pseudo-language left plain.
PLAIN_LETTER = re.compile(r"[A-Za-z]")


def _all_said(pseudo: Catalog, sentence: str, *kept: str) -> bool:
    """Whether `sentence`, said in the pseudo-language, has no plain letter outside `kept` (the
    names, addresses and reasons shown as they came)."""
    install(pseudo)
    said = _(sentence)
    install(Catalog())
    for text in kept:
        said = said.replace(text, "")
    return PLAIN_LETTER.search(said) is None


def test_a_partner_who_leaves_a_silence_and_its_end_are_said_in_german() -> None:
    use_language("de")
    pair = linked_pair()
    for profile in pair.link.profiles.values():
        profile.drop = 1.0
    assert pair.run_until(lambda: any(isinstance(e, Interrupted) for e in pair.guest_events), 10)
    interrupted = next(e for e in pair.guest_events if isinstance(e, Interrupted))
    # the command line prints the English, the screens the player's language
    assert interrupted.text == "The connection to Alice is interrupted; trying to reconnect."
    assert (
        _(interrupted.text)
        == "Die Verbindung ist unterbrochen (Alice); neuer Verbindungsversuch läuft."
    )
    for profile in pair.link.profiles.values():
        profile.drop = 0.0
    assert pair.run_until(lambda: any(isinstance(e, Resumed) for e in pair.guest_events), 10)
    resumed = next(e for e in pair.guest_events if isinstance(e, Resumed))
    assert _(resumed.text) == "Die Verbindung ist wieder da: Alice."
    pair.host.close(pair.clock.now)
    assert pair.run_until(lambda: any(isinstance(e, Closed) for e in pair.guest_events), 10)
    gone = next(e for e in pair.guest_events if isinstance(e, Closed))
    assert gone.text == "Alice left the game."
    assert _(gone.text) == "Alice hat die Partie verlassen."
    mine = next(e for e in pair.host_events if isinstance(e, Closed))
    assert _(mine.text) == "Du hast die Partie verlassen."


def test_a_partner_not_yet_named_is_the_host_or_the_guest_in_spanish() -> None:
    use_language("es")
    guest = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0.0"))
    assert _(guest.peer_label()) == "el anfitrión"
    assert _(guest.peer_label(opening=True)) == "El anfitrión"
    host = ReliableSession(Role.HOST, PeerInfo("Ann", "1.0.0"))
    assert _(host.peer_label(opening=True)) == "El invitado"


def _silences() -> list[str]:
    liveness = Liveness(Role.GUEST, SessionConfig(), RtoEstimator(), lambda: "Zed")
    alarm_lost = liveness.alarm(100.0, (1.0, None, None), established=True)
    alarm_none = liveness.alarm(100.0, (1.0, None, None), established=False)
    alarm_cut = liveness.alarm(100.0, (None, 1.0, None), established=True)
    return [
        alarm_lost.failure.text,  # type: ignore[union-attr]
        alarm_none.failure.text,  # type: ignore[union-attr]
        alarm_cut.interrupted.text,  # type: ignore[union-attr]
    ]


def _refusals() -> list[str]:
    guest = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0.0"))
    admission = guest._admission
    return [
        admission.refusal_text(Reject(code, "no room", 1, 1, "1.0.0"))
        for code in ("busy", "unknown_session", "wrong_code", "slow_down", "other")
    ] + [slowed_down_text("192.0.2.7", 3, 30.0), slowed_down_text("", 4, 60.0)]


def _versions() -> list[str]:
    old, new = PeerInfo("", "0.9", 1, 1), PeerInfo("", "9.0", 9, 9)
    ours = PeerInfo("Ann", "1.0.0", 2, 3)
    return [
        version_mismatch_message(role, theirs, ours)
        for role in (Role.HOST, Role.GUEST)
        for theirs in (old, new)
    ]


def _invite_problems() -> list[str]:
    said = []
    checks: list[tuple[Callable[[str], object], str]] = [
        (normalize_invite, ""),
        (normalize_invite, "crossover-7"),
        (normalize_invite, "7 crossover!"),
        (parse_relay, "tcp:[::1"),
        (parse_relay, "tcp:relay.example.org:0"),
        (check_mailbox, "http://mailbox.example.org"),
    ]
    for check, typed in checks:
        with pytest.raises(InviteError) as raised:
            check(typed)
        said.append(raised.value.sentence)
    return said


def _lobby_notes() -> list[str]:
    broker = parse_broker_url("mqtt://lobby.example.org:1883")
    return [
        lobby_mqtt.not_answering(broker),
        lobby_mqtt.refused(broker, "5"),
        lobby_mqtt.untrusted(broker, "expired"),
        lobby_mqtt.lost(broker),
    ]


@pytest.mark.parametrize(
    "sentences",
    [_silences, _refusals, _versions, _invite_problems, _lobby_notes],
    ids=lambda f: f.__name__,
)
def test_no_sentence_of_the_connection_bypasses_the_layer(
    pseudo: Catalog, sentences: Callable[[], list[str]]
) -> None:
    kept = (
        "Zed",
        "no room",
        "lobby.example.org:1883",
        "expired",
        "'tcp:[::1'",
        "::1",
        "'tcp:relay.example.org:0'",
        "'http://mailbox.example.org'",
        "5",
        "mqtts://",
        "tcp:HOST:PORT",
        "ws://HOST:PORT/v1",
        "7-crossover-clockwork",
        "IPv6",
    )
    plain = [text for text in sentences() if not _all_said(pseudo, text, *kept)]
    assert plain == []


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        (
            TOO_MANY_PLAYERS,
            "El invitado rechazó tus reglas. La mesa del anfitrión es de tres o cuatro; esta "
            "copia solo se une desde sus pantallas a partidas de dos.",
        ),
        # another copy's own words are shown as they came
        ("Not {today}.", "El invitado rechazó tus reglas. Not {today}."),
    ],
)
def test_a_reason_for_declining_is_said_in_spanish_when_this_copy_gives_it_too(
    reason: str, said: str
) -> None:
    host = RulesNegotiation(Role.HOST, {"preset": "classic"})
    guest = RulesNegotiation(Role.GUEST, {"preset": "modern_american"})
    guest.handle(host.start())
    host.handle(guest.decline(reason))
    use_language("es")
    assert _(host.outcome) == said
