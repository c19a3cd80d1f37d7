"""Games on the same network, found without typing an address: a host advertises its game with
DNS-SD (multicast DNS, service `_canasta._tcp.local.`) and the Join screen browses for them.

The host's TXT record carries its player name, the rules preset it proposes, whether its seat is
free, the protocol versions it speaks and its app version; a table of three or four also its
number of players and of free guest seats, in a record of format 2, which older copies (reading
format 1 only) do not list, so none offers a table as a two-seat game. Everything read back from the network
is the other side's text: names and presets are cleaned (`clean_text`) and bounded, and a record
that is not well formed is ignored. python-zeroconf does the multicast work; it is imported only
when a game is advertised or browsed, so the solo game never pays for it. Registering a name
probes the network for about 1.7 s and withdrawing it sends goodbyes, so every call into
zeroconf runs on one worker thread per advertiser or browser: the game loop only queues
commands, and reads what was found as events from a queue, once a frame.

Nothing here starts by itself. `LanDiscovery` says where DNS-SD may go (every interface, or
only the addresses it lists, as the tests do with loopback inside a private network namespace);
the windowed game makes one when a person is at the window, and the command line only with
`--advertise`.
"""

from __future__ import annotations

import atexit
import ipaddress
import logging
import queue
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from ..addresses import format_endpoint
from ..session.handshake import negotiate_protocol
from ..wire.session_messages import MAX_NAME_CHARS, MAX_VERSION_CHARS, PROTOCOL_MAX, PROTOCOL_MIN
from ..wire.text import clean_text
from .lan import lan_addresses

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf

log = logging.getLogger(__name__)

SERVICE_TYPE = "_canasta._tcp.local."
TXT_VERSION = "1"  # a two-seat game's record, as every version wrote it
TABLE_TXT_VERSION = "2"  # a table's: format 1 and `players` and `free`
MAX_RULES_CHARS = 24
MAX_INSTANCE_BYTES = 63  # a DNS label
MAX_GAMES = 64  # games kept at once: a flood of records on the network cannot grow the list
GOODBYE_SECONDS = 2.0  # how long a closing program waits for its withdrawn games' goodbyes
RESOLVE_MS = 3000  # how long the browser waits for a found game's address and TXT record
MISSING = "the zeroconf library is missing, install the requirements again"
SEAT_FREE = "free"
SEAT_TAKEN = "taken"
_PROTOCOL_RANGE = re.compile(r"([0-9]{1,4})(?:-([0-9]{1,4}))?")
_PRESET_KEY = re.compile(r"[a-z0-9_]{1,24}")
_DIGIT = re.compile(r"[0-9]")


@dataclass(frozen=True)
class Advertisement:
    """What a host tells the network about its game."""

    name: str
    rules: str  # the preset key, e.g. "classic"
    port: int
    app_version: str
    free_seats: int = 1  # the guest seats nobody has taken
    protocol: tuple[int, int] = (PROTOCOL_MIN, PROTOCOL_MAX)
    players: int = 2

    @property
    def seat_free(self) -> bool:
        return self.free_seats > 0

    def txt(self) -> dict[str, str]:
        """The TXT record: short keys, bounded values (each must stay under 255 bytes)."""
        low, high = self.protocol
        record = {
            "txtvers": TXT_VERSION,
            "name": clean_text(self.name, MAX_NAME_CHARS) or "Canasta player",
            "rules": clean_text(self.rules, MAX_RULES_CHARS),
            "seat": SEAT_FREE if self.seat_free else SEAT_TAKEN,
            "proto": str(low) if low == high else f"{low}-{high}",
            "app": clean_text(self.app_version, MAX_VERSION_CHARS),
        }
        if self.players > 2:
            record |= {
                "txtvers": TABLE_TXT_VERSION,
                "players": str(self.players),
                "free": str(self.free_seats),
            }
        return record


