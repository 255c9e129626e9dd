"""Compiled scanner of ``.phhs`` hand bodies into columns (see :mod:`showdown.history.scan`).

One call reads every hand body of a file (byte spans found by the wrapper) and
fills per-hand, per-seat and per-action arrays. It understands the plain TOML
the hand-history dataset and the simulator write: one ``key = value`` per line,
arrays (on one line or several), quoted strings without escapes, decimal
amounts. Whatever else it meets (another variant, a key that changes the
reading, an escape, a negative amount other than a dead blind, an action it
does not know...) marks the hand as a fallback, left to the existing reader:
being wrong costs more than being slow.

Amounts are kept as (mantissa, decimal places) until the hand's scale is known
(the least common multiple of every amount's denominator, as the reader computes
it), then turned into whole chips.
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit, jit_kernel, jit_step

from ._scan_tokens import (
    _INT64_MAX,
    BAD_CARD,
    KEY_CHARACTER,
    _bet_digits,
    _card,
    _chips,
    _denominator,
    _denominator_exponents,
    _hand_id,
    _key_code,
    _number,
    _other_value,
    _scale_of,
    _seat,
    _skip_blank,
    _skip_spaces,
    _space,
    _string,
    _ten_to,
    _word,
    byte_classes,
)

#: Keys the scanner reads, by their code (the order of :data:`KEY_NAMES`).
KEY_NAMES = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "min_bet",
    "starting_stacks", "actions", "players", "winnings", "finishing_stacks", "hand",
    # Keys that change how a hand is read: a hand with one goes to the fallback.
    "bring_in", "small_bet", "big_bet",
)  # fmt: skip
VARIANT, TRIMMING, ANTES, BLINDS, MIN_BET, STACKS, ACTIONS, PLAYERS, WINNINGS, FINISHING = range(10)
#: The site's hand number or name (kept as a byte span: analysis shows it as text).
HAND_ID = 10
REFUSED_KEYS = 11

#: Verb codes of the action columns.
VERB_DEAL_HOLE, VERB_DEAL_BOARD, VERB_FOLD, VERB_CHECK_CALL, VERB_BET_RAISE, VERB_SHOW = range(6)
#: Most seats and most values of one array the scanner reads (more: fallback).
MAX_SEATS = 32
#: Most keys a hand may have besides those read (more: fallback).
MAX_OTHER_KEYS = 48
#: A hand that needs a larger scale goes to the fallback (the reader's limit).
MAX_SCALE = 10**12


#: Key names are looked up by their length (below this) and first byte.
KEY_LENGTHS = 32


def key_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's tables: the key names as one byte array, their offsets, each
    name's code by its length and first byte (one comparison a key line), and the
    class bits of every byte value (:func:`~showdown.history._scan_tokens.byte_classes`)."""
    encoded = [name.encode() for name in KEY_NAMES]
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(name) for name in encoded])
    index = np.full((KEY_LENGTHS, 128), -1, dtype=np.int64)
    for code, name in enumerate(encoded):
        if index[len(name), name[0]] >= 0:
            raise RuntimeError(f"two key names of the same length start alike: {name!r}")
        index[len(name), name[0]] = code
    names = np.frombuffer(b"".join(encoded), dtype=np.uint8).copy()
    return names, offsets, index, byte_classes()


@jit_step
def _amounts(data, i, end, mantissas, places, signed, classes):  # pragma: no cover - compiled
    """An array of amounts into ``mantissas``/``places``: (count or -1, next). ``inf``
    is read as places -1; with ``signed``, a ``-`` gives a negative mantissa."""
    if i >= end or data[i] != 91:
        return -1, i
    i = _skip_blank(data, i + 1, end)
    count = 0
    while i < end and data[i] != 93:
        if count >= MAX_SEATS:
            return -1, i
        sign = 1
        if signed and data[i] == 45:
            sign = -1
            i += 1
        if _word(data, i, end, (105, 110, 102)) and sign > 0:  # inf
            i += 3
            mantissa, place = 0, -1
            if i < end and not (_space(data[i]) or data[i] in (44, 93, 10, 13, 35)):
                return -1, i
        else:
            ok, mantissa, place, i = _number(data, i, end, classes)
            if not ok:
                return -1, i
        mantissas[count], places[count] = sign * mantissa, place
        count += 1
        i = _skip_blank(data, i, end)
        if i < end and data[i] == 44:
            i = _skip_blank(data, i + 1, end)
        elif i < end and data[i] != 93:
            return -1, i
    if i >= end:
        return -1, i
    return count, i + 1


