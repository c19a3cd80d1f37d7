"""Admission: who may carry a session, and as whom. The host's `HostGate` answers each new
connection's key exchange and admits it only once the guest proved it holds the join code (or,
resuming, the resume secret of its first join) and, once a game is under way, the game's token
(a seat proof bound to the connection's key), so the code alone never takes the seat. Wrong
codes are counted by the address they come from, and an address that keeps guessing is made to
pause (`guesses.py`), while the code never changes. `Admission` keeps what a side knows of the
game it belongs to (the code, the session token and resume secret taken from the first
exchange, the peer and the protocol both speak) and judges the HELLO that names a guest: a new
guest, the same one again, or one resuming; a guest's `Admission` writes its HELLO and reads the
host's WELCOME, RESUME_OK or REJECT. It decides; the session does what it decides on the
current connection."""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable
from typing import Any

from game.logic.phrase import phrase

from ..errors import ProtocolError
from ..wire.framing import decode_body, encode_body, encode_frame
from ..wire.session_messages import (
    MAGIC,
    MAX_REASON_CHARS,
    TOKEN_BYTES,
    Hello,
    KeyConfirm,
    KeyHello,
    Message,
    Reject,
    ResumeOk,
    Sealed,
    Welcome,
    pack_message,
    parse_message,
)
from ..wire.text import clean_text
from .events import Event, GuestTurnedAway
from .guesses import GuessLimiter
from .handshake import (
    PeerInfo,
    Role,
    clean_name,
    clean_version,
    negotiate_protocol,
    version_mismatch_message,
)
from .joincode import display_code, normalize_code
from .secure import (
    ChannelKeys,
    GuestExchange,
    HostExchange,
    Mode,
    Opener,
    Sealer,
    join_password,
    resume_password,
)

_PROOF_LABEL = b"canasta-netplay resume-ok"
_SEAT_LABEL = b"canasta-netplay seat|"
_log = logging.getLogger(__name__)


def resume_proof(token: bytes) -> bytes:
    """What the host's RESUME_OK shows: that it holds this game's session token."""
    return hmac.new(token, _PROOF_LABEL, hashlib.sha256).digest()[:TOKEN_BYTES]


def seat_proof(seat: bytes, key_token: bytes) -> bytes:
    """What a guest joining with the code shows to take a seat in a game under way: that it
    holds the game's rejoin token, bound to this connection's key exchange (`key_token`), so a
    proof seen once is worth nothing on another connection."""
    return hmac.new(seat, _SEAT_LABEL + key_token, hashlib.sha256).digest()[:TOKEN_BYTES]


