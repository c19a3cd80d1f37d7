"""Whole hands dealt by peek-proof dealing at two, three and four seats, each seat running its own
engine on what it may see: the computer plays every seat, the audit passes, every seat replays
the hand from the audited deck to the same state, saw the same table at every step, and never
held a card before it was opened to it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.logic import events as ev
from game.logic.actions import Action, Draw, UndoTurn
from game.logic.cards import IDS_OF_CODE, code_of, is_unseen
from game.logic.engine import Game
from game.logic.legal import legal_actions
from game.logic.rules import Rules
from game.logic.view import PlayerView, determinize
from game.netplay.fair import OpenedCard, RandomBytes
from game.netplay.fair.group import CARD_POINTS
from game.netplay.play.deciders import Autopilot
from game.netplay.play.fair_hand import Move, public_state
from game.netplay.play.fair_table import FairTable
from tests.netplay.fair.peek import physical_cards, reachable
from tests.netplay.fair.streams import seeded


def randomness(seed: bytes) -> Callable[[int, int], RandomBytes]:
    return lambda hand, seat: seeded(seed + bytes([hand, seat]))


def table(players: int, preset: str = "classic", seed: bytes = b"t") -> FairTable:
    rules = Rules.preset(preset, players=players)
    deciders = [Autopilot("beginner", seed=s) for s in range(players)]
    return FairTable(rules, deciders, randomness=randomness(seed))


@pytest.mark.parametrize(
    ("players", "preset"),
    [(2, "classic"), (3, "classic"), (4, "classic"), (2, "modern_american")],
)
def test_a_whole_hand_passes_the_audit_and_every_seat_replays_it_alike(
    players: int, preset: str
) -> None:
    fair = table(players, preset)
    result = fair.play_hand()
    assert result.misconduct is None, result.misconduct
    hashes = {game.state_hash() for game in result.games}
    assert len(result.games) == players and len(hashes) == 1
    replay = result.games[0]
    assert replay.phase == "hand_over" and len(replay.log) == result.moves
    trails = {tuple(hand.trail) for hand in fair.hands}
    assert len(trails) == 1 and len(fair.hands[0].trail) == result.moves + 1
    for hand in fair.hands:
        assert public_state(hand.game) == public_state(replay)
        assert [a.to_dict() for a in hand.actions] == replay.log


def test_red_threes_dealt_and_drawn_and_a_covered_upcard_come_out_alike_everywhere() -> None:
    fair = table(2, seed=b"threes5")  # two Red Threes dealt, two drawn, a wild upcard covered
    result = fair.play_hand()
    assert result.misconduct is None, result.misconduct
    replay = result.games[0]
    events = _replay_events(fair)
    laid = [e for e in events if e.kind == ev.THREE_LAID]
    assert sum(1 for e in laid if e.info.get("from_stock")) == 2
    assert sum(1 for e in laid if not e.info.get("from_stock")) == 2
    assert sum(1 for e in events if e.kind == ev.UPCARD) == 2
    for hand in fair.hands:
        for seat, player in enumerate(hand.game.players):
            assert sorted(player.threes) == sorted(
                hand.seat.table[p].card_id for p in hand.positions(player.threes)
            )
            assert len(player.threes) == len(replay.players[seat].threes)


def _replay_events(fair: FairTable) -> list[ev.Event]:
    """Every event of the hand as the record (the replay from the audited deck) tells it."""
    hand = fair.hands[0]
    report = hand.seat.audit()
    game = Game(hand.rules, deck=report.deck_ids(), first_player=hand.first_player)
    events = list(game.last_events)
    for action in hand.actions:
        events.extend(game.apply(action))
    return events


def test_the_same_randomness_deals_and_plays_a_hand_byte_for_byte() -> None:
    first, again, other = table(2, seed=b"a"), table(2, seed=b"a"), table(2, seed=b"b")
    for fair in (first, again, other):
        fair.play_hand()
    assert first.sent == again.sent
    assert first.sent != other.sent


# -- what each seat holds ------------------------------------------------------------------------


def assert_each_seat_holds_only_what_it_saw(fair: FairTable) -> None:
    cards = physical_cards([hand.seat for hand in fair.hands])
    for hand in fair.hands:
        positions = hand.seat.public.positions
        shown = {
            p
            for p, state in enumerate(positions)
            if state.face is not None or (state.recipient == hand.index and not state.waiting)
        }
        deck = hand.deck()
        assert {p for p, card in enumerate(deck) if not is_unseen(card)} == shown
        game = hand.game
        in_play = list(game.stock) + list(game.pile) + [c for t in game.talons for c in t]
        for player in game.players:
            in_play += player.hand + player.threes + [c for m in player.melds.values() for c in m]
        assert set(in_play) <= set(deck)
        held = list(reachable(hand))
        values = {item for item in held if isinstance(item, bytes)}
        named = {item.position for item in held if isinstance(item, OpenedCard)}
        assert named <= shown
        for position, card in enumerate(cards):
            if position not in shown:
                assert CARD_POINTS[card] not in values, (hand.index, position)
            else:
                seen = hand.seat.hand.get(position) or hand.seat.table[position]
                assert seen.face == code_of(card)


class Watching:
    """A decision source that checks the whole table before every move it makes."""

    def __init__(self, inner: Autopilot, check: Callable[[], None]) -> None:
        self.inner = inner
        self.check = check
        self.checks = 0

    def choose(self, view: PlayerView, now: float) -> Action | None:
        self.check()
        self.checks += 1
        assert all(not is_unseen(card) for card in view.hand)
        return self.inner.choose(view, now)

    def refused(self, action: Action, code: str, text: str) -> None:
        self.inner.refused(action, code, text)


@pytest.mark.parametrize("players", [2, 4])
def test_no_seat_ever_holds_a_card_before_it_was_opened_to_it(players: int) -> None:
    rules = Rules.preset("classic", players=players)
    tables: list[FairTable] = []

    def check() -> None:
        assert_each_seat_holds_only_what_it_saw(tables[0])

    watchers = [Watching(Autopilot("beginner", seed=s), check) for s in range(players)]
    fair = FairTable(rules, watchers, randomness=randomness(b"memory"))
    tables.append(fair)
    result = fair.play_hand()
    assert result.misconduct is None
    assert sum(w.checks for w in watchers) == result.moves
    for hand in fair.hands:
        unseen = [p for p, s in enumerate(hand.seat.public.positions) if s.recipient is None]
        assert unseen and all(is_unseen(hand.deck()[p]) for p in unseen)


def test_a_seat_is_shown_exactly_the_cards_dealt_and_drawn_to_it_and_nothing_of_the_stock() -> None:
    fair = table(2, seed=b"threes5")
    result = fair.play_hand()
    deck = fair.hands[0].seat.audit().deck_ids()
    got: dict[int, set[int]] = {0: set(), 1: set()}
    for event in _replay_events(fair):
        if event.kind in (ev.DEAL, ev.DRAW) and event.player >= 0:
            got[event.player].update(deck.index(card) for card in event.cards)
    for hand in fair.hands:
        # a Red Three drawn is in no DRAW event: it was laid at once
        threes = {deck.index(c) for c in result.games[0].players[hand.index].threes}
        assert set(hand.seat.hand) == got[hand.index] | threes
    untouched = [
        p for p, s in enumerate(fair.hands[0].seat.public.positions) if s.recipient is None
    ]
    assert len(untouched) == len(result.games[0].stock)


class RandomPlay:
    """Any legal move, undos included, chosen at random from the seat's view."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, now: float) -> Action | None:
        world = determinize(view, random.Random(self.rng.random()))
        # a copy dealt from the view has no undo history: when only undoing is left, undo
        return self.rng.choice(legal_actions(world, include_undo=True) or [UndoTurn()])

    def refused(self, action: Action, code: str, text: str) -> None:
        raise AssertionError(f"{action} was refused: {text}")


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    preset=st.sampled_from(["classic", "modern_american"]),
    seed=st.integers(0, 2**16),
)
def test_random_play_with_undos_passes_the_audit_and_replays_alike(
    players: int, preset: str, seed: int
) -> None:
    rules = Rules.preset(preset, players=players)
    deciders = [RandomPlay(seed * 8 + s) for s in range(players)]
    fair = FairTable(rules, deciders, randomness=randomness(seed.to_bytes(4, "big")))
    result = fair.play_hand()
    assert result.misconduct is None, result.misconduct
    assert len({game.state_hash() for game in result.games}) == 1
    assert len({tuple(hand.trail) for hand in fair.hands}) == 1


