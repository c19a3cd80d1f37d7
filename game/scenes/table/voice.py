"""What the table says aloud when speech is on (User Guide 4.4.18).

A sensible set of events, not every card: the prompt when the player's turn comes, a pile taken,
a canasta made, a player going out, each side's points for the hand, the score after it and the
end of the game (refusals and dialogs are spoken where they are shown). Draws, melds and discards
are seen, not heard. The player's side speaks in one voice and the opponent's in another. Every
sentence is in `PHRASES`, whole and with named fields, said in the player's language.
"""

from __future__ import annotations

from game.language import N_, _
from game.logic import events as ev
from game.logic.events import Event
from game.match import ME
from game.match.table_info import CANASTA_KINDS, plural
from game.speech import Phrase, Side
from game.ui.numbers import grouped

PHRASES: dict[str, str] = {
    "your_turn": N_("Your turn."),
    "pile_taken_mine": N_("You took the pile: {count} cards."),
    "pile_taken_theirs": N_("{name} took the pile: {count} cards."),
    "canasta_mine": N_("You made a {kind} canasta of {rank}."),
    "canasta_theirs": N_("{name} made a {kind} canasta of {rank}."),
    "went_out_mine": N_("You went out."),
    "went_out_theirs": N_("{name} went out."),
    "hand_points_mine": N_("You scored {points} points this hand."),
    "hand_points_theirs": N_("{name} scored {points} points this hand."),
    "score": N_("The score: you {mine}, {name} {theirs}."),
    "won": N_("You won the game, {mine} to {theirs}."),
    "lost": N_("{name} won the game, {theirs} to {mine}."),
}


def _side(player: int) -> Side:
    return Side.PLAYER if player == ME else Side.OPPONENT


def _by(player: int, key: str, name: str, **fields: object) -> Phrase:
    """The phrase `key` said by or about `player`: "…_mine" in the player's voice, "…_theirs"
    in the opponent's, naming them."""
    if player == ME:
        return Phrase(_said(f"{key}_mine", **fields), Side.PLAYER)
    return Phrase(_said(f"{key}_theirs", name=name, **fields), Side.OPPONENT)


def _said(key: str, **fields: object) -> str:
    """The phrase `key` in the player's language, its fields filled in."""
    return _(PHRASES[key]).format(**fields)


def phrases(events: list[Event], names: tuple[str, ...], *, prompt: bool) -> list[Phrase]:
    """What to say for `events` shown at the table, in order. `names`: each side's, the
    player's first (the opponent's second); `prompt`: whether the player is at the controls (not watching AutoPlay)."""
    opponent = names[1]
    said: list[Phrase] = []
    for event in events:
        kind, player = event.kind, event.player
        if kind == ev.TURN and player == ME and prompt:
            said.append(Phrase(_said("your_turn")))
        elif kind == ev.PILE_TAKEN and player in (0, 1):
            count = len(event.cards) + event.info.get("hidden", 0)
            said.append(_by(player, "pile_taken", opponent, count=count))
        elif kind == ev.CANASTA and player in (0, 1):
            kind = CANASTA_KINDS.get(event.info.get("kind", ""), "")
            canasta = {"kind": _(kind), "rank": _(plural(event.rank or 0))}
            said.append(_by(player, "canasta", opponent, **canasta))
        elif kind == ev.HAND_OVER:
            said.extend(_hand_over(event, opponent))
        elif kind == ev.GAME_OVER:
            said.append(_game_over(event, names))
    return said


def _game_over(event: Event, names: tuple[str, ...]) -> Phrase:
    """Who won, against the player's own total: the winning side's name and total (with three
    players East may win, not only the player or West)."""
    totals = event.info["totals"]
    winner = event.player if event.player in range(1, len(names)) else 1
    mine, theirs = grouped(totals[ME]), grouped(totals[winner])
    key = "won" if event.player == ME else "lost"
    return Phrase(_said(key, name=names[winner], mine=mine, theirs=theirs))


def _hand_over(event: Event, opponent: str) -> list[Phrase]:
    said: list[Phrase] = []
    if event.player in (0, 1):
        said.append(_by(event.player, "went_out", opponent))
    scores = event.info["scores"]
    for side in (ME, 1 - ME):
        points = grouped(scores[side]["total"])
        said.append(_by(side, "hand_points", opponent, points=points))
    mine, theirs = (grouped(t) for t in event.info["totals"][:2])
    said.append(Phrase(_said("score", name=opponent, mine=mine, theirs=theirs)))
    return said
