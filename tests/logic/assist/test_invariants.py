"""Invariants of the assist tools: they see only the player's view, and explain any move."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from game.logic import Game, Rules, determinize, player_view
from game.logic import events as ev
from game.logic.ai import ComputerPlayer
from game.logic.assist import (
    Place,
    TableMemory,
    deduce,
    describe_choices,
    distribution,
    explain_action,
    opening_scenario,
    opponent_may_go_out,
    predict_opponent,
    recall,
)
from game.logic.events import Event
from game.logic.legal import legal_actions
from tests.helpers.scenario import hidden_from, random_position

CODE = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b|\bJK\b")
PRESETS = (Rules.classic(), Rules.modern_american())


def outputs(view, memory=None):
    return (
        distribution(view, memory),
        recall(view, memory),
        deduce(view, memory),
        predict_opponent(view, memory).lines(),
        opponent_may_go_out(view),
        opening_scenario(view).text,
        describe_choices(view),
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from(PRESETS), st.integers(0, 1))
def test_explore_never_places_a_hidden_card(seed, steps, rules, seat):
    game = random_position(rules, seed, steps)
    view = player_view(game, seat)
    hidden = hidden_from(game, seat)
    dist = distribution(view)
    assert {c for c in range(108) if dist.where(c) == Place.UNKNOWN} == hidden
    remembered = recall(view)
    assert not (set(remembered.seen_with_opponent) | set(remembered.seen_by_opponent)) & hidden
    assert set(deduce(view).unknown) == hidden


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from(PRESETS), st.integers(0, 1))
def test_reshuffling_hidden_cards_changes_no_output(seed, steps, rules, seat):
    game = random_position(rules, seed, steps)
    view = player_view(game, seat)
    expected = outputs(view)
    for k in range(2):
        world = determinize(view, random.Random(k))
        assert outputs(player_view(world, seat)) == expected


PRIVATE = (ev.DRAW, ev.DEAL, ev.TALON)


def scrambled(events, rng):
    """The events with the cards of draws, deals and talons replaced by arbitrary ones."""
    return [
        Event(e.kind, e.player, tuple(rng.randrange(108) for _ in e.cards), e.rank, e.info)
        if e.kind in PRIVATE
        else e
        for e in events
    ]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(PRESETS))
def test_memory_learns_nothing_from_private_cards(seed, rules):
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    honest, fooled = TableMemory(0), TableMemory(0)
    honest.observe(game.last_events)
    fooled.observe(scrambled(game.last_events, rng))
    for _ in range(80):
        if game.phase not in ("draw", "play"):
            break
        events = game.apply(rng.choice(legal_actions(game)))
        honest.observe(events)
        fooled.observe(scrambled(events, rng))
    assert honest == fooled
    view = player_view(game, 0)
    assert outputs(view, honest) == outputs(view, fooled)


def test_every_move_the_computer_makes_is_explained_in_words():
    kinds = set()
    for rules, seed in ((Rules.classic(), 3), (Rules.modern_american(), 4)):
        game = Game(rules, seed=seed)
        players = [ComputerPlayer("advanced", seed=seed + s) for s in (0, 1)]
        for _ in range(400):
            if game.phase not in ("draw", "play"):
                break
            view = player_view(game, game.to_move)
            action = players[game.to_move].decide(view)
            sentence = explain_action(view, action)
            assert sentence.endswith(".") and sentence[0].isupper(), sentence
            assert not CODE.search(sentence), sentence
            kinds.add(type(action).__name__)
            game.apply(action)
    assert {"Draw", "Meld", "Discard"} <= kinds
