"""How did I play?: the review of one recorded game, from the seat of the player who kept it.

`ReviewScene` shows the review kept with the game, or works it out (`GameReview`, in the worker)
with a progress bar and a Cancel button, then keeps it with the record. It shows the accuracy,
the player's habits and, one at a time (← →, or the Earlier and Later buttons), the moments that
cost most: the sentence saying what the better move was worth, the table as it was (every
side's melds and the cards the others held, the pile, the player's hand) and the move played
beside the better one, with their cards. Cancel (or Esc) stops the review and keeps nothing.
The sentences are said in the player's language from the review's parts (`game.logic.phrase`):
a moment's from the table as it was and the two moves, the habits from their counts; a review
kept before it had its habits' counts is worked out again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _, decimal, n_, number
from game.logic import action_from_dict, player_view
from game.logic.actions import Action, Discard, Meld, TakePile
from game.logic.assist.names import rank_plural
from game.logic.cards import IDS_OF_CODE, sorted_cards
from game.logic.phrase import Phrase
from game.logic.replay import game_from_replay
from game.logic.review import ReviewConfig
from game.logic.review.report import habits_said
from game.logic.review.words import action_said, capitalised, sentence_said
from game.logic.view import PlayerView
from game.match import SEAT_NAMES
from game.match.game_review import GameReview
from game.match.table_info import MELD_LABELS
from game.records import get_game, replay_of, review_of, save_review
from game.scenes.records.screen import RecordsScreen
from game.sprites.cards import image_code
from game.ui import theme as th

if TYPE_CHECKING:
    from game.scenes.base import Host

# How deep the screen's reviews look (the command line's depth).
REVIEW_CONFIG = ReviewConfig()


def in_words(words: Phrase) -> str:
    """A review's phrase in the player's language, its first letter capitalised."""
    return capitalised(_(words))


def melds_words(view: PlayerView, seat: int) -> str:
    melds = [f"{_(rank_plural(key))} ({len(cards)})" for key, cards in view.melds[seat]]
    return ", ".join(melds) if melds else _("none")


def table_lines(view: PlayerView) -> list[str]:
    """The melds on the table and the cards the others hold, as the moment's view saw them: at
    two the opponent's and the player's; at three West's and East's (the players to the left
    and the right, as the table names them), then the player's; at four the other
    partnership's, then the player's side, each with its players' cards."""
    n = view.players
    seat = view.seat
    left, right = (seat + 1) % n, (seat - 1) % n

    def held(other: int) -> str:
        cards = view.hand_sizes[other]
        return n_("{n} card", "{n} cards", cards).format(n=number(cards))

    def melds_line(label: str, side_seat: int, counts: str) -> str:
        # The counts are kept on one line (no-break spaces) if the melds need a second.
        unbroken = counts.replace(" ", "\u00a0")
        return f"{_(label)}: {melds_words(view, side_seat)}  \u00b7  {unbroken}"

    if n == 3:
        return [
            melds_line(MELD_LABELS[3][1], left, held(left)),
            melds_line(MELD_LABELS[3][2], right, held(right)),
            _("Your melds: {melds}").format(melds=melds_words(view, seat)),
        ]
    if n == 4:
        partner = (seat + 2) % n
        west, north, east = (_(name) for name in SEAT_NAMES[4])
        return [
            melds_line(MELD_LABELS[4][1], left, f"{west} {held(left)}, {east} {held(right)}"),
            melds_line(MELD_LABELS[4][0], seat, f"{north} {held(partner)}"),
        ]
    return [
        _("Opponent's melds: {melds}").format(melds=melds_words(view, left))
        + "  \u00b7  "
        + held(left),
        _("Your melds: {melds}").format(melds=melds_words(view, seat)),
    ]


