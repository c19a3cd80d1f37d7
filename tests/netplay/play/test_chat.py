"""Chat: lines are cleaned, bounded, rate-limited on a virtual clock, and logged with an unread
count."""

from __future__ import annotations

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.play import play_messages as m
from game.netplay.play.chat import (
    ChatChannel,
    ChatLine,
    ChatLog,
    ChatRefused,
    TokenBucket,
    sanitize_chat,
)
from game.netplay.wire.payloads import MAX_CHAT_CHARS, default_registry


def test_control_characters_are_stripped():
    assert sanitize_chat("hi\x00\x07 there\x1b[31m") == "hi there[31m"


def test_bidi_overrides_and_isolates_are_stripped():
    assert sanitize_chat("abc\u202edcba\u2066x\u2069\u200f") == "abcdcbax"


def test_whitespace_runs_collapse_to_one_space_and_ends_are_trimmed():
    assert sanitize_chat("  good\t\t game\n\nwell\u00a0\u2028played  ") == "good game well played"


def test_lines_are_cut_to_the_maximum_length():
    assert len(sanitize_chat("x" * 1000)) == MAX_CHAT_CHARS == 300


def test_emoji_sequences_keep_their_joiners():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert sanitize_chat(family) == family


def test_text_is_nfc_normalised():
    assert sanitize_chat("e\u0301") == "\u00e9"


def test_an_empty_line_is_not_sent():
    with pytest.raises(ChatRefused):
        ChatChannel("Alice").compose(" \u202e \n", 0.0)


def test_sending_is_rate_limited_with_a_burst_then_a_steady_rate():
    chat = ChatChannel("Alice", TokenBucket(capacity=3, rate=0.5))
    for i in range(3):
        assert chat.compose(f"line {i}", 0.0) == ["chat", f"line {i}"]
    with pytest.raises(ChatRefused, match="Slow down"):
        chat.compose("too fast", 0.5)
    assert chat.compose("later", 2.0) == ["chat", "later"]
    with pytest.raises(ChatRefused):
        chat.compose("again", 2.1)


def test_token_bucket_never_exceeds_its_capacity():
    bucket = TokenBucket(capacity=2, rate=1)
    assert bucket.allow(1000.0) and bucket.allow(1000.0) and not bucket.allow(1000.0)
    assert bucket.wait_time(1000.0) == pytest.approx(1.0)


def test_composed_lines_are_valid_chat_payloads():
    payload = ChatChannel("Alice").compose("x" * 5000, 0.0)
    assert default_registry().validate(payload)


def test_incoming_lines_are_cleaned_again_and_counted_unread():
    chat = ChatChannel("Alice")
    line = chat.receive(["chat", "hello\u202e!"], "Bob", 3.0)
    assert line == ChatLine(False, "Bob", "hello!", 3.0)
    chat.compose("hi Bob", 4.0)
    chat.receive(["chat", "gg"], "Bob", 5.0)
    assert chat.log.unread == 2
    chat.log.mark_read()
    assert chat.log.unread == 0
    assert [line.text for line in chat.log.lines] == ["hello!", "hi Bob", "gg"]


def test_receiving_something_other_than_chat_is_refused():
    with pytest.raises(ProtocolError):
        ChatChannel("Alice").receive(["game", 1], "Bob", 0.0)


def test_the_chat_log_is_bounded():
    log = ChatLog(max_lines=10)
    for i in range(50):
        log.add(ChatLine(False, "Bob", str(i), float(i)))
    assert len(log.lines) == 10 and log.lines[0].text == "40"
    assert log.unread == 10


def test_halt_sentences_from_the_peer_are_cleaned_before_display():
    for parse in (m.parse_from_host, m.parse_from_guest):
        halt = parse([m.TAGS["halt"], "bad\u2066", 3, "", "", "Evil \u202eenil\u0007 no\u200b way"])
        assert halt.code == "bad" and halt.text == "Evil enil no way"
