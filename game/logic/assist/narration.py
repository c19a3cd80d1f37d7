"""Engine events told as sentences for one player: "The Computer draws two cards.", "You meld
8♠ 8♥ 8♦."

Each sentence names only cards the listening player may see: their own draws by name, the
opponent's draws by count. The view after the action says whether a meld was new or added to, and
what the pile became. Used by the tutorial and any "what just happened" panel. Each sentence is
a `Phrase`, whole for the listener ("You draw ...") and for anyone else ("{name} draws ..."), so a
translation can conjugate it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import events as ev
from ..cards import IS_BLACK_THREE, IS_RED_THREE, IS_WILD
from ..events import Event
from ..melds import SPECIAL_MELD_NAMES, canasta_bonus
from ..phrase import N_, phrase
from ..view import PlayerView
from .names import card_name, cards_text, count_text, rank_plural

ME = "You"  # the listener's name in `names`: sentences to them are said to "you"


def _said(who: str, mine: str, theirs: str, **fields: object) -> str:
    """The sentence `mine` when `who` is the listener, else `theirs` naming them."""
    if who == ME:
        return phrase(mine, **fields)
    return phrase(theirs, name=who, **fields)


def narrate(
    events: Sequence[Event], view: PlayerView, names: tuple[str, ...] = (ME, phrase("The Computer"))
) -> list[str]:
    """Sentences for one action's events, as the view's player may know them (`names` by
    seat)."""
    out: list[str] = []
    after_take = False
    dealt = False
    for event in events:
        p = event.player
        who = names[p] if 0 <= p < len(names) else ""
        kind = event.kind
        if kind == ev.MELD and after_take:
            after_take = False
            continue
        after_take = kind == ev.PILE_TAKEN
        line = _line(event, view, who, dealt)
        dealt = dealt or kind == ev.DEAL
        if line:
            out.append(line)
    return out


def _line(event: Event, view: PlayerView, who: str, dealt: bool) -> str:
    kind = event.kind
    if kind == ev.DEAL:
        if dealt:
            return ""
        return phrase("A new hand: each player is dealt {count} cards.", count=view.rules.hand_size)
    if kind == ev.UPCARD:
        return phrase(
            "The top card of the stock, {card}, is turned up on the pile.",
            card=card_name(event.cards[0]),
        )
    if kind in _TELLERS:
        return _TELLERS[kind](event, view, who)
    return ""


def _three_laid(event: Event, view: PlayerView, who: str) -> str:
    card = card_name(event.cards[0])
    red = IS_RED_THREE[event.cards[0]]
    if event.info.get("replaced"):
        if red:
            return _said(
                who,
                N_("You lay down the Red Three {card} and draw a card in its place."),
                N_("{name} lays down the Red Three {card} and draws a card in its place."),
                card=card,
            )
        return _said(
            who,
            N_("You lay down the Black Three {card} and draw a card in its place."),
            N_("{name} lays down the Black Three {card} and draws a card in its place."),
            card=card,
        )
    if red:
        return _said(
            who,
            N_("You lay down the Red Three {card}."),
            N_("{name} lays down the Red Three {card}."),
            card=card,
        )
    return _said(
        who,
        N_("You lay down the Black Three {card}."),
        N_("{name} lays down the Black Three {card}."),
        card=card,
    )


def _draw(event: Event, view: PlayerView, who: str) -> str:
    cards = event.cards
    if event.player == view.seat:
        if not cards:
            return ""
        return _said(
            who, N_("You draw {cards}."), N_("{name} draws {cards}."), cards=cards_text(cards)
        )
    if event.info.get("replacement"):
        return ""
    n = len(cards) + int(event.info.get("hidden", 0))
    return _said(
        who,
        N_("You draw {cards} from the stock."),
        N_("{name} draws {cards} from the stock."),
        cards=count_text(n, "card"),
    )


def _pile_taken(event: Event, view: PlayerView, who: str) -> str:
    cards = event.cards
    top = card_name(cards[-1])
    pile = count_text(len(cards), "card")
    used = event.info.get("with", ())
    if used:
        return _said(
            who,
            N_("You take the pile of {pile}, melding the top card {card} with {cards}."),
            N_("{name} takes the pile of {pile}, melding the top card {card} with {cards}."),
            pile=pile,
            card=top,
            cards=cards_text(used),
        )
    return _said(
        who,
        N_("You take the pile of {pile}, adding the top card {card} to the {rank}."),
        N_("{name} takes the pile of {pile}, adding the top card {card} to the {rank}."),
        pile=pile,
        card=top,
        rank=rank_plural(event.rank or 0),
    )


def _meld(event: Event, view: PlayerView, who: str) -> str:
    meld = dict(view.melds[event.player]).get(event.rank or 0, ())
    cards = cards_text(event.cards)
    if len(meld) > len(event.cards):
        return _said(
            who,
            N_("You add {cards} to the {rank}."),
            N_("{name} adds {cards} to the {rank}."),
            cards=cards,
            rank=rank_plural(event.rank or 0),
        )
    return _said(who, N_("You meld {cards}."), N_("{name} melds {cards}."), cards=cards)


def _canasta(event: Event, view: PlayerView, who: str) -> str:
    fields = {
        "rank": rank_plural(event.rank or 0),
        "bonus": canasta_bonus(view.rules, event.rank or 0, event.cards),
    }
    kind = event.info.get("kind", "")
    if kind == "natural":
        return _said(
            who,
            N_("You complete a natural canasta of {rank}: {bonus} points of bonus."),
            N_("{name} completes a natural canasta of {rank}: {bonus} points of bonus."),
            **fields,
        )
    if kind == "wild":
        return _said(
            who,
            N_("You complete a wild canasta of {rank}: {bonus} points of bonus."),
            N_("{name} completes a wild canasta of {rank}: {bonus} points of bonus."),
            **fields,
        )
    return _said(
        who,
        N_("You complete a mixed canasta of {rank}: {bonus} points of bonus."),
        N_("{name} completes a mixed canasta of {rank}: {bonus} points of bonus."),
        **fields,
    )


def _discard(event: Event, view: PlayerView, who: str) -> str:
    card = event.cards[0]
    name = card_name(card)
    if IS_WILD[card]:
        return _said(
            who,
            N_("You discard {card}: a wild card freezes the pile."),
            N_("{name} discards {card}: a wild card freezes the pile."),
            card=name,
        )
    if IS_BLACK_THREE[card] and not view.rules.all_threes_equal:
        return _said(
            who,
            N_("You discard {card}: a Black Three blocks the pile for one turn."),
            N_("{name} discards {card}: a Black Three blocks the pile for one turn."),
            card=name,
        )
    return _said(who, N_("You discard {card}."), N_("{name} discards {card}."), card=name)


def _talon(event: Event, view: PlayerView, who: str) -> str:
    cards = count_text(event.info.get("size", 0), "card")
    return _said(
        who,
        N_("You receive a talon of {cards}."),
        N_("{name} receives a talon of {cards}."),
        cards=cards,
    )


def _undo(event: Event, view: PlayerView, who: str) -> str:
    return _said(who, N_("You take back a meld."), N_("{name} takes back a meld."))


def _pile_returned(event: Event, view: PlayerView, who: str) -> str:
    penalty = event.info.get("penalty", 0)
    if penalty:
        return _said(
            who,
            N_("You return the pile (a penalty of {penalty})."),
            N_("{name} returns the pile (a penalty of {penalty})."),
            penalty=penalty,
        )
    return _said(who, N_("You return the pile."), N_("{name} returns the pile."))


def _pass(event: Event, view: PlayerView, who: str) -> str:
    return _said(
        who,
        N_("You end the turn without discarding."),
        N_("{name} ends the turn without discarding."),
    )


def _stock_reused(event: Event, view: PlayerView, who: str) -> str:
    return phrase("The pile below its top card is shuffled into a new stock.")


def _special_meld(event: Event, view: PlayerView, who: str) -> str:
    title = SPECIAL_MELD_NAMES.get(event.info.get("name", ""), phrase("a special meld"))
    return _said(who, N_("You go out with {meld}."), N_("{name} goes out with {meld}."), meld=title)


def _ask_go_out(event: Event, view: PlayerView, who: str) -> str:
    return _said(
        who,
        N_('You ask your partner: "May I go out?"'),
        N_('{name} asks their partner: "May I go out?"'),
    )


def _go_out_answer(event: Event, view: PlayerView, who: str) -> str:
    if event.info.get("yes"):
        return _said(who, N_('You answer "Yes".'), N_('{name} answers "Yes".'))
    return _said(who, N_('You answer "No".'), N_('{name} answers "No".'))


def _game_over(event: Event, view: PlayerView, who: str) -> str:
    return _said(who, N_("You win the game."), N_("{name} wins the game."))


def _hand_over(event: Event, view: PlayerView, who: str) -> str:
    scores = event.info.get("scores") or ()
    if event.info.get("reason") == "went_out" and who:
        if event.info.get("concealed"):
            start = _said(
                who,
                N_("You go out concealed: the hand is over."),
                N_("{name} goes out concealed: the hand is over."),
            )
        else:
            start = _said(
                who, N_("You go out: the hand is over."), N_("{name} goes out: the hand is over.")
            )
    else:
        start = phrase("The stock is used up: the hand is over.")
    if len(scores) == 2 and view.players == 4:
        scored = phrase(
            "This hand scores {ours} for your side and {theirs} for theirs.",
            ours=scores[view.side]["total"],
            theirs=scores[1 - view.side]["total"],
        )
    elif len(scores) == 2:
        scored = phrase(
            "This hand scores {mine} for you and {theirs} for your opponent.",
            mine=scores[view.seat]["total"],
            theirs=scores[view.opponent]["total"],
        )
    else:
        return start
    return phrase("{ended} {scored}", ended=start, scored=scored)


_TELLERS: dict[str, Callable[[Event, PlayerView, str], str]] = {
    ev.THREE_LAID: _three_laid,
    ev.DRAW: _draw,
    ev.PILE_TAKEN: _pile_taken,
    ev.MELD: _meld,
    ev.CANASTA: _canasta,
    ev.DISCARD: _discard,
    ev.TALON: _talon,
    ev.UNDO: _undo,
    ev.PILE_RETURNED: _pile_returned,
    ev.PASS: _pass,
    ev.STOCK_REUSED: _stock_reused,
    ev.SPECIAL_MELD: _special_meld,
    ev.ASK_GO_OUT: _ask_go_out,
    ev.GO_OUT_ANSWER: _go_out_answer,
    ev.HAND_OVER: _hand_over,
    ev.GAME_OVER: _game_over,
}
