"""Addresses a player reads out to a friend, and parsing what the friend types back. This
machine's LAN addresses are found without any traffic and without internet access: connecting a
UDP socket only picks a route and a source address (nothing is sent), and the host name's own
lookup lists the rest. Loopback and link-local addresses are left out because a friend on another
machine cannot use them. Parsing accepts `host`, `host:port`, `[v6]:port` and bare IPv6."""

from __future__ import annotations

import ipaddress
import socket

DEFAULT_PORT = 50410

# Private destinations only pick the interface a LAN peer would reach; UDP connect sends nothing.
_ROUTE_PROBES = (
    (socket.AF_INET, "10.255.255.255"),
    (socket.AF_INET, "192.168.255.255"),
    (socket.AF_INET6, "fd00::1"),
)


def _usable(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
        return None
    return ip


def _route_source(family: int, destination: str) -> str | None:
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((destination, 9))
            return probe.getsockname()[0]
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """This machine's addresses a LAN peer could dial: private IPv4 first, then other IPv4,
    then IPv6. Never raises; may be empty on a machine with no network."""
    found: list[str] = []
    for family, destination in _ROUTE_PROBES:
        source = _route_source(family, destination)
        if source:
            found.append(source)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            found.append(str(info[4][0]))
    except (OSError, UnicodeError):
        pass
    unique: dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address] = {}
    for address in found:
        ip = _usable(address)
        if ip is not None:
            unique.setdefault(str(ip), ip)
    return sorted(
        unique, key=lambda a: (unique[a].version, not unique[a].is_private, unique[a].packed)
    )


def format_endpoint(host: str, port: int) -> str:
    """`192.168.1.5:50410`, or `[fd00::5]:50410` for IPv6 so the port cannot be misread."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def shareable_endpoints(port: int) -> list[str]:
    """What the host should tell the guest to type, best guess first."""
    return [format_endpoint(address, port) for address in lan_addresses()]


def invitation_text(port: int) -> str:
    """A sentence for the host's waiting screen."""
    endpoints = shareable_endpoints(port)
    if not endpoints:
        return f"Waiting for a guest on port {port}. No network address was found on this computer."
    first, rest = endpoints[0], endpoints[1:]
    also = f" (or {', '.join(rest)})" if rest else ""
    return f"Ask your friend to connect to {first}{also}."


def parse_endpoint(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """Split what a player typed into (host, port). Raises ValueError with a sentence for them."""
    text = text.strip()
    if not text:
        raise ValueError("Type the host's address, for example 192.168.1.5:50410.")
    host, port_text, has_port = text, "", False
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError("An IPv6 address in brackets needs its closing ']'.")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError("After ']' only ':port' may follow.")
            port_text, has_port = rest[1:], True
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        has_port = True
    # more than one colon without brackets: a bare IPv6 address, default port
    if not host or any(c.isspace() for c in host):
        raise ValueError("The address has no host name in it.")
    if ":" in host:
        try:
            ipaddress.IPv6Address(host.split("%", 1)[0])
        except ValueError:
            raise ValueError(f"{host} is not a valid IPv6 address.") from None
    port = default_port
    if has_port:
        if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
            raise ValueError("The port must be a number from 1 to 65535.")
        port = int(port_text)
    return host, port
