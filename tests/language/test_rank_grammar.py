"""Card ranks have a gender in Spanish (la reina, el rey, la jota) and German (die Dame, der
König, das Ass): a sentence never puts an article or a determiner of its own before a rank's or
a card's name. One card of a rank is named with its article whole ("a Queen": "una reina",
"eine Dame"), one form per rank in the catalog, and the sentences that name one read right for
every rank."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from game.language import _
from game.language.files import use_language
from game.logic import player_view
from game.logic.assist import predict_opponent
from game.logic.assist.names import ONE_OF_RANK, SINGULAR
from game.logic.cards import JOKER
from tests.helpers.paths import ROOT
from tests.helpers.scenario import position
from tests.language.test_explore_words import _discards

# An article or determiner of the sentence's own right before a field naming a rank or a card.
ARTICLE_BEFORE_NAME = {
    "es": re.compile(
        r"\b(un|una|uno|el|la|los|las|del|al|ningún|ninguna|ninguno|otro|otra|este|esta)"
        r"\s+\{(rank|ranks|card)\}",
        re.IGNORECASE,
    ),
    # a plural rank after "die", "deine" or "keine" is every gender's; a card never takes one
    "de": re.compile(
        r"\b(ein|eine|einen|einem|einer|der|die|das|den|dem|des|kein|keine|keinen|keinem|"
        r"dein|deine|deinen|seine|seinen)\s+\{card\}"
        r"|\b(ein|eine|einen|einem|einer|kein|keinen|keinem)\s+\{rank\}(?!-)",
        re.IGNORECASE,
    ),
}
ONE_CARD = {
    "es": {
        2: "un dos",
        3: "un tres",
        8: "un ocho",
        11: "una jota",
        12: "una reina",
        13: "un rey",
        14: "un as",
        JOKER: "un Joker",
    },
    # the object of a sentence ("Er hat einen König abgelegt")
    "de": {
        2: "eine Zwei",
        8: "eine Acht",
        11: "einen Buben",
        12: "eine Dame",
        13: "einen König",
        14: "ein Ass",
        JOKER: "einen Joker",
    },
}


@pytest.mark.parametrize("language", ["es", "de"])
def test_no_sentence_puts_an_article_of_its_own_before_a_rank_or_a_card(language: str) -> None:
    with (ROOT / "assets" / "locale" / f"{language}.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    wrong = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [text for text in strings if ARTICLE_BEFORE_NAME[language].search(text)]
    assert wrong == []


@pytest.mark.parametrize("language", ["es", "de"])
def test_one_card_of_each_rank_is_named_with_its_own_article(language: str) -> None:
    use_language(language)
    assert set(ONE_OF_RANK) == set(SINGULAR)
    assert {rank: _(ONE_OF_RANK[rank]) for rank in ONE_CARD[language]} == ONE_CARD[language]


def _discarded_one(code: str) -> str:
    """Explore's note on one card of `code`'s rank discarded since the opponent last took the
    pile."""
    game = position(hands=("4S 4D 8C 9C", "5C 6D 7H"), to_move=0)
    lines = predict_opponent(player_view(game, 0), _discards(code)).lines()
    return next(line for line in lines if line.startswith("It discarded"))


@pytest.mark.parametrize(
    ("code", "spanish", "german"),
    [
        ("QC", "Ha descartado una reina desde", "Er hat eine Dame abgelegt"),
        ("KC", "Ha descartado un rey desde", "Er hat einen König abgelegt"),
        ("JC", "Ha descartado una jota desde", "Er hat einen Buben abgelegt"),
        ("AC", "Ha descartado un as desde", "Er hat ein Ass abgelegt"),
    ],
)
def test_a_discard_of_one_card_reads_with_the_rank_s_article(
    code: str, spanish: str, german: str
) -> None:
    note = _discarded_one(code)
    assert note.startswith("It discarded a")  # "a Queen", "an Ace" in English
    use_language("es")
    assert _(note).startswith(spanish)
    use_language("de")
    assert _(note).startswith(german)