@jit_step
def _dead_blinds(mantissas, places, lengths, n):  # pragma: no cover - compiled
    """A negative blind is a dead blind, read as an ante of its size (the reader's
    convention; the sum through 12 significant digits, as the reader writes it):
    whether any was met, or -1 when a sum is beyond that."""
    met = 0
    for k in range(n):
        blind = mantissas[BLINDS, k]
        if blind >= 0:
            continue
        met = 1
        ante, ante_places = (
            (mantissas[ANTES, k], places[ANTES, k]) if lengths[ANTES] >= 0 else (0, 0)
        )
        place = max(ante_places, places[BLINDS, k])
        if (
            ante >= 10**12 or blind <= -(10**12)
            or place - ante_places > 6 or place - places[BLINDS, k] > 6
        ):  # fmt: skip
            return -1  # beyond what the sum below holds in 64 bits
        total = ante * _ten_to(place - ante_places) - blind * _ten_to(place - places[BLINDS, k])
        while place > 0 and total % 10 == 0:
            total //= 10
            place -= 1
        if total >= 10**12:
            return -1
        mantissas[ANTES, k], places[ANTES, k] = total, place
        mantissas[BLINDS, k], places[BLINDS, k] = 0, 0
    if met and lengths[ANTES] < 0:
        lengths[ANTES] = n
    return met


# Columns of the per-hand, per-seat and per-action outputs.
H_STATUS, H_SEATS, H_SEAT_START, H_ACTION_START, H_ACTIONS, H_SCALE, H_MIN_BET, H_FLAGS = range(8)
#: The byte span of the ``hand`` value (a string's text, or an integer's digits; -1: absent).
H_ID_START, H_ID_STOP = 8, 9
HAND_WIDTH = 10
S_STACK, S_ANTE, S_BLIND, S_WINNINGS, S_FINISHING, S_NAME_START, S_NAME_STOP = range(7)
SEAT_WIDTH = 7
A_ACTOR, A_VERB, A_AMOUNT, A_CARD_START, A_CARDS, A_PLACES = range(6)
ACTION_WIDTH = 6
#: Bits of the per-hand flags.
FLAG_TRIMMING, FLAG_WINNINGS, FLAG_FINISHING, FLAG_STACKS_UNKNOWN, FLAG_DEAD_BLINDS = 1, 2, 4, 8, 16
#: A finishing stack finer than the hand's scale (read, but analysis refuses it).
FLAG_FINISHING_INEXACT = 32
#: Rows of the per-hand scratch amounts (by the key's code; the rest unused).
_ROWS = 10


@jit_step
def _stand_in(data, start, end, mantissas, places, n, scale):  # pragma: no cover - compiled
    """The reader's stand-in for the stacks a site did not log, in chips: ten to the
    number of whole digits of the largest amount the hand mentions (its ``cbr``
    amounts, its known stacks, at least 1) plus two, so no one is all-in. -1 when
    the reader must judge (an odd ``cbr`` amount, more chips than 64 bits hold)."""
    digits = _bet_digits(data, start, end)
    if digits < 0:
        return -1
    digits = max(digits, 1)
    for k in range(n):
        if places[STACKS, k] >= 0:
            whole = mantissas[STACKS, k] // _ten_to(places[STACKS, k])
            count = 0
            while whole:
                whole //= 10
                count += 1
            digits = max(digits, count)
    if digits + 2 > 18 or _ten_to(digits + 2) > _INT64_MAX // scale:
        return -1
    return _ten_to(digits + 2) * scale


