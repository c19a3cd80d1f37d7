"""Neither side ever holds a card it may not see, the host included: during whole games over a
lossy link, after every step of the link, each side's process state (its seat of the deal, its
rules engine, its view) and the save it last wrote (read back as a resumed side would) hold no
face of a card opened to the other side alone, until the hand's audit. The other side's cards
are known only as deck positions: its engine holds them as unseen cards. At a table of four the
same holds for every process: the host's (its own seat and the computer seat it plays) and each
guest's hold no card of another process's seats, a partner's included, nor does any save."""

from __future__ import annotations

from game.logic.cards import CARD_CODE, is_unseen, unseen_card
from game.netplay.play.fair_hand import FairHand
from game.netplay.play.play_protocol import _Side
from game.netplay.play.table_protocol import TableGuest, TableHost
from game.netplay.tools.link import LinkProfile, run_linked
from tests.helpers.netplay_play import MemoryStore, linked_game
from tests.helpers.netplay_table import Table


def private_cards(play: _Side) -> dict[int, str]:
    """The cards opened to this side alone and not yet shown to the other, by deck position:
    what the other side may not know."""
    hand = play.hand
    if hand is None:
        return {}
    positions = hand.seat.public.positions
    return {
        p: opened.face
        for p, opened in hand.seat.hand.items()
        if positions[p].recipient == play.seat and positions[p].face is None
    }


def leaks(hand: FairHand, secret: dict[int, str]) -> list[str]:
    """What `hand` knows of `secret` (positions and faces the other side holds alone)."""
    found = [f"its seat saw stock card {p}" for p in secret if p in hand.seat.hand]
    found += [f"stock card {p} is open on its table" for p in secret if p in hand.seat.table]
    deck = hand.deck()
    found += [
        f"its engine holds a face at stock card {p}" for p in secret if deck[p] != unseen_card(p)
    ]
    view = hand.view()
    shown = [CARD_CODE[c] for c in view.visible_cards() if not is_unseen(c)]
    found += [
        f"its view shows {f}" for f in secret.values() if shown.count(f) > _open_faces(hand, f)
    ]
    return found


def _open_faces(hand: FairHand, face: str) -> int:
    """How many cards of this face the seat may see (its own and the open ones)."""
    seen = {**hand.seat.hand, **hand.seat.table}
    return sum(1 for opened in seen.values() if opened.face == face)


def checked_game(seed: int) -> int:
    """Play a game of two hands, checking both sides after every step of the link; how many
    checks found cards the other side held alone."""
    saves = {"host": MemoryStore("host"), "guest": MemoryStore("guest")}
    game = linked_game(
        LinkProfile(drop=0.1, duplicate=0.05, reorder=0.05, latency=0.03),
        seed=seed,
        hands=2,
        host_kwargs={"store": saves["host"]},
        guest_kwargs={"store": saves["guest"]},
    )
    problems: list[str] = []
    checked = 0

    def check() -> bool:
        nonlocal checked
        host, guest = game.host.play, game.guest.play
        for play, other, role in ((host, guest, "host"), (guest, host, "guest")):
            if play is None or other is None or play.hand is None or other.hand is None:
                continue
            if play.hand_no != other.hand_no:
                continue
            secret = private_cards(other)
            problems.extend(f"the {role}: {leak}" for leak in leaks(play.hand, secret))
            document = saves[role].document
            if document is not None and document["hand"] is not None:
                saved = type(play).from_save(document)
                if saved.hand is not None and saved.hand_no == other.hand_no:
                    problems.extend(
                        f"the {role}'s save: {leak}" for leak in leaks(saved.hand, secret)
                    )
            checked += bool(secret)
        return bool(problems) or (game.host.done and game.guest.done)

    assert run_linked(game.pair, game.host, game.guest, 20_000, check)
    assert not problems, problems[:5]
    assert game.host.result is not None and game.host.result == game.guest.result
    return checked


def test_neither_side_holds_the_other_s_cards_in_its_state_or_its_save_until_the_audit() -> None:
    checked = sum(checked_game(seed) for seed in (3, 4))
    # the checks ran while each side held cards of its own (every step of two games of two
    # hands, on both sides): the bound only shows that whole games were checked
    assert checked > 200, checked


def test_the_check_notices_a_card_the_host_was_given() -> None:
    """The check above would catch a host that learnt one of the guest's cards."""
    game = linked_game(seed=5)

    def dealt() -> bool:
        return bool(game.guest.play and game.guest.play.hand and private_cards(game.guest.play))

    assert game.run(until=dealt)
    host, guest = game.host.play, game.guest.play
    secret = private_cards(guest)
    assert not leaks(host.hand, secret)
    position = next(iter(secret))
    host.hand.seat.hand[position] = guest.hand.seat.hand[position]  # its mask came off for the host
    assert leaks(host.hand, {position: secret[position]})


def _processes(table: Table) -> dict[str, list[_Side]]:
    """The seats each process plays: the host's copy plays its own and the computer seats."""
    host = list(table.host.seats.values())
    return {"the host": host, **{f"guest {g}": [guest] for g, guest in table.guests.items()}}


def _saved(table: Table) -> dict[str, list[_Side]]:
    """Each process's seats as its save would bring them back."""
    host = TableHost.from_save(table.host.to_save())
    guests = {
        f"guest {g}": [TableGuest.from_save(guest.to_save())] for g, guest in table.guests.items()
    }
    return {"the host": list(host.seats.values()), **guests}


def test_at_a_table_of_four_no_process_holds_another_seat_s_cards_partner_included() -> None:
    table = Table(4, [1, 2, 3], seed=9)  # the partner of seat 1 is a guest too
    problems: list[str] = []
    checked = 0
    step = 0
    while table.step():
        step += 1
        processes = _processes(table)
        if step % 40 == 0:
            processes |= {f"{name}'s save": seats for name, seats in _saved(table).items()}
        for name, seats in processes.items():
            mine = {seat.seat for seat in seats}
            others = [
                seat
                for owner, theirs in _processes(table).items()
                for seat in theirs
                if seat.seat not in mine
            ]
            for play in seats:
                for other in others:
                    if play.hand is None or other.hand is None or play.hand_no != other.hand_no:
                        continue
                    secret = private_cards(other)
                    checked += bool(secret)
                    problems.extend(
                        f"{name}, seat {play.seat}: of seat {other.seat}: {leak}"
                        for leak in leaks(play.hand, secret)
                    )
        assert not problems, problems[:5]
    assert len(table.hashes()) == 1
    assert checked > 1000, checked
