"""The grammar of the generic range language, in lark's EBNF, and its parser.

Kept as a Python string (not a ``.lark`` file) so it ships with the package
like any module. Precedence, tightest first: ``( )``, ``!``, ``:``, ``,``;
each is left-associative. A weight (``@n``, or hold'em's ``:0.5``) ends a
top-level sub-range. The meaning of each rule is in
:mod:`showdown.cards.generic_range`; ``docs/ranges.md`` is the reference.
"""

from __future__ import annotations

import functools

import lark

__all__ = ["AT_WEIGHT", "COLON_WEIGHT", "GRAMMAR", "range_parser"]

#: A relative weight, ``@2``: the token's regular expression (also read by
#: :mod:`showdown.cards.range_text` to find the weight that ends a sub-range).
AT_WEIGHT = r"@\s*([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?"
#: Hold'em's absolute weight, ``:0.5`` (not ``:9``, an intersection with nines).
COLON_WEIGHT = r":\s*([0-9]*\.[0-9]+([eE][+-]?[0-9]+)?|1(\.0*)?|[0-9]+[eE][+-]?[0-9]+)(?![0-9%])"

GRAMMAR = rf"""
start: union

?union: weighted ("," weighted)*
weighted: inter weight?
weight: AT_WEIGHT | COLON_WEIGHT
?inter: diff (":" diff)*
?diff: atom ("!" atom)*
?atom: "(" union ")"
     | pattern
     | percent
     | RANDOM      -> random

pattern: item+ span?
span: PLUS                 -> span_up
    | MINUS                -> span_down
    | MINUS item+          -> span_to
?item: RANK SUIT?          -> card
     | SUIT                -> suit_card
     | "[" entry ("," entry)* "]" SUIT?  -> list
     | MACRO               -> macro
entry: item+ span?

percent: PERCENT (MINUS PERCENT)?

RANDOM.4: /random|any|\?\?/i
PERCENT.3: /[0-9]+(\.[0-9]+)?%/
AT_WEIGHT.3: /{AT_WEIGHT}/
COLON_WEIGHT.3: /{COLON_WEIGHT}/
RANK.2: /10|[2-9*]|[A-Z]|[akqjt]/
SUIT: /[shdcowxyz\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667]/
MACRO: /\$[A-Za-z]+/
PLUS: "+"
MINUS: "-"

%ignore /\s+/
"""


@functools.cache
def range_parser() -> lark.Lark:
    """The LALR parser of :data:`GRAMMAR` (built once)."""
    return lark.Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)
