"""Canasta for two players: rules engine, computer opponent, table, network play."""

__version__ = "1.2.0"
