"""Card pictures are loaded once and cached per size and tint; sprites move, flip and stack."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.sprites.cards import CardImages, CardSprite, Tint, back_code
from game.sprites.tween import Animator


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_scaled_pictures_are_cached_and_sized(card_dir: Path) -> None:
    images = CardImages(card_dir)
    first = images.image("AS", 68)
    assert first.get_size() == (48, 68)
    assert images.image("AS", 68) is first
    assert images.size_for(68) == (48, 68)


def test_tints_are_cached_separately_and_change_the_colour(card_dir: Path) -> None:
    images = CardImages(card_dir)
    plain = images.image("QD", 34)
    frozen = images.image("QD", 34, Tint.FROZEN)
    assert frozen is not plain
    assert images.image("QD", 34, Tint.FROZEN) is frozen
    assert frozen.get_at((12, 17))[:3] != plain.get_at((12, 17))[:3]


def test_clearing_the_cache_after_a_resize_forgets_scaled_copies(card_dir: Path) -> None:
    images = CardImages(card_dir)
    images.image("AS", 50)
    images.back(2, 50)
    assert images.cache_size() == 2
    images.clear_scaled()
    assert images.cache_size() == 0


def test_each_pack_has_its_own_back() -> None:
    assert back_code(1) == "back_1"
    assert back_code(2) == "back_2"


def test_a_missing_picture_becomes_a_drawn_card(tmp_path: Path) -> None:
    images = CardImages(tmp_path)
    surface = images.image("10H", 112)
    assert surface.get_height() == 112
    assert images.image("back_1", 112).get_height() == 112


def test_flipping_a_card_turns_it_over_halfway_and_restores_its_width(card_dir: Path) -> None:
    images = CardImages(card_dir)
    card = CardSprite(images, "KH", face_up=False, height=68, pos=(10, 20))
    animator = Animator()
    card.flip(animator, duration=0.4)
    animator.update(0.1)
    assert 0 < card.flip_scale < 1 and not card.face_up
    animator.update(0.15)
    assert card.face_up
    animator.update(0.2)
    assert card.flip_scale == 1.0
    assert card.image is images.image("KH", 68)
    assert card.rect.topleft == (10, 20)


def test_moving_a_card_glides_its_float_position(card_dir: Path) -> None:
    card = CardSprite(CardImages(card_dir), "2C", height=68)
    animator = Animator()
    card.move_to((100.5, 40.25), 0.3, animator)
    animator.update(0.15)
    assert 0 < card.x < 100.5
    animator.update(0.2)
    assert card.pos == (100.5, 40.25)
    assert isinstance(card.rect, pygame.FRect)


def test_the_top_card_under_the_pointer_is_the_highest_layer(card_dir: Path) -> None:
    images = CardImages(card_dir)
    group = pygame.sprite.LayeredUpdates()
    low = CardSprite(images, "3S", height=68, pos=(0, 0), layer=1)
    high = CardSprite(images, "4S", height=68, pos=(10, 0), layer=5)
    group.add(low, high)
    assert group.get_sprites_at((20, 10))[-1] is high
    group.change_layer(low, 9)
    assert group.get_sprites_at((20, 10))[-1] is low
    target = pygame.Surface((200, 100))
    group.draw(target)


def test_the_ace_of_spades_carries_no_web_address_or_qr_code() -> None:
    from game.resources import asset_path

    face = pygame.image.load(str(asset_path("cards", "AS.png")))
    assert face.get_size() == (240, 336)
    # Under the big spade, where the address was written: plain white card.
    for y in range(249, 294):
        for x in range(58, 182):
            assert tuple(face.get_at((x, y)))[:3] == (255, 255, 255), (x, y)
    # Inside the spade, where the QR code was: solid black.
    for y in range(140, 177):
        for x in range(112, 129):
            assert tuple(face.get_at((x, y)))[:3] == (0, 0, 0), (x, y)


@pytest.mark.parametrize("tint", list(Tint))
def test_with_marks_every_tint_carries_a_pattern_not_only_a_colour(
    card_dir: Path, tint: Tint
) -> None:
    from game.sprites.cards import MARK_INK

    images = CardImages(card_dir)

    def ink(surface: pygame.Surface) -> int:
        w, h = surface.get_size()
        return sum(
            1 for x in range(w) for y in range(h) if tuple(surface.get_at((x, y)))[:3] == MARK_INK
        )

    assert ink(images.image("5D", 68, tint)) == 0
    images.set_marks(True)
    assert ink(images.image("5D", 68, tint)) > 20
    assert ink(images.image("5D", 68)) == 0  # untinted cards stay plain
