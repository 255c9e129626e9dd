"""Chip amounts of hand histories as they are printed: whole ones as integers, the rest exact.

Replays keep amounts exact (whole chips, or fractions for histories in cents
and for ``odd_chips="exact"`` splits); printing them through binary floats
would show noise (``-77.40000000000002``). Here an amount is printed from its
exact value:

- a whole amount is an ``int``;
- any other amount is its decimal, exact when it has at most
  :data:`AMOUNT_DIGITS` significant digits (every amount in cents of a
  realistic stack), else rounded to that many (an exact split of one chip in
  three prints ``0.333333333333333``).

As a JSON number (:func:`amount_value`) the decimal is a ``float`` whose
shortest representation is that decimal, so ``json.dumps`` prints it as is.

Examples
--------
>>> from fractions import Fraction
>>> amount_value(Fraction(387, 5)), amount_value(Fraction(200, 1)), amount_value(40.25)
(77.4, 200, 40.25)
>>> amount_value(Fraction(-387, 5) + Fraction(0))  # no float arithmetic, no noise
-77.4
>>> amount_text(Fraction(123456789, 100)), amount_text(Fraction(1, 3)), amount_text(1200)
('1,234,567.89', '0.333333333333333', '1,200')
"""

from __future__ import annotations

import decimal
from fractions import Fraction
from numbers import Rational

__all__ = ["AMOUNT_DIGITS", "amount_text", "amount_value", "exact"]

#: Significant digits of a non-whole amount as printed (the most a float keeps exactly).
AMOUNT_DIGITS = 15

_CONTEXT = decimal.Context(prec=AMOUNT_DIGITS, rounding=decimal.ROUND_HALF_EVEN)


def exact(amount: int | float | Rational) -> Fraction:
    """The exact value of an amount: a float is read as the decimal it prints as
    (``0.1`` is one tenth, as in the PHH text it came from)."""
    if isinstance(amount, float):
        return Fraction(repr(amount))
    return Fraction(amount)


def _decimal(value: Fraction) -> decimal.Decimal:
    """A non-whole amount as a decimal of at most :data:`AMOUNT_DIGITS` significant digits."""
    return _CONTEXT.divide(decimal.Decimal(value.numerator), decimal.Decimal(value.denominator))


def amount_value(amount: int | float | Rational) -> int | float:
    """An amount for JSON: an ``int`` when whole, else the decimal as a ``float``
    (see the module docstring)."""
    value = exact(amount)
    if value.denominator == 1:
        return int(value)
    return float(_decimal(value))


def amount_text(amount: int | float | Rational) -> str:
    """An amount for people: ``1,200``, ``1,234.5`` (see the module docstring)."""
    value = exact(amount)
    if value.denominator == 1:
        return f"{int(value):,}"
    return f"{_decimal(value).normalize(_CONTEXT):,f}"