def test_an_id_never_tells_a_seat_where_the_other_copy_of_its_card_is() -> None:
    """The commit-reveal deal numbered twin cards in deal order, so a seat holding the second
    copy of a face knew the first was dealt elsewhere. Here a seat's ids of a face follow the
    order the seat saw them: whenever it holds a face's later id, it has seen the earlier ones."""
    tables: list[FairTable] = []
    checked = [0]

    def check() -> None:
        for hand in tables[0].hands:
            seen = {card.card_id for card in {**hand.seat.hand, **hand.seat.table}.values()}
            for card in hand.game.players[hand.index].hand:
                ids = IDS_OF_CODE[code_of(card)]
                assert set(ids[: ids.index(card)]) <= seen
                checked[0] += ids.index(card) > 0

    rules = Rules.preset("classic", players=2)
    watchers = [Watching(Autopilot("beginner", seed=s), check) for s in range(2)]
    fair = FairTable(rules, watchers, randomness=randomness(b"twins"))
    tables.append(fair)
    assert fair.play_hand().misconduct is None
    assert checked[0] > 0  # seats did hold second copies


def test_a_game_of_hands_goes_on_as_its_record_says_and_replays_from_the_audited_decks() -> None:
    fair = table(2, seed=b"game")
    result = fair.play_game(hands=3)
    assert result.misconduct is None and len(result.hands) == 3
    record = result.record
    assert record is not None and record.hand_no == 3 and record.phase == "hand_over"
    # each hand started where the record stood: its totals, and the engine's next starter
    starts = [hand.games[0].initial_first_player for hand in result.hands]
    assert starts == [0, 1, 0]
    for number, hand in enumerate(result.hands):
        replayed = hand.games[0]
        assert replayed.history[-1]["scores"] == record.history[number]["scores"]
    assert tuple(result.hands[-1].games[0].totals) == tuple(record.totals)
    decks = [list(hand.games[0].initial_deck or []) for hand in result.hands]
    again = fair.record(decks, record.log)
    assert again.state_hash() == record.state_hash()
    assert [a["type"] for a in record.log].count("next_hand") == 2