@jit_step
def _actions(data, i, end, actions, action, cards, card, unknown, scratch):  # pragma: no cover
    """The ``actions`` array at ``i`` into the action and card columns from rows
    ``action`` and ``card``: (ok, next action row, next card row, next index).
    ``scratch`` holds an action's token spans and the byte classes."""
    bounds, classes = scratch
    if i >= end or data[i] != 91:
        return False, action, card, i
    i = _skip_blank(data, i + 1, end)
    while i < end and data[i] != 93:
        ok, start, stop, i = _string(data, i, end, classes)
        if not ok or action >= len(actions):
            return False, action, card, i
        # Its tokens: at most four, split by spaces.
        count = 0
        k = start
        while k < stop:
            while k < stop and _space(data[k]):
                k += 1
            if k >= stop:
                break
            if count >= 4:
                return False, action, card, i
            bounds[2 * count] = k
            while k < stop and not _space(data[k]):
                if data[k] == 35:  # "#": a comment in an action
                    return False, action, card, i
                k += 1
            bounds[2 * count + 1] = k
            count += 1
        first, second = bounds[0], bounds[2]
        verb_length = bounds[3] - bounds[2]
        cards_token = -1
        actions[action, A_AMOUNT] = 0
        actions[action, A_PLACES] = 0
        if count >= 2 and bounds[1] - first == 1 and data[first] == 100:  # "d"
            if count == 4 and verb_length == 2 and _word(data, second, end, (100, 104)):
                actions[action, A_ACTOR] = _seat(data, bounds[4], bounds[5], MAX_SEATS)
                actions[action, A_VERB] = VERB_DEAL_HOLE
                cards_token = 3
            elif count == 3 and verb_length == 2 and _word(data, second, end, (100, 98)):
                actions[action, A_ACTOR] = -1
                actions[action, A_VERB] = VERB_DEAL_BOARD
                cards_token = 2
            else:
                return False, action, card, i
            if actions[action, A_VERB] == VERB_DEAL_HOLE and actions[action, A_ACTOR] < 0:
                return False, action, card, i
        elif count >= 2:
            seat = _seat(data, first, bounds[1], MAX_SEATS)
            if seat < 0:
                return False, action, card, i
            actions[action, A_ACTOR] = seat
            if count == 2 and verb_length == 1 and data[second] == 102:  # "f"
                actions[action, A_VERB] = VERB_FOLD
            elif count == 2 and verb_length == 2 and _word(data, second, end, (99, 99)):
                actions[action, A_VERB] = VERB_CHECK_CALL
            elif count == 3 and verb_length == 3 and _word(data, second, end, (99, 98, 114)):
                actions[action, A_VERB] = VERB_BET_RAISE
                ok, mantissa, places, after = _number(data, bounds[4], bounds[5], classes)
                if not ok or after != bounds[5]:
                    return False, action, card, i
                actions[action, A_AMOUNT] = mantissa
                actions[action, A_PLACES] = places
            elif count >= 2 and verb_length == 2 and _word(data, second, end, (115, 109)):
                actions[action, A_VERB] = VERB_SHOW  # "sm" with cards, or alone: a muck
                cards_token = 2 if count == 3 else -1
                if count > 3:
                    return False, action, card, i
                # Analysis takes shown cards from actions holding " sm " (one space each
                # side): other spacing is left to the reader and the existing path.
                if count == 3 and (data[second - 1] != 32 or data[bounds[3]] != 32):
                    return False, action, card, i
            else:
                return False, action, card, i
        else:
            return False, action, card, i
        actions[action, A_CARD_START] = card
        actions[action, A_CARDS] = 0
        if cards_token >= 0:
            low, high = bounds[2 * cards_token], bounds[2 * cards_token + 1]
            if (high - low) % 2 or card + (high - low) // 2 > len(cards):
                return False, action, card, i
            for k in range(low, high, 2):
                code = _card(data[k], data[k + 1], unknown)
                if code == BAD_CARD:
                    return False, action, card, i
                cards[card] = code
                card += 1
            actions[action, A_CARDS] = (high - low) // 2
        action += 1
        i = _skip_blank(data, i, end)
        if i < end and data[i] == 44:
            i = _skip_blank(data, i + 1, end)
        elif i < end and data[i] != 93:
            return False, action, card, i
    if i >= end:
        return False, action, card, i
    return True, action, card, i + 1


