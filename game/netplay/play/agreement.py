"""Agreeing on the rules before a game, as in User Guide 5.4. The host proposes its rules (a plain
dict of option name to value); if the guest's own rules are the same it accepts at once, otherwise
the guest sees the differences and may accept, counter once with its own rules, or decline. The
host accepts or declines a counter. Both sides end with the same agreed rules and their hash, or
with a declined negotiation and a sentence saying who declined. This object is sans-I/O: it turns
incoming payloads into state and returns the payloads to send through the session."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any

import msgpack

from game.logic.phrase import phrase

from ..errors import ProtocolError, SessionError
from ..session.handshake import Role
from ..wire import payloads as p
from ..wire.text import clean_text


class Stage(Enum):
    WAITING_FOR_PROPOSAL = "waiting for the host's rules"
    PROPOSED = "waiting for the guest to answer"
    GUEST_DECIDING = "the guest is deciding"
    COUNTERED = "waiting for the host to answer the counter-proposal"
    HOST_DECIDING = "the host is deciding on the counter-proposal"
    AGREED = "agreed"
    DECLINED = "declined"


_MISSING = object()


@dataclass(frozen=True)
class RuleDifference:
    """One option where the proposal and this side's rules differ; None means unset."""

    name: str
    proposed: Any
    mine: Any


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _canonical(value[key]) for key in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [_canonical(item) for item in value]
    return value


def rules_hash(rules: dict[str, Any]) -> str:
    """A stable hash of a rules dict: key order does not matter, types and values do."""
    return hashlib.sha256(msgpack.packb(_canonical(rules), use_bin_type=True)).hexdigest()


def rule_differences(proposed: dict[str, Any], mine: dict[str, Any]) -> list[RuleDifference]:
    differences = []
    for name in sorted(set(proposed) | set(mine)):
        theirs, ours = proposed.get(name, _MISSING), mine.get(name, _MISSING)
        if (
            theirs is _MISSING
            or ours is _MISSING
            or rules_hash({"v": theirs}) != rules_hash({"v": ours})
        ):
            differences.append(
                RuleDifference(
                    name, None if theirs is _MISSING else theirs, None if ours is _MISSING else ours
                )
            )
    return differences


