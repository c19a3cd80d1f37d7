"""Randomised game-layer messages: whatever arrives, parsing raises nothing but ProtocolError,
and a host or guest that refuses a message is left exactly as it was; one it takes is either a
move the rules allow for this very state or misconduct that halts play."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.netplay.errors import ProtocolError
from game.netplay.play import play_messages as m
from game.netplay.play.play_protocol import Stage
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay_play import Table

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.binary(max_size=12)
    | st.sampled_from(["8H", "JK", "draw", "meld", "discard", "move", "deal", "0" * 32, "f" * 64])
    | st.integers(0, 120)
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=20,
)
tags = st.sampled_from(
    [
        "start",
        "toss",
        "deal",
        "move",
        "next",
        "rejoined",
        "halt",
        "done",
        "rejoin",
        "chat",
        *range(13),
    ]
)
message_like = st.builds(lambda tag, rest: [tag, *rest], tags, st.lists(values, max_size=8))


@pytest.mark.slow
@FUZZ
@given(st.one_of(values, message_like))
def test_parsing_any_value_raises_nothing_but_protocol_error(value):
    for parse in (m.parse_from_host, m.parse_from_guest):
        with contextlib.suppress(ProtocolError):
            parse(value)


def mutate(data: st.DataObject, value: Any) -> Any:
    """`value` with one element somewhere inside it replaced, removed or added."""
    value = copy.deepcopy(value)
    path = []
    node = value
    while isinstance(node, list) and node and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(node) - 1))
        path.append(index)
        node = node[index]
    parent = value
    for index in path[:-1]:
        parent = parent[index]
    how = data.draw(st.sampled_from(["replace", "drop", "append", "bytes"]))
    if not path:
        return data.draw(values) if how == "replace" else [*value, data.draw(values)]
    last = path[-1]
    if how == "replace":
        parent[last] = data.draw(values)
    elif how == "drop":
        del parent[last]
    elif how == "append":
        parent.insert(last, data.draw(values))
    else:
        parent[last] = data.draw(st.binary(max_size=20))
    return value


def _guest_turn_table() -> Table:
    table = Table.new(seed=21)
    table.guest_to_move()
    return table


_TABLE = _guest_turn_table()


def _state(play) -> tuple:
    actions = len(play.hand.actions) if play.hand is not None else -1
    return (play.state_no, play.stage, actions, play.hand_no)


@FUZZ
@given(st.data())
def test_a_mutated_guest_move_changes_nothing_unless_it_is_a_legal_move_for_this_state(data):
    host = copy.deepcopy(_TABLE.host)
    action = m.check_action(data.draw(st.sampled_from(GUEST_MOVES)), "move")
    opened = host.hand.given(1)
    draft = m.move(action, None, opened)
    body = mutate(data, draft)
    before, received = _state(host), host.received
    try:
        host.receive(game_payload(body))
    except ProtocolError as error:
        # a message that breaks its schema is set aside but counted, so no rejoin asks again
        counted = received + isinstance(error, m.Unreadable)
        assert _state(host) == before and host.received == counted
        return
    if host.stage is Stage.HALTED:
        assert host.halted is not None and host.halted.code == "misconduct"
    elif host.state_no == before[0] + 1:
        parsed = m.check_wire_action(body[1], "x")
        assert host.hand.actions[-1] == parsed and host.hand.game.log[-1] == parsed.to_dict()
    else:
        assert _state(host)[:3] == before[:3]


GUEST_MOVES = [
    {"type": "draw"},
    {"type": "take_pile", "with": ["8H", "8S"]},
    {"type": "discard", "card": "KH"},
    {"type": "meld", "cards": ["5D", "5C", "JK"]},
    {"type": "pass"},
    {"type": "next_hand"},
]


def _guest_snapshots() -> list[tuple]:
    """The guest just before each host message of a real game, with that message."""
    table = Table.new(seed=22)
    snapshots = []
    for _ in range(400):
        while table.to_guest or table.to_host:
            batch, table.to_guest = table.to_guest, []
            for payload in batch:
                snapshots.append((copy.deepcopy(table.guest), payload[1]))
                table.to_host += table.guest.receive(payload)
            batch, table.to_host = table.to_host, []
            for payload in batch:
                table.to_guest += table.host.receive(payload)
        if table.host.state_no >= 12 or not table.move():
            break
    return snapshots


_SNAPSHOTS = _guest_snapshots()


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_a_mutated_host_message_changes_nothing_or_halts_play(data):
    snapshot, body = _SNAPSHOTS[data.draw(st.integers(0, len(_SNAPSHOTS) - 1))]
    guest = copy.deepcopy(snapshot)
    before, received = _state(guest), guest.received
    try:
        guest.receive(game_payload(mutate(data, body)))
    except ProtocolError as error:
        counted = received + isinstance(error, m.Unreadable)
        assert _state(guest) == before and guest.received == counted
        return
    assert guest.received == received + 1
    if guest.stage is Stage.HALTED:
        assert guest.halted is not None and guest.halted.text
