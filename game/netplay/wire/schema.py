"""A very small schema checker for decoded msgpack values. A check is a function taking the value
and a dotted path (for the error text) and returning the value if it is acceptable; it raises
`ProtocolError("schema", ...)` otherwise. Messages and payload kinds are described by combining
these checks, so every field a peer sends is tested for type, length and range before any code
looks at it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import ProtocolError

Check = Callable[[Any, str], Any]

MAX_SAFE_INT = 2**53  # sequence numbers never need more, and every peer language can hold it


def fail(path: str, expected: str, value: Any) -> ProtocolError:
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return ProtocolError("schema", f"{path}: expected {expected}, got {shown}")


def integer(low: int, high: int) -> Check:
    def check(value: Any, path: str) -> int:
        # bool is an int subclass in Python; on the wire it is a different type
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise fail(path, f"an integer from {low} to {high}", value)
        return value

    return check


def boolean() -> Check:
    def check(value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise fail(path, "true or false", value)
        return value

    return check


def finite_float() -> Check:
    def check(value: Any, path: str) -> float:
        if not isinstance(value, float) or not math.isfinite(value):
            raise fail(path, "a finite number", value)
        return value

    return check


def text(max_chars: int, min_chars: int = 0) -> Check:
    def check(value: Any, path: str) -> str:
        if not isinstance(value, str) or not min_chars <= len(value) <= max_chars:
            raise fail(path, f"text of {min_chars} to {max_chars} characters", value)
        return value

    return check


def binary(min_len: int, max_len: int) -> Check:
    def check(value: Any, path: str) -> bytes:
        if not isinstance(value, bytes) or not min_len <= len(value) <= max_len:
            raise fail(path, f"{min_len} to {max_len} bytes", value)
        return value

    return check


def null() -> Check:
    def check(value: Any, path: str) -> None:
        if value is not None:
            raise fail(path, "nothing (nil)", value)
        return None

    return check


def optional(inner: Check) -> Check:
    def check(value: Any, path: str) -> Any:
        return None if value is None else inner(value, path)

    return check


def one_of(*checks: Check) -> Check:
    def check(value: Any, path: str) -> Any:
        for candidate in checks:
            try:
                return candidate(value, path)
            except ProtocolError:
                continue
        raise fail(path, "a value of an allowed type", value)

    return check


def list_of(item: Check, max_len: int, min_len: int = 0) -> Check:
    def check(value: Any, path: str) -> list[Any]:
        if not isinstance(value, list) or not min_len <= len(value) <= max_len:
            raise fail(path, f"a list of {min_len} to {max_len} items", value)
        for index, element in enumerate(value):
            item(element, f"{path}[{index}]")
        return value

    return check


def map_of(key: Check, item: Check, max_len: int) -> Check:
    def check(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > max_len:
            raise fail(path, f"a map of at most {max_len} entries", value)
        for name, element in value.items():
            key(name, f"{path} key")
            item(element, f"{path}.{name}")
        return value

    return check


def anything() -> Check:
    """Any decoded value: framing has already bounded its size and depth."""

    def check(value: Any, path: str) -> Any:
        return value

    return check


def record(name: str, fields: Sequence[tuple[str, Check]], *, extra_allowed: bool = False) -> Check:
    """A compact array `[field0, field1, ...]` (the kind tag already removed), returned with
    each field as its check gives it back (a hash sent as an integer comes back as its text)."""

    def check(value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise fail(path or name, "a list", value)
        if len(value) < len(fields) or (len(value) > len(fields) and not extra_allowed):
            raise ProtocolError(
                "schema", f"{name}: expected {len(fields)} fields, got {len(value)}"
            )
        checked = [
            field_check(element, f"{name}.{field_name}")
            for (field_name, field_check), element in zip(fields, value, strict=False)
        ]
        return checked + value[len(fields) :]

    return check
