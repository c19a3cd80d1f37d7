"""The play protocol between the host's game and the guest's view: refusals, the play-sequence
rule, desync detection and the commit-reveal check of every deal."""

from __future__ import annotations

import dataclasses

import pytest

from game.logic.actions import Discard, Draw, NextHand
from game.logic.cards import CARD_CODE
from game.logic.errors import IllegalAction
from game.logic.view import player_view
from game.netplay.errors import ProtocolError
from game.netplay.play import play_messages as m
from game.netplay.play.dealing import HostSecret, commitment, shuffled_deck
from game.netplay.play.play_protocol import (
    DealChecked,
    GameFinished,
    Halted,
    HostPlay,
    Refusal,
    Stage,
    Updated,
)
from game.netplay.play.viewcodec import EDIT, FIELD_NAMES, view_fields
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay_play import Table, terms


def test_a_whole_hand_ends_with_the_same_public_hash_and_a_checked_deal():
    table = Table.new()
    table.play_until(lambda: table.host.over and table.guest.over)
    host_done, guest_done = table.host.finished, table.guest.finished
    assert isinstance(host_done, GameFinished) and isinstance(guest_done, GameFinished)
    assert host_done == guest_done
    assert any(isinstance(e, DealChecked) for e in table.guest.pop_events())
    assert table.guest.state_no == table.host.state_no == len(table.host.game.log)


def test_several_hands_each_get_their_own_committed_deck():
    table = Table.new(terms(hands=3))
    table.play_until(lambda: table.host.over and table.guest.over)
    assert table.host.finished == table.guest.finished
    assert table.host.game.hand_no == len(table.host.hands) == 3
    decks = [table.host._deck_for(hand) for hand in table.host.hands]
    assert len({tuple(d) for d in decks}) == 3
    assert all(hand.verified for hand in table.guest.hands)


def test_the_guest_may_act_only_on_its_turn_and_only_once_per_state():
    table = Table.new()
    table.deliver()
    if table.host.my_turn:
        with pytest.raises(IllegalAction) as refused:
            table.guest.act(Draw())
        assert refused.value.code == "not_your_turn"
    table.guest_to_move()
    table.to_host += table.guest.act(Draw())
    with pytest.raises(IllegalAction) as waiting:
        table.guest.act(Draw())
    assert waiting.value.code == "waiting"


def test_an_illegal_guest_action_is_refused_with_the_rules_sentence_and_nothing_changes():
    table = Table.new()
    table.guest_to_move()
    before = table.host.game.state_hash()
    card = CARD_CODE[table.guest.view.hand[0]]
    table.to_host += table.guest.act(Discard(card))  # a discard before drawing
    table.deliver()
    assert table.host.game.state_hash() == before
    refusals = [e for e in table.guest.pop_events() if isinstance(e, Refusal)]
    assert refusals and refusals[0].code == "draw_first"
    assert refusals[0].text.startswith("Draw from the stock or take the pile")
    assert table.guest.my_turn, "the guest may try again"
    table.to_host += table.guest.act(Draw())
    table.deliver()
    assert table.host.state_no == refusals[0].state_no + 1


def test_an_out_of_turn_or_stale_action_is_refused_not_applied():
    table = Table.new()
    table.play_until(lambda: table.host.my_turn)
    state, before = table.host.state_no, table.host.game.state_hash()
    sneaky = game_payload(m.act(state, table.host.current_hash(), Draw().to_dict()))
    (answer,) = table.host.receive(sneaky)
    assert answer[1][:3] == [m.TAGS["refused"], state, "not_your_turn"]
    stale = game_payload(m.act(state - 1, table.host.current_hash(), Draw().to_dict()))
    (answer,) = table.host.receive(stale)
    assert answer[1][:3] == [m.TAGS["refused"], state - 1, "stale"]
    assert table.host.game.state_hash() == before


