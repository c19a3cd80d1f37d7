"""The shells around the sans-I/O core: the TCP endpoints that carry a session over sockets,
the port the peer driver talks through, the machine's LAN addresses, and saved games on disk."""

from .ports import EndpointPort
from .savefile import JsonFileStore, read_json, write_json_atomic
from .tcp import NetplayGuest, NetplayHost, TransportNotice

__all__ = [
    "EndpointPort",
    "JsonFileStore",
    "NetplayGuest",
    "NetplayHost",
    "TransportNotice",
    "read_json",
    "write_json_atomic",
]
