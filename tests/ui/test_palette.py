"""The player's colours in either palette: every felt, panel and text colour keeps the text as
far from its background as the palette promises (WCAG AA, and 15:1 in high contrast)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from game import settings
from game.ui import theme as th


@pytest.fixture(autouse=True)
def standard_palette_after() -> Iterator[None]:
    yield
    th.use_palette(False)


def test_the_colour_names_stored_are_the_theme_s_own() -> None:
    assert tuple(th.FELT_COLOURS) == settings.FELT_COLOURS
    assert tuple(th.PANEL_COLOURS) == settings.PANEL_COLOURS
    assert tuple(th.TEXT_COLOURS) == settings.TEXT_COLOURS
    default = settings.Preferences()
    assert (default.felt_colour, default.panel_colour, default.text_colour) == (
        settings.FELT_COLOURS[0],
        settings.PANEL_COLOURS[0],
        settings.TEXT_COLOURS[0],
    )


@pytest.mark.parametrize("high", [False, True])
def test_every_choice_of_colours_keeps_the_text_readable(high: bool) -> None:
    ratio = th.HIGH_TEXT_CONTRAST if high else th.TEXT_CONTRAST
    for felt, panel, text in itertools.product(th.FELT_COLOURS, th.PANEL_COLOURS, th.TEXT_COLOURS):
        colours = th.palette(high, felt, panel, text)
        for background in ("FELT", "PANEL", "BUTTON"):
            assert th.contrast(colours["CREAM"], colours[background]) >= ratio, (
                felt,
                panel,
                text,
                background,
            )


def test_the_standard_choices_are_the_palettes_own_colours() -> None:
    assert th.palette(False, "green", "green", "cream") == th.STANDARD_PALETTE
    assert th.palette(True, "green", "green", "cream") == th.HIGH_CONTRAST_PALETTE


def test_a_chosen_felt_keeps_its_hue_and_is_darker_in_high_contrast() -> None:
    standard = th.palette(False, "burgundy", "green", "cream")["FELT"]
    high = th.palette(True, "burgundy", "green", "cream")["FELT"]
    assert standard == th.FELT_COLOURS["burgundy"]
    assert high[0] > high[1] and high[0] > high[2]  # still red
    assert th.luminance(high) < th.luminance(standard)


def test_use_palette_swaps_the_module_s_colours_and_says_whether_they_changed() -> None:
    assert th.use_palette(False, "blue", "navy", "yellow")
    assert th.FELT_COLOURS["blue"] == th.FELT and th.TEXT_COLOURS["yellow"] == th.CREAM
    assert th.PANEL[:3] == th.PANEL_COLOURS["navy"]
    assert not th.use_palette(False, "blue", "navy", "yellow")
    assert th.use_palette(False)
    assert th.STANDARD_PALETTE["FELT"] == th.FELT
