"""The end-of-hand audit: with every secret released, recompute the whole deck and judge it.

Every seat runs it on its own copy of the transcript and must reach the same verdict. It takes
nothing on trust from the checks made as the messages arrived, so it can judge a transcript read
back from a save as well:

- each shuffle was a permutation of the deck it received, masked with the seat's secret: no
  value twice, and every value one of the received ones multiplied by the secret (108 distinct
  values from a set of 108 are a permutation of it);
- each unmask on record was honest: `before = x·after` for the seat's secret (the proofs said
  so already; the audit says it again from the secrets alone);
- every position, with all masks removed, is one of the 108 cards, and no card is at two; the
  positions of the last seat's deck it never sent (the stock's bottom, which no hand reached)
  hold the cards no other position holds.

The result names every fault (the seat, the step, the position) and, when there is none, the
deck's faces in deal order, from which `deck_ids` gives the engine's ids as the commit-reveal
deal renumbers them, for the replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.logic.cards import N_CARDS, CardCode, CardId, code_of, deck_from_codes
from game.logic.phrase import Phrase, phrase

from .group import CARD_OF_POINT, CARD_POINTS, Point, Scalar, invert, mask, scalar_mul
from .misconduct import Code, Misconduct, Step, card_name, same_card, whose

if TYPE_CHECKING:
    from .deck import PublicDeck


@dataclass(frozen=True)
class AuditReport:
    faces: tuple[CardCode | None, ...]  # each position's card, None where there is none
    faults: tuple[Misconduct, ...]

    @property
    def ok(self) -> bool:
        return not self.faults

    def deck_ids(self) -> list[CardId]:
        """The engine's ids for the deck in deal order (only for a deck without faults)."""
        if not self.ok:
            raise ValueError("a deck with faults has no ids")
        return deck_from_codes(list(self.faces))


def audit(public: PublicDeck) -> AuditReport:
    secrets = public.secrets
    if any(secret is None for secret in secrets) or len(public.shuffles) != public.seats:
        raise ValueError("the audit needs every shuffle and every seat's secret")
    known = [s for s in secrets if s is not None]
    faults = _shuffle_faults(public, known) + _unmask_faults(public, known)
    faces, card_faults = _faces(public, known)
    return AuditReport(faces, tuple(faults + card_faults))


def _shuffle_faults(public: PublicDeck, secrets: list[Scalar]) -> list[Misconduct]:
    faults = []
    received = CARD_POINTS
    for seat, published in enumerate(public.shuffles):
        expected = {mask(secrets[seat], value) for value in received}
        first: dict[Point, int] = {}
        for position, value in enumerate(published):
            if value in first:
                sentence = same_card(seat, first[value], position)
                faults.append(_fault(Code.DUPLICATE_CARD, seat, sentence, position))
            elif value not in expected:
                sentence = phrase(
                    "{whose} shuffle put a card at {card} that was not in the deck it received",
                    whose=whose(seat),
                    card=card_name(position),
                )
                faults.append(_fault(Code.FALSE_SHUFFLE, seat, sentence, position))
            first.setdefault(value, position)
        received = published
    return faults


def _unmask_faults(public: PublicDeck, secrets: list[Scalar]) -> list[Misconduct]:
    faults = []
    for position, state in enumerate(public.positions):
        for record in state.history:
            if mask(secrets[record.seat], record.after) != record.before:
                sentence = phrase(
                    "{whose} unmask of {card} is false",
                    whose=whose(record.seat),
                    card=card_name(position),
                )
                faults.append(_fault(Code.FALSE_UNMASK, record.seat, sentence, position))
    return faults


def _faces(
    public: PublicDeck, secrets: list[Scalar]
) -> tuple[tuple[CardCode | None, ...], list[Misconduct]]:
    every_mask = secrets[0]
    for secret in secrets[1:]:
        every_mask = scalar_mul(every_mask, secret)
    undo = invert(every_mask)
    faults = []
    faces: list[CardCode | None] = []
    first: dict[CardId, int] = {}
    for position, value in enumerate(public.shuffles[-1]):
        card = CARD_OF_POINT.get(mask(undo, value))
        if card is None:
            sentence = phrase("{card} is no card", card=card_name(position))
            faults.append(_fault(Code.NOT_A_CARD, None, sentence, position))
        elif card in first:
            sentence = phrase(
                "{card} is the same card as {other}",
                card=card_name(position),
                other=card_name(first[card]),
            )
            faults.append(_fault(Code.CARD_TWICE, None, sentence, position))
        else:
            first[card] = position
        faces.append(None if card is None else code_of(card))
    # The stock's bottom the last seat never sent holds the other cards; no hand reached them,
    # so their order is nobody's: the record takes them in the order of their ids.
    faces.extend(code_of(CardId(c)) for c in range(N_CARDS) if c not in first)
    return tuple(faces[:N_CARDS]), faults


def _fault(code: Code, seat: int | None, sentence: Phrase, position: int) -> Misconduct:
    return Misconduct(code, sentence, seat=seat, step=Step.AUDIT, position=position)
