"""Whether the player to move may meld these cards now: onto a meld of theirs (or a new one), as
Black Threes while going out, or as a special meld of the whole hand. The shapes of melds
themselves are `melds`'s; here they meet the player's melds, hand and turn."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import IS_WILD, THREE, WILD
from ..errors import IllegalAction
from ..melds import CANASTA_SIZE, PLURAL, check_black_threes, check_meld, special_meld
from ..phrase import phrase
from ..rules import Rules
from .going_out import NO_GOING_OUT, check_cards_left, need_canastas, short_of_canastas
from .player_state import PlayerState
from .turn import TurnState


def open_wild_meld(player: PlayerState, key: int) -> bool:
    """Whether `player` has a meld of wild cards short of a canasta, and `key` is another meld
    (some rules then keep wild cards off natural melds)."""
    wild = player.melds.get(WILD)
    return key != WILD and wild is not None and len(wild) < CANASTA_SIZE


def check_meld_onto(
    rules: Rules, player: PlayerState, turn: TurnState, key: int, cards: Sequence[int], need: int
) -> None:
    """Raise `IllegalAction` unless `player`, the mover, may put `cards` (ids from the hand, not
    locked) onto their meld keyed `key`; `need`: the canastas going out needs now."""
    if turn.black_threes:
        raise IllegalAction("black_threes_last", phrase("Black Threes must be your last meld."))
    left = len(player.hand) - len(cards)
    if key == THREE:
        check_black_threes(rules, cards)
        if player.canastas() < need:
            if need >= NO_GOING_OUT:
                raise short_of_canastas(need)
            raise IllegalAction(
                "need_canastas",
                phrase(
                    "Black Threes may be melded only when going out. {need}",
                    need=need_canastas(need),
                ),
            )
        if left > 1 or (left == 0 and rules.must_discard) or (left == 1 and turn.no_discard):
            raise IllegalAction(
                "black_threes_last",
                phrase("Black Threes may be melded only as your last meld while going out."),
            )
        return
    existing = player.melds.get(key)
    adding_wilds = sum([IS_WILD[card] for card in cards])
    if key != WILD and existing is None and adding_wilds == len(cards):
        raise IllegalAction(
            "too_few_cards",
            phrase("You have no meld of {rank} to add wild cards to.", rank=PLURAL[key]),
        )
    # A meld of Aces takes wild cards only in the cards it is first laid down with, in the
    # player's opening turn (RULES.md 4.3).
    first_laid = existing is None and not turn.opened_at_start
    check_meld(
        rules,
        key,
        existing or (),
        cards,
        first_laid,
        open_wild_meld(player, key),
        player.meld_wilds(key),
        adding_wilds,
    )
    was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
    size_after = (len(existing) if existing else 0) + len(cards)
    canastas_after = player.canastas() + (size_after >= CANASTA_SIZE and not was_canasta)
    check_cards_left(rules, left, canastas_after, need)


def check_special_meld(
    rules: Rules, player: PlayerState, drew: str | None, cards: Sequence[int]
) -> tuple[str, int]:
    """The special meld `cards` form for `player`, the mover, who drew from `drew` ("stock",
    "pile" or None) this turn: (name, bonus), or `IllegalAction`."""
    if not rules.special_melds:
        raise IllegalAction(
            "no_special_melds", phrase("Special melds are not part of these rules.")
        )
    if player.melds or player.opened:
        raise IllegalAction(
            "special_after_meld",
            phrase("A special meld is allowed only before you have melded anything this hand."),
        )
    if drew != "stock":
        raise IllegalAction(
            "special_needs_stock", phrase("A special meld goes out after drawing from the stock.")
        )
    if len(cards) != len(player.hand):
        raise IllegalAction(
            "special_whole_hand", phrase("A special meld takes your whole hand: choose every card.")
        )
    found = special_meld(cards, bool(player.threes))
    if found is None:
        raise IllegalAction(
            "not_special",
            phrase(
                "These cards are not a Straight (with a Three on "
                "the table), Seven Pairs or Garbage from your whole hand."
            ),
        )
    return found