def test_a_malformed_guest_action_is_a_protocol_error_and_nothing_changes():
    table = Table.new()
    table.guest_to_move()
    before = table.host.game.state_hash()
    hash_int = int(m.short_hash(table.host.current_hash()), 16)
    for action, code in (([1, ["ZZ"]], "bad_action"), ([8], "schema"), ([0, "moon"], "schema")):
        bad = game_payload([m.TAGS["act"], table.host.state_no, hash_int, action])
        with pytest.raises(m.Unreadable) as error:
            table.host.receive(bad)
        assert error.value.code == code
    assert table.host.game.state_hash() == before


def test_a_host_that_deals_another_deck_than_committed_is_caught_at_the_end_of_the_hand():
    class CheatingHost(HostPlay):
        def _deck_for(self, hand):
            deck = super()._deck_for(hand)
            return deck[15:30] + deck[:15] + deck[30:]  # the host takes what the guest should get

    table = Table.new(host_cls=CheatingHost)
    table.play_until(lambda: table.guest.over)
    halted = table.guest.halted
    assert isinstance(halted, Halted) and halted.code == "deal_tampered"
    assert "not dealt from the committed deck" in halted.text
    assert table.guest.finished is None
    assert table.host.halted is not None and table.host.halted.by_peer
    assert table.host.halted.code == "deal_tampered"


def test_a_revealed_seed_that_does_not_match_the_commitment_is_caught():
    class LyingHost(HostPlay):
        def _after_change(self, actor, action, events):
            out = super()._after_change(actor, action, events)
            for payload in out:
                if payload[1][0] == m.TAGS["reveal"]:
                    payload[1][2] = "0" * 64
            return out

    table = Table.new(host_cls=LyingHost)
    table.play_until(lambda: table.guest.over)
    assert table.guest.halted.code == "deal_tampered"
    assert "does not match its commitment" in table.guest.halted.text


def test_a_commitment_binds_the_game_and_the_hand():
    secret = HostSecret("ab" * 32, "cd" * 16)
    one = commitment("00" * 16, 1, secret)
    assert one != commitment("00" * 16, 2, secret) != commitment("11" * 16, 1, secret)
    assert sorted(shuffled_deck(secret.seed, "ef" * 32)) == list(range(108))
    assert shuffled_deck(secret.seed, "ef" * 32) == shuffled_deck(secret.seed, "ef" * 32)
    assert shuffled_deck(secret.seed, "ef" * 32) != shuffled_deck(secret.seed, "fe" * 32)


def test_a_changed_guest_table_is_a_desync_reported_with_both_hashes():
    table = Table.new()
    table.play_until(lambda: table.host.state_no >= 12)
    guest = table.guest
    pile = FIELD_NAMES.index("totals")
    tampered = list(guest.fields)
    tampered[pile] = (tampered[pile][0] + 5, tampered[pile][1])
    guest.fields = tuple(tampered)
    table.play_until(lambda: guest.over)
    halted = guest.halted
    assert halted.code == "desync" and not halted.by_peer
    assert halted.my_hash != halted.their_hash and len(halted.my_hash) == 16
    assert halted.state_no > 12
    assert table.host.halted.by_peer and table.host.halted.state_no == halted.state_no
    assert (table.host.halted.my_hash, table.host.halted.their_hash) == (
        halted.their_hash,
        halted.my_hash,
    )
    assert not table.move(), "play stops on both sides"


def test_an_update_that_leaves_out_a_change_is_caught_by_the_hash():
    # a field no consistency check can catch: only the hash notices that it was left behind
    private = {FIELD_NAMES.index("hand"), FIELD_NAMES.index("turn_drawn")}

    class ForgetfulHost(HostPlay):
        forgot = False

        def _after_change(self, actor, action, events):
            out = super()._after_change(actor, action, events)
            delta = out[0][1][5]
            public = [at for at in range(0, len(delta), 2) if delta[at] % EDIT not in private]
            if self.state_no >= 8 and not self.forgot and public:
                del delta[public[0] : public[0] + 2]
                self.forgot = True
            return out

    table = Table.new(host_cls=ForgetfulHost)
    table.play_until(lambda: table.guest.over)
    assert table.host.forgot
    assert table.guest.halted.code == "desync"
    assert table.host.halted.by_peer


