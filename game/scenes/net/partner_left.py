"""When the other player of a network game leaves or goes silent mid-game: a choice, not a dead
table.

The game is already saved on both sides (every move is). The player left at the table chooses to
wait for the other one (a countdown while this side listens again as the host, or dials again
as the guest, with the same code and the saved game), to save and quit to the title screen, or,
as the host, to finish it against the computer: the hands played and audited stand, and the hand
in play is dealt again (the host never saw the guest's cards or the stock). The guest's dialog
says the game is saved and how to resume it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.language import _, n_
from game.match import NetGame, NetMatch, local_match, saved_game
from game.match.autosaved_game import COMPUTER, HUMAN, LocalGame
from game.match.net_connection import how_to_resume, save_path, shown
from game.netplay import Connected, Failed, HostPlay, Role
from game.scenes.dialog import DialogScene
from game.scenes.net.screen import NetworkScreen, error_words
from game.scenes.table.table import TableScene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host, Scene

WAIT_SECONDS = 120.0  # as long as the reconnection window the protocol keeps open
WAIT, QUIT, COMPUTER_PLAYS = "wait", "quit", "computer"


def partner_gone(table: TableScene, match: NetMatch, text: str) -> DialogScene:
    """Ask the player left at `table` (playing `match`) what to do now the other one is gone."""
    app = table.app
    net = match.net
    saved = saved_game(net.role)
    how = f" {how_to_resume(saved, _)}" if saved is not None else ""
    buttons = [(_("Wait"), WAIT), (_("Save and quit"), QUIT)]
    if net.role is Role.HOST:
        buttons.append((_("Play the computer"), COMPUTER_PLAYS))
        more = _("The game is saved. Wait for them, stop here, or finish it against the computer.")
    else:
        more = _("The game is saved and can be resumed from Join when the host is back.")

    def chosen(choice: Any) -> None:
        if choice == WAIT:
            wait_for_partner(table, match)
        elif choice == COMPUTER_PLAYS:
            finish_against_computer(table, match)
        else:
            table.to_title()

    dialog = DialogScene(
        app,
        _("{name} is gone").format(name=_(net.peer_at_sentence_start)),
        f"{_(shown(text))} {more}{how}",
        buttons,
        on_result=chosen,
        cancel_value=QUIT,
        width=760,
    )
    app.stack.push(dialog)
    return dialog


def wait_for_partner(table: TableScene, match: NetMatch) -> None:
    """Leave the table for the waiting screen, which reopens the saved game."""
    net = match.net
    saved = saved_game(net.role)
    # the host listens again on the port its friend knows (the closed socket no longer says it)
    port = int(net.address) if net.role is Role.HOST and net.address.isdigit() else 0
    code, address = net.join_code, net.address
    table.to_title()  # closes the old connection (and frees the port) before listening again
    table.app.stack.push(
        RejoinWait(
            table.app,
            net.role,
            saved,
            port=port,
            code=code,
            address=address,
            table=lambda again: type(table)(table.app, again),
        )
    )


def finish_against_computer(table: TableScene, match: NetMatch) -> None:
    """The host plays on against the computer from the audited hands, the hand in play dealt
    again; the network save is given up since the guest can no longer rejoin a game the
    computer has taken over."""
    app = table.app
    net = match.net
    play = net.peer.play
    assert isinstance(play, HostPlay)
    game = LocalGame(
        play.game_alone(secrets.randbits(31)),
        seats=(HUMAN, COMPUTER),
        levels=(app.prefs.skill_level, app.prefs.skill_level),
    )
    table.to_title()
    save_path(Role.HOST).unlink(missing_ok=True)
    scene = TableScene(app, local_match(game, records=app.players.records))
    scene.say(_("The computer takes {name}'s seat. Play on!").format(name=_(net.peer_name)))
    app.stack.push(scene)


class RejoinWait(NetworkScreen):
    """Waiting, with a countdown, for the other player to come back to the saved game."""

    def __init__(
        self,
        app: Host,
        role: Role,
        saved: dict[str, Any] | None,
        *,
        port: int,
        code: str,
        address: str,
        table: Callable[[NetMatch], Scene],
        seconds: float | None = None,
    ) -> None:
        super().__init__(app)
        self.role = role
        self.saved = saved
        self.port = port
        self.code = code
        self.address = address
        self.table = table  # makes the network table once the other player is back
        self.left = WAIT_SECONDS if seconds is None else seconds
        self.error = ""
        self.back = False  # the other player is connected again
        self.peer = shown(str((saved or {}).get("peer", ""))) or _("your opponent")
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: dict[str, Button] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        super().enter()
        try:
            if self.role is Role.HOST:
                self.net = NetGame.host(
                    self.app.prefs, self.port, resume=self.saved, code=self.code
                )
            else:
                self.net = NetGame.join(self.app.prefs, self.address, self.code, resume=self.saved)
        except (OSError, ValueError) as exc:
            self.error = _("The game could not be reopened: {reason}").format(
                reason=error_words(exc)
            )

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        px = t.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(760), int(w * 0.9)), min(px(320), int(h * 0.9)))
        self.panel.center = (w // 2, h // 2)
        self.group.clear()
        bw, bh = px(240), px(50)
        rect = (self.panel.centerx - bw // 2, self.panel.bottom - px(28) - bh, bw, bh)
        self.buttons = {
            "stop": self.group.add(
                Button(rect, t, _("Stop waiting"), self.cancel, text_size=20, name="stop")
            )
        }

    @property
    def seconds_left(self) -> int:
        return max(0, int(self.left + 0.999))

    def poll(self) -> None:
        for notice in self.notices():
            if isinstance(notice, Connected):
                self.back = True
            if isinstance(notice, Failed):
                self.error = _(shown(notice.text))
        play = self.net.peer.play if self.net is not None else None
        if self.back and not self.handed_on and play is not None and play.view is not None:
            # a game saved while a card was being opened shows once the card is open
            assert self.net is not None
            self.handed_on = True
            match = NetMatch(self.net, self.app.players.records)
            self.app.stack.replace(self.table(match))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handed_on:
            return
        self.left -= dt
        if self.left <= 0:
            self.release_network()
            self.app.stack.remove(self)
            saved = saved_game(self.role)
            how = how_to_resume(saved, _) if saved is not None else ""
            self.app.stack.push(
                DialogScene(
                    self.app,
                    _("{name} did not come back").format(name=self.peer),
                    _("The game is saved. {how}").format(how=how),
                )
            )

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        p = self.panel
        self.draw_panel(surface, _("Waiting for {name}").format(name=self.peer), 32, 22)
        left, width = p.left + px(40), p.width - px(80)
        y = p.top + px(90)
        lines = [
            (
                n_("{n} second left", "{n} seconds left", self.seconds_left).format(
                    n=self.seconds_left
                ),
                30,
                th.GOLD_LIGHT,
            ),
            (self.error or how_to_resume(self.saved or {"role": self.role.value}, _), 18, th.CREAM),
        ]
        for text, size, colour in lines:
            for line in t.wrap(text, size, width):
                surface.blit(
                    t.text(line, size, th.ERROR if text == self.error else colour), (left, y)
                )
                y += t.font(size).get_linesize()
            y += px(10)
        self.group.draw(surface)
