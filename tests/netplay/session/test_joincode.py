"""Join codes: easy to read out, forgiving to type, refused with a sentence when impossible."""

from __future__ import annotations

import random

import pytest

from game.netplay.session.joincode import ALPHABET, display_code, new_join_code, normalize_code


def test_a_new_code_is_eight_characters_in_two_groups_without_look_alikes():
    code = new_join_code(random.Random(5).choice)
    assert len(code) == 9 and code[4] == "-"
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert not set("01OIL") & set(ALPHABET)


def test_case_spaces_and_dashes_do_not_matter():
    assert normalize_code(" k7qm 3wxa ") == normalize_code("K7QM-3WXA") == "K7QM3WXA"
    assert display_code("K7QM3WXA") == "K7QM-3WXA"


@pytest.mark.parametrize(
    "typed, sentence",
    [
        ("", "Type the join code"),
        ("K7QM-3WX", "has 8 characters; this one has 7"),
        ("K7QM-3WX0", "never contain 0, O, 1, I or L"),
        ("K7QM-3WX?", "only letters and digits"),
    ],
)
def test_an_impossible_code_is_refused_with_a_sentence(typed, sentence):
    with pytest.raises(ValueError) as info:
        normalize_code(typed)
    assert sentence in str(info.value)