@dataclass(frozen=True)
class LanGame:
    """A game found on this network, every field fit to show."""

    key: str  # the DNS-SD service name: unique on the network, so it tells games apart
    name: str
    rules: str
    free_seats: int  # a two-seat game's 1 or 0; a table's guest seats nobody has taken
    protocol: tuple[int, int]
    app_version: str
    address: str
    port: int
    players: int = 2

    @property
    def seat_free(self) -> bool:
        return self.free_seats > 0

    @property
    def endpoint(self) -> str:
        """What the Join screen's address field takes."""
        return format_endpoint(self.address, self.port)

    @property
    def compatible(self) -> bool:
        """Whether this version of the game can talk to the host's."""
        return negotiate_protocol(PROTOCOL_MIN, PROTOCOL_MAX, *self.protocol) is not None

    @property
    def joinable(self) -> bool:
        return self.seat_free and self.compatible

    @property
    def rules_words(self) -> str:
        """The preset as a player reads it ("modern_american" -> "Modern American")."""
        return self.rules.replace("_", " ").title() if self.rules else "Rules not given"


@dataclass(frozen=True)
class LanGameFound:
    game: LanGame


@dataclass(frozen=True)
class LanGameChanged:
    game: LanGame


@dataclass(frozen=True)
class LanGameLost:
    game: LanGame  # as it was last seen


LanEvent = LanGameFound | LanGameChanged | LanGameLost


