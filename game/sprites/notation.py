"""Index notations (User Guide 4.4.2): the letters of the court cards in other countries.

The corners of a King, Queen and Jack carry the letters of the notation chosen (French R D V,
German K D B, Italian R D F, Spanish R C S, Dutch H V B; the Aces keep their A), and so do the
card names in the hints and the plays told on the table ("R♠" for the King of Spades in French).
"""

from __future__ import annotations

import re

# The letters of the King, Queen and Jack in each notation, in the order of the choices.
INDEX_NOTATIONS: dict[str, tuple[str, str, str]] = {
    "english": ("K", "Q", "J"),
    "french": ("R", "D", "V"),
    "german": ("K", "D", "B"),
    "italian": ("R", "D", "F"),
    "spanish": ("R", "C", "S"),
    "dutch": ("H", "V", "B"),
}
COURTS: tuple[str, str, str] = INDEX_NOTATIONS["english"]
# A court card's name in a sentence: its letter just before a suit symbol ("K♠", "Q♥").
COURT_NAME = re.compile(r"\b([KQJ])(?=[\u2660\u2665\u2666\u2663])")


def court_letter(rank: str, notation: str) -> str:
    """The letter a rank ("K", "Q", "J", or any other) has in `notation`."""
    if rank not in COURTS:
        return rank
    letters = INDEX_NOTATIONS.get(notation, COURTS)
    return letters[COURTS.index(rank)]


def in_notation(text: str, notation: str) -> str:
    """`text` with the court cards it names ("K♠") written in `notation` ("R♠")."""
    if notation == "english" or notation not in INDEX_NOTATIONS:
        return text
    return COURT_NAME.sub(lambda m: court_letter(m.group(1), notation), text)
