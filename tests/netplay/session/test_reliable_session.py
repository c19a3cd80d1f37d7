"""The reliable session: exactly-once ordered delivery over a bad link, acks, heartbeats,
interruption notices, resume after a dropped connection, giving up, and clear errors."""

from __future__ import annotations

import random

import pytest

from game.netplay.errors import ProtocolError, SessionError
from game.netplay.session.config import SessionConfig
from game.netplay.session.events import (
    Closed,
    Connected,
    Failed,
    GuestTurnedAway,
    Interrupted,
    PayloadRefused,
    RefusedByPeer,
    Resumed,
    Status,
)
from game.netplay.session.handshake import Role
from game.netplay.session.secure import GuestExchange, Mode, join_password, resume_password
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from game.netplay.wire.framing import encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import (
    MAGIC,
    PROTOCOL_MAX,
    PROTOCOL_MIN,
    WINDOW,
    Ack,
    Data,
    Hello,
    KeyConfirm,
    KeyHello,
    Ping,
    Pong,
    Reject,
    ResumeOk,
    Welcome,
    pack_message,
)
from tests.helpers.netplay import (
    Shuttle,
    guest_session,
    host_session,
    kinds,
    linked_pair,
    numbers,
    read,
    sealed_by,
    stream_both_ways,
)


def frame(message) -> bytes:
    """A frame in the clear, as a stranger who knows no key would send it."""
    return encode_frame(pack_message(message))


# -- delivery over the in-memory link ---------------------------------------------------------


def test_messages_arrive_in_order_exactly_once_on_a_clean_link():
    pair = linked_pair()
    assert stream_both_ways(pair, 300, timeout=60)
    assert numbers(pair.host_events) == list(range(300))
    assert numbers(pair.guest_events) == list(range(300))
    assert pair.host.stats.retransmissions == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_delivery_is_exact_at_7_percent_drop(seed):
    pair = linked_pair(LinkProfile(drop=0.07, latency=0.02, jitter=0.01), seed=seed)
    assert stream_both_ways(pair, 300, timeout=600)
    assert numbers(pair.host_events) == list(range(300))
    assert numbers(pair.guest_events) == list(range(300))
    assert pair.link.stats.dropped > 0


@pytest.mark.parametrize("seed", [1, 2])
def test_delivery_is_exact_at_25_percent_drop_and_duplicates_with_reorder_and_1s_latency(seed):
    bad = LinkProfile(drop=0.25, duplicate=0.25, reorder=0.2, latency=1.0, jitter=0.2)
    pair = linked_pair(bad, seed=seed)
    assert stream_both_ways(pair, 200, timeout=3000)
    assert numbers(pair.host_events) == list(range(200))
    assert numbers(pair.guest_events) == list(range(200))
    stats = pair.guest.stats
    assert stats.duplicates_received > 0 and stats.replays_dropped > 0
    assert pair.link.stats.duplicated > 0 and pair.link.stats.reordered > 0


def test_payloads_sent_before_the_connection_are_delivered_after_the_handshake():
    host, guest = host_session(), guest_session()
    guest.send(game_payload("early"))
    host.send(game_payload("early too"))
    pair = LinkedSessions(host, guest, LossyLink(random.Random(5)))
    pair.connect()
    assert pair.run_until(
        lambda: len(pair.delivered("a")) == 1 and len(pair.delivered("b")) == 1, 10
    )
    assert numbers(pair.host_events) == ["early"] and numbers(pair.guest_events) == ["early too"]


def test_connected_event_names_the_peer_and_protocol():
    pair = linked_pair()
    (connected,) = [e for e in pair.guest_events if isinstance(e, Connected)]
    assert connected.peer.name == "Alice" and connected.protocol == PROTOCOL_MAX
    assert pair.host.peer.name == "Bob"


# -- acks and duplicates, frame by frame --------------------------------------------------------