@jit_step
def _hand(data, start, end, keys, unknown, hand, columns, rows, scratch):  # pragma: no cover
    """One hand body into ``hand`` and ``columns`` (seats, actions, cards) from ``rows``
    (the first free row of each): (ok, seats used, actions used, cards used).
    ``scratch`` holds arrays reused from hand to hand (allocating them per hand cost a
    third of the time)."""
    seats, actions, cards = columns
    seat, action, card = rows
    mantissas, places, lengths, names, _, other_keys = scratch
    classes = keys[3]
    lengths[:] = -1
    others = 0
    names_count = -1
    seen = 0
    variant_ok = False
    first_action = action
    i = start
    while i < end:
        i = _skip_spaces(data, i, end)
        if i >= end:
            break
        byte = data[i]
        if byte == 10 or (byte == 13 and i + 1 < end and data[i + 1] == 10):
            i += 1 if byte == 10 else 2
            continue
        if byte == 35:  # a comment line
            while i < end and data[i] != 10:
                i += 1
            continue
        key_start = i
        while i < end and classes[data[i]] & KEY_CHARACTER:
            i += 1
        key_stop = i
        if key_stop == key_start:
            return False, 0, 0, 0
        i = _skip_spaces(data, i, end)
        if i >= end or data[i] != 61:  # "="
            return False, 0, 0, 0
        i = _skip_spaces(data, i + 1, end)
        code = _key_code(data, key_start, key_stop, keys)
        if code >= REFUSED_KEYS:
            return False, 0, 0, 0
        if code >= 0:
            if seen & (1 << code):
                return False, 0, 0, 0  # a key given twice: TOML refuses it
            seen |= 1 << code
        if code < 0:
            # Another key: TOML refuses it twice too (the reader then does).
            for other in range(others):
                low, high = other_keys[0, other], other_keys[1, other]
                if high - low == key_stop - key_start and _word(
                    data, low, high, data[key_start:key_stop]
                ):
                    return False, 0, 0, 0
            if others >= MAX_OTHER_KEYS:
                return False, 0, 0, 0
            other_keys[0, others], other_keys[1, others] = key_start, key_stop
            others += 1
            i = _other_value(data, i, end, classes)
            if i < 0:
                return False, 0, 0, 0
        elif code == HAND_ID:
            ok, low, high, i = _hand_id(data, i, end, classes)
            if not ok:
                return False, 0, 0, 0
            hand[H_ID_START], hand[H_ID_STOP] = low, high
        elif code == VARIANT:
            ok, low, high, i = _string(data, i, end, classes)
            variant_ok = ok and high - low == 2 and data[low] == 78 and data[low + 1] == 84
            if not variant_ok:
                return False, 0, 0, 0
        elif code == TRIMMING:
            if _word(data, i, end, (102, 97, 108, 115, 101)):
                i += 5
            elif _word(data, i, end, (116, 114, 117, 101)):
                i += 4
                hand[H_FLAGS] |= FLAG_TRIMMING
            else:
                return False, 0, 0, 0
        elif code == MIN_BET:
            ok, mantissa, place, i = _number(data, i, end, classes)
            if not ok:
                return False, 0, 0, 0
            mantissas[MIN_BET, 0], places[MIN_BET, 0], lengths[MIN_BET] = mantissa, place, 1
        elif code == PLAYERS:
            if i >= end or data[i] != 91:
                return False, 0, 0, 0
            i = _skip_blank(data, i + 1, end)
            names_count = 0
            while i < end and data[i] != 93:
                ok, low, high, i = _string(data, i, end, classes)
                if not ok or names_count >= MAX_SEATS:
                    return False, 0, 0, 0
                names[0, names_count], names[1, names_count] = low, high
                names_count += 1
                i = _skip_blank(data, i, end)
                if i < end and data[i] == 44:
                    i = _skip_blank(data, i + 1, end)
                elif i < end and data[i] != 93:
                    return False, 0, 0, 0
            if i >= end:
                return False, 0, 0, 0
            i += 1
        elif code == ACTIONS:
            ok, action, card, i = _actions(
                data, i, end, actions, action, cards, card, unknown, (scratch[4], classes)
            )
            if not ok:
                return False, 0, 0, 0
        else:
            count, i = _amounts(
                data, i, end, mantissas[code], places[code], code == BLINDS, classes
            )
            if count < 0:
                return False, 0, 0, 0
            lengths[code] = count
        # The rest of the line: spaces, maybe a comment.
        i = _skip_spaces(data, i, end)
        if i < end and data[i] == 35:
            while i < end and data[i] != 10:
                i += 1
        if i < end and data[i] == 13:
            i += 1
        if i < end and data[i] != 10:
            return False, 0, 0, 0
        i += 1
    n = lengths[STACKS]
    if not variant_ok or n < 2 or names_count != n or lengths[MIN_BET] != 1:
        return False, 0, 0, 0
    if not (seen & (1 << ACTIONS)) or seat + n > len(seats):
        return False, 0, 0, 0
    for code in (ANTES, BLINDS, WINNINGS, FINISHING):
        if lengths[code] >= 0 and lengths[code] != n:
            return False, 0, 0, 0
    if lengths[BLINDS] < 0:
        return False, 0, 0, 0
    for code in (ANTES, BLINDS, MIN_BET, WINNINGS, FINISHING):
        for k in range(max(lengths[code], 0)):
            if places[code, k] < 0:
                return False, 0, 0, 0  # inf: only a stack may be unknown
    dead = _dead_blinds(mantissas, places, lengths, n)
    if dead < 0:
        return False, 0, 0, 0
    if dead:
        hand[H_FLAGS] |= FLAG_DEAD_BLINDS
    # The scale: every amount's denominator (not the finishing stacks: the reader's rule),
    # kept as its powers of two and five (denominators divide powers of ten).
    twos = fives = 0
    for code in (STACKS, ANTES, BLINDS, MIN_BET, WINNINGS):
        for k in range(max(lengths[code], 0)):
            if places[code, k] < 0:
                continue  # an unknown stack: its stand-in is a whole number
            more_twos, more_fives = _denominator_exponents(mantissas[code, k], places[code, k])
            twos, fives = max(twos, more_twos), max(fives, more_fives)
    for row in range(first_action, action):
        if actions[row, A_ACTOR] >= n:
            return False, 0, 0, 0
        if actions[row, A_VERB] == VERB_BET_RAISE:
            more_twos, more_fives = _denominator_exponents(
                actions[row, A_AMOUNT], actions[row, A_PLACES]
            )
            twos, fives = max(twos, more_twos), max(fives, more_fives)
    scale = np.int64(_scale_of(twos, fives))  # typed: a literal would compile _stand_in twice
    if scale > MAX_SCALE:
        return False, 0, 0, 0
    limit = _INT64_MAX // scale
    for row in range(first_action, action):
        if actions[row, A_VERB] == VERB_BET_RAISE:
            chips = _chips(actions[row, A_AMOUNT], actions[row, A_PLACES], scale, limit)
            if chips < 0:
                return False, 0, 0, 0
            actions[row, A_AMOUNT] = chips
    stand_in = 0
    for k in range(n):
        if places[STACKS, k] < 0:
            hand[H_FLAGS] |= FLAG_STACKS_UNKNOWN
            stand_in = _stand_in(data, start, end, mantissas, places, n, scale)
            if stand_in < 0:
                return False, 0, 0, 0
            break
    columns = ((STACKS, S_STACK), (ANTES, S_ANTE), (BLINDS, S_BLIND), (WINNINGS, S_WINNINGS),
               (FINISHING, S_FINISHING))  # fmt: skip
    for code, column in columns:
        for k in range(n):
            chips = 0
            if lengths[code] >= 0 and places[code, k] < 0:
                chips = stand_in  # an unknown stack
            elif lengths[code] >= 0:
                chips = _chips(mantissas[code, k], places[code, k], scale, limit)
                if chips < 0:
                    return False, 0, 0, 0
                if code == FINISHING and scale % _denominator(mantissas[code, k], places[code, k]):
                    hand[H_FLAGS] |= FLAG_FINISHING_INEXACT
            seats[seat + k, column] = chips
    for k in range(n):
        seats[seat + k, S_NAME_START], seats[seat + k, S_NAME_STOP] = names[0, k], names[1, k]
    if lengths[WINNINGS] >= 0:
        hand[H_FLAGS] |= FLAG_WINNINGS
    if lengths[FINISHING] >= 0:
        hand[H_FLAGS] |= FLAG_FINISHING
    min_bet = _chips(mantissas[MIN_BET, 0], places[MIN_BET, 0], scale, limit)
    if min_bet < 0:
        return False, 0, 0, 0
    hand[H_SEATS], hand[H_SCALE], hand[H_MIN_BET] = n, scale, min_bet
    return True, n, action - first_action, card


