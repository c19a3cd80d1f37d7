"""Text measured through the theme (wrapped, cut to a width, sized to fit) is worked out once for
each text and width, and afresh when the screen's size changes or a text log starts listening."""

from __future__ import annotations

import pygame

from game.ui.text_log import TextLog
from game.ui.theme import Theme

WORDS = "the pile is frozen for you until you hold a natural pair of that rank"


def test_wrapped_lines_follow_the_screen_size() -> None:
    pygame.font.init()
    theme = Theme((1280, 720))
    small = theme.wrap(WORDS, 16, 300)
    theme.resize((1920, 1080))
    large = theme.wrap(WORDS, 16, 300)
    assert len(large) > len(small)  # the same width holds fewer words of larger text
    assert large == Theme((1920, 1080)).wrap(WORDS, 16, 300)


def test_changing_wrapped_lines_does_not_change_the_next_answer() -> None:
    pygame.font.init()
    theme = Theme((1280, 720))
    lines = theme.wrap(WORDS, 16, 300)
    expected = list(lines)
    lines.append("extra")
    assert theme.wrap(WORDS, 16, 300) == expected


def test_a_text_log_hears_of_a_cut_made_before_it_listened() -> None:
    pygame.font.init()
    theme = Theme((1280, 720))
    cut = theme.fit(WORDS, 16, 120)
    assert cut.endswith("\u2026")
    log = TextLog()
    theme.record(log)
    assert theme.fit(WORDS, 16, 120) == cut
    assert [misfit.text for misfit in log.misfits] == [WORDS]
    theme.fit(WORDS, 16, 120)
    assert len(log.misfits) == 1  # heard once, as a cut text cached and drawn again is


def test_the_size_that_fits_is_the_largest_that_does() -> None:
    pygame.font.init()
    theme = Theme((1280, 720))
    size = theme.size_to_fit(WORDS, 22, 600)
    assert size < 22 and theme.font(size).size(WORDS)[0] <= 600
    assert theme.font(size + 1).size(WORDS)[0] > 600
    assert theme.size_to_fit(WORDS, 22, 600) == size
