"""Engine events told as sentences for one player: "The Computer draws two cards.", "You meld
8♠ 8♥ 8♦."

Each sentence names only cards the listening player may see: their own draws by name, the
opponent's draws by count. The view after the action says whether a meld was new or added to, and
what the pile became. Used by the tutorial and any "what just happened" panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import events as ev
from ..cards import IS_BLACK_THREE, IS_RED_THREE, IS_WILD
from ..events import Event
from ..melds import SPECIAL_MELD_NAMES, canasta_bonus
from ..view import PlayerView
from .names import card_name, cards_text, count_text, rank_plural

_IRREGULAR = {"go": "goes", "take back": "takes back"}


def _verb(name: str, verb: str) -> str:
    """The verb as it agrees with the player: "draw" for You, "draws" for anyone else."""
    if name == "You":
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def _say(name: str, verb: str) -> str:
    """ "You draw" / "The Computer draws"."""
    return f"{name} {_verb(name, verb)}"


def narrate(
    events: Sequence[Event], view: PlayerView, names: tuple[str, ...] = ("You", "The Computer")
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
    kind, p, cards = event.kind, event.player, event.cards
    if kind == ev.DEAL:
        return "" if dealt else f"A new hand: each player is dealt {view.rules.hand_size} cards."
    if kind == ev.UPCARD:
        return f"The top card of the stock, {card_name(cards[0])}, is turned up on the pile."
    if kind == ev.THREE_LAID:
        three = "Red Three" if IS_RED_THREE[cards[0]] else "Black Three"
        replaced = event.info.get("replaced")
        tail = f" and {_verb(who, 'draw')} a card in its place" if replaced else ""
        return f"{_say(who, 'lay')} down the {three} {card_name(cards[0])}{tail}."
    if kind == ev.DRAW:
        if p == view.seat:
            return f"{_say(who, 'draw')} {cards_text(cards)}." if cards else ""
        if event.info.get("replacement"):
            return ""
        n = len(cards) + int(event.info.get("hidden", 0))
        return f"{_say(who, 'draw')} {count_text(n, 'card')} from the stock."
    if kind == ev.PILE_TAKEN:
        top = cards[-1]
        used = event.info.get("with", ())
        how = (
            f"melding the top card {card_name(top)} with {cards_text(used)}"
            if used
            else f"adding the top card {card_name(top)} to the {rank_plural(event.rank or 0)}"
        )
        return f"{_say(who, 'take')} the pile of {count_text(len(cards), 'card')}, {how}."
    if kind == ev.MELD:
        meld = dict(view.melds[p]).get(event.rank or 0, ())
        if len(meld) > len(cards):
            return f"{_say(who, 'add')} {cards_text(cards)} to the {rank_plural(event.rank or 0)}."
        return f"{_say(who, 'meld')} {cards_text(cards)}."
    if kind == ev.CANASTA:
        bonus = canasta_bonus(view.rules, event.rank or 0, cards)
        kind_name = event.info.get("kind", "")
        return (
            f"{_say(who, 'complete')} a {kind_name} canasta of "
            f"{rank_plural(event.rank or 0)}: {bonus} points of bonus."
        )
    if kind == ev.DISCARD:
        card = cards[0]
        effect = ""
        if IS_WILD[card]:
            effect = ": a wild card freezes the pile"
        elif IS_BLACK_THREE[card] and not view.rules.all_threes_equal:
            effect = ": a Black Three blocks the pile for one turn"
        return f"{_say(who, 'discard')} {card_name(card)}{effect}."
    if kind == ev.TALON:
        return f"{_say(who, 'receive')} a talon of {count_text(event.info.get('size', 0), 'card')}."
    if kind == ev.UNDO:
        return f"{_say(who, 'take back')} a meld."
    if kind == ev.PILE_RETURNED:
        penalty = event.info.get("penalty", 0)
        return f"{_say(who, 'return')} the pile" + (
            f" (a penalty of {penalty})." if penalty else "."
        )
    if kind == ev.PASS:
        return f"{_say(who, 'end')} the turn without discarding."
    if kind == ev.STOCK_REUSED:
        return "The pile below its top card is shuffled into a new stock."
    if kind == ev.SPECIAL_MELD:
        title = SPECIAL_MELD_NAMES.get(event.info.get("name", ""), "a special meld")
        return f"{_say(who, 'go')} out with {title}."
    if kind == ev.ASK_GO_OUT:
        partner = "your partner" if who == "You" else "their partner"
        return f'{_say(who, "ask")} {partner}: "May I go out?"'
    if kind == ev.GO_OUT_ANSWER:
        answer = "Yes" if event.info.get("yes") else "No"
        return f'{_say(who, "answer")} "{answer}".'
    if kind == ev.HAND_OVER:
        return _hand_over(event, view, who)
    if kind == ev.GAME_OVER:
        return f"{_say(who, 'win')} the game."
    return ""


def _hand_over(event: Event, view: PlayerView, who: str) -> str:
    scores = event.info.get("scores") or ()
    if event.info.get("reason") == "went_out" and who:
        how = " concealed" if event.info.get("concealed") else ""
        start = f"{_say(who, 'go')} out{how}: the hand is over."
    else:
        start = "The stock is used up: the hand is over."
    if len(scores) == 2 and view.players == 4:
        start += (
            f" This hand scores {scores[view.side]['total']} for your side and "
            f"{scores[1 - view.side]['total']} for theirs."
        )
    elif len(scores) == 2:
        start += (
            f" This hand scores {scores[view.seat]['total']} for you and "
            f"{scores[view.opponent]['total']} for your opponent."
        )
    return start