@pytest.mark.slow
def test_a_whole_game_is_played_to_its_end_on_peek_proof_deals() -> None:
    fair = table(2, seed=b"whole")
    result = fair.play_game()
    assert result.misconduct is None and result.record is not None
    assert result.record.phase == "game_over" and result.record.winner is not None
    assert len(result.hands) == result.record.hand_no


class CountingAcks(FairTable):
    """Counts the bare acknowledgements, and the moves that acknowledge cards themselves."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bare = 0
        self.acknowledging = 0

    def send_move(self, move: Move) -> None:
        told = self.hands[1 - move.seat].acknowledged[move.seat]
        if move.action is None and move.unmask is None:
            self.bare += 1
        elif move.action is not None and move.opened > told:
            self.acknowledging += 1
        super().send_move(move)


def test_a_seat_that_can_move_acknowledges_its_cards_with_its_move_not_alone() -> None:
    rules = Rules.preset("classic", players=2)
    deciders = [Autopilot("beginner", seed=s) for s in range(2)]
    fair = CountingAcks(rules, deciders, randomness=randomness(b"t"))
    result = fair.play_hand()
    assert result.misconduct is None, result.misconduct
    draws = sum(1 for hand_action in fair.hands[0].actions if isinstance(hand_action, Draw))
    # a drawer says it has its cards with the move it then makes (one message fewer a draw);
    # a seat acknowledges alone only what it cannot answer with a move (its dealt hand, which
    # the upcard waits for)
    assert draws > 10 and fair.acknowledging >= draws
    assert fair.bare <= 4
