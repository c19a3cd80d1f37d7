"""The guest's view on the wire: edits instead of whole fields, the prediction from events both
sides make, and a whole game's updates rebuilding exactly the view the host holds."""

from __future__ import annotations

import pytest

from game.logic.rules import Rules
from game.logic.view import player_view
from game.netplay.errors import ProtocolError
from game.netplay.play import play_protocol as play_module
from game.netplay.play.viewcodec import (
    EDIT,
    FIELD_NAMES,
    _dec_card_edit,
    _enc_card_edit,
    _enc_meld_edit,
    apply_delta,
    encode_delta,
    predict,
    view_fields,
)
from game.netplay.tools.link import LinkProfile
from game.netplay.tools.soak import play_one
from tests.helpers.netplay_play import Table

HAND = FIELD_NAMES.index("hand")
PHASE = FIELD_NAMES.index("phase")
MELDS = FIELD_NAMES.index("melds")


def test_a_card_edit_names_removed_positions_and_appended_cards():
    assert _enc_card_edit((5, 9, 12), (5, 12, 40, 41)) == [1, b"()"]
    assert _enc_card_edit((5, 9), (5, 9, 7)) == b"\x07"
    assert _enc_card_edit((5, 9, 12), (12,)) == [0, 1]
    assert _enc_card_edit((5, 9), (9, 5)) is None, "a reordering travels whole"
    for old, new in (((5, 9, 12), (5, 12, 40, 41)), ((1, 2, 3), ()), ((), (4,))):
        assert _dec_card_edit(old, _enc_card_edit(old, new), "hand") == new


@pytest.mark.parametrize("edit", [[2, 1], [0, 3], [True], ["1"], 7, [], [0, b"\x09"]])
def test_a_card_edit_that_cannot_apply_is_refused(edit):
    with pytest.raises(ProtocolError):
        _dec_card_edit((5, 9, 12), edit, "hand")


def test_a_meld_edit_names_only_the_melds_that_grew_or_were_laid_down():
    old = (((7, (1, 2, 3)),), ())
    new = (((7, (1, 2, 3, 4)), (9, (20, 21, 22))), ((11, (30, 31, 32)),))
    assert _enc_meld_edit(old, new) == [0, 7, b"\x04", 0, 9, b"\x14\x15\x16", 1, 11, b"\x1e\x1f "]
    assert _enc_meld_edit(new, old) is None, "a meld that went away travels whole"


def test_the_delta_carries_edits_where_they_are_shorter_and_rebuilds_the_same_view():
    table = Table.new()
    table.play_until(lambda: table.host.state_no >= 6)
    before = view_fields(player_view(table.host.game, 1))
    table.play_until(lambda: table.host.state_no >= 7)
    after = view_fields(player_view(table.host.game, 1))
    delta = encode_delta(before, after)
    assert apply_delta(before, delta) == after
    assert any(code >= EDIT for code in delta[::2])
    with pytest.raises(ProtocolError, match="cannot travel as an edit"):
        apply_delta(None, [EDIT + HAND, b""])


def test_a_phase_travels_as_its_index_and_decodes_to_plain_text():
    table = Table.new()
    table.play_until(lambda: table.host.state_no >= 1)
    fields = view_fields(player_view(table.host.game, 1))
    values = list(fields)
    values[PHASE] = "play" if fields[PHASE] == "draw" else "draw"
    delta = encode_delta(fields, tuple(values))
    assert delta[0] == EDIT + PHASE and isinstance(delta[1], int)
    rebuilt = apply_delta(fields, delta)[PHASE]
    assert rebuilt == values[PHASE] and type(rebuilt) is str


def test_the_prediction_follows_a_meld_and_a_discard():
    table = Table.new()
    table.play_until(lambda: table.host.state_no >= 2)
    fields = view_fields(player_view(table.host.game, 1))
    hand = fields[HAND]
    melded, discarded = hand[:3], hand[3]
    events = [
        ("meld", 1, melded, 0, 7),
        ("discard", 1, (discarded,), 0, None),
        ("turn", 0, (), 0, None),
    ]
    guess = dict(zip(FIELD_NAMES, predict(fields, events), strict=True))
    assert guess["hand"] == hand[4:]
    assert dict(guess["melds"][1])[7][-3:] == melded
    assert guess["pile"][-1] == discarded and guess["to_move"] == 0 and guess["phase"] == "draw"


def test_every_update_of_whole_games_rebuilds_the_hosts_view_of_the_guest(monkeypatch):
    seen: dict[int, tuple] = {}
    mismatches: list[int] = []
    checked: list[int] = []
    after_change = play_module.HostPlay._after_change
    on_update = play_module.GuestPlay._on_update

    def host_side(self, actor, action, events):
        out = after_change(self, actor, action, events)
        seen[self.state_no] = view_fields(player_view(self.game, 1))
        return out

    def guest_side(self, message):
        out = on_update(self, message)
        checked.append(message.state_no)
        if seen.get(message.state_no) != self.fields:
            mismatches.append(message.state_no)
        return out

    monkeypatch.setattr(play_module.HostPlay, "_after_change", host_side)
    monkeypatch.setattr(play_module.GuestPlay, "_on_update", guest_side)
    for index in range(2):
        outcome = play_one(
            index, LinkProfile(latency=0.05), Rules.preset("classic"), 1, "beginner", 3
        )
        assert outcome.completed
    assert len(checked) > 150 and mismatches == []