@jit_step
def _scan_all(data, starts, ends, keys, unknown, hands, columns, scratch):  # pragma: no cover
    """The loop of :func:`scan_hands`, compiled without the runtime: the arrays it hands
    to the per-hand steps cost no reference counts (see ``showdown._jit``)."""
    # Typed zeros: a literal 0 would have the compiler build ``_hand`` twice (once for
    # the literal, once for the integer the loop makes of it).
    seat = action = card = np.int64(0)
    for h in range(len(starts)):
        row = hands[h]
        row[:] = 0
        row[H_ID_START] = row[H_ID_STOP] = -1
        ok, used_seats, used_actions, next_card = _hand(
            data, starts[h], ends[h], keys, unknown, row, columns, (seat, action, card), scratch
        )
        if ok:
            row[H_SEAT_START], row[H_ACTION_START], row[H_ACTIONS] = seat, action, used_actions
            seat += used_seats
            action += used_actions
            card = next_card
        else:
            row[:] = 0
            row[H_STATUS] = 1
            row[H_ID_START] = row[H_ID_STOP] = -1
    return seat, action, card


@jit
def scan_hands(data, starts, ends, keys, unknown, hands, seats, actions, cards):  # pragma: no cover
    """Every hand body ``data[starts[h]:ends[h]]`` into the columns (module docstring).

    ``hands[h, H_STATUS]`` is 0 for a hand read here, 1 for a fallback. Returns the
    rows used of ``seats``, ``actions`` and ``cards``.
    """
    scratch = (
        np.zeros((_ROWS, MAX_SEATS), dtype=np.int64),  # amounts: mantissas
        np.zeros((_ROWS, MAX_SEATS), dtype=np.int64),  # and decimal places
        np.full(_ROWS, -1, dtype=np.int64),  # values read per key (-1: absent)
        np.zeros((2, MAX_SEATS), dtype=np.int64),  # player-name spans
        np.zeros(8, dtype=np.int64),  # an action's token spans
        np.zeros((2, MAX_OTHER_KEYS), dtype=np.int64),  # the other keys' spans
    )
    return _scan_all(data, starts, ends, keys, unknown, hands, (seats, actions, cards), scratch)


