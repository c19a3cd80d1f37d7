"""Agreeing on the rules once host and guest meet (UG 5.4), then on to the table.

The guest sees the host's rules, with every option that differs from its own preferred rules
highlighted (the host's value in gold, its own in red), and may Accept, Counter once with its own
rules, or Decline. After a counter the host sees the guest's rules the same way and may Accept or
Decline. Rules already the same are agreed without asking anybody. While the other side decides
the screen says who is being waited for; once the first hand is dealt the network table opens.
A declined agreement, a lost connection or Cancel goes back to the title screen with a sentence.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from game.logic.rules import OPTION_SPECS, Rules, RulesError
from game.match import NetGame, NetMatch
from game.netplay import Closed, Failed, RulesDeclined, Updated
from game.netplay.agreement import Stage
from game.scenes.dialog import message_dialog
from game.scenes.net_screen import NetworkScreen
from game.scenes.table_net import NetTableScene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

_WORDS = {
    True: "on",
    False: "off",
    "alternate": "take turns",
    "loser": "loser of the hand",
    "play_on": "play on",
    "reuse_pile": "reuse the pile once",
    "classic": "Classic",
    "modern_american": "Modern American",
}


def _word(value: Any) -> str:
    if isinstance(value, (bool, str)):
        return _WORDS.get(value, str(value))
    return str(value)


def full_rules(terms: dict[str, Any]) -> dict[str, Any]:
    """Every option's value under these terms (presets spelled out), plus the hands term."""
    rules_part = {k: v for k, v in terms.items() if k != "hands"}
    try:
        out = Rules.from_dict(rules_part).to_dict(full=True)
    except RulesError:
        out = dict(rules_part)
    out.pop("preset", None)
    out["hands"] = terms.get("hands", 0)
    return out


