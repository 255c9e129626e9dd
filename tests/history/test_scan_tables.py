"""The scanner's lookup tables and amount arithmetic agree with what they stand for.

The byte-class table replaces chains of comparisons in the scanner's hot loops,
and a hand's scale is kept as powers of two and five with chips worked out by
one division: each is checked here against the plain definition (the characters
a class names, exact fractions and their least common multiple) on every byte
value and on amounts drawn at random, large ones included.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import pytest

from showdown.history._scan_tokens import (
    _INT64_MAX,
    KEY_CHARACTER,
    NUMBER_END,
    STRING_STOP,
    _chips,
    _denominator,
    _denominator_exponents,
    _scale_of,
    byte_classes,
)

SEED = 20261203


def test_byte_classes_name_the_characters_of_toml_keys_strings_and_amount_ends():
    classes = byte_classes()
    assert classes.shape == (256,)
    for byte in range(256):
        character = bytes([byte])
        is_key = re.fullmatch(rb"[A-Za-z0-9_-]", character) is not None
        stops_string = byte in (34, 39, 92, 127) or (byte < 32 and byte != 9)
        ends_number = byte in (32, 9, 44, 93, 10, 13, 39, 34, 35)
        assert bool(classes[byte] & KEY_CHARACTER) == is_key, byte
        assert bool(classes[byte] & STRING_STOP) == stops_string, byte
        assert bool(classes[byte] & NUMBER_END) == ends_number, byte


def _amounts(count: int) -> list[tuple[int, int]]:
    """(mantissa, places) pairs: small and 15-digit mantissas, whole and fine amounts,
    and large mantissas of a small fraction (0.5, 0.125: reduced a long way)."""
    draw = random.Random(SEED)
    pairs = [(0, 0), (0, 3), (1, 0), (5, 1), (25, 2), (125, 3), (10**15 - 1, 12)]
    pairs += [(5 * 10**11, 12), (125 * 10**9, 12), (2**40, 12), (5**17, 12), (3 * 10**14, 0)]
    for _ in range(count):
        digits = draw.choice((1, 2, 3, 6, 9, 12, 15))
        pairs.append((draw.randrange(10**digits), draw.randrange(13)))
    return pairs


def test_denominator_exponents_give_the_reduced_denominator():
    for mantissa, places in _amounts(3000):
        twos, fives = _denominator_exponents(mantissa, places)
        denominator = Fraction(mantissa, 10**places).denominator
        assert _scale_of(twos, fives) == denominator == _denominator(mantissa, places)


def test_the_scale_from_exponents_is_the_least_common_multiple():
    draw = random.Random(SEED + 1)
    amounts = _amounts(600)
    for _ in range(300):
        chosen = draw.sample(amounts, draw.randint(1, 8))
        twos = fives = 0
        for mantissa, places in chosen:
            more_twos, more_fives = _denominator_exponents(mantissa, places)
            twos, fives = max(twos, more_twos), max(fives, more_fives)
        expected = math.lcm(*(Fraction(m, 10**p).denominator for m, p in chosen))
        assert _scale_of(twos, fives) == expected


@pytest.mark.parametrize("scale", [1, 2, 20, 100, 2**12, 10**6, 10**12])
def test_chips_are_the_exact_product_rounded_down_or_refused_when_too_large(scale):
    limit = _INT64_MAX // scale
    refused = 0
    for mantissa, places in _amounts(1500):
        amount = Fraction(mantissa, 10**places)
        got = _chips(mantissa, places, scale, limit)
        if amount.numerator > limit:
            # The reader's bound: a reduced numerator whose product could overflow.
            assert got == -1
            refused += 1
        else:
            assert got == amount.numerator * scale // amount.denominator
    # Both outcomes are met for the large scales (the drawn 15-digit mantissas).
    assert refused > 0 or scale < 10**6
