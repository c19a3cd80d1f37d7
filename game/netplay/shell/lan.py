"""This machine's addresses a friend on the LAN could dial, and the sentence the host shows. They
are found without any traffic and without internet access: connecting a UDP socket only picks a
route and a source address (nothing is sent), and the host name's own lookup lists the rest.
Loopback and link-local addresses are left out because a friend on another machine cannot use
them. `direct_address` picks the address a lobby host sends the guest it accepts."""

from __future__ import annotations

import ipaddress
import socket

from ..addresses import format_endpoint

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
            return str(probe.getsockname()[0])
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


WILDCARDS = ("", "0.0.0.0", "::")


def direct_address(bind: str | None, broker_host: str) -> str:
    """The address a lobby guest is sent to reach this host: the one it listens on if it was
    told one, loopback when the broker is on this computer too, else its network address."""
    if bind and bind not in WILDCARDS:
        return bind
    if broker_host == "localhost" or _is_loopback(broker_host):
        return "::1" if ":" in broker_host else "127.0.0.1"
    found = lan_addresses()
    return found[0] if found else "127.0.0.1"


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
