"""The lobby tests' broker: a Mosquitto of their own on loopback (see tests/helpers/mosquitto.py)."""

from tests.helpers.mosquitto import mosquitto

__all__ = ["mosquitto"]
