"""Chat between the two players, without any drawing: lines are cleaned (one line, no control or
bidi characters, at most 300 characters), outgoing lines are rate-limited by a token bucket driven
by the caller's clock, and a bounded log keeps recent lines with an unread count for the chat
button. Incoming lines are cleaned again, since the other copy of the game may not be this one."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ..errors import ProtocolError
from ..wire.payloads import CHAT, MAX_CHAT_CHARS
from ..wire.text import clean_text


def sanitize_chat(text: str) -> str:
    """A chat line safe to send and show; empty if nothing printable was left."""
    return clean_text(text, MAX_CHAT_CHARS)


class ChatRefused(Exception):
    """A line the player typed cannot be sent now; `str()` says why, for the chat box."""


@dataclass
class TokenBucket:
    """Allows bursts of `capacity` events, refilling `rate` tokens per second."""

    capacity: float = 5.0
    rate: float = 0.5
    tokens: float | None = None
    updated: float | None = None

    def __post_init__(self) -> None:
        if self.capacity < 1 or self.rate <= 0:
            raise ValueError("a token bucket needs capacity >= 1 and a positive rate")
        if self.tokens is None:
            self.tokens = self.capacity

    def _refill(self, now: float) -> float:
        assert self.tokens is not None
        if self.updated is not None and now > self.updated:
            self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        if self.updated is None or now > self.updated:
            self.updated = now
        return self.tokens

    def allow(self, now: float) -> bool:
        """Take a token if one is there."""
        if self._refill(now) >= 1.0:
            self.tokens = self.tokens - 1.0  # type: ignore[operator]
            return True
        return False

    def wait_time(self, now: float) -> float:
        """Seconds until `allow` would succeed."""
        return max(0.0, (1.0 - self._refill(now)) / self.rate)


@dataclass(frozen=True)
class ChatLine:
    from_me: bool
    name: str
    text: str
    at: float


class ChatLog:
    """The most recent lines, oldest first, and how many incoming ones are unread."""

    def __init__(self, max_lines: int = 200) -> None:
        self._lines: deque[ChatLine] = deque(maxlen=max_lines)
        self._unread = 0

    @property
    def lines(self) -> tuple[ChatLine, ...]:
        return tuple(self._lines)

    @property
    def unread(self) -> int:
        return self._unread

    def add(self, line: ChatLine) -> None:
        self._lines.append(line)
        if not line.from_me:
            self._unread = min(self._unread + 1, len(self._lines))

    def mark_read(self) -> None:
        self._unread = 0


class ChatChannel:
    """Turns typed text into chat payloads and received payloads into log lines."""

    def __init__(
        self, my_name: str, limiter: TokenBucket | None = None, log: ChatLog | None = None
    ) -> None:
        self.my_name = my_name
        self.limiter = limiter or TokenBucket()
        self.log = log or ChatLog()

    def compose(self, text: str, now: float) -> list[Any]:
        """The payload to send for what the player typed; raises `ChatRefused` if it is empty or
        the player is typing faster than the rate limit allows."""
        line = sanitize_chat(text)
        if not line:
            raise ChatRefused("There is nothing to send.")
        if not self.limiter.allow(now):
            wait = self.limiter.wait_time(now)
            raise ChatRefused(f"Slow down: you can send another line in {max(1, round(wait))} s.")
        self.log.add(ChatLine(True, self.my_name, line, now))
        return [CHAT, line]

    def receive(self, payload: list[Any], peer_name: str, now: float) -> ChatLine:
        """Log a delivered chat payload (already checked by the payload registry)."""
        if not payload or payload[0] != CHAT:
            raise ProtocolError("unexpected", "not a chat payload")
        line = ChatLine(False, peer_name, sanitize_chat(payload[1]) or "…", now)
        self.log.add(line)
        return line