class GameList:
    """The games known on this network, changed by each thing the network says about one (a
    game, or None: gone or no longer well formed), and the event a screen should hear."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        self._known: dict[str, LanGame] = {}

    @property
    def games(self) -> list[LanGame]:
        """The games known now, by name."""
        return sorted(self._known.values(), key=lambda g: (g.name.casefold(), g.key))

    def apply(self, key: str, game: LanGame | None) -> LanEvent | None:
        old = self._known.get(key)
        if game is None:
            if old is None:
                return None
            del self._known[key]
            return LanGameLost(old)
        if old is None:
            if len(self._known) >= self.limit:
                return None
            self._known[key] = game
            return LanGameFound(game)
        if old == game:
            return None  # a record sent again, or a change the list does not show
        self._known[key] = game
        return LanGameChanged(game)


def _text(properties: Mapping[bytes, bytes | None], key: str) -> str | None:
    value = properties.get(key.encode("ascii"))
    if value is None:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _protocol(text: str | None) -> tuple[int, int] | None:
    match = _PROTOCOL_RANGE.fullmatch(text or "")
    if match is None:
        return None
    low = int(match.group(1))
    high = int(match.group(2) or low)
    return (low, high) if low <= high else None


def _table(properties: Mapping[bytes, bytes | None], seat_free: bool) -> tuple[int, int] | None:
    """A format-2 record's players and free guest seats, or None if they do not fit: 3 or 4
    players, fewer free seats than guests could take, and free exactly when `seat` says so."""
    players, free = _text(properties, "players") or "", _text(properties, "free") or ""
    if _DIGIT.fullmatch(players) is None or _DIGIT.fullmatch(free) is None:
        return None
    if int(players) not in (3, 4) or int(free) >= int(players) or (int(free) > 0) != seat_free:
        return None
    return int(players), int(free)


def _address(addresses: Sequence[str]) -> str | None:
    """The address to dial: IPv4 first (what players read and type), then IPv6."""
    usable: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for text in addresses:
        try:
            ip = ipaddress.ip_address(text)
        except ValueError:
            continue
        if not (ip.is_multicast or ip.is_unspecified):
            usable.append(ip)
    if not usable:
        return None
    return str(min(usable, key=lambda ip: ip.version))


def read_game(
    key: str, properties: Mapping[bytes, bytes | None], addresses: Sequence[str], port: int
) -> LanGame | None:
    """The game a DNS-SD record describes, cleaned, or None if the record is not one of ours
    or not well formed (a missing or non-UTF-8 field, a bad seat, table or protocol, no
    address)."""
    name = clean_text(_text(properties, "name") or "", MAX_NAME_CHARS)
    rules = _text(properties, "rules") or ""
    seat = _text(properties, "seat")
    protocol = _protocol(_text(properties, "proto"))
    app_version = clean_text(_text(properties, "app") or "", MAX_VERSION_CHARS)
    address = _address(addresses)
    version = _text(properties, "txtvers")
    table = (2, 1 if seat == SEAT_FREE else 0) if version == TXT_VERSION else None
    if version == TABLE_TXT_VERSION:
        table = _table(properties, seat == SEAT_FREE)
    if (
        table is None
        or not name
        or _PRESET_KEY.fullmatch(rules) is None
        or seat not in (SEAT_FREE, SEAT_TAKEN)
        or protocol is None
        or address is None
        or not 0 < port < 65536
    ):
        return None
    return LanGame(
        key=clean_text(key, 255),
        name=name,
        rules=rules,
        free_seats=table[1],
        protocol=protocol,
        app_version=app_version or "unknown",
        address=address,
        port=port,
        players=table[0],
    )


def instance_name(name: str, suffix: str) -> str:
    """The DNS-SD instance name of a host's game: readable in other DNS-SD browsers, one DNS
    label long, and unique thanks to `suffix` (two players may share a name)."""
    readable = clean_text(name, MAX_NAME_CHARS).replace(".", " ") or "Canasta"
    tail = f" - Canasta {suffix}"
    while len((readable + tail).encode("utf-8")) > MAX_INSTANCE_BYTES:
        readable = readable[:-1]
    return (readable.rstrip() + tail).strip(" -")


# Workers withdrawing a game: a program that closes (the window shut on the Host screen) lets
# their goodbyes leave first, or the game would stay listed elsewhere until its records expire.
_LEAVING: list[threading.Thread] = []


def _let_goodbyes_leave() -> None:
    deadline = time.monotonic() + GOODBYE_SECONDS
    for thread in _LEAVING:
        thread.join(max(0.0, deadline - time.monotonic()))


atexit.register(_let_goodbyes_leave)


class _Worker:
    """One daemon thread running queued commands in order, so the caller never waits for the
    network; `None` on the queue ends it."""

    def __init__(self, name: str) -> None:
        self._commands: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def call(self, command: Callable[[], None]) -> None:
        self._commands.put(command)

    @property
    def thread(self) -> threading.Thread:
        return self._thread

    def finish(self, wait: float) -> None:
        """Stop after the queued commands; wait up to `wait` seconds for them."""
        self._commands.put(None)
        if wait > 0:
            self._thread.join(wait)

    def _run(self) -> None:
        while (command := self._commands.get()) is not None:
            command()


def _failures() -> tuple[type[Exception], ...]:
    """What can go wrong inside zeroconf or the sockets under it (imported late, like zeroconf:
    only called where zeroconf is already in use)."""
    from zeroconf import Error

    return (OSError, ValueError, RuntimeError, Error)


def _open_zeroconf(interfaces: tuple[str, ...] | None) -> Zeroconf:
    from zeroconf import IPVersion, Zeroconf

    if interfaces is None:
        return Zeroconf()
    versions = {ipaddress.ip_address(a.split("%", 1)[0]).version for a in interfaces}
    ip_version = (
        IPVersion.V4Only if versions == {4} else IPVersion.V6Only if versions == {6} else None
    )
    return Zeroconf(interfaces=list(interfaces), ip_version=ip_version)


class GameAdvertiser(Protocol):
    """A host's advertisement, as the Host screen and the command line use it."""

    @property
    def problem(self) -> str: ...
    def set_free_seats(self, free: int) -> None: ...
    def stop(self, wait: float = 0.0) -> None: ...


class GameBrowser(Protocol):
    """The list of games on this network, as the Join screen uses it."""

    @property
    def games(self) -> list[LanGame]: ...
    @property
    def problem(self) -> str: ...
    def poll(self) -> list[LanEvent]: ...
    def stop(self) -> None: ...