@jit_kernel
def cut_hands(data, heads, bodies, numbers):  # pragma: no cover - compiled
    """Find the ``[k]`` header lines of a ``.phhs`` file, as the reader's pattern
    ``^\\[(\\d+)\\][ \\t]*\\r?$`` (multi-line) finds them: each header's start, its
    body's start (the header's end) and ``k``. Also counts the commas and quotes
    (bounds on the rows the scan needs). Returns (headers, commas, quotes), or
    headers -1 when a ``k`` has too many digits for an integer here."""
    end = len(data)
    count = 0
    for i in range(end):
        # A header opens a line: only a "[" at a line's start is looked at.
        if data[i] != 91 or (i > 0 and data[i - 1] != 10):
            continue
        k = i + 1
        number = 0
        while k < end and 48 <= data[k] <= 57:
            number = number * 10 + data[k] - 48
            k += 1
        digits = k - i - 1
        if digits and k < end and data[k] == 93:
            k += 1
            while k < end and (data[k] == 32 or data[k] == 9):
                k += 1
            if k < end and data[k] == 13:
                k += 1
            if k == end or data[k] == 10:
                if digits > 18:
                    return -1, 0, 0
                heads[count], bodies[count], numbers[count] = i, k, number
                count += 1
    # Counted apart: a loop without branches, which the compiler vectorises.
    commas = quotes = 0
    for i in range(end):
        byte = data[i]
        commas += byte == 44
        quotes += (byte == 34) | (byte == 39)
    return count, commas, quotes
