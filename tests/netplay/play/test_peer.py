"""Whole games between two peers over the in-memory lossy link on a virtual clock: agreement,
chat while the other side thinks, cuts the session survives, misconduct and bad messages that
stop play, and a peer gone for good with both sides keeping the game and continuing it later."""

from __future__ import annotations

import pytest

from game.logic.actions import Draw
from game.logic.rules import RulesError
from game.netplay.play import play_messages as m
from game.netplay.play.agreement import RulesNegotiation
from game.netplay.play.chat import ChatLine
from game.netplay.play.deciders import Autopilot, Manual
from game.netplay.play.peer import OWED_WITHIN, RulesAgreed, RulesDeclined, Saved
from game.netplay.play.play_protocol import (
    REUSE_PILE_REFUSED,
    DealChecked,
    GuestPlay,
    Halted,
    HostPlay,
    Stage,
    Terms,
    Updated,
)
from game.netplay.session.config import SessionConfig
from game.netplay.session.delivery import MAX_REFUSED
from game.netplay.session.events import Failed, Interrupted, PayloadRefused, RefusedByPeer
from game.netplay.session.handshake import Role
from game.netplay.tools.link import LinkProfile
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay_play import FalseUnmaskGuest, MemoryStore, linked_game

LOSSY = LinkProfile(drop=0.1, duplicate=0.05, reorder=0.05, latency=0.05, jitter=0.02)


class Notes:
    """Everything a peer reported, with the virtual time it was seen."""

    def __init__(self, game, peer) -> None:
        self.game, self.peer, self.seen = game, peer, []

    def pump(self) -> None:
        self.seen.extend((self.game.pair.clock.now, n) for n in self.peer.pop_notices())

    def of(self, kind) -> list:
        return [n for _, n in self.seen if isinstance(n, kind)]

    def first_time(self, kind) -> float | None:
        return next((t for t, n in self.seen if isinstance(n, kind)), None)


def watch(game):
    host, guest = Notes(game, game.host), Notes(game, game.guest)

    def until(extra=lambda: False):
        def check():
            host.pump()
            guest.pump()
            return extra() or (game.host.done and game.guest.done)

        return check

    return host, guest, until


def test_a_game_over_a_lossy_link_that_drops_twice_ends_with_the_same_public_hash():
    game = linked_game(LOSSY, seed=11, hands=2)
    _host, guest, until = watch(game)
    for cut_at in (25, 70):
        assert game.run(
            until=until(
                lambda c=cut_at: game.host.play is not None and game.host.play.state_no >= c
            )
        )
        game.pair.cut()
    assert game.run(until=until())
    assert game.host.result is not None and game.host.result == game.guest.result
    assert game.host.halted is None and game.guest.halted is None
    assert game.pair.guest.stats.resumes >= 2 and game.pair.host.stats.resumes >= 2
    assert len(guest.of(DealChecked)) == 2
    assert guest.of(RulesAgreed)[0].text == "Both players already use the same rules."
    assert game.host.peer_name == "Bob" and game.guest.peer_name == "Alice"


class Thinker:
    """A player who takes `seconds` of (virtual) time over every move."""

    def __init__(self, clock, seconds: float) -> None:
        self.clock, self.seconds, self.inner = clock, seconds, Autopilot("beginner", seed=5)
        self.started: float | None = None
        self.moves: list[float] = []

    def choose(self, view, now):
        if self.started is None:
            self.started = now
        if now - self.started < self.seconds:
            return None
        self.started = None
        self.moves.append(now)
        return self.inner.choose(view, now)

    def refused(self, action, code, text):
        self.inner.refused(action, code, text)


def test_chat_flows_both_ways_while_a_player_thinks():
    game = linked_game(seed=2)
    thinker = Thinker(game.pair.clock, seconds=30.0)
    game.guest.decider = thinker
    host, guest, until = watch(game)
    assert game.run(until=until(lambda: thinker.started is not None))
    asked = game.pair.clock.now
    game.host.say("Take your time.")
    assert game.run(until=until(lambda: bool(guest.of(ChatLine))))
    game.guest.say("Still thinking…")
    assert game.run(until=until(lambda: any(not line.from_me for line in host.of(ChatLine))))
    assert game.pair.clock.now - asked < 5 and not thinker.moves, "chat did not wait for the move"
    assert guest.of(ChatLine)[0].text == "Take your time." and guest.of(ChatLine)[0].name == "Alice"
    assert game.run(until=until(lambda: bool(thinker.moves)))


