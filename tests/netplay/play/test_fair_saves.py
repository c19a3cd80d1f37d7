"""A seat's hand on a peek-proof deal saved mid-play and read back (as after a kill -9): every seat
goes on from its save alone to an audited end that every seat replays alike; a save holds the
seat's own secret and the public transcript, never another seat's card; a damaged save is
refused in words."""

from __future__ import annotations

import json

import pytest

from game.logic.actions import Action
from game.logic.rules import Rules
from game.logic.view import PlayerView
from game.netplay.fair import PUBLIC
from game.netplay.play.deciders import Autopilot
from game.netplay.play.fair_hand import FairHand, public_state
from game.netplay.play.fair_table import FairTable
from tests.netplay.play.test_fair_table import randomness


class Killed(Exception):
    """The table's process dies here."""


class DiesAfter:
    """The computer for one seat, and a process that dies once the table has made `moves`."""

    def __init__(self, seat: int, made: list[int], moves: int) -> None:
        self.inner = Autopilot("beginner", seed=seat)
        self.made, self.moves = made, moves

    def choose(self, view: PlayerView, now: float) -> Action | None:
        if self.made[0] == self.moves:
            raise Killed
        self.made[0] += 1
        return self.inner.choose(view, now)

    def refused(self, action: Action, code: str, text: str) -> None:
        self.inner.refused(action, code, text)


def saved_mid_hand(players: int, moves: int) -> tuple[Rules, list[dict[str, object]]]:
    rules = Rules.preset("classic", players=players)
    made = [0]
    deciders = [DiesAfter(s, made, moves) for s in range(players)]
    table = FairTable(rules, deciders, randomness=randomness(b"saves"))
    with pytest.raises(Killed):
        table.play_hand()
    return rules, [json.loads(json.dumps(hand.to_save())) for hand in table.hands]


@pytest.mark.parametrize("players", [2, 3])
def test_every_seat_resumes_from_its_save_to_an_audited_end(players: int) -> None:
    rules, saves = saved_mid_hand(players, moves=12)
    hands = [FairHand.from_save(save, rules) for save in saves]  # fresh randomness from here
    states = {public_state(hand.game) for hand in hands}
    assert len(states) == 1 and all(len(hand.actions) == 12 for hand in hands)
    table = FairTable(rules, [Autopilot("beginner", seed=s) for s in range(players)])
    result = table.play_on(hands)
    assert result.misconduct is None, result.misconduct
    assert len({game.state_hash() for game in result.games}) == 1
    assert len(result.games[0].log) == 12 + result.moves
    trail = [bytes.fromhex(state) for state in saves[0]["trail"]]  # type: ignore[union-attr]
    assert all(hand.trail[: len(trail)] == trail for hand in hands)


def test_a_save_holds_only_the_cards_its_seat_has_seen() -> None:
    _rules, saves = saved_mid_hand(2, moves=8)
    for index, save in enumerate(saves):
        deal = save["deal"]
        assert isinstance(deal, dict) and deal["seat"] == index
        positions = deal["positions"]
        public = {p for p, state in enumerate(positions) if state[2] == PUBLIC}
        mine = {p for p, state in enumerate(positions) if state[2] == index}
        faces = {p for p, state in enumerate(positions) if state[4] is not None}
        assert faces <= public
        opened = {card[0] for card in deal["opened"]}
        assert opened == (mine | public) - {p for p in public if positions[p][3]}
        assert all(secret is None for secret in deal["secrets"])  # nobody's secret is out yet
        other = 1 - index
        theirs = {p for p, state in enumerate(positions) if state[2] == other}
        assert theirs and not theirs & opened


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda s: s["deal"].update(format=9), "not of a format this copy reads"),
        (lambda s: s["deal"].update(secret="00"), "1 bytes, not 32"),
        (lambda s: s["deal"]["positions"][0].__setitem__(4, "ZZ"), "no card"),
        (lambda s: s["actions"].__setitem__(-1, {"type": "meld", "cards": ["AS"] * 5}), "no AS"),
        (lambda s: s["trail"].clear(), "its notes of the table do not follow its actions"),
        (lambda s: s.pop("trail"), "damaged"),
    ],
)
def test_a_damaged_save_is_refused_in_words(damage: object, reason: str) -> None:
    rules, saves = saved_mid_hand(2, moves=4)
    save = saves[0]
    damage(save)  # type: ignore[operator]
    with pytest.raises(ValueError, match=reason):
        FairHand.from_save(save, rules)
