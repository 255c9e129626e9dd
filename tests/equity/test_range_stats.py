"""Tests for ``showdown.range_stats``: made hands and draws of a range on a board.

The oracle is ``reference.naive_range_categories``, written from the
definitions in ``range_stats``' docstring and sharing no code with it: made
hands from the naive evaluator's best five cards and rank counting, draws by
dealing every next card (and every pair of next cards for backdoor draws).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import showdown
from reference.naive_evaluator import best_high
from reference.naive_range_categories import naive_rows
from showdown import Range, range_stats
from showdown.equity.analysis.range_stats import DRAWS, MADE_HANDS

PAIR_ROWS = ["Overpair", "Top Pair", "Pocket Pair Below Top Pair", "Middle Pair", "Weak Pair"]
FLUSH_DRAWS = ["Nut flush draw", "Non-nut flush draw"]


def check_against_reference(rng: Range | str, board: list[int], dead: list[int]) -> None:
    rng = Range(rng) if isinstance(rng, str) else rng
    stats = range_stats(rng, board, dead=dead)
    assert list(stats.index) == [*MADE_HANDS, *DRAWS]
    live = rng.remove([*board, *dead])
    weights = {text: float(w) for text, w in zip(live.to_strings(), live.weights, strict=True)}
    expected: dict[str, set[str]] = {name: set() for name in stats.index}
    for combo, text in zip(live.combos.tolist(), live.to_strings(), strict=True):
        rows = naive_rows(combo, board, dead)
        assert len(rows & set(MADE_HANDS)) == 1, (text, rows)
        for row in rows:
            expected[row].add(text)
    total = sum(weights.values())
    for name in stats.index:
        assert set(stats.loc[name, "combos"]) == expected[name], name
        assert stats.loc[name, "count"] == len(expected[name])
        weight = sum(weights[text] for text in expected[name])
        assert stats.loc[name, "weight"] == pytest.approx(weight, abs=1e-12)
        assert stats.loc[name, "share"] == pytest.approx(weight / total, abs=1e-12)
        member_range = stats.loc[name, "range"]
        if expected[name]:
            assert sorted(member_range.to_strings()) == sorted(expected[name])
        else:
            assert member_range is None
    made = stats[stats.kind == "made hand"]
    assert made["count"].sum() == len(live)
    assert made["share"].sum() == pytest.approx(1.0)


def cards(text: str) -> list[int]:
    return showdown.parse_cards(text).tolist()


def rows_of(combo: str, board: str, dead: str = "") -> set[str]:
    """The rows of range_stats that hold a single combo."""
    stats = range_stats(combo, board, dead=dead)
    return set(stats.index[stats["count"] > 0])


def made_of(combo: str, board: str, dead: str = "") -> str:
    (made,) = rows_of(combo, board, dead) & set(MADE_HANDS)
    return made


def random_range(generator: np.random.Generator) -> Range:
    classes = showdown.cards.range_grid.HAND_CLASSES
    picked = generator.choice(len(classes), size=int(generator.integers(5, 25)), replace=False)
    parts = [
        classes[i] + (":0.5" if generator.random() < 0.3 else "") for i in sorted(picked.tolist())
    ]
    return Range(", ".join(parts))


@pytest.mark.parametrize("case", range(24))
def test_matches_reference_on_random_boards_and_ranges(case: int) -> None:
    board_size = (3, 4, 5)[case % 3]
    generator = np.random.default_rng(case)
    deck = generator.permutation(52).tolist()
    board, dead = deck[:board_size], deck[board_size : board_size + int(generator.integers(0, 4))]
    rng = random_range(generator)
    try:
        rng.remove([*board, *dead])
    except ValueError:
        pytest.skip("card removal emptied this random range")
    check_against_reference(rng, board, dead)


@pytest.mark.parametrize(
    "board",
    [
        # Every live combo: a wet flop, a paired flop, trips on the flop, a
        # paired turn, two pairs on the river, a river straight on the board.
        "9s8s2h",
        "7c7d2h",
        "QsQhQd",
        "Kh7s7c2h",
        "8c8d7h7s2c",
        "5h6c7d8s9h",
    ],
)
def test_matches_reference_on_every_combo(board: str) -> None:
    check_against_reference("random", cards(board), [])


def test_matches_reference_on_every_combo_of_random_boards() -> None:
    generator = np.random.default_rng(2024)
    for board_size in (3, 4, 4, 5, 5, 5):
        deck = generator.permutation(52).tolist()
        check_against_reference("random", deck[:board_size], deck[board_size : board_size + 2])


@pytest.mark.parametrize(
    ("board", "texts"),
    [
        # Suited connectors and broadways on wet boards: every kind of draw.
        ("9s8s2h", "T7s, J7s, JT, QJs, 76s, AsKs, 65s, Q9s, AhKh, 77, KdQd"),
        ("Ts9h6d", "87s, 87o, J8, QJ, KQ, 75s, A5s, Q8s, 55"),
        ("5s4h2d", "A3, 63s, 76s, AK, 33, K3s, 7h6h"),
        ("AsKd3c", "QJ, QT, T9s, 54s, 52s, J9s"),
        # Four to a flush and four to a straight on the turn.
        ("Ks9s5s2h", "AhQh, Ac9c, Qs7d, JT, 43s, 87s"),
        ("5h6c7d8s", "KQ, 9c2d, 44, AA, T9s, 43o"),
        # Monotone flop: one-card flush draws, nut or not.
        ("Kh8h2h", "A5, Q5, JTs, 99, K8"),
    ],
)
def test_matches_reference_on_drawing_boards(board: str, texts: str) -> None:
    check_against_reference(texts, cards(board), [])


def test_board_pair_is_not_the_players() -> None:
    # The board's sevens are everyone's: AK and QJ have no pair at all.
    stats = range_stats("AKo, QJo", "7c7d2h")
    assert stats.loc[[*PAIR_ROWS, "Two Pair", "Trips"], "count"].sum() == 0
    assert stats.loc["Ace High", "count"] == 12 and stats.loc["No Made Hand", "count"] == 12
    assert stats.loc["Overcards", "count"] == 24
    assert all(text.startswith("A") for text in stats.loc["Ace High", "combos"])
    assert stats.loc[list(MADE_HANDS), "share"].sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("combo", "board", "made"),
    [
        # Pocket pairs above, between and below the board's ranks.
        ("AhAd", "Kd7c2h", "Overpair"),
        ("QhQd", "Kd7c2h", "Pocket Pair Below Top Pair"),
        ("5h5d", "Kd7c2h", "Weak Pair"),
        ("KhKs", "7c7d2h", "Overpair"),
        ("5h5d", "7c7d2h", "Pocket Pair Below Top Pair"),
        ("6h6d", "Kd9c7h2s", "Weak Pair"),
        # A hole card pairing the top, second and lower board ranks.
        ("KhQd", "Kd7c2h", "Top Pair"),
        ("As7d", "Kd7c2h", "Middle Pair"),
        ("As2d", "Kd7c2h", "Weak Pair"),
        ("Ks2d", "7c7d2h", "Middle Pair"),  # the deuce is the board's second rank
        ("As9d", "Kd9c7h2s", "Middle Pair"),
        ("As7d", "Kd9c7h2s", "Weak Pair"),
        # Two pair needs both hole cards; a higher board pair counterfeits one.
        ("Kh7d", "Kd7c2h", "Two Pair"),
        ("Kh2d", "Kd7c7h2s", "Top Pair"),
        ("Kh7h", "AdAcKs7c", "Middle Pair"),
        # Sets, trips and board trips.
        ("7h7d", "Kd7c2h", "Set"),
        ("Ah7d", "Kd7c7h", "Trips"),
        ("AhKd", "QsQhQd", "Ace High"),
        ("JhTd", "QsQhQd", "No Made Hand"),
        # Full houses on paired boards, quads only with a hole card among the four.
        ("7h7d", "7c2h2d", "Full House"),
        ("2s2c", "7c7d2h", "Full House"),
        ("Kh7d", "Kd7c7h", "Full House"),
        ("7h7s", "7c7d2h", "Four of a Kind"),
        ("7hAd", "7c7d7s", "Four of a Kind"),
        ("AhAd", "7c7d7h7s", "Ace High"),
        ("KhKd", "7c7d7h7s", "No Made Hand"),
        ("2s2d", "7c7d7h7s", "No Made Hand"),
        # The river: the board can play.
        ("AhAd", "7c7d7hKsKd", "Full House"),
        ("QhQd", "7c7d7hKsKd", "Board Plays"),
        ("AhKc", "5h6c7d8s9h", "Board Plays"),
        ("Th2c", "5h6c7d8s9h", "Straight"),
        ("3h3d", "8c8d7h7s2c", "No Made Hand"),  # the threes only beat the deuce kicker
        ("3h3d", "8c8d7h7sKc", "Board Plays"),
        ("3h3d", "7c7d2h2sKc", "Weak Pair"),  # below the board's second rank, the seven
        ("3h3d", "7c7d2h2s", "Pocket Pair Below Top Pair"),
        ("Ah2c", "7c7d7h7sKd", "Ace High"),
        ("Kh2c", "7c7d7h7sAd", "Board Plays"),
        ("8h3c", "Ah9h7hKhJh", "Flush"),
        ("2c3c", "Ah9h7hKhJh", "Board Plays"),
    ],
)
def test_made_hand_of_single_combos(combo: str, board: str, made: str) -> None:
    assert made_of(combo, board) == made
    # The reference agrees on every hand-picked case too.
    assert made in naive_rows(cards(combo), cards(board), [])


def test_made_hand_rows_partition_a_full_range() -> None:
    for board in ("Ts9s2h", "7c7d2h4s", "QsQhQd2c2d"):
        stats = range_stats("random", board)
        made = stats[stats.kind == "made hand"]
        assert made["count"].sum() == stats.attrs["combos"]
        assert made["share"].sum() == pytest.approx(1.0)
        combos = list(itertools.chain.from_iterable(made["combos"]))
        assert len(combos) == len(set(combos)) == stats.attrs["combos"]


@pytest.mark.parametrize(
    ("combo", "board", "dead", "draw"),
    [
        ("Ah5h", "Kh8h2c", "", "Nut flush draw"),
        ("Qh5h", "Kh8h2c", "", "Non-nut flush draw"),
        # The board's own ace makes the king the nut card.
        ("Kh5h", "Ah8h2c", "", "Nut flush draw"),
        ("Qh5h", "Ah8h2c", "", "Non-nut flush draw"),
        # A dead ace of hearts cannot be held by anyone.
        ("Qh5h", "Kh8h2c", "Ah", "Nut flush draw"),
        # One-card draws on a monotone flop.
        ("AhQc", "Kh8h2h", "", "Nut flush draw"),
        ("QhQc", "Kh8h2h", "", "Non-nut flush draw"),
        ("Jh4c", "AhKhQh", "", "Nut flush draw"),
        ("Ah5c", "Kh8h2h7d", "", "Nut flush draw"),
    ],
)
def test_nut_and_non_nut_flush_draws(combo: str, board: str, dead: str, draw: str) -> None:
    rows = rows_of(combo, board, dead)
    assert draw in rows and len(rows & set(FLUSH_DRAWS)) == 1
    # Brute force: with every card that completes the flush, does another hand
    # of live cards hold a better one (straight flushes aside)?
    hole, table, out = cards(combo), cards(board), cards(dead)
    suit = next(card % 4 for card in hole if sum(c % 4 == card % 4 for c in [*hole, *table]) >= 4)
    live = [card for card in range(52) if card not in {*hole, *table, *out}]
    beaten = False
    for new in (card for card in live if card % 4 == suit):
        mine = flush_ranks([*hole, *table, new], suit)
        for other in itertools.combinations([card for card in live if card != new], 2):
            theirs = flush_ranks([*other, *table, new], suit)
            beaten |= theirs is not None and theirs > mine
    assert beaten == (draw == "Non-nut flush draw")


def flush_ranks(seven: list[int], suit: int) -> tuple[int, ...] | None:
    ranks = sorted((card // 4 for card in seven if card % 4 == suit), reverse=True)
    return tuple(ranks[:5]) if len(ranks) >= 5 else None


@pytest.mark.parametrize(
    ("combo", "board", "draw"),
    [
        ("8c7d", "6h5s2c", "Open-ended straight draw"),
        ("9c7c", "5d8hJs", "Open-ended straight draw"),  # double gutshot: 6 or T
        ("3c2d", "4h5sKc", "Open-ended straight draw"),  # ace or six
        ("KcQd", "JhTs3c", "Open-ended straight draw"),  # ace or nine
        ("Ac2d", "3h4sKc", "Gutshot"),  # the wheel needs a five; nothing above
        ("AcKd", "QhJs3c", "Gutshot"),  # broadway needs a ten; nothing above
        ("9c8d", "Jh7s2c", "Gutshot"),
        ("Ac5d", "4h3s9c", "Gutshot"),  # a deuce; six-high needs two more
    ],
)
def test_open_ended_and_gutshot_edges(combo: str, board: str, draw: str) -> None:
    rows = rows_of(combo, board)
    assert draw in rows
    assert len(rows & {"Open-ended straight draw", "Gutshot"}) == 1


def test_dead_cards_kill_outs() -> None:
    # 9h8h on Qs Ts 2d draws to a jack; with all four jacks dead it draws to nothing.
    alive = range_stats("9h8h", "QsTs2d")
    assert alive.loc["Gutshot", "count"] == 1
    dead = range_stats("9h8h", "QsTs2d", dead="JcJdJhJs")
    assert dead.loc["Gutshot", "count"] == 0
    # Still a backdoor draw to 6-7-8-9-T.
    assert dead.loc["Backdoor straight draw", "count"] == 1


def test_board_only_draws_do_not_count() -> None:
    # Four spades on board and no spade in hand: the fifth spade is everyone's flush.
    stats = range_stats("AhKh", "Qs9s5s2s")
    assert stats.loc[FLUSH_DRAWS, "count"].sum() == 0
    # Four to a straight on board: a 4 or 9 makes the board's straight, not the hand's.
    stats = range_stats("KdQd", "5h6c7d8s")
    assert stats.loc["Open-ended straight draw", "count"] == 0


def test_river_has_no_draws() -> None:
    stats = range_stats("random", "As Kd 7h 4c 2s")
    assert stats.loc[list(DRAWS), "count"].sum() == 0
    assert stats.attrs == {
        "board": "AsKd7h4c2s",
        "dead": "",
        "combos": 1081,
        "weight": 1081.0,
        "game": "holdem",
    }


def test_random_range_counts_match_combinatorics() -> None:
    # Every hand on Ts9s2h: 55 two-spade hands draw to a flush (the 10 with the
    # ace of spades to the nut); 9 sets; 27 two pairs; 3 x 6 overpairs.
    stats = range_stats("random", "Ts9s2h")
    assert stats.loc[FLUSH_DRAWS, "count"].tolist() == [10, 45]
    assert stats.loc["Set", "count"] == 9
    assert stats.loc["Two Pair", "count"] == 27
    assert stats.loc["Overpair", "count"] == 4 * 6  # JJ, QQ, KK, AA
    assert stats.loc["Overcards", "count"] == 6 * 16  # two of J, Q, K, A, unpaired
    assert stats.loc["Board Plays", "count"] == 0


def test_weights_are_shares() -> None:
    stats = range_stats("AA:0.5, KK", "2c3d4h")
    assert stats.loc["Overpair", "weight"] == 9.0 and stats.loc["Overpair", "share"] == 1.0
    stats = range_stats("AA:0.5, 22", "2c3d9h")
    assert stats.loc["Set", "share"] == pytest.approx(3 / 6)


def test_input_errors() -> None:
    with pytest.raises(ValueError, match="board: expected 3, 4 or 5"):
        range_stats("AA", "AsKs")
    with pytest.raises(ValueError, match="also on the board"):
        range_stats("AA", "2c3c4c", dead="2c")
    with pytest.raises(ValueError, match="no hand"):
        range_stats("AhAd", "Ah2c3c")
    with pytest.raises(ValueError, match="bad token"):
        range_stats("AKx", "2c3c4c")
    with pytest.raises(ValueError, match="unknown card"):
        range_stats("AA", "2c3c4x")


def test_omaha_hand_text_asks_for_the_game() -> None:
    # Omaha ranges are classified (tests/equity/test_omaha_range_stats.py);
    # a lone four-card hand read as hold'em text says how to name its game.
    with pytest.raises(ValueError, match=r"hand_range: 'AsKsQhJh' is a 4-card hand.*game='omaha'"):
        range_stats("AsKsQhJh", "2c3c4c")


def test_accepts_text_hand_ranges_and_ranges_alike() -> None:
    by_text = range_stats("QQ+, AKs", "Kd7c2h")
    by_range = range_stats(Range("QQ+, AKs"), "Kd7c2h")
    by_hand_range = range_stats(showdown.parse_range("QQ+, AKs"), "Kd7c2h")
    for other in (by_range, by_hand_range):
        assert by_text[["count", "weight", "share"]].equals(other[["count", "weight", "share"]])


def test_reference_board_plays_is_the_boards_own_hand() -> None:
    # The oracle's "Board Plays" is exactly "the best five are the board's".
    board = cards("5h6c7d8s9h")
    for combo in (cards("AhKc"), cards("Th2c"), cards("4c4d")):
        plays = best_high([*combo, *board]) == best_high(board)
        assert ("Board Plays" in naive_rows(combo, board, [])) == plays
