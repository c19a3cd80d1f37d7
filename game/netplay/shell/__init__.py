"""The shells around the sans-I/O core: the TCP endpoints and the invite-code endpoints (met
through a magic-wormhole mailbox) that carry a session over sockets, both one `Transport`, the
port the peer driver talks through, the machine's LAN addresses, and saved games on disk."""

from .endpoint_port import EndpointPort
from .savefile import JsonFileStore, read_json, write_json_atomic
from .tcp import NetplayGuest, NetplayHost, TransportNotice
from .transport import Transport
from .wormhole import Link, Rendezvous, WormholeGuest, WormholeHost

__all__ = [
    "EndpointPort",
    "JsonFileStore",
    "Link",
    "NetplayGuest",
    "NetplayHost",
    "Rendezvous",
    "Transport",
    "TransportNotice",
    "WormholeGuest",
    "WormholeHost",
    "read_json",
    "write_json_atomic",
]