class Admission:
    """One side's claim to a game: the join code, the session token and resume secret, the
    peer. `report` takes the host's notices of guests turned away and of a new join code."""

    def __init__(
        self,
        role: Role,
        local: PeerInfo,
        join_code: str | None,
        report: Callable[[Event], None],
    ) -> None:
        self.role = role
        self.local = local
        self._report = report
        self._join_code = normalize_code(join_code) if join_code else None
        self.guesses = GuessLimiter()  # host: wrong codes by the address they came from
        self._resume_secret: bytes | None = None
        self._token: bytes | None = None
        self._peer: PeerInfo | None = None
        self._protocol: int | None = None
        self._established = False
        self.seat: bytes | None = None  # the game's rejoin token, once a game is under way
        # at a table of three or four, the guest's seat (1-3): the host's session for it says
        # it in its WELCOME, the guest names it on every later connection (0: two players)
        self.table_seat = 0
        self._guest_confirmed = False  # host: the guest has shown it received our WELCOME

    # -- state ---------------------------------------------------------------------------------
    @property
    def peer(self) -> PeerInfo | None:
        return self._peer

    @property
    def protocol(self) -> int | None:
        return self._protocol

    @property
    def established(self) -> bool:
        """The first handshake finished: the peer is known."""
        return self._established

    @property
    def join_code(self) -> str | None:
        """The code in its display form (`K7QM-3WXA`), or None for a session without one."""
        return display_code(self._join_code) if self._join_code else None

    @property
    def token(self) -> bytes | None:
        """The session token both sides took from their first key exchange."""
        return self._token

    @property
    def resume_secret(self) -> bytes | None:
        """The password of a resuming connection's key exchange."""
        return self._resume_secret

    @property
    def resuming(self) -> bool:
        """A guest that holds a session: its next connection resumes it."""
        return self._token is not None

    def reject(self, code: str, text: str) -> Reject:
        """A REJECT with this side's versions, so a refused copy can say which met."""
        local = self.local
        # (a sentence of this copy's, a `Phrase`, is kept whole for its own screens)
        kept = text if len(text) <= MAX_REASON_CHARS else text[:MAX_REASON_CHARS]
        return Reject(code, kept, local.proto_min, local.proto_max, local.app_version)

    # -- the guest -----------------------------------------------------------------------------
    def new_exchange(self) -> GuestExchange:
        """The key exchange for a new connection: on the join code, or resuming on the secret."""
        local = self.local
        secret = self._resume_secret if self._token is not None else None
        return GuestExchange(
            Mode.JOIN if secret is None else Mode.RESUME,
            join_password(self._join_code) if secret is None else resume_password(secret),
            MAGIC,
            local.proto_min,
            local.proto_max,
            local.app_version,
            self.table_seat,
        )

    def hello(self, received: int, keys: ChannelKeys | None) -> Hello:
        """The guest's sealed HELLO: its name and versions, and the session it resumes or,
        joining with the code a game under way (`keys`: this connection's exchange), the proof
        that it holds the game's seat."""
        local = self.local
        token = self._token
        if token is None and self.seat is not None and keys is not None:
            token = seat_proof(self.seat, keys.token)
        return Hello(
            MAGIC,
            local.proto_min,
            local.proto_max,
            local.app_version,
            local.name,
            token,
            received,
        )

    def accept_welcome(self, welcome: Welcome, keys: ChannelKeys | None) -> str | None:
        """Take the host's WELCOME to a first join (`keys`: this connection's exchange). Returns
        the sentence saying why the versions do not meet, or None once the session is set up."""
        if welcome.magic != MAGIC:
            raise ProtocolError("not_canasta", "the host is not a Canasta game")
        host = PeerInfo(
            clean_name(welcome.name),
            clean_version(welcome.app_version),
            welcome.proto_min,
            welcome.proto_max,
        )
        if not (self.local.proto_min <= welcome.protocol <= self.local.proto_max):
            return version_mismatch_message(Role.HOST, host, self.local)
        self._token = welcome.token
        self.table_seat = welcome.seat
        assert keys is not None
        self._resume_secret = keys.resume_secret
        self._peer = host
        self._protocol = welcome.protocol
        self._established = True
        return None

    def holds_token(self, token: bytes) -> bool:
        return self._token is not None and hmac.compare_digest(token, self._token)

    def check_resume_proof(self, proof: bytes) -> None:
        assert self._token is not None
        if not hmac.compare_digest(proof, resume_proof(self._token)):
            raise ProtocolError(
                "bad_proof", "the host could not prove it holds this game's session"
            )

    def forget_session(self) -> None:
        """The host no longer has the game: join afresh with the code."""
        self._token = None
        self._resume_secret = None

    def refusal_text(self, reject: Reject) -> str:
        """What a guest turned away reads."""
        if reject.code == "version":
            host = PeerInfo("", reject.app_version, reject.proto_min, reject.proto_max)
            return version_mismatch_message(Role.HOST, host, self.local)
        if reject.code == "busy":
            return phrase("The host is already playing a game with someone else.")
        if reject.code == "unknown_session":
            return phrase("The host no longer has this game, so it cannot be resumed.")
        if reject.code == "slow_down":
            # the host's words, as they came, introduced in the player's language
            return phrase(
                "The host refused the connection: {reason}",
                reason=clean_text(reject.text, MAX_REASON_CHARS),
            )
        if reject.code == "wrong_code":
            return phrase(
                "The host did not accept this join code: check the code (and the address) "
                "with the host and try again."
            )
        return phrase(
            "The host refused the connection: {reason}",
            reason=clean_text(reject.text, MAX_REASON_CHARS),
        )

    # -- the host ------------------------------------------------------------------------------
    def judge_hello(self, hello: Hello, exchange: HostExchange, *, repeat: bool) -> str | Reject:
        """The verdict on a guest's HELLO on a connection admitted by `exchange` (`repeat`: this
        connection already finished its handshake): "new", "repeat", "rewelcome", "restart" or
        "resume", or the REJECT to answer, reported as a guest turned away."""
        verdict = self._verdict(hello, exchange, repeat)
        if isinstance(verdict, Reject):
            self._report(GuestTurnedAway(verdict.code, _turned_away_text(verdict, hello.name)))
        return verdict

    def _verdict(self, hello: Hello, exchange: HostExchange, repeat: bool) -> str | Reject:
        local = self.local
        if hello.magic != MAGIC:
            return self.reject("not_canasta", NOT_CANASTA)
        if (
            negotiate_protocol(local.proto_min, local.proto_max, hello.proto_min, hello.proto_max)
            is None
        ):
            guest = PeerInfo("", hello.app_version, hello.proto_min, hello.proto_max)
            return self.reject("version", version_mismatch_message(Role.GUEST, guest, local))
        if exchange.mode is Mode.JOIN and self.seat is not None:
            # a game is under way: the code alone no longer takes the seat, only the game's
            # rejoin token does (the guest itself, started again after a crash)
            proof = seat_proof(self.seat, exchange.keys.token)
            if hello.token is None or not hmac.compare_digest(hello.token, proof):
                return self.reject(
                    "busy", phrase("This game is under way; only its guest can take the seat.")
                )
            if repeat:
                return "repeat"
            return "restart" if self._established else "new"
        if hello.token is None:
            if not self._established:
                return "new"
            if repeat:
                return "repeat"
            if (
                not self._guest_confirmed
                and self._peer is not None
                and clean_name(hello.name) == self._peer.name
            ):
                # our WELCOME was lost with the connection, so the same guest dialled again
                # without a token; it cannot have received anything, so start its stream over
                return "rewelcome"
            # the code holder lost its session (a crash): the game layer rejoins over a new one
            return "restart"
        if self._token is None or not hmac.compare_digest(hello.token, self._token):
            return self.reject("unknown_session", NO_GAME_TO_RESUME)
        return "repeat" if repeat else "resume"

    def admit(self, verdict: str, hello: Hello, exchange: HostExchange) -> None:
        """Set up the session a HELLO was admitted to: a first join or a join afresh takes its
        token and resume secret from this connection's key, so only the guest that ran the
        exchange can resume."""
        if verdict in ("new", "rewelcome", "restart"):
            if exchange.mode is not Mode.JOIN:
                raise ProtocolError("unexpected", "a resumed connection asked to join afresh")
            self._token = exchange.keys.token
            self._resume_secret = exchange.keys.resume_secret
        if verdict == "new":
            self._peer = PeerInfo(
                clean_name(hello.name),
                clean_version(hello.app_version),
                hello.proto_min,
                hello.proto_max,
            )
            self._protocol = negotiate_protocol(
                self.local.proto_min, self.local.proto_max, hello.proto_min, hello.proto_max
            )
            self._established = True

    def welcome_received(self) -> None:
        """The guest spoke on a session it resumed or joined: it has our WELCOME."""
        self._guest_confirmed = True

    def answer(self, exchange: HostExchange, received: int) -> Welcome | ResumeOk:
        """The host's answer to an admitted HELLO: WELCOME to a join (with the code, whether or
        not it proved a seat), RESUME_OK to a resume."""
        assert self._token is not None and self._protocol is not None
        if exchange.mode is Mode.JOIN:
            local = self.local
            return Welcome(
                MAGIC,
                self._protocol,
                local.proto_min,
                local.proto_max,
                local.app_version,
                local.name,
                self._token,
                self.table_seat,
            )
        return ResumeOk(received, resume_proof(self._token))

    def judge_key_hello(self, hello: KeyHello, source: str, now: float) -> Reject | bytes:
        """The password for a new connection's exchange from `source` (its address), or the
        reason it is refused."""
        refusal: Reject | None = None
        local = self.local
        pause = self.guesses.pause(source, now) if hello.mode != Mode.RESUME else 0.0
        if pause > 0:
            # no exchange is run, so the refusal costs the host nothing and tells nothing
            misses = self.guesses.misses(source)
            self._report(GuestTurnedAway("slow_down", slowed_down_text(source, misses, pause)))
            return self.reject(
                "slow_down",
                f"Too many wrong join codes came from your address: wait {pause:.0f} seconds "
                f"and try again with the code the host shows.",
            )
        if hello.magic != MAGIC:
            refusal = self.reject("not_canasta", NOT_CANASTA)
        elif (
            negotiate_protocol(local.proto_min, local.proto_max, hello.proto_min, hello.proto_max)
            is None
        ):
            guest = PeerInfo("", hello.app_version, hello.proto_min, hello.proto_max)
            refusal = self.reject("version", version_mismatch_message(Role.GUEST, guest, local))
        elif hello.mode == Mode.RESUME:
            if self._resume_secret is None:
                refusal = self.reject("unknown_session", NO_GAME_TO_RESUME)
            else:
                return resume_password(self._resume_secret)
        else:
            # while a game is on, only the holder of the code gets past the exchange: the guest
            # itself, started again after a crash
            return join_password(self._join_code)
        self._report(GuestTurnedAway(refusal.code, _turned_away_text(refusal, phrase("A guest"))))
        return refusal

    def old_hello_reject(self, hello: Hello) -> Reject:
        """A copy that speaks an older protocol starts with a plain HELLO: tell it which
        versions met, as version 1 did."""
        guest = PeerInfo("", clean_version(hello.app_version), hello.proto_min, hello.proto_max)
        text = version_mismatch_message(Role.GUEST, guest, self.local)
        self._report(
            GuestTurnedAway("version", _turned_away_text(self.reject("version", text), hello.name))
        )
        return self.reject("version", text)

    def wrong_code(self, mode: Mode, source: str, now: float) -> Reject:
        """A guest's confirmation did not match: count it against the address it came from
        (which must pause after a few); the code stays, so the guest holding it still joins."""
        if mode is Mode.RESUME:
            text: str = phrase(
                "This connection could not prove it belongs to the game in progress."
            )
            self._report(
                GuestTurnedAway(
                    "unknown_session", phrase("A connection was refused: {reason}", reason=text)
                )
            )
            return self.reject("unknown_session", text)
        pause = self.guesses.missed(source, now)
        misses = self.guesses.misses(source)
        where = f" from {source}" if source else ""
        plural = "" if misses == 1 else "s"
        text = f"Someone{where} tried to join with a wrong code ({misses} wrong code{plural} from there)."
        if pause > 0:
            text += f" That address must wait {pause:.0f} s before its next try."
        _log.warning("%s Wrong codes by address: %s.", text, self.guesses.tally())
        self._report(GuestTurnedAway("wrong_code", text))
        return self.reject("wrong_code", "The host did not accept this join code.")