def test_duplicate_data_is_delivered_once_and_reacknowledged_at_once():
    sh = Shuttle().handshake()
    sh.host.send(game_payload("once"))
    (data,) = sh.host.poll(0.0)
    sh.guest.receive_bytes(data, 0.0)
    sh.guest.poll(0.1)  # the delayed ack went out, and say it was lost
    sh.guest.receive_bytes(data, 0.2)  # the very same frame again: a replay, dropped unread
    assert sh.guest.stats.replays_dropped == 1 and sh.guest.poll(0.2) == []
    again = [f for f in sh.host.poll(2.0) if isinstance(read(sh.host, [f])[0], Data)]
    sh.guest.receive_bytes(again[0], 2.0)  # the host retransmits after its timeout
    assert numbers(sh.guest.pop_events()) == ["once"]
    assert kinds(sh.guest, sh.guest.poll(2.0)) == [Ack], "a duplicate is acknowledged at once"
    assert sh.guest.stats.duplicates_received == 1


def one_frame_each(session, count: int) -> list[bytes]:
    """`count` numbered payloads sent one flush at a time: a frame each."""
    frames = []
    for i in range(count):
        session.send(game_payload(i))
        (frame,) = session.poll(0.0)
        frames.append(frame)
    return frames


def test_messages_of_one_flush_travel_in_one_sealed_frame():
    sh = Shuttle().handshake()
    for i in range(3):
        sh.host.send(game_payload(i))
    (frame,) = sh.host.poll(0.0)
    (data,) = read(sh.host, [frame])
    assert (data.seq, len(data.more)) == (1, 2), "one DATA header for consecutive messages"
    sh.guest.receive_bytes(frame, 0.0)
    assert numbers(sh.guest.pop_events()) == [0, 1, 2]


def test_different_messages_of_one_flush_share_a_frame_too():
    sh = Shuttle().handshake()
    sh.host.receive_bytes(sealed_by(sh.guest, Ping(3)), 0.0)
    sh.host.send(game_payload("with it"))
    (frame,) = sh.host.poll(0.0)
    assert [type(m) for m in read(sh.host, [frame])] == [Pong, Data]
    sh.guest.receive_bytes(frame, 0.0)
    assert numbers(sh.guest.pop_events()) == ["with it"]


def test_out_of_order_data_waits_for_the_gap_and_is_selectively_acked():
    sh = Shuttle(datagram=True).handshake()
    first, second, third = one_frame_each(sh.host, 3)
    sh.guest.receive_bytes(third, 0.0)
    sh.guest.receive_bytes(second, 0.0)
    assert numbers(sh.guest.pop_events()) == []
    (ack,) = read(sh.guest, sh.guest.poll(0.0))
    assert ack == Ack(0, (2, 3))
    sh.guest.receive_bytes(first, 0.0)
    assert numbers(sh.guest.pop_events()) == [0, 1, 2]
    assert sh.guest.out_of_order_count == 0


def test_selectively_acked_messages_are_not_retransmitted():
    sh = Shuttle(datagram=True).handshake()
    _, second, third = one_frame_each(sh.host, 3)
    sh.guest.receive_bytes(second, 0.0)
    sh.guest.receive_bytes(third, 0.0)
    for f in sh.guest.poll(0.0):
        sh.host.receive_bytes(f, 0.0)
    resent = read(sh.host, sh.host.poll(1.0))
    assert [m.seq for m in resent if isinstance(m, Data)] == [1]


def _refused(session) -> list[str]:
    return [e.code for e in session.pop_events() if isinstance(e, PayloadRefused)]


def test_data_beyond_the_window_is_refused_and_the_game_goes_on():
    sh = Shuttle().handshake()
    sh.guest.receive_bytes(sealed_by(sh.host, Data(WINDOW + 5, 0, game_payload("far"))), 0.0)
    assert sh.guest.status is Status.CONNECTED and _refused(sh.guest) == ["window"]
    assert sh.guest.out_of_order_count == 0


