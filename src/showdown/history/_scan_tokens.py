"""Compiled token readers of the ``.phhs`` scanner: amounts, strings, keys, cards.

Each reads one token of a hand body's bytes at an index and returns what it read
and the index after it, or says it cannot (the scanner then leaves the hand to
the existing reader). See :mod:`showdown.history._scan_kernels`.
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit_llvm_inline, jit_step

#: Amounts are refused (fallback) beyond these: a float keeps 15 significant
#: digits (so the reader's reading through ``float`` is exact), a scale 12 places.
MAX_DIGITS = 15
MAX_PLACES = 12
_INT64_MAX = 9_223_372_036_854_775_807
#: What :func:`_card` gives for text that is not a card (the unknown card is -1).
BAD_CARD = -1000
#: Bits of the byte-class table (:func:`byte_classes`): the hot loops test a byte with
#: one load instead of a chain of comparisons. A bare key's bytes: letters, digits,
#: ``_`` and ``-``.
KEY_CHARACTER = 1
#: Bytes that end or refuse a one-line string: quotes, ``\\``, control bytes but tab.
STRING_STOP = 2
#: Bytes that may follow an amount: spaces, ``,``, ``]``, line ends, quotes, ``#``.
NUMBER_END = 4


def byte_classes() -> np.ndarray:
    """The class bits of every byte value (``KEY_CHARACTER``, ``STRING_STOP``, ``NUMBER_END``)."""
    classes = np.zeros(256, dtype=np.uint8)
    for byte in range(256):
        character = chr(byte)
        if byte < 128 and (character.isalnum() or character in "_-"):
            classes[byte] |= KEY_CHARACTER
        if character in "\"'\\" or (byte < 32 and byte != 9) or byte == 127:
            classes[byte] |= STRING_STOP
        if character in " \t,]\n\r'\"#":
            classes[byte] |= NUMBER_END
    return classes


@jit_llvm_inline
def _space(byte):  # pragma: no cover - compiled
    return byte == 32 or byte == 9


@jit_llvm_inline
def _skip_spaces(data, i, end):  # pragma: no cover - compiled
    while i < end and (data[i] == 32 or data[i] == 9):
        i += 1
    return i


@jit_llvm_inline
def _skip_blank(data, i, end):  # pragma: no cover - compiled
    """Skip what TOML allows between an array's values: spaces, line ends, comments."""
    while i < end:
        byte = data[i]
        if byte == 32 or byte == 9 or byte == 10:
            i += 1
        elif byte == 13 and i + 1 < end and data[i + 1] == 10:
            i += 2
        elif byte == 35:
            while i < end and data[i] != 10:
                i += 1
        else:
            break
    return i


@jit_llvm_inline
def _digit(byte):  # pragma: no cover - compiled
    return 48 <= byte <= 57


@jit_llvm_inline
def _number(data, i, end, classes):  # pragma: no cover - compiled
    """A decimal amount at ``i``: (ok, mantissa, places, next index); places counts
    the decimals left once trailing zeros are dropped."""
    start = i
    mantissa = 0
    digits = 0
    while i < end and _digit(data[i]):
        if digits > 0 or data[i] != 48:
            digits += 1
        mantissa = mantissa * 10 + (data[i] - 48) if digits <= MAX_DIGITS else mantissa
        i += 1
    whole = i - start
    # TOML refuses leading zeros ("025"); no digits at all is no number.
    if whole == 0 or (whole > 1 and data[start] == 48):
        return False, 0, 0, i
    places = 0
    zeros = 0
    if i < end and data[i] == 46:  # "."
        i += 1
        fraction_start = i
        while i < end and _digit(data[i]):
            if data[i] == 48:
                zeros += 1
            else:
                # Zeros before this digit were inner zeros: they count.
                for _ in range(zeros):
                    if digits > 0:
                        digits += 1
                    mantissa *= 10
                    places += 1
                zeros = 0
                digits += 1
                mantissa = mantissa * 10 + (data[i] - 48)
                places += 1
            i += 1
            if digits > MAX_DIGITS:
                return False, 0, 0, i
        if i == fraction_start:
            return False, 0, 0, i
    if digits > MAX_DIGITS or places > MAX_PLACES:
        return False, 0, 0, i
    # A number ends at a delimiter: "1e5", "1_000", "0x10", "12abc" are not read here.
    if i < end and not classes[data[i]] & NUMBER_END:
        return False, 0, 0, i
    return True, mantissa, places, i


@jit_llvm_inline
def _gcd(a, b):  # pragma: no cover - compiled
    while b:
        a, b = b, a % b
    return a


#: Powers of ten and of five by exponent: numba computes ``10**k`` for a variable ``k``
#: through a floating-point power, a library call per amount.
_TEN_POWERS = tuple(10**k for k in range(19))
_FIVE_POWERS = tuple(5**k for k in range(19))