NOT_CANASTA = phrase("This is a Canasta host; the caller is not a Canasta game.")
NO_GAME_TO_RESUME = phrase("The host has no game in progress with this guest to resume.")


def slowed_down_text(source: str, misses: int, pause: float) -> str:
    """What the host is told of a join refused because of the wrong codes from `source`."""
    return phrase(
        "Refused a join from {source}: {misses} wrong codes came from there, so it must wait "
        "{pause} s before trying again.",
        source=source or phrase("a connection"),
        misses=misses,
        pause=f"{pause:.0f}",
    )


def _turned_away_text(reject: Reject, name: str) -> str:
    """What the host is told of a guest it turned away (`name`: the one it gave, if any)."""
    said = clean_name(name, phrase("A guest"))
    if reject.code == "version":
        return phrase("{name} could not join. {reason}", name=said, reason=reject.text)
    return phrase("{name} could not join: {reason}", name=said, reason=reject.text)


class HostGate:
    """The host's door for one connection: it answers the key exchange and admits the
    connection only once the guest's confirmation proves it holds the code (or, resuming, the
    resume secret). Anything else before that refuses the connection, never the game. `frame`
    writes a message as a frame in the clear."""

    def __init__(
        self,
        admission: Admission,
        *,
        datagram: bool,
        frame: Callable[[Message], bytes],
        source: str = "",
        screen_seat: bool = False,
    ) -> None:
        self._admission = admission
        self._datagram = datagram
        self.source = source  # the address the connection came from, for counting guesses
        # a shell with several sockets: judge a code holder's HELLO before the connection
        # replaces the current one, so the code alone cannot take a game's seat or kick its guest
        self._screen_seat = screen_seat
        self._seat_shown = False
        self._held: list[Any] = []
        self._frame = frame
        self.exchange: HostExchange | None = None
        self.refused = False
        self._out: list[bytes] = []

    @property
    def admitted(self) -> bool:
        return (
            self.exchange is not None
            and self.exchange.accepted
            and not self.refused
            and not self._seat_unproven()
        )

    def take_held(self) -> list[Any]:
        """Frames read to judge the seat, for the session to read again once it adopts."""
        held, self._held = self._held, []
        return held

    def _seat_unproven(self) -> bool:
        exchange = self.exchange
        return (
            self._screen_seat
            and not self._seat_shown
            and exchange is not None
            and exchange.mode is Mode.JOIN
            and self._admission.seat is not None
        )

    def receive(self, value: Any, now: float) -> None:
        """One decoded frame from this connection at time `now`; raises `ProtocolError` if it
        is unreadable or out of place (the shell then closes the connection)."""
        message = parse_message(value)
        if isinstance(message, Sealed) and not self.refused and self._awaits_seat():
            self._screen_hello(message, value)
            return
        self.receive_message(message, now)

    def _awaits_seat(self) -> bool:
        return self.exchange is not None and self.exchange.accepted and self._seat_unproven()

    def _screen_hello(self, sealed: Sealed, value: Any) -> None:
        exchange = self.exchange
        assert exchange is not None
        # a throwaway opener: the session opens the frame again, with its own, once it adopts
        body = Opener(exchange.keys.guest_to_host, ordered=True).open(sealed)
        if body is None:
            raise ProtocolError("bad_seal", "the first sealed frame does not open")
        inner = decode_body(body)
        first = (
            inner[0] if isinstance(inner, list) and inner and isinstance(inner[0], list) else inner
        )
        hello = parse_message(first)
        if not isinstance(hello, Hello):
            raise ProtocolError("unexpected", "a joining connection must start with HELLO")
        verdict = self._admission.judge_hello(hello, exchange, repeat=False)
        if isinstance(verdict, Reject):
            # the channel is up on the guest's side (it has our KEY_ACCEPT): say it sealed
            sealed = Sealer(exchange.keys.host_to_guest).seal(encode_body(pack_message(verdict)))
            self.refused = True
            self._out.append(encode_frame(pack_message(sealed)))
            return
        self._seat_shown = True
        self._held.append(value)

    def receive_message(self, message: Message, now: float) -> None:
        if self.refused:
            return
        if isinstance(message, KeyHello):
            self._on_key_hello(message, now)
        elif isinstance(message, KeyConfirm):
            self._on_confirm(message, now)
        elif isinstance(message, Hello):
            self._refuse(self._admission.old_hello_reject(message))
        elif not self._datagram:
            raise ProtocolError(
                "unexpected", f"{message.KIND.name} is not expected before the key exchange"
            )

    def take_output(self) -> list[bytes]:
        """Frames to write to this connection, in order."""
        out, self._out = self._out, []
        return out

    def _send(self, message: Message) -> None:
        self._out.append(self._frame(message))

    def _on_key_hello(self, hello: KeyHello, now: float) -> None:
        exchange = self.exchange
        if exchange is not None:
            if hello.pake == exchange.hello.pake:
                self._send(exchange.reply)  # our reply was lost (datagram link)
                return
            if not self._datagram:
                raise ProtocolError("unexpected", "a second key exchange on one connection")
            if exchange.accepted:
                return  # a stale attempt overtaken by the one that succeeded
        verdict = self._admission.judge_key_hello(hello, self.source, now)
        if isinstance(verdict, Reject):
            self._refuse(verdict)
            return
        self.exchange = HostExchange(hello, verdict)
        self._send(self.exchange.reply)

    def _on_confirm(self, confirm: KeyConfirm, now: float) -> None:
        exchange = self.exchange
        if exchange is None:
            if self._datagram:
                return  # it overtook the KEY_HELLO it answers
            raise ProtocolError("unexpected", "KEY_CONFIRM before KEY_HELLO")
        if exchange.accepted:
            # the guest repeated itself before our accept arrived; on a datagram link the
            # accept may also have been lost
            if self._datagram and hmac.compare_digest(confirm.tag, exchange.keys.guest_tag):
                self._send(exchange.accept)
            return
        if exchange.check(confirm):
            if exchange.mode is Mode.JOIN:
                self._admission.guesses.proved(self.source)
            self._send(exchange.accept)
        else:
            self._refuse(self._admission.wrong_code(exchange.mode, self.source, now))

    def _refuse(self, reject: Reject) -> None:
        self.refused = True
        self._send(reject)