def test_ack_for_a_message_never_sent_is_refused_and_the_game_goes_on():
    sh = Shuttle().handshake()
    sh.host.receive_bytes(sealed_by(sh.guest, Ack(5, ())), 0.0)
    assert sh.host.failure is None and _refused(sh.host) == ["bad_ack"]


def test_a_payload_breaking_its_schema_is_set_aside_the_sender_is_told_and_play_goes_on():
    sh = Shuttle().handshake()
    # a guest that skips its own checks: a chat line over the 300-character limit
    sh.host.receive_bytes(sealed_by(sh.guest, Data(1, 0, ["chat", "x" * 301])), 0.0)
    sh.guest._delivery._next_seq = 2  # as if the guest had sent it through its session
    sh.guest._delivery._highest_sent = 1
    (refused,) = [e for e in sh.host.pop_events() if isinstance(e, PayloadRefused)]
    assert refused.code == "schema" and refused.text.startswith("A message from Bob was set aside")
    sh.settle()
    (told,) = [e for e in sh.guest.pop_events() if isinstance(e, RefusedByPeer)]
    assert told.text.startswith("Alice could not accept a message from this game:")
    sh.guest.send(game_payload("next"))
    sh.settle()
    assert numbers(sh.host.pop_events()) == ["next"]
    assert sh.host.status is sh.guest.status is Status.CONNECTED


def test_unacknowledged_queue_is_bounded():
    config = SessionConfig(max_unacked=4)
    session = host_session(config)
    for i in range(4):
        session.send(game_payload(i))
    with pytest.raises(SessionError):
        session.send(game_payload(5))


def test_invalid_or_oversized_payloads_are_refused_when_sending():
    session = host_session()
    with pytest.raises(SessionError):
        session.send(["teleport"])
    with pytest.raises(SessionError):
        session.send(game_payload(["x" * 4000] * 20))


# -- heartbeats, silence, resume, giving up -------------------------------------------------------


def test_heartbeats_keep_an_idle_session_connected():
    pair = linked_pair(LinkProfile(latency=0.05))
    pair.run_for(30)
    assert pair.host.status is Status.CONNECTED and pair.guest.status is Status.CONNECTED
    assert not any(isinstance(e, Interrupted) for e in pair.host_events + pair.guest_events)
    assert pair.host.stats.frames_sent > 20


def test_silence_gives_an_interrupted_notice_within_5_seconds_then_a_redial():
    pair = linked_pair(LinkProfile(latency=0.05))
    pair.run_for(2)
    blackout = pair.clock.now
    for profile in pair.link.profiles.values():
        profile.drop = 1.0
    transports = pair.guest.stats.transports

    def noticed() -> bool:
        return all(any(isinstance(e, Interrupted) for e in pair.events[end]) for end in "ab")

    assert pair.run_until(noticed, 10)
    assert pair.clock.now - blackout <= 5.0
    assert pair.guest.status is Status.INTERRUPTED
    assert "interrupted" in next(e for e in pair.guest_events if isinstance(e, Interrupted)).text
    assert pair.run_until(
        lambda: pair.guest.stats.transports > transports, 5.0 - (pair.clock.now - blackout)
    )


def test_connection_comes_back_after_a_blackout_and_says_so():
    pair = linked_pair(LinkProfile(latency=0.05))
    pair.host.send(game_payload("before"))
    for profile in pair.link.profiles.values():
        profile.drop = 1.0
    pair.run_for(6)
    pair.guest.send(game_payload("during"))
    for profile in pair.link.profiles.values():
        profile.drop = 0.0
    assert pair.run_until(lambda: any(isinstance(e, Resumed) for e in pair.guest_events), 10)
    assert pair.run_until(lambda: numbers(pair.host_events) == ["during"], 10)
    assert numbers(pair.guest_events) == ["before"]
    assert pair.guest.stats.resumes >= 1


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_resume_after_cuts_loses_and_duplicates_nothing(seed):
    rng = random.Random(seed)
    pair = linked_pair(LinkProfile(drop=0.05, duplicate=0.05, latency=0.03, jitter=0.02), seed=seed)
    cuts = rng.sample(range(1, 250, 10), 5)
    assert stream_both_ways(pair, 250, timeout=600, cuts=cuts)
    assert numbers(pair.host_events) == list(range(250))
    assert numbers(pair.guest_events) == list(range(250))
    assert pair.link.stats.cuts >= 3 and pair.link.stats.lost_in_cut > 0
    # a cut may fall between the host's resume and its answer reaching the guest
    assert pair.link.stats.cuts >= pair.host.stats.resumes >= pair.guest.stats.resumes >= 3


