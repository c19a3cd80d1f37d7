"""Every screen and dialog, laid out at 1024x600, 1280x720 and 1920x1080 with 20-character names
(wide letters too) and large scores: no text is cut, squeezed, off the screen, cut by a clip or
spilling out of its panel. The theme's text recorder (`game.ui.text_log`) sees every text as the
screen draws it; a failure names the screen, the size and the text. The screens of a live network
game (the rules agreement both ways, a partner gone, the wait for their return) are laid out over
loopback with a headless peer; Find a partner and Wait for a partner on a real Mosquitto, with a
list of long-named hosts of many rule differences, a question asked and two guests' requests
waiting."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import APP_VERSION
from game.app import App
from game.audio import SoundManager
from game.logic import Game
from game.logic.actions import AskGoOut
from game.logic.cut import cut_for_deal as cut_for_deal_of
from game.logic.rules import Rules
from game.main import start_safely
from game.match import LocalMatch
from game.match.autosaved_game import autosave_path
from game.match.table_info import rules_summary
from game.netplay import Role
from game.netplay.lobby import Announcement
from game.netplay.lobby.guest import GuestLobby
from game.netplay.lobby.host import HostLobby
from game.netplay.play.chat import ChatLine, ChatLog
from game.netplay.shell.lobby_mqtt import LobbyConnection
from game.netplay.shell.wormhole import InviteCode, Rendezvous
from game.records import Ending, create_profile, current_profile, rename_profile, save_review
from game.scenes import flow
from game.scenes.dialog import CrashScene, DialogScene, confirm_dialog, message_dialog
from game.scenes.learn.explore import PAGES
from game.scenes.learn.help import HelpScene
from game.scenes.learn.tutorial import TutorialScene
from game.scenes.menu import MenuScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.chat import ChatPanel, chat_rect
from game.scenes.net.invite import AcceptScene, InviteScene
from game.scenes.net.join import JoinScene
from game.scenes.net.lobby import FindPartnerScene
from game.scenes.net.lobby_host import WaitForPartnerScene
from game.scenes.net.partner_left import RejoinWait
from game.scenes.net.table import NetTableScene
from game.scenes.option_items import option_sections
from game.scenes.options import OptionsScene
from game.scenes.records.entry import open_screen
from game.scenes.records.history import GameScene, HistoryScene
from game.scenes.records.players import PlayersScene
from game.scenes.records.review import ReviewScene
from game.scenes.records.same_cards import ReplayTableScene
from game.scenes.table.autostep import AutoStepScene
from game.scenes.table.cut import CutDialog
from game.scenes.table.scores import GameOverScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from game.settings import start_marker_path
from game.sprites.cards import CardImages
from tests.helpers.lan import OfflineDiscovery, lan_game
from tests.helpers.layout_check import misfits, start_recording
from tests.helpers.mosquitto import running_mosquitto, until
from tests.helpers.net_screens import (
    HeadlessPeer,
    HeadlessTable,
    join_by_typing,
    open_host_screen,
    run_until,
)
from tests.helpers.records_history import record_game, record_table_game
from tests.helpers.review import record_arena_hand, review_with_a_blunder
from tests.helpers.scenario import position
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    card_spot,
    centre,
    engine,
    open_table,
    quick_autoplay_table,
)
from tests.helpers.table_screens import (
    big_scores,
    canasta_details,
    in_play,
    meld_menu,
    pile_menu,
    table,
)
from tests.helpers.ui_events import DT, click, press, resize_window, step

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
NAMES = ["WWWWWWWWWWWWWWWWWWWW", "Maximilian Alexander"]
LOBBY_WAIT = 60.0  # seconds eight hosts may take to be listed on a busy machine
NETWORK_NAME = "Bartholomew Rutledge"
Builder = Callable[[App], object]


def _seated_table(app: App, players: int, *, north_asks: bool = False) -> None:
    """A table of three or four in play: melds at every seat, Threes, the person to act."""
    others = ("4C 4D 5H 6S 7C 9D JH", "5C 5D 6H 7S 8C 10D QH", "6C 6D 7H 8S 9C JD QS")
    melds = ({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {"8": "8S 8H 8D"}, {"Q": "QC QD QH"})
    game = position(
        Rules().with_players(players),
        hands=("9C 5D 4H 6S 7D JC", *others[: players - 1]),
        melds=melds[:players] if players == 3 else melds[:2],
        threes=("3H", "3D", "")[:players] if players == 3 else ("3H", "3D"),
        pile="7S 6C",
        phase="play",
        opened=(True,) * (players if players == 3 else 2),
        totals=(123456, -12345, 4321)[: 3 if players == 3 else 2],
    )
    if north_asks:
        game.to_move = 2
        game.apply(AskGoOut())
    in_play(app, game)


def title(app: App) -> None:
    app.stack.push(TitleScene(app))


def options(section: int) -> Builder:
    def build(app: App) -> None:
        app.stack.push(OptionsScene(app, section=section))

    return build


def table_big_scores(app: App) -> None:
    in_play(app, big_scores())


def table_late_in_a_long_game(app: App) -> None:
    """Nine hands behind: the oldest folded into one "Hands 1-4" line beside large figures."""
    game = big_scores()
    game.history = [
        {"hand": hand, "scores": [{"total": 13716}, {"total": -1371}]} for hand in range(1, 10)
    ]
    in_play(app, game)


def table_menu(app: App) -> None:
    in_play(app)
    press(app, pygame.K_ESCAPE)


def learning_menu(app: App) -> None:
    in_play(app)
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["Help and learning"].rect.center)
    assert isinstance(app.stack.top, MenuScene) and app.stack.top is not menu


def table_hint(app: App) -> None:
    scene = in_play(app, big_scores())
    press(app, pygame.K_h)
    step(app, 30)
    assert scene.hint is not None and scene.hint.visible


def table_refusal(app: App) -> None:
    in_play(app, big_scores())
    press(app, pygame.K_F7)  # take the pile: refused, with "Why?"


def refusal_in_a_dialog(app: App) -> None:
    app.prefs.refusals_in_dialog = True
    in_play(app, big_scores())
    press(app, pygame.K_F7)


def cut_for_deal(app: App) -> None:
    # Long names under the cut cards and in the sentence; the cut of four players.
    table = in_play(app, Game(Rules().with_players(4), seed=5))
    app.stack.push(CutDialog(app, cut_for_deal_of(5, 4), table.names))


def safe_mode_offer(app: App) -> None:
    start_marker_path().parent.mkdir(parents=True, exist_ok=True)
    start_marker_path().touch()
    app.stack.push(TitleScene(app))
    start_safely(app, safe_mode=False)


def safe_mode_restore(app: App) -> None:
    app.stack.push(TitleScene(app))
    start_safely(app, safe_mode=True)
    app.stack.push(OptionsScene(app))


def earlier_turn_menu(app: App) -> None:
    table = open_table(app, Game(seed=12), pauses=False)
    press(app, pygame.K_F6)
    click(app, card_spot(table, table.board.hand_order[0]), button=3)  # discarded
    assert run_until(app, lambda: engine(table).to_move == 0 and not table.match.changes)
    click(app, table.buttons["earlier"].rect.center)
    assert isinstance(app.stack.top, MenuScene)


def what_can_i_do(app: App) -> None:
    in_play(app)
    press(app, pygame.K_F3)


def autostep(app: App) -> None:
    scene = in_play(app)
    assert isinstance(scene.match, LocalMatch)
    app.stack.push(AutoStepScene(app, scene, scene.match))


def hand_over(app: App) -> None:
    scene = quick_autoplay_table(app, about_to_go_out((4321, -1234)))
    autoplay_to_the_results(app, scene)


def game_over(app: App) -> None:
    hand_over_with_big_totals = about_to_go_out((123456, -12345))
    autoplay_to_the_results(app, quick_autoplay_table(app, hand_over_with_big_totals))
    press(app, pygame.K_RETURN)
    step(app, 5)
    assert isinstance(app.stack.top, GameOverScene), app.stack.top


# A side's totals at three and four: six figures, below zero, and the person's side leading.
SEATED_TOTALS = {3: (123456, -12345, 4321), 4: (123456, -12345)}


def seated_hand_over(players: int) -> Builder:
    def build(app: App) -> None:
        game = about_to_go_out((4321, -1234, 987)[: len(SEATED_TOTALS[players])], players)
        autoplay_to_the_results(app, quick_autoplay_table(app, game))

    return build


def seated_game_over(players: int) -> Builder:
    def build(app: App) -> None:
        game = about_to_go_out(SEATED_TOTALS[players], players)
        autoplay_to_the_results(app, quick_autoplay_table(app, game))
        press(app, pygame.K_RETURN)
        step(app, 5)
        over = app.stack.top
        assert isinstance(over, GameOverScene), over
        assert over.names[0].startswith(NAMES[0])  # the person's name, not their seat's

    return build


def help_screen(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(HelpScene(app))


def tutorial(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(TutorialScene(app, TableScene))
    step(app, 3)


def explore(page: str) -> Builder:
    def build(app: App) -> None:
        in_play(app).learning.open_explore(page)

    return build


def damaged_save(app: App) -> None:
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_bytes(b"\xff\xfe not text")
    app.stack.push(TitleScene(app))
    flow.continue_game(app)
    step(app, 3)
    assert isinstance(app.stack.top, DialogScene)


def stacked_dialogs(app: App) -> None:
    app.stack.push(TitleScene(app))
    confirm_dialog(app, "Leave the game?", "Your game is saved as you play.", lambda yes: None)
    message_dialog(app, "Preferences not saved", "They apply until you quit.")


def crash(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(CrashScene(app, "RuntimeError: " + "x" * 300, Path("/tmp/" + "w" * 60)))


def players(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(PlayersScene(app))


def name_dialog(app: App) -> None:
    players(app)
    press(app, pygame.K_n)


def records(name: str) -> Builder:
    def build(app: App) -> None:
        app.stack.push(TitleScene(app))
        open_screen(app, name)

    return build


def replay(app: App) -> None:
    app.stack.push(TitleScene(app))
    open_screen(app, "history")
    press(app, pygame.K_v)
    step(app, 5)
    assert isinstance(app.stack.top, ReplayTableScene), app.stack.top


def with_tables(name: str, opened: int | None = None) -> Builder:
    """A records screen after a game of three and (the newest) a game of four; with `opened`,
    the hands of the game in that row of the history."""

    def build(app: App) -> None:
        records = app.players.records
        record_table_game(records, 3, 41, ("beginner", "master"))
        record_table_game(records, 4, 42, ("expert", "advanced"), "intermediate")
        app.stack.push(TitleScene(app))
        open_screen(app, name)
        if opened is not None:
            for _ in range(opened):
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
            assert isinstance(app.stack.top, GameScene)
            assert app.stack.top.game is not None and app.stack.top.game.players == 4 - opened

    return build


def game_hands(app: App) -> None:
    app.stack.push(TitleScene(app))
    history = open_screen(app, "history")
    assert isinstance(history, HistoryScene) and history.table.rows
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScene)


def review(during: bool) -> Builder:
    def build(app: App) -> None:
        app.stack.push(TitleScene(app))
        game_id = record_arena_hand(app.players.records)
        if not during:
            save_review(app.players.records, game_id, review_with_a_blunder())
        scene = ReviewScene(app, game_id)
        app.stack.push(scene)
        if during:
            # The worker's question withdrawn before it answers: the progress bar stays half
            # full.
            assert scene.job is not None
            scene.job.worker.cancel()
            scene.job.done, scene.job.total = 16, 32

    return build


def chat(app: App) -> list[ChatPanel]:
    scene = in_play(app)
    assert scene.geometry is not None
    log = ChatLog()
    for index, text in enumerate(["Good luck!", "W" * 60, "Thanks, " + NAMES[1] + ", you too!"]):
        log.add(ChatLine(index == 2, NAMES[0] if index == 2 else NETWORK_NAME, text, index))
    g = scene.geometry
    rect = chat_rect(g.right, g.buttons.top, g.px(8))
    panel = ChatPanel(app.theme, rect, log, lambda text: None, lambda: None)
    panel.show()
    panel.group.set_focus(None)  # the hint in the empty line, as before the player types
    return [panel]


def host(app: App) -> None:
    open_host_screen(app)


def join(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(JoinScene(app))


def join_with_games(app: App) -> None:
    # games on this network: two long names, one seat taken, one of another version
    lan = OfflineDiscovery()
    app.lan = lan
    join(app)
    lan.listed.show(lan_game(NAMES[0], rules="modern_american"))
    lan.listed.show(lan_game(NETWORK_NAME, address="192.168.100.200", free_seats=0))
    lan.listed.show(lan_game(NAMES[1], address="192.168.1.9", app_version="0.9", protocol=(0, 0)))


def invite(app: App) -> None:
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=[])
    app.stack.push(scene)
    step(app)
    scene.on_meeting(InviteCode("7-crossover-clockwork", "Tell your friend the code."))


def accept(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(AcceptScene(app))


def find_partner(app: App) -> None:
    # A lobby server that is not one: the screen and its error, with nothing dialled.
    app.prefs.lobby_broker = "http://lobby.example.org/" + "w" * 40
    app.stack.push(TitleScene(app))
    app.stack.push(FindPartnerScene(app, join=JoinScene))


def wait_for_partner(app: App) -> None:
    app.prefs.lobby_broker = "http://lobby.example.org/" + "w" * 40
    app.stack.push(TitleScene(app))
    app.stack.push(WaitForPartnerScene(app))


SCREENS: dict[str, Builder] = {
    "title": title,
    **{f"options {s.title}": options(i) for i, s in enumerate(option_sections())},
    "table": table,
    "table with large scores": table_big_scores,
    "table late in a long game": table_late_in_a_long_game,
    "table for three": lambda app: _seated_table(app, 3),
    "table for four": lambda app: _seated_table(app, 4),
    "table for four, North asks to go out": lambda app: _seated_table(app, 4, north_asks=True),
    "table menu": table_menu,
    "help and learning menu": learning_menu,
    "hint": table_hint,
    "refusal with Why?": table_refusal,
    "refusal in a dialog": refusal_in_a_dialog,
    "cut for the deal": cut_for_deal,
    "safe mode offered": safe_mode_offer,
    "safe mode and Restore mine": safe_mode_restore,
    "what can I do": what_can_i_do,
    "meld menu": meld_menu,
    "pile menu": pile_menu,
    "canasta details": canasta_details,
    "earlier turn menu": earlier_turn_menu,
    "AutoStep": autostep,
    "hand over": hand_over,
    "game over": game_over,
    **{f"hand over at {n}": seated_hand_over(n) for n in (3, 4)},
    **{f"game over at {n}": seated_game_over(n) for n in (3, 4)},
    "help": help_screen,
    "tutorial": tutorial,
    **{f"Explore {page}": explore(page) for page in PAGES},
    "damaged save dialog": damaged_save,
    "stacked dialogs": stacked_dialogs,
    "crash": crash,
    "players": players,
    "new player name": name_dialog,
    **{f"records {n}": records(n) for n in ("history", "stats", "charts", "fame", "league")},
    "records game hands": game_hands,
    **{
        f"records {n} with games of three and four": with_tables(n)
        for n in ("history", "stats", "league")
    },
    "records game of four": with_tables("history", 0),
    "records game of three": with_tables("history", 1),
    "records replay": replay,
    "review in progress": review(during=True),
    "review of a game": review(during=False),
    "chat": chat,
    "host": host,
    "join": join,
    "join with games on this network": join_with_games,
    "invite": invite,
    "accept an invite": accept,
    "find a partner": find_partner,
    "wait for a partner": wait_for_partner,
}


@pytest.fixture
def long_named_app(
    user_dirs: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    # Invite codes are asked for but no meeting starts: the screens, with no network.
    monkeypatch.setattr(Rendezvous, "start", lambda self: self)
    monkeypatch.setattr(Rendezvous, "poll_events", lambda self: [])
    app = App(
        size=(1280, 720),
        sounds=SoundManager(tmp_path / "no_sounds"),
        cards=CardImages(tmp_path / "no_cards"),
    )
    records = app.players.records
    me = current_profile(records)
    rename_profile(records, me.id, NAMES[0])
    create_profile(records, NAMES[1])
    record_game(records, "advanced", 11, Ending.OVER)
    record_game(records, "@" + NETWORK_NAME, 12, Ending.OVER)
    app.prefs.player_name = NAMES[0]
    pygame.event.clear()
    yield app
    app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_text_fits_its_box(long_named_app: App, screen: str, size: tuple[int, int]) -> None:
    app = long_named_app
    resize_window(app, size)
    assert app.size == size
    start_recording(app)
    extras = SCREENS[screen](app)
    step(app, 2)
    app.step(DT)
    assert app.last_crash is None, app.last_crash
    found = misfits(app, extras if isinstance(extras, list) else [])
    assert not found, f"{screen} at {size[0]}x{size[1]}:\n" + "\n".join(map(str, found))


@pytest.mark.net
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_network_table_and_its_chat_fit(long_named_app: App, size: tuple[int, int]) -> None:
    # A real host over loopback, its player with a long name; the guest is the player here.
    app = long_named_app
    host = HeadlessPeer(Role.HOST, name=NETWORK_NAME)
    try:
        app.prefs.animation_speed = "off"
        join_by_typing(app, host.address, host.code)
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        assert isinstance(table, NetTableScene)
        resize_window(app, size)
        start_recording(app)
        click(app, centre(table.buttons["earlier"].rect))  # Chat
        step(app, 3)
        assert app.size == size and table.chat is not None and table.chat.visible
        found = misfits(app)
        assert not found, f"network table at {size[0]}x{size[1]}:\n" + "\n".join(map(str, found))
    finally:
        host.stop()


@pytest.mark.net
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_host_screen_of_a_table_of_four_and_its_waiting_list_fit(
    long_named_app: App, size: tuple[int, int]
) -> None:
    # Long names on every seat: one guest reading the rules, one accepted, a computer.
    app = long_named_app
    scene = open_host_screen(app)
    guests: list[HeadlessPeer] = []
    try:
        click(app, centre(scene.buttons["players"].rect))
        click(app, centre(scene.buttons["players"].rect))
        click(app, centre(scene.buttons["seat2"].rect))
        for name, pause in ((NETWORK_NAME, True), ("W" * 32, False)):
            guest = HeadlessPeer(
                Role.GUEST,
                address=("127.0.0.1", scene.listening_port),
                code=scene.code,
                name=name,
                max_players=4,
            )
            if pause:
                guest.paused.set()
            guests.append(guest)
            assert run_until(app, lambda n=name: any(r.name == n for r in scene.table.seat_rows()))
        assert run_until(app, lambda: scene.table.seat_rows()[3].state == "accepted")
        _sized(app, size)
        _assert_fits(app, "the host's table of four")
    finally:
        for guest in guests:
            guest.stop()


@pytest.mark.net
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_guests_seating_and_the_network_table_of_four_fit(
    long_named_app: App, size: tuple[int, int]
) -> None:
    app = long_named_app
    host = HeadlessTable(4, {1: None, 2: None, 3: "master"}, name=NETWORK_NAME)
    other = None
    try:
        _sized(app, size)
        join_by_typing(app, host.address, host.code)
        assert run_until(
            app,
            lambda: isinstance(app.stack.top, AgreementScene) and "accept" in app.stack.top.buttons,
        )
        agreement = app.stack.top
        _assert_fits(app, "the agreement with the table's seats")
        click(app, centre(agreement.buttons["accept"].rect))
        other = HeadlessPeer(
            Role.GUEST, address=host.address, code=host.code, name=NAMES[1], max_players=4
        )
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), 40)
        table = app.stack.top
        click(app, centre(table.buttons["earlier"].rect))  # Chat
        _assert_fits(app, "the network table of four and its chat")
    finally:
        if other is not None:
            other.stop()
        host.stop()


# -- a live network game and the lobby -------------------------------------------------------------
def _many_options() -> Rules:
    """Modern American with ten options changed: 10 differences from its preset in the lobby,
    26 from the Classic rules in the agreement."""
    terms = Rules.modern_american().to_dict(full=True)
    terms.pop("preset")
    terms.update(
        starter="loser",
        initial_upcard=True,
        talons=False,
        natural_pair_required=True,
        discard_return_penalty=100,
        max_wild_per_meld=3,
        canastas_to_go_out=3,
        pass_the_discard=True,
        going_out_bonus=200,
        target_score=10000,
    )
    return Rules.from_dict(terms)


def _sized(app: App, size: tuple[int, int]) -> None:
    resize_window(app, size)
    assert app.size == size
    app.prefs.animation_speed = "off"
    start_recording(app)


def _assert_fits(app: App, screen: str) -> None:
    step(app, 2)
    assert app.last_crash is None, app.last_crash
    found = misfits(app)
    size = f"{app.size[0]}x{app.size[1]}"
    assert not found, f"{screen} at {size}:\n" + "\n".join(map(str, found))


def _accept_the_rules(app: App, screen: str) -> None:
    """Wait for the other side's rules to be listed, check they fit, accept them and wait for
    the table."""
    assert run_until(
        app, lambda: isinstance(app.stack.top, AgreementScene) and len(app.stack.top.rows) > 20
    )
    agreement = app.stack.top
    assert isinstance(agreement, AgreementScene)
    _assert_fits(app, screen)
    click(app, centre(agreement.buttons["accept"].rect))
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))


def _partner_leaves(app: App, partner: HeadlessPeer) -> DialogScene:
    """The partner says goodbye; the dialog that says so."""
    partner.paused.set()
    partner.peer.leave(f"{NETWORK_NAME} had to go.")
    partner.paused.clear()
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene))
    gone = app.stack.top
    assert isinstance(gone, DialogScene)
    return gone


def _wait_for_the_return_of(app: App, gone: DialogScene, who: str) -> None:
    _assert_fits(app, f"the {who} is gone")
    click(app, centre(gone.buttons[0].rect))  # Wait
    assert isinstance(app.stack.top, RejoinWait)
    _assert_fits(app, f"waiting for the {who} to return")


@pytest.mark.net
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_guest_s_agreement_its_partner_gone_and_its_wait_fit(
    long_named_app: App, size: tuple[int, int]
) -> None:
    # The app joins a host of many other rules, accepts them; the host leaves, the app waits.
    app = long_named_app
    _sized(app, size)
    host = HeadlessPeer(Role.HOST, name=NETWORK_NAME, rules=_many_options())
    try:
        join_by_typing(app, host.address, host.code)
        _accept_the_rules(app, "the host's rules")
        press(app, pygame.K_ESCAPE)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        _assert_fits(app, "the network table's menu")
        click(app, centre(menu.buttons["Disconnect"].rect))
        assert isinstance(app.stack.top, DialogScene)
        _assert_fits(app, "disconnect?")
        press(app, pygame.K_ESCAPE)  # keep playing
        assert isinstance(app.stack.top, NetTableScene)
        gone = _partner_leaves(app, host)
        assert gone.title == f"{NETWORK_NAME} is gone"
        _wait_for_the_return_of(app, gone, "host")
    finally:
        host.stop()


@pytest.mark.net
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_host_s_agreement_its_partner_gone_and_its_wait_fit(
    long_named_app: App, size: tuple[int, int], tmp_path: Path
) -> None:
    # A guest of many other rules counters the app's; the app accepts, the guest leaves.
    app = long_named_app
    _sized(app, size)
    scene = open_host_screen(app)
    assert scene.net is not None
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.net.endpoint.port}",  # type: ignore[union-attr]
        code=scene.code,
        rules=_many_options(),
        answer=lambda negotiation: "counter",
        name=NETWORK_NAME,
        save_to=str(tmp_path / "guest.json"),
    )
    try:
        _accept_the_rules(app, "the guest's counter-proposal")
        gone = _partner_leaves(app, guest)
        assert len(gone.buttons) == 3
        _wait_for_the_return_of(app, gone, "guest")
    finally:
        guest.stop()


def _waiting_host(broker: str, index: int) -> LobbyConnection[HostLobby]:
    """A host in the lobby with a 20-letter name, many options changed and a long wait."""
    rules = _many_options()
    announcement = Announcement(
        f"{NAMES[0][:17]}W{index:02d}",
        rules.nearest_preset(),
        tuple(rules_summary(rules)[1]),
        level="expert",
        app_version=APP_VERSION,
        since=1_700_000_000 + index,
    )
    return LobbyConnection(broker, HostLobby(announcement))


@pytest.mark.net
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_find_a_partner_with_a_full_list_and_a_question_asked_fits(
    long_named_app: App, size: tuple[int, int], tmp_path: Path
) -> None:
    app = long_named_app
    _sized(app, size)
    with running_mosquitto(tmp_path / "mosquitto") as broker:
        app.prefs.lobby_broker = broker.url
        hosts = [_waiting_host(broker.url, index) for index in range(8)]
        try:
            until(lambda: all(host.connected for host in hosts), LOBBY_WAIT)
            app.stack.push(TitleScene(app))
            scene = FindPartnerScene(app, join=JoinScene)
            app.stack.push(scene)
            assert run_until(app, lambda: scene.total == len(hosts), LOBBY_WAIT), scene.total
            assert len(scene.listed[0].differences) == 10
            _assert_fits(app, "find a partner")
            click(app, centre(scene.asks[0].rect))
            assert scene.buttons["cancel_ask"].visible
            _assert_fits(app, "find a partner, asking")
        finally:
            for host in hosts:
                host.close()


@pytest.mark.net
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_wait_for_a_partner_with_requests_waiting_fits(
    long_named_app: App, size: tuple[int, int], tmp_path: Path
) -> None:
    app = long_named_app
    _sized(app, size)
    app.prefs.rules = _many_options().to_dict()
    app.prefs.host_port = 0
    with running_mosquitto(tmp_path / "mosquitto") as broker:
        app.prefs.lobby_broker = broker.url
        app.stack.push(TitleScene(app))
        scene = WaitForPartnerScene(app)
        app.stack.push(scene)
        assert run_until(app, lambda: scene.status.startswith("Listed in the lobby"))
        _assert_fits(app, "wait for a partner")
        guests = [LobbyConnection(broker.url, GuestLobby()) for _ in range(2)]
        try:
            for guest, name in zip(guests, NAMES, strict=True):
                assert run_until(app, lambda g=guest: bool(g.read(lambda c: c.find(NAMES[0]))))
                host_id = guest.read(lambda core: core.find(NAMES[0])).host_id
                guest.do(lambda core, now, n=name, h=host_id: core.ask(h, n, now))

            def both_waiting() -> bool:
                pending = scene.lobby.pending if scene.lobby is not None else []
                return len(pending) == 2 and isinstance(app.stack.top, DialogScene)

            assert run_until(app, both_waiting)
            assert isinstance(app.stack.top, DialogScene)
            assert app.stack.top.title in {f"{name} asks to play" for name in NAMES}
            _assert_fits(app, "a guest asks to play")
        finally:
            for guest in guests:
                guest.close()