@jit_llvm_inline
def _ten_to(exponent):  # pragma: no cover - compiled
    """``10**exponent`` for ``0 <= exponent <= 18``."""
    return _TEN_POWERS[exponent]


@jit_llvm_inline
def _denominator(mantissa, places):  # pragma: no cover - compiled
    if places == 0 or mantissa == 0:
        return 1  # a whole amount: no division
    power = _ten_to(places)
    return power // _gcd(mantissa, power)


@jit_llvm_inline
def _denominator_exponents(mantissa, places):  # pragma: no cover - compiled
    """The powers of two and five of ``_denominator(mantissa, places)`` (a divisor of
    ``10**places``: ``10**places`` over the twos and fives it shares with ``mantissa``),
    for a mantissa at least 0: the least common multiple of such denominators takes
    the larger powers, with no division by a variable."""
    twos = fives = places
    if mantissa == 0:
        return 0, 0
    rest = mantissa
    while twos > 0 and rest % 2 == 0:
        rest //= 2
        twos -= 1
    rest = mantissa
    while fives > 0 and rest % 5 == 0:
        rest //= 5
        fives -= 1
    return twos, fives


@jit_llvm_inline
def _scale_of(twos, fives):  # pragma: no cover - compiled
    """``2**twos * 5**fives`` (exponents to 18)."""
    return (1 << twos) * _FIVE_POWERS[fives]


@jit_llvm_inline
def _chips(mantissa, places, scale, limit):  # pragma: no cover - compiled
    """``mantissa / 10**places`` times ``scale``, rounded down (-1: too large);
    ``limit`` is ``_INT64_MAX // scale`` (worked out once a hand)."""
    if mantissa == 0:
        return 0
    if 0 < mantissa <= limit:
        # The numerator below is at most the mantissa: no refusal, and the same quotient
        # from the unreduced fraction, with one division.
        return mantissa * scale if places == 0 else mantissa * scale // _ten_to(places)
    power = _ten_to(places)
    divisor = _gcd(mantissa, power)
    numerator, denominator = mantissa // divisor, power // divisor
    if numerator > limit:
        return -1
    return numerator * scale // denominator


@jit_llvm_inline
def _string(data, i, end, classes):  # pragma: no cover - compiled
    """A one-line quoted string at ``i`` without escapes: (ok, start, stop, next)."""
    if i >= end or (data[i] != 34 and data[i] != 39):
        return False, 0, 0, i
    quote = data[i]
    if i + 2 < end and data[i + 1] == quote and data[i + 2] == quote:
        return False, 0, 0, i  # a multi-line string
    start = i + 1
    i = start
    while i < end:
        byte = data[i]
        if classes[byte] & STRING_STOP:
            if byte == quote:
                return True, start, i, i + 1
            if byte != 34 and byte != 39:
                return False, 0, 0, i  # an escape, a line end, a control byte
        i += 1
    return False, 0, 0, i


@jit_step
def _hand_id(data, i, end, classes):  # pragma: no cover - compiled
    """The ``hand`` value: a string without escapes, or a plain integer (digits, no
    sign, no leading zero, at most 18): (ok, start, stop, next index)."""
    if i < end and (data[i] == 34 or data[i] == 39):
        return _string(data, i, end, classes)
    start = i
    while i < end and 48 <= data[i] <= 57:
        i += 1
    digits = i - start
    if digits == 0 or digits > 18 or (digits > 1 and data[start] == 48):
        return False, 0, 0, i
    if i < end and not (_space(data[i]) or data[i] in (10, 13, 35)):
        return False, 0, 0, i  # a decimal, a date, an underscore...: the reader reads it
    return True, start, i, i


@jit_llvm_inline
def _key_code(data, start, stop, keys):  # pragma: no cover - compiled
    """The code of the key ``data[start:stop]`` (-1: another key), found by its length
    and first byte in the key table (see ``_scan_kernels.key_table``)."""
    names, offsets, index, _ = keys
    length = stop - start
    if length <= 0 or length >= index.shape[0] or data[start] >= 128:
        return -1
    code = index[length, data[start]]
    if code < 0:
        return -1
    low = offsets[code]
    for k in range(1, length):
        if data[start + k] != names[low + k]:
            return -1
    return code


@jit_step
def _other_value(data, i, end, classes):  # pragma: no cover - compiled
    """Skip the value of a key the scanner does not read, when it is plainly valid
    TOML (a string, an integer or decimal, a time ``hh:mm:ss``, a boolean, a one-line
    array of those): the next index, or -1."""
    if i < end and data[i] == 91:  # "[": an array
        i = _skip_blank(data, i + 1, end)
        while i < end and data[i] != 93:
            i = _scalar(data, i, end, classes)
            if i < 0:
                return -1
            i = _skip_blank(data, i, end)
            if i < end and data[i] == 44:
                i = _skip_blank(data, i + 1, end)
            elif i < end and data[i] != 93:
                return -1
        return i + 1 if i < end else -1
    return _scalar(data, i, end, classes)


