"""The play protocol between a host and a guest object, messages carried by hand: whole games on
peek-proof deals audited hand by hand, the toss for the first player, turns, the next hand,
misconduct and the rejoin."""

from __future__ import annotations

import pytest

from game.logic.actions import Draw, NextHand
from game.logic.errors import IllegalAction
from game.netplay.play import play_messages as m
from game.netplay.play.play_protocol import (
    DealChecked,
    GuestPlay,
    HostPlay,
    Stage,
    Updated,
    toss_commitment,
    tossed_first_player,
)
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay_play import Table, guest_play, host_play, terms


def test_a_whole_game_is_audited_hand_by_hand_and_ends_with_the_same_record_on_both_sides():
    table = Table.new(terms(hands=2))
    table.play_until(lambda: table.host.over and table.guest.over)
    host, guest = table.host, table.guest
    assert host.stage is guest.stage is Stage.FINISHED
    assert host.finished == guest.finished and host.finished.hands == 2
    assert host.log == guest.log and host.decks == guest.decks and len(host.decks) == 2
    for side in (host, guest):
        events = side.pop_events()
        assert [e.hand_no for e in events if isinstance(e, DealChecked)] == [1, 2]
        updates = [e for e in events if isinstance(e, Updated)]
        assert updates[0].actor == -1 and updates[0].action is None  # the first deal
        assert {e.view.hand_no for e in updates} == {1, 2}
    record = host.record()
    assert record is not None and record.state_hash() == host.finished.state_hash


def test_the_first_player_comes_from_both_halves_of_the_toss():
    table = Table.new()
    table.deliver()
    host, guest = table.host, table.guest
    assert (
        host.first_player
        == guest.first_player
        == tossed_first_player(host.game_id, host.coin, guest.coin)
    )
    assert guest.commitment == toss_commitment(host.game_id, host.coin)


def test_a_host_that_opens_another_half_than_it_committed_to_is_stopped():
    t = terms()
    host, guest = host_play(t), guest_play(t)
    [start] = host.begin()
    [toss] = guest.receive(start)
    host.receive(toss)  # the host opens its half and deals; a forger sends another half
    replies = guest.receive(game_payload(m.toss("0" * 32)))
    assert guest.stage is Stage.HALTED and guest.halted.code == "misconduct"
    assert "toss" in guest.halted.text and replies[0][1][0] == m.TAGS["halt"]


def test_a_side_may_act_only_on_its_turn():
    table = Table.new()
    table.guest_to_move()
    with pytest.raises(IllegalAction) as refused:
        table.host.act(Draw())
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction):
        table.guest.act(NextHand())  # not between hands


def test_a_move_out_of_turn_from_the_other_side_is_misconduct_named_in_words():
    table = Table.new(seed=3)
    table.play_until(lambda: table.host.my_turn)
    host = table.host
    actions = len(host.hand.actions)
    out = host.receive(game_payload(m.move(Draw(), None, host.hand.given(1))))
    assert host.stage is Stage.HALTED and len(host.hand.actions) == actions
    assert host.halted.text == "The guest moved (draw) out of turn."
    assert out[0][1][0] == m.TAGS["halt"]
    table.guest.receive(out[0])
    assert table.guest.halted.by_peer and table.guest.halted.text == "You moved (draw) out of turn."


def test_the_next_hand_needs_both_players():
    table = Table.new(terms(hands=2))
    table.play_until(
        lambda: table.host.stage is Stage.BETWEEN_HANDS and table.guest.wants_next_hand
    )
    table.to_guest += table.host.act(NextHand())
    table.deliver()
    assert table.host.hand is None and table.guest.hand is None and table.host.hand_no == 1
    table.to_host += table.guest.act(NextHand())
    table.deliver()
    assert table.host.hand_no == table.guest.hand_no == 2
    assert table.host.stage is table.guest.stage is Stage.PLAYING


def test_a_saved_side_goes_on_after_the_rejoin_to_the_same_end():
    table = Table.new(terms(hands=1))
    table.play_until(lambda: table.host.state_no >= 15)
    table.host = HostPlay.from_save(table.host.to_save())
    table.guest = GuestPlay.from_save(table.guest.to_save())
    table.host.expect_rejoin()
    with pytest.raises(IllegalAction):
        table.guest.act(Draw())  # nothing moves before the rejoin
    table.to_host += table.guest.rejoin()
    table.play_until(lambda: table.host.over and table.guest.over)
    assert table.host.finished is not None and table.host.finished == table.guest.finished


def test_a_rejoin_with_the_wrong_token_is_set_aside_and_the_host_keeps_waiting():
    table = Table.new()
    table.play_until(lambda: table.host.state_no >= 5)
    host = HostPlay.from_save(table.host.to_save())
    host.expect_rejoin()
    with pytest.raises(m.Unreadable):
        host.receive(game_payload(m.rejoin(host.game_id, "0" * 32, 0)))
    assert not host.over and host.owed() == "its rejoin"
    out = host.receive(game_payload(m.rejoin(host.game_id, host.token, table.guest.received)))
    assert out[0][1][0] == m.TAGS["rejoined"]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_save_of_an_earlier_deal_is_refused_in_words(version):
    # 1 dealt by commit and reveal; 2 and 3 hold deal messages of wire forms a rejoin could not
    # resend
    with pytest.raises(ValueError, match="earlier version"):
        HostPlay.from_save({"format": f"canasta-netplay-save/{version}", "role": "host"})
    with pytest.raises(ValueError, match="earlier version"):
        GuestPlay.from_save({"format": f"canasta-netplay-save/{version}", "role": "guest"})


def test_a_side_saved_while_its_card_is_opened_shows_the_table_as_it_stood_before():
    table = Table.new(seed=4)
    table.play_until(lambda: table.host.my_turn and table.host.view.phase == "draw")
    before = table.host.view
    table.to_guest += table.host.act(Draw())  # the card opens once the guest's unmask comes
    assert table.host.view == before
    again = HostPlay.from_save(table.host.to_save())
    assert again.view is not None and again.view.hand == before.hand
    assert again.view.stock_size == before.stock_size
