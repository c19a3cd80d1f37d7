"""Explore's findings (Recall, Deduce, Predict opponent) in the player's language: every kind of
sentence the tools compose, on scripted positions, goes through the translation layer (a
pseudo-language that accents every letter leaves none plain but the cards' names), and reads in
Spanish and German."""

from __future__ import annotations

import re

from game.language import _, install
from game.language.files import use_language
from game.logic import events as ev
from game.logic import player_view
from game.logic.actions import Discard
from game.logic.assist import TableMemory, deduce, opponent_may_go_out, predict_opponent, recall
from game.logic.cards import IDS_OF_CODE
from game.logic.events import Event
from game.logic.phrase import Phrase
from tests.helpers.scenario import position
from tests.language.test_language_screens import _pseudo_catalog, _template
from tests.logic.assist.test_explore import late_in_a_hand, taken_by_opponent

CARD_NAME = re.compile(r"(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]")


def _discards(*codes: str) -> TableMemory:
    """The memory of seat 0 after the opponent discarded `codes` (two of a code: both copies)."""
    memory = TableMemory(0)
    seen: dict[str, int] = {}
    for code in codes:
        card = IDS_OF_CODE[code][seen.get(code, 0)]
        seen[code] = seen.get(code, 0) + 1
        memory.observe([Event(ev.DISCARD, 1, (card,))])
    return memory


def _every_kind_of_finding() -> list[Phrase]:
    """Lines of each kind: cards seen taken and none seen, the unknown cards by rank, ranks
    seen, likely and impossible, a discard of a Six, an Eight and two Fours, and each reason
    the opponent may or may not go out."""
    lines: list[Phrase] = []
    game, events = taken_by_opponent()
    memory = TableMemory(0)
    memory.observe(events)
    game.apply(Discard("6C"))
    memory.observe(game.last_events)
    for seat in (0, 1):
        lines += recall(player_view(game, seat)).lines() + deduce(player_view(game, seat)).lines()
    lines += predict_opponent(player_view(game, 0), memory).lines()
    kings = position(
        hands=("KC KC 4D", "5C 6C 7C 9D 9S 9H"),
        melds=({"K": "KS KD KH KS KD KH"}, {"Q": "QS QD QH QS QD QH"}),
        to_move=1,
    )
    lines += predict_opponent(player_view(kings, 0), _discards("8C", "4S", "4S")).lines()
    short = position(hands=("4S 4D 8C 9C", "5C 6D"), melds=({}, {"K": "KS KD KH"}), to_move=0)
    done = position(
        hands=("4S 4D 8C 9C", "5C"),
        melds=({}, {"K": "KS KD KH KS KD KH KC", "Q": "QS QD QH QS QD QH QC"}),
        to_move=0,
    )
    lines += predict_opponent(player_view(late_in_a_hand(), 0)).lines()
    lines += [opponent_may_go_out(player_view(g, 0)).reason for g in (short, done)]
    return lines


def test_every_kind_of_explore_finding_goes_through_the_layer() -> None:
    lines = _every_kind_of_finding()
    english = " ".join(lines)
    for sentence in (
        "You saw your opponent take",
        "Your opponent saw you take",
        "Your opponent has seen none",
        "in your opponent's hand",
        "They are:",
        "it holds one seen card",
        "It discarded a Six",
        "It discarded an Eight",
        "It discarded two Fours",
        "It cannot hold any",
        "Fives (97%)",
        "it needs two more canastas",
        "it has the canastas it needs",
        "cannot go out on its next turn",
    ):
        assert sentence in english
    install(_pseudo_catalog(_template()))
    plain = [said for said in map(_, lines) if re.search("[A-Za-z]", CARD_NAME.sub("", said))]
    assert plain == []


def test_explore_s_findings_read_in_spanish_and_german() -> None:
    game, _events = taken_by_opponent()
    lines = recall(player_view(game, 0)).lines()
    use_language("es")
    assert [_(line) for line in lines] == [
        "Tu rival no ha visto ninguna de las cartas de tu mano.",
        "Viste a tu rival tomar 5♦ y 9♥.",
    ]
    use_language("de")
    assert _(lines[1]) == "Du hast gesehen, wie dein Gegner 5♦ und 9♥ genommen hat."
