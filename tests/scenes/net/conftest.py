"""Fixtures for the network screens' tests: a Mosquitto broker of their own on loopback, for the
lobby's screens (see tests/helpers/mosquitto.py)."""

from __future__ import annotations

from tests.helpers.mosquitto import mosquitto

__all__ = ["mosquitto"]