def test_a_counter_proposal_accepted_by_the_host_sets_the_rules():
    answers = []

    def host_answer(negotiation: RulesNegotiation):
        answers.append([d.name for d in negotiation.differences])
        return "accept"

    game = linked_game(
        seed=3,
        host_kwargs={"answer": host_answer},
        guest_kwargs={
            "terms": {"preset": "classic", "stock_draw": 1, "hands": 1},
            "answer": lambda n: "counter",
        },
    )
    host, guest, until = watch(game)
    assert game.run(
        until=until(lambda: game.guest.play is not None and game.guest.play.view is not None)
    )
    assert answers == [["stock_draw"]]
    assert game.host.play.terms.rules.stock_draw == 1 == game.guest.play.terms.rules.stock_draw
    assert host.of(RulesAgreed)[0].text == "You accepted the guest's rules."
    assert guest.of(RulesAgreed)[0].text == "The host accepted your counter-proposed rules."


def test_a_declined_counter_ends_the_connection_with_a_reason_and_no_game():
    game = linked_game(
        seed=4,
        host_kwargs={"answer": lambda n: "decline"},
        guest_kwargs={
            "terms": {"preset": "modern_american", "hands": 1},
            "answer": lambda n: "counter",
        },
    )
    host, guest, until = watch(game)
    assert game.run(timeout=120, until=until())
    assert host.of(RulesDeclined)[0].text == "You declined the guest's rules."
    assert guest.of(RulesDeclined)[0].text == "The host declined your counter-proposal."
    assert game.host.play is None and game.guest.play is None


def test_a_guest_declining_the_rules_is_told_to_the_host():
    game = linked_game(
        seed=4, guest_kwargs={"terms": {"preset": "modern_american"}, "answer": lambda n: "decline"}
    )
    host, _guest, until = watch(game)
    assert game.run(timeout=120, until=until())
    assert host.of(RulesDeclined)[0].text == "The guest declined your rules."


def test_rules_this_copy_cannot_play_are_declined_without_asking_the_player():
    asked = []
    game = linked_game(seed=4, guest_kwargs={"answer": lambda n: asked.append(n) or "accept"})
    game.host.negotiation = RulesNegotiation(Role.HOST, {"preset": "classic", "warp_speed": True})
    host, _guest, until = watch(game)
    assert game.run(timeout=120, until=until())
    assert not asked and game.guest.play is None
    assert host.of(RulesDeclined)[0].text.startswith("The guest declined your rules.")


def test_a_pile_reused_as_the_stock_is_declined_over_the_network_with_the_reason():
    # the peek-proof deal cannot shuffle the pile back: a guest offered it declines at once
    asked = []
    game = linked_game(seed=4, guest_kwargs={"answer": lambda n: asked.append(n) or "accept"})
    reuse = {"preset": "classic", "stock_end": "reuse_pile"}
    game.host.negotiation = RulesNegotiation(Role.HOST, reuse)
    host, _guest, until = watch(game)
    assert game.run(timeout=120, until=until())
    assert not asked and game.guest.play is None
    assert REUSE_PILE_REFUSED in host.of(RulesDeclined)[0].text
    with pytest.raises(RulesError, match="cannot take the pile back as the stock"):
        Terms.from_agreed(reuse)


def test_misconduct_stops_play_on_both_sides_in_words_both_save_and_chat_still_works():
    saves = {"host": MemoryStore("host"), "guest": MemoryStore("guest")}
    game = linked_game(
        LOSSY,
        seed=6,
        host_kwargs={"store": saves["host"]},
        guest_kwargs={"store": saves["guest"], "play_factory": lambda t: FalseUnmaskGuest(t)},
    )
    host, guest, until = watch(game)
    assert game.run(until=until(lambda: game.host.game_over and game.guest.game_over))
    halted = host.of(Halted)[0]
    assert halted.code == "misconduct" and halted.state_no >= 20 and not halted.by_peer
    assert halted.text.startswith("Bob") and "stock card" in halted.text, halted.text
    # the cheat's copy says the host's sentence with the seats named for its own player
    told = halted.text.replace("Bob's", "Your", 1)
    assert guest.of(Halted)[0].by_peer and guest.of(Halted)[0].text == told
    assert game.host.result is None and game.guest.result is None
    for role, text in (("host", halted.text), ("guest", told)):
        assert saves[role].document["stage"] == "halted"
        assert saves[role].document["halted"]["text"] == text
    game.host.say("That was odd.")
    assert game.run(timeout=60, until=until(lambda: bool(guest.of(ChatLine))))


