"""Agreeing on the rules once host and guest meet (UG 5.4), then on to the table.

The guest sees the host's rules: the preset they start from, then every option that differs from
its own preferred rules in a list that scrolls (wheel, arrow keys, Page Up/Down; the host's value
in gold, its own in red), and may Accept, Counter once with its own
rules, or Decline. After a counter the host sees the guest's rules the same way and may Accept or
Decline. Rules already the same are agreed without asking anybody. While the other side decides
the screen says who is being waited for; once the first hand is dealt the network table opens.
A guest at a table of three or four sees who sits where (partner and opponents named, each seat
as it is taken) and may only Accept or Decline: the host's rules stand for every player, and a
guest that declines leaves its seat to another.
A declined agreement, a lost connection or Cancel goes back to the title screen with a sentence.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _, n_
from game.logic.rules import OPTION_SPECS, Rules, RulesError
from game.match import SKILL_TITLES, NetGame, NetMatch
from game.match.net_connection import my_terms, network_rule_note
from game.match.net_table import NetTable
from game.netplay import Closed, Failed, RulesDeclined
from game.netplay.play.agreement import Stage
from game.netplay.play.seating import Seating
from game.scenes.dialog import message_dialog
from game.scenes.net.screen import NetworkScreen
from game.scenes.net.table import NetTableScene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host, Scene

# In English, looked up where drawn.
_WORDS = {
    True: N_("on"),
    False: N_("off"),
    "alternate": N_("take turns"),
    "loser": N_("loser of the hand"),
    "play_on": N_("play on"),
    "reuse_pile": N_("reuse the pile once"),
    "classic": N_("Classic"),
    "modern_american": N_("Modern American"),
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
                label = N_("Hands in the game")
                a, b = (v or N_("to the target score") for v in (theirs[key], ours.get(key)))
            else:
                spec = OPTION_SPECS.get(key)
                label = spec.label if spec is not None else key.replace("_", " ")
                a, b = theirs[key], ours.get(key)
            rows.append((label, _word(a), _word(b)))
    return rows


def preset_name(terms: dict[str, Any]) -> str:
    """The preset these terms start from, in words."""
    try:
        preset = Rules.from_dict({k: v for k, v in terms.items() if k != "hands"}).nearest_preset()
    except RulesError:
        preset = str(terms.get("preset", "classic"))
    return _word(preset)


# A table's seats from the player's own (South), clockwise.
PLACES = {
    3: (N_("South, you"), N_("West, on your left"), N_("East, on your right")),
    4: (
        N_("South, you"),
        N_("West, on your left"),
        N_("North, your partner"),
        N_("East, on your right"),
    ),
}


def seating_lines(seating: Seating) -> list[tuple[str, str]]:
    """(place, who) for every seat of a table, from the player's own clockwise."""
    n = seating.players
    lines = []
    for place in range(n):
        seat = (seating.seat + place) % n
        name = seating.names[seat]
        if place == 0:
            who = _("{name} (you)").format(name=name) if name else _("you")
        elif seat == 0:
            who = _("{name} (the host)").format(name=name) if name else _("the host")
        elif seat in seating.guests:
            who = name if seat in seating.joined and name else _("waiting for a guest\u2026")
        else:
            level = seating.levels[seat]
            title = _(SKILL_TITLES[level]) if level in SKILL_TITLES else level
            who = _("Computer, {level}").format(level=title)
        lines.append((_(PLACES[n][place]), who))
    return lines


SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}


