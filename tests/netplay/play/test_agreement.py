"""Rules agreement as in User Guide 5.4: the guest accepts, counters once, or declines; the host
answers a counter."""

from __future__ import annotations

import random

import pytest

from game.netplay.errors import ProtocolError, SessionError
from game.netplay.play.agreement import RulesNegotiation, Stage, rule_differences, rules_hash
from game.netplay.session.events import Delivered
from game.netplay.session.handshake import Role
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from game.netplay.wire import payloads as p
from tests.helpers.netplay import guest_session, host_session

HOST_RULES = {
    "jokers": 4,
    "minimum_canastas_to_go_out": 2,
    "pile_always_frozen": False,
    "target": 5000,
}
GUEST_RULES = {
    "jokers": 4,
    "minimum_canastas_to_go_out": 1,
    "pile_always_frozen": True,
    "target": 5000,
}


# -- rules agreement ------------------------------------------------------------------------------


def _exchange(sender: RulesNegotiation, receiver: RulesNegotiation, payload: list) -> None:
    """Deliver a payload and any automatic replies, checking each against the registry."""
    queue = [(receiver, sender, payload)]
    while queue:
        to, back, message = queue.pop(0)
        p.default_registry().validate(message)
        for reply in to.handle(message):
            queue.append((back, to, reply))


def test_rules_hash_ignores_key_order_but_not_values_or_types():
    assert rules_hash({"a": 1, "b": 2}) == rules_hash({"b": 2, "a": 1})
    assert rules_hash({"a": 1}) != rules_hash({"a": 2})
    assert rules_hash({"a": 1}) != rules_hash({"a": True})
    assert len(rules_hash({})) == 64


def test_identical_rules_are_agreed_without_asking_anyone():
    host, guest = (
        RulesNegotiation(Role.HOST, HOST_RULES),
        RulesNegotiation(Role.GUEST, dict(HOST_RULES)),
    )
    _exchange(host, guest, host.start())
    assert host.stage is guest.stage is Stage.AGREED
    assert host.agreed_hash == guest.agreed_hash == rules_hash(HOST_RULES)


def test_the_guest_sees_the_differences_and_can_accept_the_hosts_rules():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    assert guest.stage is Stage.GUEST_DECIDING
    assert [d.name for d in guest.differences] == [
        "minimum_canastas_to_go_out",
        "pile_always_frozen",
    ]
    assert guest.differences[0].proposed == 2 and guest.differences[0].mine == 1
    _exchange(guest, host, guest.accept())
    assert host.agreed_rules == guest.agreed_rules == HOST_RULES
    assert host.agreed_hash == guest.agreed_hash
    assert host.outcome == "The guest accepted your rules."


def test_a_counter_proposal_accepted_by_the_host_becomes_the_rules():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    _exchange(guest, host, guest.counter())
    assert host.stage is Stage.HOST_DECIDING
    assert {d.name for d in host.differences} == {
        "minimum_canastas_to_go_out",
        "pile_always_frozen",
    }
    _exchange(host, guest, host.accept_counter())
    assert host.agreed_rules == guest.agreed_rules == GUEST_RULES
    assert guest.outcome == "The host accepted your counter-proposed rules."


def test_a_declined_counter_proposal_ends_the_negotiation():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    _exchange(guest, host, guest.counter({**GUEST_RULES, "target": 3000}))
    _exchange(host, guest, host.decline_counter("I only play to 5000."))
    assert host.stage is guest.stage is Stage.DECLINED
    assert guest.outcome == "The host declined your counter-proposal. I only play to 5000."
    assert guest.agreed_hash is None


def test_the_guest_may_decline_outright():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    _exchange(guest, host, guest.decline())
    assert host.stage is Stage.DECLINED and host.outcome == "The guest declined your rules."


def test_the_guest_counters_only_once():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    guest.counter()
    with pytest.raises(SessionError):
        guest.counter()
    host.handle(["rules_counter", GUEST_RULES])
    with pytest.raises(ProtocolError):
        host.handle(["rules_counter", GUEST_RULES])


def test_accepting_rules_other_than_those_proposed_is_a_protocol_error():
    host, guest = RulesNegotiation(Role.HOST, HOST_RULES), RulesNegotiation(Role.GUEST, GUEST_RULES)
    _exchange(host, guest, host.start())
    with pytest.raises(ProtocolError) as info:
        host.handle(["rules_accept", rules_hash(GUEST_RULES)])
    assert info.value.code == "rules_mismatch"


def test_rules_messages_out_of_turn_are_protocol_errors():
    guest = RulesNegotiation(Role.GUEST, GUEST_RULES)
    with pytest.raises(ProtocolError):
        guest.handle(["rules_accept", rules_hash(GUEST_RULES)])
    host = RulesNegotiation(Role.HOST, HOST_RULES)
    with pytest.raises(ProtocolError):
        host.handle(["rules_propose", GUEST_RULES])


def test_rule_differences_include_options_only_one_side_has():
    diffs = rule_differences({"a": 1}, {"b": 2})
    assert [(d.name, d.proposed, d.mine) for d in diffs] == [("a", 1, None), ("b", None, 2)]


def test_rules_are_agreed_through_real_sessions_over_a_lossy_link():
    pair = LinkedSessions(
        host_session(),
        guest_session(),
        LossyLink(random.Random(4), LinkProfile(drop=0.2, duplicate=0.2, latency=0.1)),
    )
    host_rules, guest_rules = (
        RulesNegotiation(Role.HOST, HOST_RULES),
        RulesNegotiation(Role.GUEST, GUEST_RULES),
    )
    sides = {"a": (pair.host, host_rules), "b": (pair.guest, guest_rules)}
    seen = {"a": 0, "b": 0}
    pair.host.send(host_rules.start())
    pair.connect()

    def route() -> bool:
        for end, (session, negotiation) in sides.items():
            events = pair.events[end]
            for event in events[seen[end] :]:
                if isinstance(event, Delivered) and event.payload[0].startswith("rules_"):
                    for reply in negotiation.handle(event.payload):
                        session.send(reply)
            seen[end] = len(events)
        if guest_rules.stage is Stage.GUEST_DECIDING:
            pair.guest.send(guest_rules.counter())
        if host_rules.stage is Stage.HOST_DECIDING:
            pair.host.send(host_rules.accept_counter())
        return host_rules.finished and guest_rules.finished

    assert pair.run_until(route, 120)
    assert host_rules.agreed_hash == guest_rules.agreed_hash == rules_hash(GUEST_RULES)
