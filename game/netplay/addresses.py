"""Writing and parsing the addresses players exchange: `host:port` with brackets around IPv6,
and parsing what a friend types back (`host`, `host:port`, `[v6]:port` and bare IPv6). Finding
this machine's own addresses touches sockets and lives in the shell (`shell/lan.py`)."""

from __future__ import annotations

import ipaddress

from .errors import EntryError

DEFAULT_PORT = 50410


def format_endpoint(host: str, port: int) -> str:
    """`192.168.1.5:50410`, or `[fd00::5]:50410` for IPv6 so the port cannot be misread."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_endpoint(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """Split what a player typed into (host, port). Raises `EntryError` (a ValueError) with a
    sentence for them."""
    text = text.strip()
    if not text:
        raise EntryError("no address")
    host, port_text, has_port = text, "", False
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise EntryError("bracket")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise EntryError("after bracket")
            port_text, has_port = rest[1:], True
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        has_port = True
    # more than one colon without brackets: a bare IPv6 address, default port
    if not host or any(c.isspace() for c in host):
        raise EntryError("no host")
    if ":" in host:
        try:
            ipaddress.IPv6Address(host.split("%", 1)[0])
        except ValueError:
            raise EntryError("ipv6", host=host) from None
    port = default_port
    if has_port:
        if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
            raise EntryError("port")
        port = int(port_text)
    return host, port