class RulesNegotiation:
    """One side of the rules agreement; feed it payloads of the rules_* kinds in delivery order."""

    def __init__(self, role: Role, my_rules: dict[str, Any]) -> None:
        p.check_rules(my_rules, "my rules")
        self.role = role
        self.my_rules = dict(my_rules)
        self.stage = Stage.PROPOSED if role is Role.HOST else Stage.WAITING_FOR_PROPOSAL
        self._started = role is Role.GUEST
        self.proposal: dict[str, Any] | None = None  # the rules on the table now
        self.differences: list[RuleDifference] = []
        self.agreed_rules: dict[str, Any] | None = None
        self.agreed_hash: str | None = None
        self.outcome = ""  # a sentence for the player once agreed or declined

    @property
    def finished(self) -> bool:
        return self.stage in (Stage.AGREED, Stage.DECLINED)

    # -- host ---------------------------------------------------------------------------------
    def start(self) -> list[Any]:
        """Host: the opening proposal payload."""
        if self.role is not Role.HOST or self._started:
            raise SessionError("only the host proposes, once")
        self._started = True
        self.proposal = dict(self.my_rules)
        return [p.RULES_PROPOSE, self.proposal]

    def accept_counter(self) -> list[Any]:
        """Host: adopt the guest's counter-proposal."""
        self._require(Role.HOST, Stage.HOST_DECIDING)
        assert self.proposal is not None
        self._agree(self.proposal, phrase("You accepted the guest's rules."))
        return [p.RULES_ACCEPT, self.agreed_hash]

    def decline_counter(self, reason: str = "") -> list[Any]:
        """Host: refuse the counter-proposal, which ends the connection attempt."""
        self._require(Role.HOST, Stage.HOST_DECIDING)
        self._decline(phrase("You declined the guest's rules."))
        return [p.RULES_DECLINE, clean_text(reason, 300)]

    # -- guest --------------------------------------------------------------------------------
    def accept(self) -> list[Any]:
        """Guest: adopt the host's proposal."""
        self._require(Role.GUEST, Stage.GUEST_DECIDING)
        assert self.proposal is not None
        self._agree(self.proposal, phrase("You accepted the host's rules."))
        return [p.RULES_ACCEPT, self.agreed_hash]

    def counter(self, rules: dict[str, Any] | None = None) -> list[Any]:
        """Guest: propose these rules (by default my own) instead; allowed once."""
        self._require(Role.GUEST, Stage.GUEST_DECIDING)
        rules = dict(self.my_rules if rules is None else rules)
        p.check_rules(rules, "counter rules")
        assert self.proposal is not None
        if rules_hash(rules) == rules_hash(self.proposal):
            return self.accept()
        self.proposal = rules
        self.stage = Stage.COUNTERED
        return [p.RULES_COUNTER, rules]

    def decline(self, reason: str = "") -> list[Any]:
        """Guest: withdraw without playing."""
        self._require(Role.GUEST, Stage.GUEST_DECIDING)
        self._decline(phrase("You declined the host's rules."))
        return [p.RULES_DECLINE, clean_text(reason, 300)]

    # -- both ---------------------------------------------------------------------------------
    def handle(self, payload: list[Any]) -> list[list[Any]]:
        """Apply a validated rules payload from the peer; return payloads to send in reply.

        A payload that makes no sense at this stage is a protocol error: the peer's copy of this
        state machine must have diverged, and guessing would risk playing different rules."""
        kind = payload[0]
        if (
            kind == p.RULES_PROPOSE
            and self.role is Role.GUEST
            and self.stage is Stage.WAITING_FOR_PROPOSAL
        ):
            self.proposal = dict(payload[1])
            self.differences = rule_differences(self.proposal, self.my_rules)
            if not self.differences:
                self._agree(self.proposal, phrase("Both players already use the same rules."))
                return [[p.RULES_ACCEPT, self.agreed_hash]]
            self.stage = Stage.GUEST_DECIDING
            return []
        if kind == p.RULES_ACCEPT and self.stage in (Stage.PROPOSED, Stage.COUNTERED):
            assert self.proposal is not None
            if payload[1] != rules_hash(self.proposal):
                raise ProtocolError(
                    "rules_mismatch", "the other side accepted different rules from those proposed"
                )
            self._agree(self.proposal, self._accepted_words())
            return []
        if kind == p.RULES_COUNTER and self.role is Role.HOST and self.stage is Stage.PROPOSED:
            self.proposal = dict(payload[1])
            self.differences = rule_differences(self.proposal, self.my_rules)
            self.stage = Stage.HOST_DECIDING
            return []
        if kind == p.RULES_DECLINE and self.stage in (Stage.PROPOSED, Stage.COUNTERED):
            reason = clean_text(payload[1], 300)
            if self.role is Role.HOST:
                text = phrase("The guest declined your rules.")
            else:
                text = phrase("The host declined your counter-proposal.")
            self._decline(
                phrase("{text} {reason}", text=text, reason=_their_reason(reason))
                if reason
                else text
            )
            return []
        raise ProtocolError("unexpected_rules", f"{kind} is not expected while {self.stage.value}")

    def _accepted_words(self) -> str:
        if self.role is Role.HOST:
            if self.stage is Stage.PROPOSED:
                return phrase("The guest accepted your rules.")
            return phrase("The guest accepted your counter-proposed rules.")
        if self.stage is Stage.PROPOSED:
            return phrase("The host accepted your rules.")
        return phrase("The host accepted your counter-proposed rules.")

    def _require(self, role: Role, stage: Stage) -> None:
        if self.role is not role or self.stage is not stage:
            raise SessionError(f"the {self.role.value} cannot do that while {self.stage.value}")

    def _agree(self, rules: dict[str, Any], outcome: str) -> None:
        self.agreed_rules = dict(rules)
        self.agreed_hash = rules_hash(rules)
        self.stage = Stage.AGREED
        self.outcome = outcome

    def _decline(self, outcome: str) -> None:
        self.stage = Stage.DECLINED
        self.outcome = outcome


def _their_reason(reason: str) -> str:
    """The other side's reason for declining, in its own words; a sentence this copy gives too
    (a table too big for it, rules it cannot play) is then said in the player's language, since
    the screens look the whole reason up as a sentence (one with braces is shown as it came)."""
    return reason if "{" in reason or "}" in reason else phrase(reason)