class Discovery(Protocol):
    """Starts advertising and browsing (a test may give the screens a fake with no network)."""

    def advertise(self, advertisement: Advertisement) -> GameAdvertiser: ...
    def browse(self) -> GameBrowser: ...


class LanAdvertiser:
    """Advertises one hosted game until `stop`. The game loop calls in; the worker thread
    registers, updates and withdraws; a failure is kept in `problem` for the screen."""

    def __init__(
        self,
        advertisement: Advertisement,
        *,
        interfaces: tuple[str, ...] | None = None,
        addresses: Sequence[str] | None = None,
    ) -> None:
        self.advertisement = advertisement
        self.interfaces = interfaces
        # The addresses a guest dials: the allowed interfaces, else this machine's LAN addresses.
        self.addresses = list(addresses if addresses is not None else interfaces or [])
        self._problem = ""
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._suffix = secrets.token_hex(2)
        self._stopped = False
        self._worker = _Worker("canasta-advertise")
        self._worker.call(self._register)

    @property
    def problem(self) -> str:
        """Why the game could not be advertised ("" while all is well)."""
        return self._problem

    @property
    def registered_name(self) -> str:
        """The service name on the network once registered ("" before)."""
        return self._info.name if self._info is not None else ""

    def set_free_seats(self, free: int) -> None:
        """Say how many guest seats are free now (0: the seat is taken, or the table full)."""
        if self._stopped or free == self.advertisement.free_seats:
            return
        self.advertisement = replace(self.advertisement, free_seats=free)
        self._worker.call(self._update)

    def stop(self, wait: float = 0.0) -> None:
        """Withdraw the game (browsers see it go); wait up to `wait` seconds for the goodbye
        (again, if it was already withdrawn)."""
        if not self._stopped:
            self._stopped = True
            self._worker.call(self._withdraw)
            _LEAVING[:] = [thread for thread in _LEAVING if thread.is_alive()]
            _LEAVING.append(self._worker.thread)
        self._worker.finish(wait)

    # -- on the worker thread -------------------------------------------------------------------
    def _service(self, name: str) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.advertisement.port,
            properties=self.advertisement.txt(),
            server=f"canasta-{self._suffix}.local.",
            parsed_addresses=self.addresses,
        )

    def _register(self) -> None:
        try:
            if not self.addresses:
                self.addresses = lan_addresses()
            if not self.addresses:
                self._problem = "This computer has no network address to advertise."
                return
            self._zeroconf = _open_zeroconf(self.interfaces)
            label = instance_name(self.advertisement.name, self._suffix)
            info = self._service(f"{label}.{SERVICE_TYPE}")
            self._zeroconf.register_service(info, allow_name_change=True)
            self._info = info
        except ImportError as exc:
            self._problem = f"The game cannot be shown on this network: {MISSING} ({exc})."
        except _failures() as exc:
            self._problem = f"The game could not be shown on this network ({exc})."
            log.warning("advertising failed: %s", exc)

    def _update(self) -> None:
        if self._zeroconf is None or self._info is None:
            return
        try:
            self._info = self._service(self._info.name)
            self._zeroconf.update_service(self._info)
        except _failures() as exc:
            log.warning("advertising update failed: %s", exc)

    def _withdraw(self) -> None:
        if self._zeroconf is None:
            return
        try:
            if self._info is not None:
                self._zeroconf.unregister_service(self._info)
        except _failures() as exc:
            log.warning("withdrawing the advertisement failed: %s", exc)
        finally:
            self._zeroconf.close()
            self._zeroconf = None
            self._info = None


