"""Retransmission timing: RFC 6298 estimation, capped exponential backoff and Karn's rule."""

from __future__ import annotations

import pytest

from game.netplay.session.config import SessionConfig
from game.netplay.session.delivery import ACK_EVERY
from game.netplay.session.rto import RtoEstimator
from game.netplay.tools.link import LinkProfile
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import Ack, Data, Ping
from tests.helpers.netplay import Shuttle, linked_pair, numbers, read, sealed_by

# heartbeats slower than the first RTO, so the timers under test are the only ones due
QUIET = SessionConfig(
    heartbeat_interval=2.5, interrupt_after=10, reconnect_after=10, give_up_after=60
)


def test_first_sample_sets_srtt_and_half_rttvar():
    rto = RtoEstimator(initial=1.0, minimum=0.01, maximum=60)
    rto.sample(0.3)
    assert rto.srtt == pytest.approx(0.3)
    assert rto.rttvar == pytest.approx(0.15)
    assert rto.rto == pytest.approx(0.3 + 4 * 0.15)


def test_later_samples_are_smoothed_as_rfc_6298_says():
    rto = RtoEstimator(initial=1.0, minimum=0.01, maximum=60)
    rto.sample(0.3)
    rto.sample(0.5)
    rttvar = 0.75 * 0.15 + 0.25 * abs(0.3 - 0.5)
    srtt = 0.875 * 0.3 + 0.125 * 0.5
    assert rto.rttvar == pytest.approx(rttvar)
    assert rto.srtt == pytest.approx(srtt)
    assert rto.rto == pytest.approx(srtt + 4 * rttvar)


def test_rto_is_clamped_between_minimum_and_maximum():
    rto = RtoEstimator(initial=1.0, minimum=0.2, maximum=5.0)
    rto.sample(0.001)
    assert rto.rto == 0.2
    rto.sample(30.0)
    assert rto.rto == 5.0


def test_backoff_doubles_up_to_the_cap_and_a_new_sample_ends_it():
    rto = RtoEstimator(initial=1.0, minimum=0.2, maximum=8.0)
    seen = []
    for _ in range(6):
        rto.back_off()
        seen.append(rto.rto)
    assert seen == [2.0, 4.0, 8.0, 8.0, 8.0, 8.0]
    rto.sample(0.1)
    assert rto.rto == pytest.approx(0.1 + 4 * 0.05) and rto.backoffs == 0


def test_lost_data_is_retransmitted_after_the_rto_then_with_backoff():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload("lost"))
    start = sh.now
    assert [type(m) for m in read(sh.host, sh.host.poll(start))] == [Data]  # dropped on the floor
    assert sh.host.next_deadline() == pytest.approx(start + 1.0)
    assert sh.host.poll(start + 0.99) == []
    first_retry = read(sh.host, sh.host.poll(start + 1.0))
    assert [type(m) for m in first_retry] == [Data] and first_retry[0].seq == 1
    assert sh.host.rto.rto == pytest.approx(2.0)
    assert sh.host.poll(start + 2.99) == []
    assert [m.seq for m in read(sh.host, sh.host.poll(start + 3.0))] == [1]
    assert sh.host.rto.rto == pytest.approx(4.0)
    assert sh.host.stats.retransmissions == 2


def test_retransmitted_message_gives_no_rtt_sample_karns_rule():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload("lost"))
    sh.host.poll(0.0)  # first copy lost
    sh.now = 1.0
    sh.to_guest()  # the retransmission arrives
    sh.now = 1.2
    sh.to_host()  # the guest's ack: ambiguous, which copy does it answer?
    assert sh.host.unacked_count == 0
    assert sh.host.rto.samples == 0
    assert sh.host.rto.rto == pytest.approx(2.0), (
        "the backed-off timeout stays until a clean sample"
    )


def test_cleanly_acknowledged_message_gives_an_rtt_sample():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload("fine"))
    sh.to_guest()
    sh.now = 0.3  # the guest's delayed ack goes out after ack_delay; 0.3 s round trip here
    sh.to_host()
    assert sh.host.rto.samples == 1
    assert sh.host.rto.srtt == pytest.approx(0.3)


def test_single_message_is_acked_after_the_ack_delay():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload(1))
    sh.to_guest()
    assert sh.guest.poll(0.0) == []
    assert sh.guest.next_deadline() == pytest.approx(QUIET.ack_delay)
    acks = read(sh.guest, sh.guest.poll(QUIET.ack_delay))
    assert acks == [Ack(1, ())]


def test_a_few_messages_wait_for_the_ack_delay_so_a_reply_can_carry_the_ack():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload(1))
    sh.host.send(game_payload(2))
    sh.to_guest()
    assert sh.guest.poll(0.0) == []
    assert read(sh.guest, sh.guest.poll(QUIET.ack_delay)) == [Ack(2, ())]


def test_many_unacknowledged_messages_are_acked_at_once():
    sh = Shuttle(QUIET).handshake()
    for i in range(ACK_EVERY):
        sh.host.send(game_payload(i))
    sh.to_guest()
    assert read(sh.guest, sh.guest.poll(0.0)) == [Ack(ACK_EVERY, ())]


def test_outgoing_data_carries_the_ack_instead_of_a_separate_frame():
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload(1))
    sh.to_guest()
    sh.guest.send(game_payload("reply"))
    out = read(sh.guest, sh.guest.poll(0.0))
    assert [type(m) for m in out] == [Data] and out[0].ack == 1


def test_a_timeout_does_not_back_off_while_the_peer_is_heard():
    # at random loss the peer's heartbeats keep coming: the lost message is tried again at the
    # plain timeout rather than at ever longer ones
    sh = Shuttle(QUIET).handshake()
    sh.host.send(game_payload("lost"))
    sh.host.poll(sh.now)  # dropped on the floor
    start = sh.now
    sh.host.receive_bytes(sealed_by(sh.guest, Ping(1)), start + 0.9)
    assert [m.seq for m in read(sh.host, sh.host.poll(start + 1.0)) if isinstance(m, Data)] == [1]
    assert sh.host.rto.rto == pytest.approx(1.0) and sh.host.rto.backoffs == 0


def test_an_ack_learnt_on_resuming_gives_no_rtt_sample(monkeypatch):
    # what it covers waited across a dropped connection: no measure of the path
    pair = linked_pair(LinkProfile(latency=0.05))
    samples: list[float] = []
    sample = pair.host.rto.sample
    monkeypatch.setattr(pair.host.rto, "sample", lambda rtt: (samples.append(rtt), sample(rtt)))
    pair.host.send(game_payload("acked only on resuming"))
    pair.link.send("a", pair.host.poll(pair.clock.now), pair.clock.now)
    pair.run_for(0.06)  # delivered; the guest's delayed ack is not yet out
    assert numbers(pair.guest_events) == ["acked only on resuming"]
    pair.cut()
    pair.run_for(30)
    assert pair.host.stats.resumes == 1 and pair.host.unacked_count == 0
    assert samples and max(samples) < 0.5, "no sample spans the cut"
