"""Where the lobby lives: the broker address a player types (`mqtt://HOST:PORT`, or
`mqtts://HOST:PORT` for TLS checked against the system's certificate authorities), parsed and
refused in words, and the default public broker. Any MQTT broker works; a club can run its own
Mosquitto (see the README)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from ..addresses import format_endpoint
from .errors import LobbyError

# A well-known public test broker: anyone may publish there, which the lobby's sealing allows for.
DEFAULT_BROKER = "mqtt://test.mosquitto.org:1883"
PLAIN_PORT = 1883
TLS_PORT = 8883


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    tls: bool = False

    @property
    def url(self) -> str:
        scheme = "mqtts" if self.tls else "mqtt"
        return f"{scheme}://{format_endpoint(self.host, self.port)}"

    @property
    def endpoint(self) -> str:
        """`host:port` as the player reads it in a sentence."""
        return format_endpoint(self.host, self.port)


def parse_broker_url(text: str) -> BrokerAddress:
    """The broker a player typed; raises `LobbyError` with a sentence if it cannot be one."""
    url = text.strip()
    scheme, separator, rest = url.partition("://")
    if not separator:
        raise LobbyError("no_scheme", url=repr(url))
    scheme = scheme.lower()
    if scheme not in ("mqtt", "mqtts"):
        raise LobbyError("wrong_scheme", scheme=scheme)
    tls = scheme == "mqtts"
    if rest.endswith("/"):
        rest = rest[:-1]
    if not rest or any(mark in rest for mark in "/?#@") or any(c.isspace() for c in rest):
        raise LobbyError("more_than_host", url=repr(url), scheme=scheme)
    host, port = _split_host_port(rest, TLS_PORT if tls else PLAIN_PORT, url)
    return BrokerAddress(host, port, tls)


def _split_host_port(rest: str, default_port: int, url: str) -> tuple[str, int]:
    host, port_text, has_port = rest, "", False
    if rest.startswith("["):
        end = rest.find("]")
        after = rest[end + 1 :] if end >= 0 else ""
        if end < 0 or (after and not after.startswith(":")):
            raise LobbyError("ipv6_brackets", url=repr(url))
        host, port_text, has_port = rest[1:end], after[1:], bool(after)
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise LobbyError("not_ipv6", url=repr(url), host=host) from None
    elif ":" in rest:
        host, _, port_text = rest.rpartition(":")
        has_port = True
        if ":" in host:
            raise LobbyError("ipv6_brackets", url=repr(url))
    if not host:
        raise LobbyError("no_host", url=repr(url))
    if not has_port:
        return host, default_port
    if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
        raise LobbyError("bad_port", url=repr(url))
    return host, int(port_text)