def test_a_game_message_that_breaks_its_schema_is_set_aside_and_the_game_goes_on(caplog):
    game = linked_game(seed=7, guest_decider=Manual())  # the guest waits on its turn
    host, guest, until = watch(game)
    assert game.run(until=until(lambda: game.guest.play is not None and game.guest.play.my_turn))
    state = game.guest.play.state_no
    game.guest.port.send(game_payload([m.TAGS["move"], [99], None, 0]))
    assert game.run(timeout=120, until=until(lambda: bool(guest.of(RefusedByPeer))))
    (refused,) = host.of(PayloadRefused)
    assert "move.action[0]" in refused.text and "set aside" in refused.text
    assert "move.action[0]" in guest.of(RefusedByPeer)[0].text
    assert "set aside" in caplog.text
    assert game.host.failure is None and game.guest.failure is None
    assert game.host.play.state_no == state
    game.guest.decider.submit(Draw())
    assert game.run(timeout=120, until=until(lambda: game.guest.play.state_no > state))
    assert game.guest.play.current_hash() == game.host.play.current_hash()


def test_a_flood_of_broken_game_messages_drops_the_connection_not_the_game():
    game = linked_game(seed=7, guest_decider=Manual())
    _host, _guest, until = watch(game)
    assert game.run(until=until(lambda: game.guest.play is not None and game.guest.play.my_turn))
    state = game.guest.play.state_no
    for _ in range(MAX_REFUSED + 1):
        game.guest.port.send(game_payload([m.TAGS["move"], [99], None, 0]))
    dropped = lambda: any(  # noqa: E731
        e.code == "dropped" for e in game.pair.events["a"] if isinstance(e, PayloadRefused)
    )
    assert game.run(timeout=120, until=until(dropped))
    assert game.run(timeout=120, until=until(lambda: game.pair.host.stats.resumes >= 1))
    assert game.host.failure is None and game.guest.failure is None
    game.guest.decider.submit(Draw())
    assert game.run(timeout=120, until=until(lambda: game.guest.play.state_no > state))
    assert game.guest.play.current_hash() == game.host.play.current_hash()


def _guest_move_in_flight(game) -> bool:
    guest, host = game.guest.play, game.host.play
    return guest is not None and host is not None and guest.state_no > host.state_no >= 30


def _host_move_in_flight(game) -> bool:
    guest, host = game.guest.play, game.host.play
    return host is not None and guest is not None and host.state_no > guest.state_no >= 30


def _between_hands(game) -> bool:
    return game.host.play is not None and game.host.play.stage is Stage.BETWEEN_HANDS


def _guest_behind(game) -> bool:
    return game.host.play is not None and game.host.play.state_no >= 40


@pytest.mark.parametrize(
    ("seed", "lost_when"),
    [
        (8, _guest_behind),
        (13, _guest_move_in_flight),
        (17, _host_move_in_flight),
        (19, _between_hands),
    ],
)
def test_a_peer_gone_for_good_is_reported_in_time_and_both_sides_can_continue_later(
    tmp_path, seed, lost_when
):
    config = SessionConfig()
    saves = {"host": MemoryStore("host"), "guest": MemoryStore("guest")}
    game = linked_game(
        LOSSY,
        seed=seed,
        hands=2,
        config=config,
        host_kwargs={"store": saves["host"]},
        guest_kwargs={"store": saves["guest"]},
    )
    host, guest, until = watch(game)
    assert game.run(until=until(lambda: lost_when(game)))
    game.pair.link.accepting = False  # the host's machine is gone: redials fail
    game.pair.cut()
    gone = game.pair.clock.now
    assert game.run(timeout=300, until=until())
    for notes, peer in ((host, game.host), (guest, game.guest)):
        assert notes.first_time(Interrupted) - gone <= 5.0
        assert notes.first_time(Failed) - gone <= config.give_up_after + 1.0
        assert peer.failure.code == "timeout"
        assert notes.of(Saved)
    assert game.pair.redial_attempts >= 3, "the guest kept trying to resume"
    host_save, guest_save = saves["host"].document, saves["guest"].document
    assert host_save["game_id"] == guest_save["game_id"] and host_save["hand_no"] >= 1
    saved_state = game.host.play.state_no

    later = linked_game(
        LOSSY,
        seed=seed + 100,
        host_kwargs={"resume": host_save, "store": saves["host"]},
        guest_kwargs={"resume": guest_save, "store": saves["guest"]},
    )
    _host2, guest2, until2 = watch(later)
    assert later.run(until=until2())
    assert later.host.result is not None and later.host.result == later.guest.result
    assert later.host.play.hand_no == 2 and later.host.play.state_no > saved_state
    first = next(iter(guest2.of(Updated)))
    assert first.state_no > game.guest.play.state_no - 1, "the guest picked up where it stopped"