@jit_llvm_inline
def _word(data, i, end, word):  # pragma: no cover - compiled
    """Whether ``word`` (bytes: a tuple or an array) is at ``i``."""
    if i + len(word) > end:
        return False
    for k in range(len(word)):  # noqa: SIM110 - a loop the compiler takes
        if data[i + k] != word[k]:
            return False
    return True


@jit_llvm_inline
def _scalar(data, i, end, classes):  # pragma: no cover - compiled
    if i < end and (data[i] == 34 or data[i] == 39):
        ok, _, _, i = _string(data, i, end, classes)
        return i if ok else -1
    if _word(data, i, end, (116, 114, 117, 101)):  # true
        return i + 4
    if _word(data, i, end, (102, 97, 108, 115, 101)):  # false
        return i + 5
    if i + 8 <= end and data[i + 2] == 58 and data[i + 5] == 58:  # hh:mm:ss
        for k in (0, 1, 3, 4, 6, 7):
            if not _digit(data[i + k]):
                return -1
        # A time TOML takes: hours to 23, minutes and seconds to 59.
        hours = (data[i] - 48) * 10 + data[i + 1] - 48
        minutes = (data[i + 3] - 48) * 10 + data[i + 4] - 48
        seconds = (data[i + 6] - 48) * 10 + data[i + 7] - 48
        if hours > 23 or minutes > 59 or seconds > 59:
            return -1
        return i + 8
    if i < end and data[i] == 45:  # a negative integer or decimal
        i += 1
    start = i
    ok, _, _, stop = _number(data, i, end, classes)
    if ok:
        return stop
    # A long whole number (a site's hand id) is an integer all the same.
    while i < end and _digit(data[i]):
        i += 1
    if i == start or i - start > 18 or (i - start > 1 and data[start] == 48):
        return -1
    if i < end and not (_space(data[i]) or data[i] in (44, 93, 10, 13)):
        return -1
    return i


@jit_llvm_inline
def _seat(data, i, stop, n):  # pragma: no cover - compiled
    """A ``p1``... ``p99`` player token (no leading zero) at ``i``: seat or -1."""
    if stop - i < 2 or stop - i > 3 or data[i] != 112 or data[i + 1] == 48:
        return -1
    seat = 0
    for k in range(i + 1, stop):
        if not _digit(data[k]):
            return -1
        seat = seat * 10 + data[k] - 48
    return seat - 1 if seat - 1 < n else -1


@jit_llvm_inline
def _card(rank, suit, unknown):  # pragma: no cover - compiled
    """The code of a two-character card (rank * 4 + suit, ``??`` unknown), or BAD_CARD."""
    if rank == 63 and suit == 63:
        return unknown
    if 97 <= rank <= 122:
        rank -= 32  # ranks are read in either case
    if 65 <= suit <= 90:
        suit += 32
    ranks = (50, 51, 52, 53, 54, 55, 56, 57, 84, 74, 81, 75, 65)  # 2-9 T J Q K A
    value = -1
    for k in range(13):
        if ranks[k] == rank:
            value = k
    suits = (99, 100, 104, 115)  # c d h s
    colour = -1
    for k in range(4):
        if suits[k] == suit:
            colour = k
    if value < 0 or colour < 0:
        return BAD_CARD
    return value * 4 + colour


@jit_step
def _bet_digits(data, i, end):  # pragma: no cover - compiled
    """The most whole digits of a ``cbr`` amount in ``data[i:end]`` as the reader finds
    them for its stand-in stack (every ``cbr `` then digits and dots, anywhere in the
    text, read through ``float``): 0 for none, -1 where that reading could differ from
    this count (not a number, or too many digits for a float: left to the reader)."""
    most = 0
    while i + 4 < end:
        if not (data[i] == 99 and data[i + 1] == 98 and data[i + 2] == 114 and data[i + 3] == 32):
            i += 1
            continue
        i += 4
        whole = fraction = digits = dots = 0
        while i < end and (_digit(data[i]) or data[i] == 46):
            if data[i] == 46:
                dots += 1
            else:
                digits += 1
                if dots:
                    fraction += 1
                elif whole or data[i] != 48:
                    whole += 1  # leading zeros are not whole digits
            i += 1
        if dots + digits == 0:
            continue  # "cbr " without an amount: no match
        if dots > 1 or digits == 0 or whole + fraction > MAX_DIGITS:
            return -1
        most = max(most, whole)
    return most