def test_resume_replays_only_what_the_other_side_has_not_acknowledged():
    pair = linked_pair()
    for i in range(5):
        pair.host.send(game_payload(i))
    pair.run_for(1)
    assert pair.host.unacked_count == 0
    for i in range(5, 8):
        pair.host.send(game_payload(i))
    pair.cut()  # these three were never transmitted on the old connection
    sent_before = pair.host.stats.data_sent
    assert pair.run_until(lambda: len(numbers(pair.guest_events)) == 8, 10)
    assert numbers(pair.guest_events) == list(range(8))
    assert pair.host.stats.data_sent - sent_before == 3


@pytest.mark.parametrize("limit", [60.0, 20.0])
def test_a_peer_gone_for_good_is_reported_after_the_configured_limit(limit):
    config = SessionConfig(give_up_after=limit)
    pair = linked_pair(config=config)
    pair.run_for(0.5)
    gone = pair.clock.now
    pair.link.accepting = False
    pair.cut()
    assert pair.run_until(lambda: pair.host.finished and pair.guest.finished, limit + 5)
    assert limit - 1.5 <= pair.clock.now - gone <= limit
    host_failure, guest_failure = pair.host.failure, pair.guest.failure
    assert host_failure.code == guest_failure.code == "timeout"
    assert host_failure.text == f"No word from Bob for {limit:g} seconds: the connection is lost."
    assert (
        guest_failure.text == f"No word from Alice for {limit:g} seconds: the connection is lost."
    )
    assert any(isinstance(e, Failed) for e in pair.host_events)
    assert pair.redial_attempts > 10, "the guest kept redialling until then"


def test_a_guest_that_never_reaches_the_host_gives_up_with_a_clear_reason():
    guest = guest_session()
    now = 0.0
    while now < 200:
        guest.poll(now)
        if guest.finished:
            break
        now = guest.next_deadline()
    assert now == pytest.approx(120.0)
    assert guest.failure == Failed("unreachable", "The host did not answer within 120 seconds.")


def test_a_waiting_host_waits_for_its_guest_indefinitely():
    host = host_session()
    host.connection_made(0.0)
    assert host.poll(10_000.0) == [] and host.status is Status.CONNECTING
    assert host.next_deadline() is None


def test_leaving_closes_both_sides_with_a_sentence():
    pair = linked_pair()
    pair.guest.close(pair.clock.now)
    assert pair.run_until(lambda: pair.host.finished, 5)
    assert pair.host.status is Status.CLOSED
    assert Closed(True, "Bob left the game.") in pair.host_events
    assert Closed(False, "You left the game.") in pair.guest_events


# -- connection-level errors and strangers --------------------------------------------------------


def test_garbage_on_the_wire_costs_the_connection_never_the_game():
    sh = Shuttle().handshake()
    sh.host.receive_bytes(b"\x00\x00\x00\x02\xc1\xc1", 0.0)
    assert not sh.host.finished and sh.host.wants_reset  # the stream lost its place
    assert _refused(sh.host) == ["bad_msgpack", "dropped"]
    assert sh.host.poll(0.0) == []  # no BYE: the guest is not told to leave