def plan_cards(plan: list[Action]) -> list[str]:
    """The cards a move shows, in order: those melded or laid off, the discard."""
    cards: list[str] = []
    for action in plan:
        if isinstance(action, TakePile):
            cards.extend(action.with_)
        elif isinstance(action, Meld):
            cards.extend(action.cards)
        elif isinstance(action, Discard):
            cards.append(action.card)
    return cards


def plan_pictures(plan: list[Action], hand: Sequence[int]) -> list[str]:
    """The pictures of the cards a move shows (`plan_cards`): each code is the hand's first card
    of that code not shown yet, as the move took it, so a Joker shows its own pack's design."""
    shown: list[int] = []
    for code in plan_cards(plan):
        ids = IDS_OF_CODE[code]
        shown.append(next((c for c in hand if c in ids and c not in shown), ids[0]))
    return [image_code(card) for card in shown]


class ReviewScene(RecordsScreen):
    title = N_("How did I play?")

    def __init__(self, app: Host, game_id: int) -> None:
        self.game_id = game_id
        self.job: GameReview | None = None
        self.review: dict[str, Any] | None = None
        self.index = 0
        self.replay: dict[str, Any] = {}
        self.seat = 0
        self._view: tuple[int, PlayerView] | None = None
        # A moment's sentence and its two moves in words, by moment (laid out again in
        # another language).
        self._words: dict[int, tuple[str, str, str]] = {}
        # Why the review could not be kept with the game: said instead of its summary, each
        # time the page is laid out again.
        self.unkept: str | None = None
        super().__init__(app)

    def heading(self) -> str:
        return _(self.title)

    @property
    def keys_hint(self) -> str:  # type: ignore[override]
        if self.job is not None:
            return N_("Esc  cancel the review")
        return N_("\u2190 \u2192  moment     Tab  buttons     Esc  back")

    # -- the review ----------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.review is not None or self.job is not None:
            return
        db = self.app.players.records
        try:
            self.replay = replay_of(db, self.game_id)
            self.seat = get_game(db, self.game_id).seat
        except KeyError:
            self.say(_("This game has no replay to review."), error=True)
            return
        self.review = review_of(db, self.game_id)
        if self.review is None or "habit_counts" not in self.review:
            self.review = None
            self.job = GameReview(self.replay, self.seat, REVIEW_CONFIG)
            self.say(_("Every decision you made is being weighed again, from what you could see."))
        else:
            self._reviewed()

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None:
            return
        job.poll()
        if job.error is not None:
            self.job = None
            self.say(_(job.error), error=True)
            self.layout(self.app.size)
        elif job.result is not None:
            self.job = None
            self.review = job.result
            self.unkept = save_review(self.app.players.records, self.game_id, job.result)
            self.layout(self.app.size)

    def _reviewed(self) -> None:
        review = self.review
        assert review is not None
        moments = review["moments"]
        fields = {
            "accuracy": decimal(review["accuracy"], 1),
            "decisions": number(review["decisions"]),
            "n": number(len(moments)),
        }
        if moments:
            summary = n_(
                "Accuracy {accuracy}% over {decisions} decisions, {n} costly moment: "
                "\u2190 \u2192 to step through them.",
                "Accuracy {accuracy}% over {decisions} decisions, {n} costly moments: "
                "\u2190 \u2192 to step through them.",
                len(moments),
            )
        else:
            summary = _(
                "Accuracy {accuracy}% over {decisions} decisions: no decision cost points that "
                "the review could be sure of."
            )
        if self.unkept:
            self.say(_(self.unkept), error=True)
        else:
            self.say(summary.format(**fields))

    def layout(self, size: tuple[int, int]) -> None:
        self._words.clear()
        if self.review is not None and self.job is None:
            self._reviewed()
        super().layout(size)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.close()

    def leave(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        super().leave()

    @property
    def moments(self) -> list[dict[str, Any]]:
        return list(self.review["moments"]) if self.review else []

    def step(self, by: int) -> None:
        if self.moments:
            self.index = max(0, min(len(self.moments) - 1, self.index + by))

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        if self.job is not None:
            return [(N_("Cancel"), self.cancel)]
        if self.moments:
            return [
                (N_("\u2190 Earlier"), lambda: self.step(-1)),
                (N_("Later \u2192"), lambda: self.step(1)),
                (N_("Back"), self.close),
            ]
        return [(N_("Back"), self.close)]

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.job is None:
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.job is not None:
            self.cancel()
            return True
        return super().handle_event(event)

    def view_at(self, index: int) -> PlayerView:
        """The player's view when the moment's decision was made (the table as it was)."""
        if self._view is None or self._view[0] != index:
            game, actions = game_from_replay(self.replay)
            for raw in actions[:index]:
                game.apply(raw)
            self._view = (index, player_view(game, self.seat))
        return self._view[1]

    def words_of(self, moment: dict[str, Any]) -> tuple[str, str, str]:
        """The moment's sentence, the move played and the better move, in the player's
        language, said from the table as it was."""
        index = moment["index"]
        if index not in self._words:
            view = self.view_at(index)
            played = tuple(action_from_dict(a) for a in moment["played"])
            better = tuple(action_from_dict(a) for a in moment["better"])
            self._words[index] = (
                in_words(sentence_said(view, played, better, moment["points_lost"])),
                in_words(action_said(played)),
                in_words(action_said(better)),
            )
        return self._words[index]

    # -- drawing -------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.job is not None:
            self._draw_progress(surface, self.job)
        elif self.review is not None:
            if self.moments:
                self._draw_moment(surface, self.moments[self.index])
            self._draw_habits(surface)

    def _draw_progress(self, surface: pygame.Surface, job: GameReview) -> None:
        t = self.app.theme
        box = self.content
        if job.total:
            counted = _("{done} of {total} decisions weighed").format(
                done=number(job.done), total=number(job.total)
            )
        else:
            counted = _("Starting\u2026")
        line = t.text(_("Reviewing your game: {progress}").format(progress=counted), 22, th.CREAM)
        surface.blit(line, line.get_rect(midbottom=(box.centerx, box.centery - t.px(16))))
        bar = pygame.Rect(0, 0, box.width * 2 // 3, t.px(22))
        bar.center = box.center
        pygame.draw.rect(surface, th.CREAM_DIM, bar, width=max(1, t.px(2)), border_radius=t.px(6))
        filled = bar.inflate(-t.px(6), -t.px(6))
        filled.width = int(filled.width * job.fraction)
        if filled.width > 0:
            pygame.draw.rect(surface, th.GOLD_LIGHT, filled, border_radius=t.px(4))
        note = t.text(_("A hand takes a few seconds. Cancel stops it."), 16, th.CREAM_DIM)
        surface.blit(note, note.get_rect(midtop=(box.centerx, bar.bottom + t.px(16))))

    def _draw_moment(self, surface: pygame.Surface, moment: dict[str, Any]) -> None:
        t = self.app.theme
        box = self.content
        x, y = box.left, box.top
        title = _(
            "Moment {index} of {count}: hand {hand}, turn {turn}, about {points} points"
        ).format(
            index=self.index + 1,
            count=len(self.moments),
            hand=moment["hand"],
            turn=moment["turn"],
            points=number(moment["points_lost"]),
        )
        surface.blit(t.text(t.fit(title, 20, box.width), 20, th.GOLD_LIGHT, "bold"), (x, y))
        y += t.px(30)
        sentence, played_words, better_words = self.words_of(moment)
        for line in t.wrap(sentence, 18, box.width)[:3]:
            surface.blit(t.text(line, 18, th.CREAM), (x, y))
            y += t.px(24)
        y += t.px(6)
        view = self.view_at(moment["index"])
        card_h = max(t.px(48), min(t.px(84), (box.bottom - y) // 5))
        y = self._draw_table(surface, view, x, y, card_h)
        played = [action_from_dict(a) for a in moment["played"]]
        better = [action_from_dict(a) for a in moment["better"]]
        half = box.width // 2
        hand = view.hand
        self._draw_move(
            surface,
            _("You played"),
            played_words,
            plan_pictures(played, hand),
            (x, y, half),
            card_h,
        )
        self._draw_move(
            surface,
            _("Better"),
            better_words,
            plan_pictures(better, hand),
            (x + half, y, half),
            card_h,
            better=True,
        )

    def _draw_table(
        self, surface: pygame.Surface, view: PlayerView, x: int, y: int, card_h: int
    ) -> int:
        t = self.app.theme
        width = self.content.width
        for line in table_lines(view):
            # A long list of melds goes on over a second line rather than losing the counts.
            wrapped = t.wrap(line, 16, width)
            if len(wrapped) > 2:
                wrapped = [wrapped[0], t.fit(" ".join(wrapped[1:]), 16, width)]
            for part in wrapped:
                surface.blit(t.text(part, 16, th.CREAM_DIM), (x, y))
                y += t.px(20)
            y += t.px(2)
        y += t.px(4)
        pile = t.text(self._pile_words(view), 16, th.CREAM)
        surface.blit(pile, (x, y + (card_h - pile.get_height()) // 2))
        left = x + pile.get_width() + t.px(10)
        if view.pile:
            surface.blit(self.app.cards.image(image_code(view.pile[-1]), card_h), (left, y))
            left += self.app.cards.size_for(card_h)[0] + t.px(24)
        hand = t.text(_("Your hand:"), 16, th.CREAM)
        surface.blit(hand, (left, y + (card_h - hand.get_height()) // 2))
        self._draw_cards(
            surface,
            [image_code(card) for card in sorted_cards(view.hand)],
            left + hand.get_width() + t.px(10),
            y,
            x + width,
            card_h,
        )
        return y + card_h + t.px(12)

    @staticmethod
    def _pile_words(view: PlayerView) -> str:
        if not view.pile:
            return _("Pile: empty")
        cards = n_("{n} card", "{n} cards", len(view.pile)).format(n=number(len(view.pile)))
        if view.pile_frozen_for[view.seat]:
            return _("Pile: {cards} (frozen)").format(cards=cards)
        return _("Pile: {cards}").format(cards=cards)

    def _draw_move(
        self,
        surface: pygame.Surface,
        label: str,
        words: str,
        pictures: list[str],
        where: tuple[int, int, int],
        card_h: int,
        better: bool = False,
    ) -> None:
        t = self.app.theme
        x, y, width = where
        colour = th.GOLD_LIGHT if better else th.CREAM
        surface.blit(t.text(label, 18, colour, "bold"), (x, y))
        y += t.px(24)
        for line in t.wrap(words, 16, width - t.px(16))[:2]:
            surface.blit(t.text(line, 16, th.CREAM_DIM), (x, y))
            y += t.px(20)
        self._draw_cards(surface, pictures, x, y + t.px(4), x + width - t.px(16), card_h)

    def _draw_cards(
        self,
        surface: pygame.Surface,
        codes: Sequence[str],
        x: int,
        y: int,
        right: int,
        card_h: int,
    ) -> None:
        """Cards side by side, overlapping as much as they must to fit before `right`."""
        if not codes:
            return
        card_w = self.app.cards.size_for(card_h)[0]
        step = min(card_w + self.app.theme.px(4), (right - x - card_w) // max(1, len(codes) - 1))
        for code in codes:
            surface.blit(self.app.cards.image(code, card_h), (x, y))
            x += max(step, card_w // 4)

    def _draw_habits(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        assert self.review is not None
        habits = [in_words(habit) for habit in habits_said(self.review["habit_counts"])]
        habits = habits or [_("No habit stood out.")]
        box = self.content
        y = box.bottom - t.px(22) * len(habits)
        for habit in habits:
            surface.blit(t.text(t.fit(habit, 16, box.width), 16, th.CREAM_DIM), (box.left, y))
            y += t.px(22)
