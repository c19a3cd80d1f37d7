"""The handshake's protocol versions: the highest both speak is chosen, and a mismatch is told
to both sides in exact sentences while the host keeps waiting."""

from __future__ import annotations

import random

from game.netplay.session.events import Failed, GuestTurnedAway, Status
from game.netplay.session.handshake import (
    PeerInfo,
    Role,
    negotiate_protocol,
    version_mismatch_message,
)
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from tests.helpers.netplay import guest_session, host_session


def test_version_mismatch_sentence_names_both_sides_versions():
    host = PeerInfo("Alice", "1.4.0", 2, 3)
    me = PeerInfo("Bob", "1.0.0", 1, 1)
    assert (
        version_mismatch_message(Role.HOST, host, me)
        == "The host runs protocol 2-3 (app 1.4.0); this copy speaks 1 (app 1.0.0): update to play."
    )
    assert (
        version_mismatch_message(Role.GUEST, me, host)
        == "The guest runs protocol 1 (app 1.0.0); this copy speaks 2-3 (app 1.4.0): the guest needs to update to play."
    )


def test_the_highest_protocol_both_speak_is_chosen():
    assert negotiate_protocol(1, 3, 2, 5) == 3
    assert negotiate_protocol(2, 2, 1, 4) == 2
    assert negotiate_protocol(1, 1, 2, 3) is None


def _meet(host_info: dict, guest_info: dict) -> LinkedSessions:
    pair = LinkedSessions(
        host_session(**host_info),
        guest_session(**guest_info),
        LossyLink(random.Random(1), LinkProfile(latency=0.01)),
    )
    pair.connect()
    pair.run_until(lambda: pair.guest.finished or pair.guest.established, 10)
    pair.run_for(1)
    return pair


def test_an_old_guest_is_told_exactly_which_versions_met_and_the_host_keeps_waiting():
    pair = _meet(
        {"app_version": "1.4.0", "proto_min": 9, "proto_max": 10}, {"app_version": "1.0.0"}
    )
    assert pair.guest.failure == Failed(
        "version",
        "The host runs protocol 9-10 (app 1.4.0); this copy speaks 8 (app 1.0.0): update to play.",
    )
    assert (
        GuestTurnedAway(
            "version",
            "A guest could not join. The guest runs protocol 8 (app 1.0.0); this copy speaks 9-10 (app 1.4.0): "
            "the guest needs to update to play.",
        )
        in pair.host_events
    )
    assert pair.host.status is Status.CONNECTING


def test_a_newer_guest_is_told_the_host_must_update():
    pair = _meet(
        {"app_version": "1.0.0"}, {"app_version": "1.4.0", "proto_min": 9, "proto_max": 10}
    )
    assert pair.guest.failure.text == (
        "The host runs protocol 8 (app 1.0.0); this copy speaks 9-10 (app 1.4.0): the host needs to update to play."
    )


def test_overlapping_versions_connect_on_the_highest_common_protocol():
    pair = _meet({"proto_min": 1, "proto_max": 2}, {"proto_min": 2, "proto_max": 5})
    assert pair.host.protocol == pair.guest.protocol == 2


# -- rules agreement ------------------------------------------------------------------------------
