"""A match against the computer, through the interface the table uses: the player's moves, the
computer's paced changes, refusals, hints, going back a turn, AutoPlay and a new game."""

from __future__ import annotations

from game.logic import DRAW, PLAY, Game, legal_actions, player_view
from game.logic.actions import Discard, Draw
from game.logic.ai import ComputerPlayer
from game.logic.ai.hint import HINT_AGGRESSIVENESS
from game.logic.cards import IS_WILD, code_of
from game.match import ME, HintReady, LocalGame, LocalMatch, local_match
from game.match.local_match import picture
from game.match.worker import AIResult
from game.settings import Preferences


def new_match(seed: int = 6, level: str = "carefree") -> LocalMatch:
    return local_match(
        LocalGame(Game(seed=seed), levels=("master", level)), autosave=False, worker_mode="inline"
    )


def take_all(match: LocalMatch) -> list:
    out = []
    while (change := match.next_change()) is not None:
        out.append(change)
    return out


def play_my_turn(match: LocalMatch) -> None:
    assert match.play(Draw()) is None
    hand = match.state.hand(ME)
    card = next(c for c in hand if not IS_WILD[c])
    assert match.play(Discard(code_of(card))) is None


def test_the_picture_is_seat_0_s_view_with_real_cards_face_down() -> None:
    game = Game(seed=2)
    state = picture(game)
    assert state.view == player_view(game, 0)
    assert state.stock == tuple(game.stock) and state.opponent_hand == tuple(game.players[1].hand)
    assert not hasattr(state, "players")  # a picture, not a game


def test_my_move_becomes_a_change_shown_at_once() -> None:
    match = new_match()
    assert match.play(Draw()) is None
    [change] = take_all(match)
    assert change.by_me and not change.paced
    assert change.state.phase == "play" and change.state == match.state
    assert change.events[0].kind == "draw"


def test_a_refused_move_returns_the_sentence_and_changes_nothing() -> None:
    match = new_match()
    before = match.state
    card = match.state.hand(ME)[0]
    refusal = match.play(Discard(code_of(card)))  # discarding before drawing
    assert refusal and refusal.endswith(".")
    assert match.state == before and not match.changes
    assert match.check(Discard(code_of(card))) == refusal
    assert match.check(Draw()) is None


def test_the_computer_plays_one_paced_change_at_a_time_after_mine_are_shown() -> None:
    match = new_match()
    play_my_turn(match)
    assert match.pump() == []  # my changes are not shown yet: the computer waits for them
    assert len(take_all(match)) == 2
    assert "computer" in match.status_text().lower()
    match.pump()  # asks the worker (answers on the next poll)
    match.pump()
    assert len(match.changes) == 1 and match.changes[0].paced and not match.changes[0].by_me
    match.pump()
    assert len(match.changes) == 1  # never more than one move ahead of the table


def test_moves_are_refused_while_the_computer_s_changes_wait_to_be_shown() -> None:
    match = new_match()
    play_my_turn(match)
    take_all(match)
    for _ in range(4):
        match.pump()
    assert match.changes
    assert match.play(Draw()) == "Wait for your turn: the computer is playing."


def test_a_broken_answer_from_the_computer_is_replaced_by_a_plain_legal_move() -> None:
    match = new_match()
    play_my_turn(match)
    take_all(match)
    match.pump()  # the question is asked
    request = match.computer.request_id
    assert request is not None
    match.worker.cancel()
    match.computer.receive(AIResult(request, "decide", error="Traceback: boom"))
    before = match.game.game.state_hash()
    match.pump()
    assert match.game.game.state_hash() != before and match.changes[0].paced


def test_a_hint_arrives_as_a_note_and_a_new_change_cancels_it() -> None:
    match = new_match()
    match.ask_hint()
    notes = match.pump()
    assert len(notes) == 1 and isinstance(notes[0], HintReady) and notes[0].actions
    match.ask_hint()
    assert match.play(Draw()) is None  # the position moved on: the old question is dropped
    assert match.pump() == []


def test_going_back_a_turn_empties_the_queue_and_shows_the_rebuilt_game() -> None:
    match = new_match()
    play_my_turn(match)
    take_all(match)
    while match.state.to_move != ME or match.changes:
        match.pump()
        take_all(match)
    marks = match.earlier_turns()
    assert marks[0].turn_no == 1
    assert match.rewind(marks[0]) is None
    [change] = take_all(match)
    assert change.state.turn_no == 1 and not change.events
    assert legal_actions(match.game.game) and match.game.game.log == []


def test_autoplay_hands_my_seat_to_the_computer_and_back() -> None:
    match = new_match()
    assert "AutoPlay on" in match.set_autoplay(True, "beginner")
    assert match.autoplay and match.watching
    assert match.play(Draw()).startswith("AutoPlay is on")
    match.pump()
    match.pump()
    assert match.changes and match.changes[0].paced  # the computer played my seat
    assert "off" in match.set_autoplay(False, "beginner")


def test_a_new_game_deals_again_and_a_changed_level_applies() -> None:
    match = new_match(seed=3)
    old = match.state
    assert match.restart(Preferences(skill_level="expert")) == ""
    [change] = take_all(match)
    assert change.state != old and any(e.kind == "deal" for e in change.events)
    match.preferences_changed(Preferences(skill_level="beginner", aggressiveness=70))
    assert match.game.levels[1] == "beginner" and match.game.aggressiveness == 70
    assert match.level_text() == "Opponent: Beginner"


def test_the_hint_is_the_move_master_plays_in_the_player_s_seat_remembering_the_same() -> None:
    # Master plays the player's seat through the match; before each of its decisions at the draw
    # and at the start of its melding, the match's hint (which keeps the player's memory of the
    # opponent) suggests that very move.
    match = new_match(seed=1_000_008, level="advanced")
    master = ComputerPlayer("master", seed=match.game.ai_seed, aggressiveness=HINT_AGGRESSIVENESS)
    compared = 0
    melding: tuple[int, int] | None = None
    for _ in range(400):
        take_all(match)
        game = match.game.game
        if game.phase not in (DRAW, PLAY) or compared >= 24:
            break
        if game.to_act != ME:
            match.pump()
            continue
        view = player_view(game, ME)
        action = master.decide(view)
        if view.phase == DRAW or melding != (view.hand_no, view.turn_no):
            match.ask_hint()
            (note,) = match.pump()
            assert isinstance(note, HintReady) and note.actions[0] == action, view.turn_no
            compared += 1
        if view.phase == PLAY:
            melding = (view.hand_no, view.turn_no)
        assert match.play(action) is None
    assert compared >= 20