class AgreementScene(NetworkScreen):
    net: NetGame

    def __init__(self, app: Host, net: NetGame) -> None:
        super().__init__(app)
        self.net = net
        self.group = WidgetGroup(focus_follows_mouse=False, horizontal_moves_focus=True)
        self.buttons: dict[str, Button] = {}
        self.stage: Stage | None = None
        self.rows: list[tuple[str, str, str]] = []
        self.preset = ""
        self.scroll = 0  # the first difference shown
        self.visible: list[tuple[str, str, str]] = []
        self._room = 1
        self.outcome = ""
        self.handed_on = False
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        w, h = size
        self.panel = pygame.Rect(0, 0, min(t.px(900), int(w * 0.9)), min(t.px(640), int(h * 0.92)))
        self.panel.center = (w // 2, h // 2)
        self._build_buttons()

    @property
    def seating(self) -> Seating | None:
        """Who sits where, at a table of three or four."""
        return self.net.peer.seating

    def _choices(self) -> list[tuple[str, str]]:
        if self.stage is Stage.GUEST_DECIDING and self.seating is not None:
            return [("accept", _("Accept")), ("decline", _("Decline"))]
        if self.stage is Stage.GUEST_DECIDING:
            return [("accept", _("Accept")), ("counter", _("Counter")), ("decline", _("Decline"))]
        if self.stage is Stage.HOST_DECIDING:
            return [("accept", _("Accept")), ("decline", _("Decline"))]
        return [("cancel", _("Cancel"))]

    def _build_buttons(self) -> None:
        t = self.app.theme
        self.group.clear()
        self.buttons = {}
        choices = self._choices()
        bw, bh, gap = t.px(180), t.px(48), t.px(16)
        # as wide as the longest word needs in the language in use ("Gegenvorschlag"), at the
        # smallest size a button sets it, within the panel
        widest = max(t.font(18, "bold").size(label)[0] for _name, label in choices) + t.px(24)
        room = (self.panel.width - t.px(48) - (len(choices) - 1) * gap) // len(choices)
        bw = min(max(bw, widest), room)
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
                self._end(_("The rules were not agreed"), _(notice.text))
                return  # the screen has gone, and its connection with it
            if isinstance(notice, (Failed, Closed)) and not self.handed_on:
                self._end(_("The connection has ended"), _(notice.text))
                return
            # anything else (Updated): the table starts from the latest view
        negotiation = self.net.negotiation
        stage = negotiation.stage if negotiation is not None else None
        if stage is not self.stage:
            self.stage = stage
            deciding = negotiation is not None and stage in (
                Stage.GUEST_DECIDING,
                Stage.HOST_DECIDING,
            )
            proposal = (negotiation.proposal or {}) if negotiation is not None else {}
            mine = negotiation.my_rules if negotiation is not None else {}
            if self.seating is not None:  # the player's own rules for a table of that size
                mine = my_terms(self.app.prefs, self.seating.players)
            self.rows = differences(proposal, mine) if negotiation is not None and deciding else []
            self.preset = preset_name(proposal) if deciding else ""
            self.scroll = 0
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

    # -- scrolling the differences ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(event.y) * 2)
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS and self.rows:
            self.scroll_by(SCROLL_KEYS[event.key])
            return True
        return super().handle_event(event)

    def scroll_by(self, rows: int) -> None:
        room = max(1, self._room)
        self.scroll = max(0, min(self.scroll + rows, max(0, len(self.rows) - room)))

    # -- what it says ---------------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        title, lead = self._headline()
        note = network_rule_note(self.app.prefs)
        if note:
            lead = f"{lead} {_(note)}"
        return title, lead

    def _headline(self) -> tuple[str, str]:
        peer = _(self.net.peer_name)  # a stand-in ("the host") in the player's language
        stage = self.stage
        if stage is Stage.GUEST_DECIDING and self.seating is not None:
            return (
                _("{name}'s rules").format(name=peer),
                _(
                    "At a table of three or four the host's rules stand for every player: accept "
                    "them, or decline and leave your seat to another guest."
                ),
            )
        if stage is Stage.GUEST_DECIDING:
            return (
                _("{name}'s rules").format(name=peer),
                _(
                    "The host proposes these rules. Accept them, counter once with your own rules, "
                    "or decline."
                ),
            )
        if stage is Stage.HOST_DECIDING:
            return (
                _("{name} proposes other rules").format(name=peer),
                _(
                    "The guest counters with its own rules. Accept them to play, or decline to end "
                    "the connection."
                ),
            )
        agreeing = _("Agreeing on the rules")
        if stage is Stage.PROPOSED:
            return (agreeing, _("Waiting for {name} to answer your rules\u2026").format(name=peer))
        if stage is Stage.COUNTERED:
            return (
                agreeing,
                _("Waiting for {name} to answer your counter-proposal\u2026").format(name=peer),
            )
        if stage is Stage.WAITING_FOR_PROPOSAL:
            return (agreeing, _("Waiting for {name}'s rules\u2026").format(name=peer))
        play = self.net.peer.play
        if play is not None and self.seating is not None and not play.game_id:
            return (_("Rules accepted"), _("Waiting for every seat to be taken and accepted\u2026"))
        if play is not None:
            return (_("Rules agreed"), _("Dealing the first hand\u2026"))
        return (_("Connecting"), _(self.net.status_text))

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
        if self.seating is not None:
            y = self._draw_seating(surface, self.seating, y + px(10))
        if self.stage in (Stage.GUEST_DECIDING, Stage.HOST_DECIDING):
            self._draw_rows(surface, y + px(16))
        self.group.draw(surface)

    def _draw_seating(self, surface: pygame.Surface, seating: Seating, y: int) -> int:
        """Who sits where, two columns: the place, then who plays it; returns the y below."""
        t = self.app.theme
        px = t.px
        left = self.panel.left + px(48)
        who_x = left + px(250)
        width = self.panel.right - px(48) - who_x
        step = t.font(18).get_linesize()
        for place, who in seating_lines(seating):
            surface.blit(t.text(t.fit(place, 18, px(240)), 18, th.CREAM_DIM), (left, y))
            surface.blit(t.text(t.fit(who, 18, width), 18, th.GOLD_LIGHT), (who_x, y))
            y += step
        return y

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
        count = len(self.rows)
        if self.stage is Stage.GUEST_DECIDING:
            who = _("Host")
            start = n_(
                "Host's rules start from {preset}, with {n} difference from yours:",
                "Host's rules start from {preset}, with {n} differences from yours:",
                count,
            )
        else:
            who = _("Guest")
            start = n_(
                "Guest's rules start from {preset}, with {n} difference from yours:",
                "Guest's rules start from {preset}, with {n} differences from yours:",
                count,
            )
        start = start.format(preset=_(self.preset), n=count)
        surface.blit(t.text(start, 18, th.GOLD_LIGHT), (left, top))
        top += step + px(4)
        for text, x in ((_("Option"), left), (who, col_a), (_("Yours"), col_b)):
            surface.blit(t.text(text, 17, th.CREAM_DIM), (x, top))
        y = top + step
        pygame.draw.line(
            surface, th.GOLD_DARK, (left, y - px(4)), (panel.right - px(48), y - px(4))
        )
        rows = self.rows
        if not rows:
            surface.blit(
                t.text(_("No differences: these are your rules too."), 18, th.CREAM), (left, y)
            )
        room = max(1, (self.buttons_top() - px(40) - y) // step)
        self._room = room
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - room)))
        self.visible = rows[self.scroll : self.scroll + room]
        list_top = y
        for label, theirs, mine in self.visible:
            surface.blit(self._fit(_(label), col_a - left - px(12), th.CREAM), (left, y))
            surface.blit(self._fit(_(theirs), col_b - col_a - px(12), th.GOLD_LIGHT), (col_a, y))
            surface.blit(self._fit(_(mine), panel.right - px(48) - col_b, th.ERROR), (col_b, y))
            y += step
        if len(rows) > room:
            self._draw_scrollbar(surface, list_top, room * step, room)
            first, last = self.scroll + 1, self.scroll + len(self.visible)
            note = _(
                "Differences {first}\u2013{last} of {count}: scroll with the wheel or the arrow "
                "keys to see them all."
            ).format(first=first, last=last, count=len(rows))
            surface.blit(t.text(note, 16, th.CREAM_DIM), (left, list_top + room * step + px(4)))

    def _fit(self, text: str, width: int, colour: th.Colour) -> pygame.Surface:
        """A value in its column, smaller rather than cut if it is long (cut, and told to the
        layout check, only where even the smallest size is too wide)."""
        t = self.app.theme
        for size in (18, 16, 14):
            if t.font(size).size(text)[0] <= width:
                return t.text(text, size, colour)
        return t.text(t.fit(text, 12, width), 12, colour)

    def _draw_scrollbar(self, surface: pygame.Surface, top: int, height: int, room: int) -> None:
        t = self.app.theme
        x = self.panel.right - t.px(36)
        track = pygame.Rect(x, top, t.px(6), height)
        pygame.draw.rect(surface, (30, 60, 42), track, border_radius=t.px(3))
        total = len(self.rows)
        thumb_h = max(t.px(16), height * room // total)
        thumb_y = top + (height - thumb_h) * self.scroll // max(1, total - room)
        thumb = pygame.Rect(x, thumb_y, t.px(6), thumb_h)
        pygame.draw.rect(surface, th.GOLD, thumb, border_radius=t.px(3))


def table_scene(app: Host, table: NetTable) -> Scene:
    """The host's table of three or four, once every guest accepted and a hand is dealt."""
    return NetTableScene(app, NetMatch(table, app.players.records))


def connected_scene(app: Host, net: NetGame) -> Scene:
    """Where a network game goes once the other side is there: the rules agreement for a new
    game, straight back to the table for a saved one."""
    play = net.peer.play
    if net.resumed_game and play is not None and play.view is not None:
        return NetTableScene(app, NetMatch(net, app.players.records))
    return AgreementScene(app, net)  # it opens the table once a hand is dealt