def test_an_unexpected_message_on_a_stream_is_refused():
    sh = Shuttle().handshake()
    sh.host.receive_bytes(
        sealed_by(sh.guest, Welcome(MAGIC, 2, 2, 2, "1.0", "Mallory", bytes(16))), 0.0
    )
    assert sh.host.failure is None and _refused(sh.host) == ["unexpected"]


def _stranger(mode: Mode = Mode.JOIN, password: bytes | None = None) -> GuestExchange:
    return GuestExchange(
        mode, password or join_password(None), MAGIC, PROTOCOL_MIN, PROTOCOL_MAX, "1.0.0"
    )


def test_a_stranger_without_the_code_is_turned_away_without_disturbing_the_game():
    sh = Shuttle().handshake()
    gate = sh.host.open_gate()
    stranger = _stranger(password=join_password("2222-2222"))
    gate.receive(pack_message(stranger.hello), 0.0)
    (reply,) = read(sh.host, gate.take_output())
    gate.receive(pack_message(stranger.on_reply(reply)), 0.0)
    (reject,) = read(sh.host, gate.take_output())
    assert gate.refused and isinstance(reject, Reject) and reject.code == "wrong_code"
    assert sh.host.status is Status.CONNECTED
    (event,) = [e for e in sh.host.pop_events() if isinstance(e, GuestTurnedAway)]
    assert event.code == "wrong_code"
    sh.host.send(game_payload("still here"))
    sh.to_guest()
    assert numbers(sh.guest.pop_events()) == ["still here"]


def test_only_the_holder_of_the_resume_secret_gets_a_new_connection_adopted():
    sh = Shuttle().handshake()
    for secret, admitted in ((sh.guest._admission.resume_secret, True), (bytes(32), False)):
        gate = sh.host.open_gate()
        guest = _stranger(Mode.RESUME, resume_password(secret))
        gate.receive(pack_message(guest.hello), 0.0)
        (reply,) = read(sh.host, gate.take_output())
        gate.receive(pack_message(guest.on_reply(reply)), 0.0)
        answer = read(sh.host, gate.take_output())
        assert gate.admitted is admitted
        if not admitted:
            assert gate.refused and answer[0].code == "unknown_session"


def test_a_guest_whose_host_started_again_joins_its_new_session_with_the_code():
    pair = linked_pair()
    old_guest = pair.guest
    fresh = LinkedSessions(host_session(), old_guest, LossyLink(random.Random(3)), clock=pair.clock)
    old_guest.connection_lost(pair.clock.now)
    fresh.connect()
    assert fresh.run_until(lambda: fresh.host.established and old_guest.channel_up, 20)
    assert old_guest.failure is None and old_guest.stats.restarts == 1
    assert any(isinstance(e, Connected) for e in fresh.guest_events), "the game layer rejoins"
    old_guest.send(game_payload("rejoin"))
    assert fresh.run_until(lambda: numbers(fresh.host_events) == ["rejoin"], 10)


def test_a_forged_resume_answer_is_refused():
    sh = Shuttle().handshake()
    sh.guest.connection_lost(1.0)
    sh.guest.connection_made(1.0)
    assert kinds(sh.guest, sh.guest.poll(1.0)) == [KeyHello]
    sh.guest.receive_bytes(frame(ResumeOk(0, bytes(16))), 1.0)
    # nobody has proved to be the host on this connection: it is dropped, the game goes on
    assert sh.guest.failure is None and sh.guest.wants_reset


def test_garbage_from_a_stranger_does_not_end_a_waiting_host():
    host = host_session()
    host.connection_made(0.0)
    host.receive_bytes(b"GET / HTTP/1.1\r\n\r\n", 0.0)
    assert host.status is Status.CONNECTING and host.wants_reset
    assert kinds(host, host.poll(0.0)) == [Reject]
    host.connection_lost(0.0)
    host.connection_made(1.0)
    guest = guest_session()
    guest.connection_made(1.0)
    for _ in range(2):
        for f in guest.poll(1.0):
            host.receive_bytes(f, 1.0)
        for f in host.poll(1.0):
            guest.receive_bytes(f, 1.0)
    assert host.established and guest.established