def differences(proposed: dict[str, Any], mine: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(option label, proposed value, my value) for every option the two terms disagree on."""
    theirs, ours = full_rules(proposed), full_rules(mine)
    rows = []
    for key in theirs:
        if theirs.get(key) != ours.get(key):
            if key == "hands":
                label = "Hands in the game"
                a, b = (v or "to the target score" for v in (theirs[key], ours.get(key)))
            else:
                spec = OPTION_SPECS.get(key)
                label = spec.label if spec is not None else key.replace("_", " ")
                a, b = theirs[key], ours.get(key)
            rows.append((label, _word(a), _word(b)))
    return rows


class AgreementScene(NetworkScreen):
    net: NetGame

    def __init__(self, app: Host, net: NetGame) -> None:
        super().__init__(app)
        self.net = net
        self.group = WidgetGroup(focus_follows_mouse=False, horizontal_moves_focus=True)
        self.buttons: dict[str, Button] = {}
        self.stage: Stage | None = None
        self.rows: list[tuple[str, str, str]] = []
        self.outcome = ""
        self.handed_on = False
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        w, h = size
        self.panel = pygame.Rect(0, 0, min(t.px(900), int(w * 0.9)), min(t.px(640), int(h * 0.92)))
        self.panel.center = (w // 2, h // 2)
        self._build_buttons()

    def _choices(self) -> list[tuple[str, str]]:
        if self.stage is Stage.GUEST_DECIDING:
            return [("accept", "Accept"), ("counter", "Counter"), ("decline", "Decline")]
        if self.stage is Stage.HOST_DECIDING:
            return [("accept", "Accept"), ("decline", "Decline")]
        return [("cancel", "Cancel")]

    def _build_buttons(self) -> None:
        t = self.app.theme
        self.group.clear()
        self.buttons = {}
        choices = self._choices()
        bw, bh, gap = t.px(180), t.px(48), t.px(16)
        total = len(choices) * bw + (len(choices) - 1) * gap
        x = self.panel.centerx - total // 2
        y = self.panel.bottom - t.px(28) - bh
        for index, (name, label) in enumerate(choices):
            action = self.cancel if name == "cancel" else functools.partial(self.decide, name)
            self.buttons[name] = self.group.add(
                Button(
                    (x + index * (bw + gap), y, bw, bh),
                    t,
                    label,
                    action,
                    text_size=22,
                    primary=index == 0,
                    name=name,
                )
            )
        self.group.focus_first()

    # -- the network ----------------------------------------------------------------------------
    def poll(self) -> None:
        self.net.pump()
        for notice in self.net.take():
            if isinstance(notice, RulesDeclined):
                self._end("The rules were not agreed", notice.text)
            elif isinstance(notice, (Failed, Closed)) and not self.handed_on:
                self._end("The connection has ended", notice.text)
            elif isinstance(notice, Updated):
                pass  # the table starts from the latest view
        negotiation = self.net.negotiation
        stage = negotiation.stage if negotiation is not None else None
        if stage is not self.stage:
            self.stage = stage
            self.rows = (
                differences(negotiation.proposal or {}, negotiation.my_rules)
                if negotiation is not None and stage in (Stage.GUEST_DECIDING, Stage.HOST_DECIDING)
                else []
            )
            self._build_buttons()
        play = self.net.peer.play
        if (
            play is not None
            and play.view is not None
            and not self.handed_on
            and self.app.stack.top is self
        ):
            self._open_table()

    def _open_table(self) -> None:
        self.handed_on = True
        self.app.stack.replace(
            NetTableScene(self.app, NetMatch(self.net, self.app.players.records))
        )

    def _end(self, title: str, text: str) -> None:
        if self.handed_on:
            return
        self.app.stack.remove(self)
        message_dialog(self.app, title, text)

    def decide(self, choice: str) -> None:
        self.net.decide_rules(choice)

    # -- what it says ---------------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        peer = self.net.peer_name
        stage = self.stage
        if stage is Stage.GUEST_DECIDING:
            return (
                f"{peer}'s rules",
                (
                    "The host proposes these rules. Accept them, counter once with your own rules, "
                    "or decline."
                ),
            )
        if stage is Stage.HOST_DECIDING:
            return (
                f"{peer} proposes other rules",
                (
                    "The guest counters with its own rules. Accept them to play, or decline to end "
                    "the connection."
                ),
            )
        if stage is Stage.PROPOSED:
            return ("Agreeing on the rules", f"Waiting for {peer} to answer your rules\u2026")
        if stage is Stage.COUNTERED:
            return (
                "Agreeing on the rules",
                f"Waiting for {peer} to answer your counter-proposal\u2026",
            )
        if stage is Stage.WAITING_FOR_PROPOSAL:
            return ("Agreeing on the rules", f"Waiting for {peer}'s rules\u2026")
        if self.net.peer.play is not None:
            return ("Rules agreed", "Dealing the first hand\u2026")
        return ("Connecting", self.net.status_text)

    # -- frame ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        panel = self.panel
        title, lead = self.headline()
        y = self.draw_panel(surface, title, 36, 24) + px(12)
        for line in t.wrap(lead, 20, panel.width - px(80)):
            image = t.text(line, 20, th.CREAM)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += t.font(20).get_linesize()
        if self.stage in (Stage.GUEST_DECIDING, Stage.HOST_DECIDING):
            self._draw_rows(surface, y + px(16))
        self.group.draw(surface)

    def buttons_top(self) -> int:
        return min((b.rect.top for b in self.buttons.values()), default=self.panel.bottom)

    def _draw_rows(self, surface: pygame.Surface, top: int) -> None:
        t = self.app.theme
        px = t.px
        panel = self.panel
        left = panel.left + px(48)
        col_a = panel.left + int(panel.width * 0.58)
        col_b = panel.left + int(panel.width * 0.80)
        step = t.font(18).get_linesize() + px(4)
        who = "Host" if self.stage is Stage.GUEST_DECIDING else "Guest"
        for text, x in (("Differs from your rules", left), (who, col_a), ("Yours", col_b)):
            surface.blit(t.text(text, 17, th.CREAM_DIM), (x, top))
        y = top + step
        pygame.draw.line(
            surface, th.GOLD_DARK, (left, y - px(4)), (panel.right - px(48), y - px(4))
        )
        rows = self.rows
        room = max(1, (self.buttons_top() - px(16) - y) // step - 1)
        shown = rows if len(rows) <= room + 1 else rows[:room]
        if not rows:
            surface.blit(
                t.text("No differences: these are your rules too.", 18, th.CREAM), (left, y)
            )
        for label, theirs, mine in shown:
            surface.blit(t.text(label, 18, th.CREAM), (left, y))
            surface.blit(t.text(theirs, 18, th.GOLD_LIGHT), (col_a, y))
            surface.blit(t.text(mine, 18, th.ERROR), (col_b, y))
            y += step
        if len(rows) > len(shown):
            more = len(rows) - len(shown)
            surface.blit(
                t.text(
                    f"\u2026and {more} more difference{'s' if more != 1 else ''}.", 17, th.CREAM_DIM
                ),
                (left, y),
            )