def test_a_guest_hash_that_differs_from_the_host_is_caught_on_its_next_move():
    table = Table.new()
    table.guest_to_move()
    table.guest._my_hash = "f" * 16
    table.to_host += table.guest.act(Draw())
    table.deliver()
    assert table.host.halted.code == "desync" and not table.host.halted.by_peer
    assert table.host.halted.their_hash == "ffff", "the short hash the move carried"
    assert table.guest.halted.by_peer


def test_the_next_hand_needs_both_players():
    table = Table.new(terms(hands=2))
    table.play_until(lambda: table.guest.wants_next_hand and table.host.wants_next_hand)
    state = table.host.state_no
    table.to_host += table.guest.act(NextHand())
    table.deliver()
    assert table.host.state_no == state and table.host.stage is Stage.BETWEEN_HANDS
    table.to_guest += table.host.act(NextHand())
    table.deliver()
    assert table.host.state_no == state + 1 and table.host.game.hand_no == 2
    assert table.guest.view.hand_no == 2 and table.guest.pending is None


def test_updates_report_hidden_cards_only_as_a_count():
    table = Table.new()
    table.deliver()
    deal = next(e for e in table.guest.pop_events() if isinstance(e, Updated))
    dealt = {e.player: e for e in deal.events if e.kind == "deal"}
    visible = table.guest.view.visible_cards()
    assert dealt[1].info.get("hidden", 0) == 0 and set(dealt[1].cards) <= visible
    # the host's dealt hand shows only the Red Threes it has laid down since
    assert set(dealt[0].cards) <= set(table.guest.view.threes[0])
    assert dealt[0].info["hidden"] == 15 - len(dealt[0].cards)


def test_the_guest_view_matches_the_engine_view_after_every_update():
    table = Table.new()
    for _ in range(200):
        if not table.move():
            break
        table.deliver()
        engine = player_view(table.host.game, 1)
        assert table.guest.view == engine
        assert view_fields(table.guest.view) == view_fields(engine)


def test_every_player_view_field_travels_on_the_wire():
    from game.logic.view import PlayerView

    on_wire = set(FIELD_NAMES) | {"seat", "rules"}
    assert {f.name for f in dataclasses.fields(PlayerView)} == on_wire


def test_the_answer_to_the_guests_move_does_not_repeat_it_and_the_guest_logs_its_own():
    table = Table.new()
    table.guest_to_move()
    table.to_host += table.guest.act(Draw())
    for payload in table.to_host:
        table.to_guest += table.host.receive(payload)
    table.to_host = []
    (update,) = [p[1] for p in table.to_guest if p[1][0] == m.TAGS["update"]]
    assert update[2] == 1 and update[3] is None, "the guest's own move, not echoed"
    table.deliver()
    assert table.guest.log[-1].action == Draw().to_dict()
    assert table.guest.pending is None


def test_an_unechoed_move_the_guest_did_not_make_is_refused():
    table = Table.new()
    table.guest_to_move()
    state = table.guest.state_no + 1
    forged = m.update(state, 1, {"type": "draw"}, [], [], "0" * 16)
    assert forged[3] is None
    with pytest.raises(ProtocolError, match="did not make"):
        table.guest.receive(game_payload(forged))


def test_a_rejoin_with_the_wrong_token_is_set_aside_and_the_host_keeps_waiting():
    table = Table.new()
    table.deliver()
    table.host.expect_rejoin()  # the guest's session started over
    wrong = game_payload(m.rejoin(table.host.game_id, "0" * 32, 0))
    with pytest.raises(m.Unreadable, match="does not hold the saved game's token"):
        table.host.receive(wrong)
    right = game_payload(m.rejoin(table.host.game_id, table.host.token, table.host.received))
    assert table.host.receive(right)[0] == game_payload(m.rejoined(table.host.received))
