"""The TCP shell under its older import path; it lives in `game.netplay.shell.tcp`."""

from .shell.tcp import NetplayGuest, NetplayHost, Notice, TransportNotice

__all__ = ["NetplayGuest", "NetplayHost", "Notice", "TransportNotice"]