def test_retransmitted_hello_gets_the_same_welcome():
    sh = Shuttle()
    sh.to_host()  # KEY_HELLO
    sh.to_guest()  # KEY_REPLY
    first = sh.guest.poll(0.0)  # KEY_CONFIRM and the sealed HELLO
    again = sh.guest.poll(2.0)  # no answer yet: the guest repeats both
    assert kinds(sh.guest, first) == kinds(sh.guest, again) == [KeyConfirm, Hello]
    for f in first + again:
        sh.host.receive_bytes(f, 2.0)
    answers = sh.host.poll(2.0)
    welcomes = [m for m in read(sh.host, answers) if isinstance(m, Welcome)]
    assert len(welcomes) == 2 and welcomes[0] == welcomes[1]
    for f in answers:
        sh.guest.receive_bytes(f, 2.0)
    assert sh.guest.status is Status.CONNECTED
    assert [type(e) for e in sh.guest.pop_events()] == [Connected]


def test_a_session_never_reads_time_itself():
    import ast

    from tests.helpers.paths import GAME

    for path in sorted((GAME / "netplay" / "session").glob("*.py")):
        names = {n.id for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Name)}
        assert "time" not in names and "datetime" not in names, path.name


def test_ping_is_answered_and_counts_as_life():
    sh = Shuttle().handshake()
    sh.guest.receive_bytes(sealed_by(sh.host, Ping(1234)), 0.5)
    (pong,) = read(sh.guest, sh.guest.poll(0.5))
    assert pong.timestamp == 1234
    assert sh.guest.role is Role.GUEST and sh.guest.status is Status.CONNECTED


def test_the_game_layer_can_abort_with_a_reason_both_players_see():
    sh = Shuttle().handshake()
    sh.guest.abort(0.0, ProtocolError("illegal_move", "the pile is frozen"))
    assert sh.guest.failure.code == "illegal_move"
    sh.to_host()
    assert (
        sh.host.failure.text
        == "Bob closed the connection after an error (illegal_move: the pile is frozen)."
    )


def test_a_guest_whose_welcome_was_lost_is_welcomed_again_on_redial():
    sh = Shuttle()
    sh.to_host()
    sh.to_guest()
    sh.to_host()  # the sealed HELLO arrives, the host is now established...
    assert sh.host.established
    sh.host.send(game_payload("rules"))
    sh.host.poll(0.0)  # ...but its WELCOME and first message die with the connection
    sh.host.connection_lost(0.5)
    sh.guest.connection_lost(0.5)
    sh.now = 1.0
    sh.host.connection_made(1.0)
    sh.guest.connection_made(1.0)
    sh.settle()
    assert sh.guest.status is Status.CONNECTED
    assert numbers(sh.guest.pop_events()) == ["rules"]
    assert sh.guest._admission.token == sh.host._admission.token


def test_a_guest_that_crashed_and_joins_again_with_the_code_restarts_the_stream():
    sh = Shuttle().handshake()
    sh.guest.send(game_payload("hello"))
    sh.settle()  # the guest has spoken: it is no longer a guest whose welcome was lost
    sh.host.send(game_payload("lost with the crash"))
    sh.host.poll(0.0)
    sh.host.pop_events()
    sh.host.connection_lost(1.0)
    sh.guest = guest_session()  # the guest's process started again from its save
    sh.now = 1.0
    sh.host.connection_made(1.0)
    sh.guest.connection_made(1.0)
    sh.settle()
    assert sh.guest.established and sh.host.stats.restarts == 1
    assert [type(e) for e in sh.host.pop_events()] == [Connected]
    assert sh.host.unacked_count == 0, "what was in flight is the game layer's to resend"
    sh.host.send(game_payload("after"))
    sh.settle()
    assert numbers(sh.guest.pop_events()) == ["after"]
