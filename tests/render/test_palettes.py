"""Every palette a board can get, on the page and in pictures: any two regions at least
DISTINCT (12) apart in CIEDE2000 up to DISTINCT_UP_TO (18) regions, FAR_APART (10) up to
26; the archive's twins pulled apart in their own hue, LinkedIn's colours kept wherever
they are distinct, and a share line's emoji one a region."""

from __future__ import annotations

import colorsys
import itertools
import random
import string

import pytest

from queens_core import Board
from queens_core.render.colour import (
    ARCHIVE_COLOURS,
    DISTINCT,
    DISTINCT_UP_TO,
    FAR_APART,
    distance,
    lab,
    region_colours,
    region_emoji,
)
from queens_core.render.svg import render_svg

#: Every letter a board can be written with on the page: the text format's and SBN's.
LETTERS = string.ascii_uppercase + string.ascii_lowercase + string.digits
TWINS = ("SW", "LY", "GJ", "OQ", "BA", "NM", "RV", "KH", "PU")


def stripes(letters: str) -> Board:
    return Board.from_rows([ch * len(letters) for ch in letters])


def closest_pair(board: Board) -> float:
    colours = region_colours(board)
    return min((distance(a, b) for a, b in itertools.combinations(colours, 2)), default=99.0)


def hue(colour: str) -> float:
    return colorsys.rgb_to_hls(*(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)))[0]


def test_ciede2000_matches_the_published_worked_pairs():
    # Sharma, Wu and Dalal's test data for CIEDE2000 (pairs 1, 7 and 17), as Lab triples.
    from queens_core.render.colour import _ciede2000

    assert _ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert _ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert _ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_archive_twins_are_the_only_close_linkedin_colours():
    close = {
        frozenset((x, y))
        for x, y in itertools.combinations(ARCHIVE_COLOURS, 2)
        if distance(ARCHIVE_COLOURS[x][1], ARCHIVE_COLOURS[y][1]) < DISTINCT
    }
    assert close == {frozenset(pair) for pair in TWINS}


def test_every_archive_board_is_distinct_and_keeps_linkedin_colours_but_for_a_twin(archive):
    for number, board in archive.items():
        colours = region_colours(board)
        assert closest_pair(board) >= DISTINCT, number
        for letter, colour in zip(board.letters, colours, strict=True):
            twin = next((p for p in TWINS if letter in p), "")
            if not set(twin) <= set(board.letters):
                assert colour == ARCHIVE_COLOURS[letter][1], (number, letter)
            else:  # the name stays true: the same hue, another shade
                assert abs(hue(colour) - hue(ARCHIVE_COLOURS[letter][1])) < 0.03, (number, letter)


@pytest.mark.parametrize(
    "alphabet",
    [
        string.ascii_uppercase,
        string.digits + string.ascii_uppercase,
        string.ascii_lowercase,
        "".join(ARCHIVE_COLOURS),
    ],
)
def test_every_lettering_in_order_is_distinct_at_every_size(alphabet):
    """A hand-typed A, B, C…, SBN's 0–9 then A–Z, lower case, and every archive letter at
    once (all nine twins on one board)."""
    for n in range(2, min(len(alphabet), 26) + 1):
        least = DISTINCT if n <= DISTINCT_UP_TO else FAR_APART
        assert closest_pair(stripes(alphabet[:n])) >= least, alphabet[:n]
        assert_names_true(stripes(alphabet[:n]))


@pytest.mark.slow
def test_every_twin_set_is_distinct():
    for k in range(1, len(TWINS) + 1):
        for chosen in itertools.combinations(TWINS, k):
            assert closest_pair(stripes("".join(chosen))) >= DISTINCT, chosen


@pytest.mark.slow
def test_random_letterings_are_distinct_up_to_the_promised_size():
    draw = random.Random(36)
    for _ in range(400):
        letters = "".join(draw.sample(LETTERS, draw.randint(2, 26)))
        least = DISTINCT if len(letters) <= DISTINCT_UP_TO else FAR_APART
        assert closest_pair(stripes(letters)) >= least, letters
        assert_names_true(stripes(letters))


def assert_names_true(board: Board) -> None:
    """An archive letter is drawn in its colour's hue, whatever else is on the board: the
    sentences name it by that colour ("region B (blue)")."""
    for letter, colour in zip(board.letters, region_colours(board), strict=True):
        if letter in ARCHIVE_COLOURS:
            step = abs(hue(colour) - hue(ARCHIVE_COLOURS[letter][1]))
            assert min(step, 1 - step) < 0.03, (board.letters, letter, colour)


@pytest.mark.slow
def test_region_colours_stay_legible_under_a_black_queen():
    draw = random.Random(7)
    for _ in range(100):
        letters = "".join(draw.sample(LETTERS, draw.randint(2, DISTINCT_UP_TO)))
        assert min(lab(c)[0] for c in region_colours(stripes(letters))) >= 55, letters


def test_share_emoji_are_one_a_region():
    draw = random.Random(3)
    boards = [stripes(LETTERS[:n]) for n in range(2, 28)]
    boards += [stripes("".join(draw.sample(LETTERS, draw.randint(2, 27)))) for _ in range(30)]
    for board in boards:
        symbols = region_emoji(board)
        assert len(set(symbols)) == len(symbols) == len(board.letters), board.letters
    # The nearest colour first: LinkedIn's purple is a purple square, its blue a blue one.
    board = stripes("PB")
    assert dict(zip(board.letters, region_emoji(board), strict=True)) == {"P": "🟪", "B": "🟦"}


def test_pictures_use_the_page_palette():
    board = stripes("ABCDEFGHIJKL")
    picture = render_svg(board)
    for colour in region_colours(board):
        assert f'fill="{colour}"' in picture
