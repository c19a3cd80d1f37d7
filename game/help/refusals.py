"""Which rule of the help text each refused move comes from, for the "Why?" of a refusal.

Every `IllegalAction` code raised anywhere in the game maps to the anchor of the help section that
explains the rule (a test walks the source and checks that none is missing and every anchor
exists). With four players, a refusal whose rule a partnership reads differently opens the
partnership's section instead. A code from a newer version, unknown here, opens the help at its
start.
"""

from __future__ import annotations

REFUSAL_ANCHORS: dict[str, str] = {
    # the order of a turn
    "draw_first": "draw-first",
    "already_drawn": "draw-first",
    "must_draw": "draw-first",
    "stock_empty": "stock-runs-out",
    "must_take_pile": "stock-runs-out",
    "no_discard": "stock-runs-out",
    # the pile
    "pile_empty": "taking-the-pile",
    "pile_needs_match": "taking-the-pile",
    "pile_blocked": "pile-blocked",
    "pile_frozen": "pile-frozen",
    "pile_to_canasta": "pile-to-canasta",
    "one_card_pile": "one-card-pile",
    "cards_locked": "cards-locked",
    "pile_returned": "undo",
    "nothing_to_undo": "undo",
    # discarding
    "no_wild_discard": "no-wild-discard",
    "no_ace_seven_discard": "no-ace-seven-discard",
    "must_discard": "must-discard",
    # melds
    "mixed_ranks": "meld-ranks",
    "name_rank": "meld-ranks",
    "bad_rank": "meld-ranks",
    "too_few_cards": "meld-size",
    "too_many_wild": "wild-limits",
    "canasta_full": "canastas",
    "no_wild_melds": "wild-canastas",
    "wild_meld_open": "wild-canastas",
    "pure_aces": "pure-aces-sevens",
    "pure_sevens": "pure-aces-sevens",
    "no_special_melds": "special-melds",
    "special_after_meld": "special-melds",
    "special_needs_stock": "special-melds",
    "not_special": "special-melds",
    "special_whole_hand": "special-melds",
    "initial_meld_short": "initial-meld",
    "black_threes": "black-threes-out",
    "black_threes_last": "black-threes-out",
    # going out and the end of a hand
    "need_canastas": "need-canastas",
    "go_out_refused": "may-i-go-out",
    "answer_pending": "may-i-go-out",
    "already_asked": "may-i-go-out",
    "ask_too_late": "may-i-go-out",
    "no_question": "may-i-go-out",
    "no_partner": "partnerships",
    "hand_over": "game-end",
    "hand_not_over": "game-end",
    "game_over": "game-end",
    "no_deck": "game-end",
    # practice tools
    "practice_hand_over": "practice",
    "practice_after_meld": "practice",
    "practice_card": "practice",
    # network games
    "waiting": "network",
    "not_now": "network",
    "not_your_turn": "network",
    # moves that name nothing playable
    "bad_action": "move-errors",
    "bad_card": "move-errors",
    "card_not_in_hand": "move-errors",
    "no_move": "move-errors",
}
# With four players, the refusals whose rule a partnership reads differently (the side's
# minimum, the side's canastas) open the partnership's own section.
PARTNERSHIP_ANCHORS: dict[str, str] = {
    "initial_meld_short": "side-opening",
    "need_canastas": "side-going-out",
}
FALLBACK_ANCHOR = "help"


def anchor_for(code: str, players: int = 2) -> str:
    """The help anchor of the rule behind refusal `code` in a game of `players`."""
    if players == 4 and code in PARTNERSHIP_ANCHORS:
        return PARTNERSHIP_ANCHORS[code]
    return REFUSAL_ANCHORS.get(code, FALLBACK_ANCHOR)