class LanBrowser:
    """Watches the network for advertised games until `stop`. zeroconf's browser thread
    resolves each game and queues what it saw; `poll` (on the game loop) turns that into
    found, changed and lost events and keeps `games` up to date."""

    def __init__(self, *, interfaces: tuple[str, ...] | None = None) -> None:
        self.interfaces = interfaces
        self._problem = ""
        self._list = GameList()
        # (service name, the game it now describes or None for gone or malformed)
        self._seen: queue.SimpleQueue[tuple[str, LanGame | None]] = queue.SimpleQueue()
        self._zeroconf: Zeroconf | None = None
        self._browser: Any = None
        self._stopped = False
        self._worker = _Worker("canasta-browse")
        self._worker.call(self._start)

    @property
    def problem(self) -> str:
        return self._problem

    @property
    def games(self) -> list[LanGame]:
        """The games found so far, by name."""
        return self._list.games

    def poll(self) -> list[LanEvent]:
        """What changed since the last call (on the game loop, once a frame)."""
        events: list[LanEvent] = []
        while True:
            try:
                key, game = self._seen.get_nowait()
            except queue.Empty:
                return events
            event = self._list.apply(key, game)
            if event is not None:
                events.append(event)

    def stop(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._worker.call(self._close)
            self._worker.finish(0.0)

    # -- on the worker and browser threads -----------------------------------------------------
    def _start(self) -> None:
        try:
            from zeroconf import ServiceBrowser

            self._zeroconf = _open_zeroconf(self.interfaces)
            self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])
        except ImportError as exc:
            self._problem = f"Games on this network cannot be listed: {MISSING} ({exc})."
        except _failures() as exc:
            self._problem = f"Games on this network cannot be listed ({exc})."
            log.warning("browsing failed: %s", exc)

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self._seen.put((name, None))
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
        except _failures() as exc:
            log.info("could not resolve %r: %s", name, exc)
            return
        if info is None:
            return
        game = read_game(name, info.properties, info.parsed_addresses(), info.port or 0)
        self._seen.put((name, game))

    def _close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        if self._zeroconf is not None:
            self._zeroconf.close()
            self._zeroconf = None


class TableListing:
    """A table's entry on the network's list, kept to its free guest seats: listed while one is
    free, changed as seats fill, withdrawn when the last is taken, and listed again (by a fresh
    advertiser) if a guest leaves before the game, freeing a seat."""

    def __init__(self, discovery: Discovery, advertisement: Advertisement) -> None:
        self.discovery = discovery
        self.advertisement = advertisement
        self._advertiser: GameAdvertiser | None = None
        self._stopped = False
        if advertisement.free_seats > 0:
            self._advertiser = discovery.advertise(advertisement)

    @property
    def problem(self) -> str:
        return self._advertiser.problem if self._advertiser is not None else ""

    @property
    def listed(self) -> bool:
        return self._advertiser is not None

    def set_free_seats(self, free: int) -> None:
        if self._stopped or free == self.advertisement.free_seats:
            return
        self.advertisement = replace(self.advertisement, free_seats=free)
        if free == 0 and self._advertiser is not None:
            self._advertiser.set_free_seats(0)  # said before it goes, as a two-seat game does
            self._advertiser.stop()
            self._advertiser = None
        elif self._advertiser is not None:
            self._advertiser.set_free_seats(free)
        elif free > 0:
            self._advertiser = self.discovery.advertise(self.advertisement)

    def stop(self, wait: float = 0.0) -> None:
        self._stopped = True
        if self._advertiser is not None:
            self._advertiser.stop(wait)
            self._advertiser = None


@dataclass(frozen=True)
class LanDiscovery:
    """Where DNS-SD may go: every interface (`interfaces` None, the windowed game), or only the
    listed addresses (tests: loopback inside their own network namespace)."""

    interfaces: tuple[str, ...] | None = None

    def advertise(self, advertisement: Advertisement) -> LanAdvertiser:
        return LanAdvertiser(advertisement, interfaces=self.interfaces)

    def browse(self) -> LanBrowser:
        return LanBrowser(interfaces=self.interfaces)
