"""Canasta for two players: rules engine, computer opponent, table, network play."""

from . import native

__version__ = "1.2.0"
# The version this copy names to the other player in a network game and in a LAN advertisement.
APP_VERSION = "1.0"

# The compiled engine, when it was built from exactly these sources (see game/native).
native.install()
