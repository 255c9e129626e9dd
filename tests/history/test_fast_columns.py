"""The fast path's columns without a Python object per row, checked against plain code.

All-ins priced as arrays (``holdem_evs``) give ``allin_ev``'s answers to the bit;
texts read from byte spans (hashed, factorized, checked) are the spans decoded
one by one, a hash collision included; coded text columns joined across parts
become the categorical that factorizing their texts gives.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from showdown.history import fast
from showdown.history.allin import allin_ev, allin_evs, forget_shares, holdem_evs
from showdown.history.columns import Coded, coded_categorical, join_coded
from showdown.history.replayed import AllInSpot
from showdown.simulator.hand import UNKNOWN

pd = pytest.importorskip("pandas")
# The module (the package exports its function under the same name).
analysis = importlib.import_module("showdown.history.analyze")


def _random_spot(rng: np.random.Generator, players: int, board: int) -> AllInSpot:
    """A hold'em all-in of ``players`` seats: some folded (their cards unknown or
    known), wagers that often tie (side pots of one, two or more players)."""
    cards = [int(card) for card in rng.permutation(52)[: 2 * players + board]]
    holes = [cards[2 * k : 2 * k + 2] for k in range(players)]
    wagers = [int(value) for value in rng.choice([0, 5, 40, 40, 90, 200], players)]
    live = [bool(value) for value in rng.random(players) < 0.8]
    live[int(rng.integers(players))] = True
    for seat in range(players):
        if not live[seat] and rng.random() < 0.5:
            holes[seat] = [UNKNOWN, UNKNOWN]
    street = {0: "preflop", 3: "flop", 4: "turn"}[board]
    return AllInSpot(street, cards[2 * players :], holes, wagers, int(rng.integers(0, 6)), live)


def test_spots_priced_as_arrays_are_allin_ev_to_the_bit():
    rng = np.random.default_rng(20261202)
    spots = [
        (_random_spot(rng, players, board), "holdem", int(rng.integers(0, 7)))
        for players in (2, 3, 4, 6, 9)
        for board in (0, 3, 4)
        for _ in range(3 if players < 4 else int(board > 0))  # many players: on a board
    ]
    # Two equal hands (split pots), a spot whose every wager is zero but the dead money.
    spots.append((AllInSpot("flop", [0, 13, 26], [[51, 50], [47, 46]], [30, 30], 0,
                            [True, True]), "holdem", 1))  # fmt: skip
    spots.append((AllInSpot("turn", [0, 1, 2, 3], [[12, 25], [38, 51]], [0, 0], 8,
                            [True, True]), "holdem", 0))  # fmt: skip
    forget_shares()
    alone = [allin_ev(spot, game, rake=rake) for spot, game, rake in spots]
    forget_shares()
    together = allin_evs(spots)
    assert together == alone
    # Remembered answers (the second time) are the same answers.
    assert allin_evs(spots) == alone
    assert any(ev.pots > 2 for ev in alone) and any(not spot.live[0] for spot, _, _ in spots)


def test_holdem_evs_takes_arrays_with_empty_seats():
    spot = AllInSpot("preflop", [], [[51, 50], [47, 46]], [100, 100], 2, [True, True])
    expected = allin_ev(spot, "holdem", rake=3)
    holes = np.full((1, 4, 2), UNKNOWN)
    holes[0, :2] = spot.hole_cards
    evs = holdem_evs(holes, [2], [[True, True, False, False]], [[100, 100, 0, 0]], [2],
                     [[UNKNOWN] * 5], [0], [3])  # fmt: skip
    assert evs.expected[0, :2].tolist() == expected.expected
    assert evs.equity[0, :2].tolist() == expected.equity
    assert evs.expected[0, 2:].tolist() == [0.0, 0.0] and evs.pots.tolist() == [1]
    assert evs.exact.tolist() == [True]


def _spans(data: bytes, texts: list[str | None]) -> np.ndarray:
    spans = []
    for text in texts:
        if text is None:
            spans.append((-1, -1))
        else:
            start = data.index(f'"{text}"'.encode()) + 1
            spans.append((start, start + len(text.encode())))
    return np.array(spans, dtype=np.int64)


TEXTS = ["Ann", "Bob", "Ann", None, "", "Zoë Ünal", "a-very-long-player-name-of-many-words",
         "a-very-long-player-name-of-many-wordz", "Bob", "12345678", "123456789", None]  # fmt: skip


@pytest.mark.parametrize("collide", [False, True], ids=["hashed", "every-hash-colliding"])
def test_span_texts_are_the_spans_decoded(monkeypatch, collide):
    # The texts in quotes, in a file of other bytes; the last at the very end of the data.
    data = b"x = 1\n" + b", ".join(f'"{text}"'.encode() for text in TEXTS if text is not None)
    data += b'\n"tail"'
    texts = [*TEXTS, "tail"]
    if collide:
        # Every text hashed alike: the check finds them apart, and they are read again.
        monkeypatch.setattr(fast, "span_hashes", lambda data, starts, stops, out: out.fill(7))
    known: dict[bytes, str] = {}
    coded = fast._span_texts(data, _spans(data, texts), known)
    decoded = [None if code < 0 else coded.categories[code] for code in coded.codes.tolist()]
    assert decoded == texts
    # Each distinct text once, in order of first appearance.
    assert coded.categories.tolist() == list(dict.fromkeys(t for t in texts if t is not None))
    assert known[b"Ann"] == "Ann" and len(known) == len(coded.categories)


def test_span_texts_of_no_text():
    coded = fast._span_texts(b"abc", np.array([[-1, -1]], dtype=np.int64), {})
    assert coded.codes.tolist() == [-1] and len(coded.categories) == 0


def _categorical(values: list) -> object:
    return analysis._categorical(np.array(values, dtype=object))


@pytest.mark.parametrize(
    "parts",
    [
        # Coded parts with unused texts, in any order, missing values, and plain lists.
        [Coded(np.array([2, 0, -1, 2]), np.array(["c", "b", "a", "z"], dtype=object)),
         ["a", None, "d"], Coded(np.array([0, 1]), np.array(["d", "c"], dtype=object))],
        [Coded(np.array([1, 1, 0]), np.array(["x", "y"], dtype=object))],
        [Coded(np.array([-1, -1]), np.array(["x"], dtype=object)), [None]],
        [Coded(np.arange(40)[::-1].copy(), np.array([f"t{k}" for k in range(40)], dtype=object)),
         ["t3", "new"]],
    ],
)  # fmt: skip
def test_joined_coded_parts_are_the_categorical_of_their_texts(parts):
    texts = []
    for part in parts:
        if isinstance(part, Coded):
            texts += [None if code < 0 else part.categories[code] for code in part.codes]
        else:
            texts += part
    joined = coded_categorical(join_coded(parts))
    expected = _categorical(texts)
    pd.testing.assert_series_equal(pd.Series(joined), pd.Series(expected), check_exact=True)
