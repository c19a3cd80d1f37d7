"""The fast listing of melds, discards, pile takes and passes agrees exactly, in content and order,
with the engine's own validators over random positions under both presets and varied options."""

import random

import pytest

from game.logic import Discard, Game, Meld, Pass, Rules, TakePile
from game.logic.cards import (
    CARD_CODE,
    CARD_RANK,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    THREE,
    TWO,
    WILD,
)
from game.logic.errors import IllegalAction
from game.logic.legal import legal_actions


def accepted(check, *args):
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def reference_melds(game):
    """Natural-rank melds as the validators judge them, candidate by candidate."""
    player = game.mover
    usable = game._usable_hand(game.to_move)
    by_rank, jokers, twos = {}, [], []
    for card in usable:
        rank = CARD_RANK[card]
        if rank == JOKER:
            jokers.append(card)
        elif rank == TWO:
            twos.append(card)
        elif not IS_RED_THREE[card]:
            by_rank.setdefault(rank, []).append(card)
    keys = [k for k in by_rank if k != THREE] + [
        k for k in player.melds if k not in by_rank and k not in (2, THREE)
    ]
    out = []
    room = game.rules.max_wild_per_meld
    for key in keys:
        naturals = by_rank.get(key, [])
        existing = player.melds.get(key)
        for n in range(0 if existing else 1, len(naturals) + 1):
            for j in range(min(len(jokers), room) + 1):
                for t in range(min(len(twos), room - j) + 1):
                    if n + j + t == 0 or (existing is None and n + j + t < 3):
                        continue
                    if existing is None and j + t > n:
                        break
                    cards = naturals[:n] + jokers[:j] + twos[:t]
                    if accepted(game.validate_meld, key, cards):
                        codes = tuple(CARD_CODE[c] for c in cards)
                        out.append(Meld(codes, None if n else MELD_KEY_NAME[key]))
    return out


def reference_wild_and_black_three_melds(game):
    """Melds of wild cards only and of Black Threes, as the validators judge them."""
    usable = game._usable_hand(game.to_move)
    jokers = [c for c in usable if CARD_RANK[c] == JOKER]
    twos = [c for c in usable if CARD_RANK[c] == TWO]
    black = [c for c in usable if IS_BLACK_THREE[c]]
    out = []
    if game.rules.wild_canastas:
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                cards = jokers[:j] + twos[:t]
                if cards and accepted(game.validate_meld, WILD, cards):
                    out.append(Meld(tuple(CARD_CODE[c] for c in cards), "wild"))
    sets = [black[:3], black[:4]] if len(black) >= 3 else []
    if len(black) >= 2 and game.rules.black_three_out_with_wild:
        sets.extend([*black[:2], w] for w in jokers[:1] + twos[:1])
    for cards in sets:
        if accepted(game.validate_meld, THREE, cards):
            out.append(Meld(tuple(CARD_CODE[c] for c in cards)))
    return out


def reference_takes(game):
    """The ways to take the pile (the top card alone onto a meld, with one natural, with one
    natural and a Joker or a Two, with two naturals) that validate_take accepts."""
    if game.turn.returned or not game.pile:
        return []
    rank = CARD_RANK[game.pile[-1]]
    hand = game.mover.hand
    naturals = [c for c in hand if CARD_RANK[c] == rank and not IS_WILD[c]]
    jokers = [c for c in hand if CARD_RANK[c] == JOKER]
    twos = [c for c in hand if CARD_RANK[c] == TWO]
    candidates = [[]]
    if naturals:
        candidates.append(naturals[:1])
        candidates.extend([naturals[0], w] for w in jokers[:1] + twos[:1])
    if len(naturals) >= 2:
        candidates.append(naturals[:2])
    return [
        TakePile(tuple(CARD_CODE[c] for c in cards))
        for cards in candidates
        if accepted(game.validate_take, cards)
    ]


def reference_discards(game):
    out, seen = [], set()
    for card in game._usable_hand(game.to_move):
        code = CARD_CODE[card]
        if code not in seen:
            seen.add(code)
            if accepted(game.validate_discard, card):
                out.append(Discard(code))
    if game.rules.discard_red_three_to_freeze:
        for card in game.mover.threes:
            code = CARD_CODE[card]
            if IS_RED_THREE[card] and code not in seen:
                seen.add(code)
                if accepted(game.validate_discard, card, True):
                    out.append(Discard(code))
    return out


RULE_SETS = [
    Rules(),
    Rules.modern_american(),
    Rules(pass_the_discard=True, canastas_to_go_out=1, max_wild_per_meld=1),
    Rules(extended_canastas=False, must_discard=True, prohibit_wild_discard=True),
    Rules(red_three_replacement=False, stock_end="reuse_pile", pass_the_discard=True),
    Rules.from_dict({"preset": "modern_american", "prohibit_interim_mixed_melds": False}),
    Rules(black_three_out_with_wild=True, natural_pair_required=True, take_pile_to_canasta=False),
    Rules(talons=True, all_threes_equal=True, discard_red_three_to_freeze=True, must_discard=True),
]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_listed_melds_discards_and_pile_takes_are_exactly_those_the_validators_accept(rules):
    checked = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if game.phase not in ("draw", "play"):
                break
            listed = legal_actions(game)
            assert (Pass() in listed) == accepted(game.validate_pass)
            if game.phase == "play":
                melds = [
                    a
                    for a in listed
                    if isinstance(a, Meld)
                    and a.rank not in ("wild", "special")
                    and not all(c.startswith("3") for c in a.cards)
                ]
                assert melds == reference_melds(game)
                assert [a for a in listed if isinstance(a, Discard)] == reference_discards(game)
                others = [
                    a
                    for a in listed
                    if isinstance(a, Meld)
                    and (a.rank == "wild" or (a.cards and all(c.startswith("3") for c in a.cards)))
                ]
                assert others == reference_wild_and_black_three_melds(game)
                checked += 1
            else:
                assert [a for a in listed if isinstance(a, TakePile)] == reference_takes(game)
            # A meld-loving player, so that positions with many melds are checked too.
            building = [a for a in listed if isinstance(a, Meld)]
            game.apply(rng.choice(building if building and rng.random() < 0.7 else listed))
    assert checked >= 50