def test_a_guest_without_the_saved_token_cannot_take_the_seat_and_the_host_keeps_waiting():
    saves = {"host": MemoryStore("h"), "guest": MemoryStore("g")}
    game = linked_game(
        seed=10, host_kwargs={"store": saves["host"]}, guest_kwargs={"store": saves["guest"]}
    )
    _, _, until = watch(game)
    assert game.run(
        until=until(lambda: game.host.play is not None and game.host.play.state_no >= 10)
    )
    game.pair.link.accepting = False
    game.pair.cut()
    assert game.run(timeout=300, until=until())
    guest_save = dict(saves["guest"].document)
    guest_save["token"] = "0" * 32
    later = linked_game(
        seed=11,
        host_kwargs={"resume": saves["host"].document},
        guest_kwargs={"resume": guest_save},
    )
    _, _, until2 = watch(later)
    assert later.run(timeout=300, until=until2(lambda: later.guest.failure is not None))
    assert later.guest.failure.code == "busy"
    assert later.host.failure is None and not later.host.done  # still waiting for its guest
    assert saves["host"].document["token"] != "0" * 32


def test_an_autopilot_that_is_refused_tries_another_move():
    class Stubborn(Autopilot):
        def choose(self, view, now):
            if self._refused is None and view.my_turn and view.phase == "draw":
                self._last = (view, Draw())
                return m.check_action({"type": "discard", "card": "JK"}, "x")
            return super().choose(view, now)

    game = linked_game(seed=12, guest_decider=Stubborn("beginner", seed=3))
    _, _guest, until = watch(game)
    assert game.run(until=until())
    assert game.guest.result is not None and game.guest.decider.refusals >= 1


class WithholdingHost(HostPlay):
    """A host that stops sending its unmasks once the hand has gone on a while."""

    def _out(self, body):
        if body[0] == m.TAGS["deal"] and isinstance(body[1], bytes) and self.state_no >= 10:
            self.sent.append(body)
            return ["chat", "nothing to see"]
        return super()._out(body)


def test_a_host_withholding_its_unmask_is_reported_in_time_with_the_game_saved():
    store = MemoryStore("guest")
    game = linked_game(
        seed=21,
        host_kwargs={"play_factory": lambda t: WithholdingHost(t, guest_name="Bob")},
        guest_kwargs={"store": store},
    )
    waiting_since: list[float] = []

    def until() -> bool:
        play = game.guest.play
        if (
            not waiting_since
            and play is not None
            and (play.owed() or "").startswith("its unmask of stock card")
        ):
            waiting_since.append(game.pair.clock.now)
        return game.guest.host_silent is not None

    assert game.run(until=until)
    reported = game.pair.clock.now
    assert OWED_WITHIN <= reported - waiting_since[0] <= OWED_WITHIN + 2
    silent = game.guest.host_silent
    assert silent.text.startswith("Alice has not sent its unmask of stock card ")
    assert silent.text.endswith(" for 30 seconds: the game is saved and can be continued later.")
    assert store.document is not None and store.document["hand"] is not None
    assert game.guest.game_over


def test_a_host_thinking_about_its_own_move_is_never_cut_short():
    game = linked_game(seed=22)
    game.host.decider = Manual()  # the host player thinks for ever
    assert not game.run(timeout=300, until=lambda: game.guest.host_silent is not None)
    assert game.guest.host_silent is None and not game.guest.game_over


def test_the_end_of_the_game_is_saved_so_a_side_started_again_gives_the_result_at_once():
    # the guest leaves as soon as its last message is acknowledged: a host killed after that
    # must not wait for a rejoin that never comes
    saves = {"host": MemoryStore("host"), "guest": MemoryStore("guest")}
    game = linked_game(
        seed=3, host_kwargs={"store": saves["host"]}, guest_kwargs={"store": saves["guest"]}
    )
    assert game.run()
    assert game.host.result is not None and game.host.result == game.guest.result
    for role, play_cls in (("host", HostPlay), ("guest", GuestPlay)):
        document = saves[role].document
        assert document["stage"] == "finished"
        again = play_cls.from_save(document)
        assert again.over and again.finished == game.host.result
