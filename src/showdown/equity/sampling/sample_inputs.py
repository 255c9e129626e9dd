"""The kernel's view of a spot: live deck, known cards, joint tables of ranged players.

:func:`sample_spot` turns a validated :class:`~showdown.equity.spot.Spot`
into a :class:`SampleSpot` for the kernels of ``_sample_kernels`` (and
``_sample_deal_kernels``, which explain how a deal is drawn); :func:`new_work`
makes their scratch arrays.
Ranged players' hands come from joint tables (:func:`join_ranges`): every
combination of their combos that shares no card, with the product of the
weights, drawn by an alias table. Omaha ranges (tens of thousands of combos
each) rarely fit one table with another range: each then gets its own table,
and the kernels redraw the rows of a deal whose hands clash (see
``_sample_deal_kernels`` for why that draws the right law).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ...cards.ranges import HandRange
from ...evaluator.tables import KEY_START, Tables
from ..spot import NO_WEIGHT_LEFT, Spot
from . import _sample_kernels

#: Deals handled together inside a kernel: dealt, then evaluated player by player.
BLOCK_DEALS = 256
#: Most players whose wins are counted by winner set (2**players counters).
MASK_PLAYERS = 10
#: Memory of one joint table at most (bytes): a row costs ROW_BYTES plus
#: ROW_BYTES_PER_PLAYER per player. Groups beyond it are split over tables.
JOIN_BYTES = 64 << 20
#: The same for Omaha, much smaller: an Omaha deal costs far more to evaluate,
#: but a deal's rows read at random from a table bigger than the processor's
#: caches cost more still (measured, AA:xxyy v KK:xxyy, 600,000 deals: one
#: joint table of 577,000 rows 0.47 s of CPU, two tables of 864 rows and a
#: redraw when they clash, 23 % of deals, 0.27 s).
OMAHA_JOIN_BYTES = 1 << 20
ROW_BYTES = 20  # card mask, alias threshold and alias
ROW_BYTES_PER_PLAYER = 16  # key sum and suit bits; Omaha: the cards and their low mask
#: Most rows of a single joint table for which each row keeps its own deck (64
#: bytes a row; dealing then skips taking the held cards out of the deck).
ROW_DECK_LIMIT = 1 << 16
#: Joint tables whose ranged players clash this many times in a row (only
#: possible between several tables) are declared impossible.
MAX_FAILED_ATTEMPTS = 2_000_000
#: Memory bound of one step of a join: candidate pairs checked at once.
_JOIN_STEP = 1 << 22


class SampleSpot(NamedTuple):
    """The kernel's description of a spot (one argument; every field is read by name)."""

    deck: NDArray[np.uint8]  # live cards: not dead, not on the board, not held for sure
    live_words: NDArray[np.uint64]  # the same, ascending, padded to 64 bytes (copied per deal)
    where: NDArray[np.int64]  # position of each live card in ``live_words``
    board: NDArray[np.uint8]  # known board cards
    n_board: int  # cards on a complete board (0 without a board)
    board_sums: NDArray[np.uint64]  # the known board's key sum (KEY_START included), bits, low
    fixed_cards: NDArray[np.uint8]  # (players, width): cards each player surely holds
    fixed_count: NDArray[np.int64]
    fixed_key: NDArray[np.uint64]  # their key sums (no KEY_START), suit bits, low masks
    fixed_bits: NDArray[np.uint64]
    fixed_low: NDArray[np.int64]
    deal_count: NDArray[np.int64]  # cards each player gets from the stub per deal
    dealt: NDArray[np.int64]  # the players with cards from the stub, in deal order
    n_stub: int  # cards dealt from the stub per deal (players', then the board's)
    block_start: NDArray[np.int64]  # (tables + 1,): rows of joint table b
    block_players: NDArray[np.int64]  # (tables, columns): player of each column, -1 pads
    player_table: NDArray[np.int64]  # (players,): each ranged player's table, -1 for others
    player_column: NDArray[np.int64]  # (players,): and its column there
    ranged_players: NDArray[np.int64]  # the players in joint tables, ascending
    row_key: NDArray[np.uint64]  # (rows, columns): key sum of each column's hand (hold'em)
    row_bits: NDArray[np.uint64]  # (hold'em ranges are never hi-lo: no low masks)
    row_cards: NDArray[np.uint8]  # (rows, columns, hole + 1): each column's cards, low mask
    row_masks: NDArray[np.uint64]  # cards of each row
    thresholds: NDArray[np.uint64]  # alias table: keep the row below this 32-bit coin
    alias: NDArray[np.int32]  # alias table: else take this row
    use_row_decks: bool  # one small table: row_decks holds each row's live deck
    row_decks: NDArray[np.uint64]  # (rows, 8): live cards without the row's, padded
    held_count: int  # cards held by the ranged players
    max_failures: int


class Work(NamedTuple):
    """Scratch arrays of one kernel call (the kernels allocate nothing).

    Deals are handled in blocks of :data:`BLOCK_DEALS`: column ``d`` of
    ``key``, ``bits`` and ``low`` is deal ``d`` (a row per player, then the
    board), ``strengths`` and ``lows`` have a row per deal.
    """

    deck: NDArray[np.uint8]  # 64 bytes, also seen as 8 words
    deck_words: NDArray[np.uint64]
    key: NDArray[np.uint64]
    bits: NDArray[np.uint64]
    low: NDArray[np.int64]
    strengths: NDArray[np.uint16]
    lows: NDArray[np.uint8]
    hole: NDArray[np.uint8]  # Omaha: row p * BLOCK_DEALS + d, player p's cards in deal d
    boards: NDArray[np.uint8]  # Omaha: row d, the board of deal d
    pairs: NDArray[np.int32]
    triples: NDArray[np.int32]
    chosen: NDArray[np.int64]  # (tables, BLOCK_DEALS): joint-table rows drawn per deal
    held: NDArray[np.uint64]  # per deal: the ranged players' cards
    wins: NDArray[np.int64]  # (4, 2**players): deals won by each set of players, 4 tallies
    tally: NDArray[np.int64]  # (4, 10): one player's hand categories in a block, 4 tallies
    best: NDArray[np.uint16]  # per deal of a block: the best high hand
    masks: NDArray[np.int64]  # per deal of a block: the set of winners (of the high half)
    low_masks: NDArray[np.int64]  # per deal of a block: the winners of the low half


class JointTable(NamedTuple):
    """Every compatible joint holding of some ranged players."""

    players: list[int]
    rows: NDArray[np.int32]  # (rows, players): each player's combo, an index into their range
    weights: NDArray[np.float64]
    masks: NDArray[np.uint64]


def join_ranges(
    players: list[int], ranges: list[HandRange], limit: int = 1 << 20
) -> JointTable | None:
    """All joint holdings of ``ranges`` that share no card, or ``None`` past ``limit`` rows.

    A row's weight is the product of its combos' weights. Work is done in steps
    of at most ``_JOIN_STEP`` candidate pairs so memory stays bounded.

    Examples
    --------
    >>> from showdown.cards import parse_range
    >>> table = join_ranges([0, 1], [parse_range("AK"), parse_range("AK")])
    >>> table.rows.shape  # 16 x 16 pairs of AK combos, 144 without a shared card
    (144, 2)
    """
    rows = np.zeros((1, 0), np.int32)
    weights = np.ones(1)
    masks = np.zeros(1, np.uint64)
    for hand_range in ranges:
        combo_masks = hand_range.masks
        step = max(1, _JOIN_STEP // combo_masks.size)
        parts: list[tuple[NDArray[np.intp], NDArray[np.intp]]] = []
        found = 0
        for start in range(0, masks.size, step):
            fits = (masks[start : start + step, None] & combo_masks[None, :]) == 0
            old, new = np.nonzero(fits)
            found += old.size
            if found > limit:
                return None
            parts.append((old + start, new))
        old = np.concatenate([part[0] for part in parts])
        new = np.concatenate([part[1] for part in parts])
        rows = np.concatenate([rows[old], new.astype(np.int32)[:, None]], axis=1)
        weights = weights[old] * hand_range.weights[new]
        masks = masks[old] | combo_masks[new]
    return JointTable(players, rows, weights, masks)


def _joint_tables(spot: Spot, ranged: list[int]) -> list[JointTable]:
    """Ranged players grouped into as few joint tables as :data:`JOIN_LIMIT` allows.

    Narrow ranges go first: they clash the most, and their tables stay small.
    A table is limited by its memory (:data:`JOIN_BYTES`, Omaha's
    :data:`OMAHA_JOIN_BYTES`); one range alone
    always gets its table (an Omaha range may list millions of combos).
    """
    order = sorted(ranged, key=lambda index: len(_range_of(spot, index)))
    hole = spot.game.hole_size
    per_player = ROW_BYTES_PER_PLAYER + (0 if hole == 2 else hole + 1)
    budget = JOIN_BYTES if hole == 2 else OMAHA_JOIN_BYTES
    tables: list[JointTable] = []
    group: list[int] = []
    current: JointTable | None = None
    for index in order:
        candidate = [*group, index]
        limit = budget // (per_player * len(candidate) + ROW_BYTES)
        joined = join_ranges(
            candidate, [_range_of(spot, player) for player in candidate], limit=limit
        )
        if joined is None:
            if current is not None:
                tables.append(current)
            candidate = [index]
            joined = join_ranges(candidate, [_range_of(spot, index)], limit=1 << 62)
            assert joined is not None
        group, current = candidate, joined
        if joined.rows.shape[0] == 0:
            raise ValueError("players: the hands and ranges share cards in every combination")
        if not joined.weights.sum() > 0:  # every product of weights underflowed
            raise ValueError(NO_WEIGHT_LEFT)
    if current is not None:
        tables.append(current)
    return tables


def _range_of(spot: Spot, index: int) -> HandRange:
    hand_range = spot.players[index].hand_range
    assert hand_range is not None
    return hand_range


def _card_sums(tables: Tables, cards: NDArray[np.uint8]) -> tuple[Any, Any, Any]:
    """(key sums, or-ed suit bits, or-ed low masks) of each row of ``cards``."""
    key = tables.card_key[cards].sum(axis=-1, dtype=np.uint64)
    bits = np.bitwise_or.reduce(tables.card_bit[cards], axis=-1)
    low = np.bitwise_or.reduce(tables.low_bit[cards].astype(np.int64), axis=-1)
    return key, bits, low


def alias_table(weights: NDArray[np.float64]) -> tuple[NDArray[np.uint64], NDArray[np.int32]]:
    """(thresholds, alias) of Walker's alias table for ``weights`` (see ``build_alias``)."""
    size = weights.size
    if size == 0 or bool(np.all(weights == weights[0])):
        # Equal weights: every column keeps its own row.
        return np.full(size, np.uint64(1 << 32)), np.arange(size, dtype=np.int32)
    thresholds = np.zeros(size, np.uint64)
    alias = np.zeros(size, np.int32)
    scratch = np.empty(size, np.int64), np.empty(size, np.int64)
    _sample_kernels.build_alias(weights.astype(np.float64), thresholds, alias, *scratch)
    return thresholds, alias


def sample_spot(spot: Spot, tables: Tables) -> tuple[SampleSpot, list[JointTable]]:
    """The kernel's description of ``spot`` and its joint tables."""
    game = spot.game
    live = np.zeros(64, np.uint8)
    live[: spot.deck.size] = np.sort(spot.deck)
    where = np.zeros(52, np.int64)
    where[live[: spot.deck.size]] = np.arange(spot.deck.size)
    board_key, board_bits, board_low = _card_sums(tables, spot.board)
    players, ranged = _player_fields(spot, tables, hand_width(spot))
    joint = _joint_tables(spot, ranged) if ranged else []
    inputs = SampleSpot(
        deck=spot.deck,
        live_words=live.view(np.uint64),
        where=where,
        board=spot.board,
        n_board=game.board_size,
        board_sums=np.array([board_key + KEY_START, board_bits, board_low], np.uint64),
        max_failures=MAX_FAILED_ATTEMPTS,
        **players,
        **_joint_fields(spot, tables, joint, live),
    )
    return inputs, joint


def hand_width(spot: Spot) -> int:
    """Most cards a player's final hand holds (hole cards; 7 in stud, 5 in draw)."""
    kind = spot.game.kind
    return spot.game.hole_size if kind == "board" else 7 if kind == "stud" else 5


def new_work(spot: Spot, n_tables: int) -> Work:
    """Fresh scratch arrays for one kernel call."""
    n_players = spot.n_players
    omaha = spot.game.omaha
    deck = np.zeros(64, np.uint8)
    return Work(
        deck=deck,
        deck_words=deck.view(np.uint64),
        key=np.zeros((n_players + 1, BLOCK_DEALS), np.uint64),
        bits=np.zeros((n_players + 1, BLOCK_DEALS), np.uint64),
        low=np.zeros((n_players + 1, BLOCK_DEALS), np.int64),
        strengths=np.zeros((n_players, BLOCK_DEALS), np.uint16),
        lows=np.zeros((n_players, BLOCK_DEALS), np.uint8),
        hole=np.zeros((n_players * BLOCK_DEALS if omaha else 1, hand_width(spot)), np.uint8),
        boards=np.zeros((BLOCK_DEALS if omaha else 1, 5), np.uint8),
        pairs=np.zeros(15, np.int32),
        triples=np.zeros(10, np.int32),
        chosen=np.zeros((max(n_tables, 1), BLOCK_DEALS), np.uint64),
        held=np.zeros(BLOCK_DEALS, np.uint64),
        wins=np.zeros((4, 1 << n_players if n_players <= MASK_PLAYERS else 1), np.int64),
        tally=np.zeros((4, 10), np.int64),
        best=np.zeros(BLOCK_DEALS, np.uint16),
        masks=np.zeros(BLOCK_DEALS, np.int64),
        low_masks=np.zeros(BLOCK_DEALS, np.int64),
    )


def _player_fields(spot: Spot, tables: Tables, width: int) -> tuple[dict[str, Any], list[int]]:
    """(the ``fixed_*``, ``deal_count``, ``dealt`` and ``n_stub`` fields, the ranged players)."""
    n_players = spot.n_players
    hole = spot.game.hole_size
    fixed_cards = np.zeros((n_players, width), np.uint8)
    fixed_count = np.zeros(n_players, np.int64)
    deal_count = np.zeros(n_players, np.int64)
    ranged: list[int] = []
    for index, player in enumerate(spot.players):
        if player.hand_range is None:  # stud, draw: known cards plus cards to come
            assert player.known is not None
            fixed_cards[index, : player.known.size] = player.known
            fixed_count[index] = player.known.size
            deal_count[index] = player.need
        elif spot.is_fixed(index):
            fixed_cards[index, :hole] = player.hand_range.combos[0]
            fixed_count[index] = hole
        elif player.hand_range.is_random:
            # Every live hand at equal weight: dealt from the stub, never listed.
            deal_count[index] = hole
        else:
            ranged.append(index)
    fixed_key = np.zeros(n_players, np.uint64)
    fixed_bits = np.zeros(n_players, np.uint64)
    fixed_low = np.zeros(n_players, np.int64)
    for index in range(n_players):
        known = fixed_cards[index, : fixed_count[index]]
        fixed_key[index], fixed_bits[index], fixed_low[index] = _card_sums(tables, known)
    fields = {
        "fixed_cards": fixed_cards,
        "fixed_count": fixed_count,
        "fixed_key": fixed_key,
        "fixed_bits": fixed_bits,
        "fixed_low": fixed_low,
        "deal_count": deal_count,
        "dealt": np.flatnonzero(deal_count).astype(np.int64),
        "n_stub": int(deal_count.sum()) + spot.board_missing,
    }
    return fields, ranged


def _joint_fields(
    spot: Spot, tables: Tables, joint: list[JointTable], live: NDArray[np.uint8]
) -> dict[str, Any]:
    """The joint-table fields of :class:`SampleSpot` (``block_start`` .. ``held_count``).

    Hold'em rows keep each hand's key sum and suit bits (the evaluator adds
    the board's); Omaha rows keep the cards (the evaluator picks two of them)
    followed by their low mask (8 bits), so a deal reads one place per hand.
    """
    columns = max((len(table.players) for table in joint), default=1)
    hole = spot.game.hole_size
    omaha = spot.game.omaha
    block_start = np.zeros(len(joint) + 1, np.int64)
    block_players = np.full((max(len(joint), 1), columns), -1, np.int64)
    player_table = np.full(spot.n_players, -1, np.int64)
    player_column = np.zeros(spot.n_players, np.int64)
    keys, bits, masks, thresholds, aliases, cards = [], [], [], [], [], []
    for number, table in enumerate(joint):
        size = table.rows.shape[0]
        block_start[number + 1] = block_start[number] + size
        block_players[number, : len(table.players)] = table.players
        player_table[table.players] = number
        player_column[table.players] = np.arange(len(table.players))
        if omaha:
            cards.append(np.zeros((size, columns, hole + 1), np.uint8))
        else:
            keys.append(np.zeros((size, columns), np.uint64))
            bits.append(np.zeros((size, columns), np.uint64))
        for column, player in enumerate(table.players):
            held = _range_of(spot, player).combos[table.rows[:, column]]
            if omaha:
                cards[-1][:, column, :hole] = held
                cards[-1][:, column, hole] = _card_sums(tables, held)[2]
            else:
                keys[-1][:, column], bits[-1][:, column], _ = _card_sums(tables, held)
        masks.append(table.masks)
        threshold, alias = alias_table(table.weights)
        thresholds.append(threshold)
        aliases.append(alias + np.int32(block_start[number]))
    use_row_decks = len(joint) == 1 and joint[0].rows.shape[0] <= ROW_DECK_LIMIT
    return {
        "block_start": block_start,
        "block_players": block_players,
        "player_table": player_table,
        "player_column": player_column,
        "ranged_players": np.flatnonzero(player_table >= 0).astype(np.int64),
        "row_key": np.concatenate(keys) if keys else np.zeros((1, 1), np.uint64),
        "row_bits": np.concatenate(bits) if bits else np.zeros((1, 1), np.uint64),
        "row_cards": np.concatenate(cards) if cards else np.zeros((1, 1, hole + 1), np.uint8),
        "row_masks": np.concatenate(masks) if joint else np.zeros(1, np.uint64),
        "thresholds": np.concatenate(thresholds) if joint else np.zeros(1, np.uint64),
        "alias": np.concatenate(aliases) if joint else np.zeros(1, np.int32),
        "use_row_decks": use_row_decks,
        "row_decks": (
            _row_decks(live, spot.deck.size, joint[0].masks)
            if use_row_decks
            else np.zeros((1, 8), np.uint64)
        ),
        "held_count": spot.game.hole_size * sum(len(table.players) for table in joint),
    }


def _row_decks(live: NDArray[np.uint8], size: int, masks: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """(rows, 8) words: the live cards without each row's cards, ascending, zero-padded."""
    cards = live[:size]
    held = ((masks[:, None] >> cards[None, :].astype(np.uint64)) & np.uint64(1)).astype(bool)
    # A stable sort on "held" puts each row's free cards first, in order.
    order = np.argsort(held, axis=1, kind="stable")
    decks = np.zeros((masks.size, 64), np.uint8)
    decks[:, :size] = cards[order]
    return decks.view(np.uint64)


def check_combos(spot: Spot) -> None:
    """Refuse per-combo tallies the kernels cannot keep (``ValueError``).

    The tallies count whole pots under each player's combo: hi-lo pots split.
    A random Omaha hand would need a row for each of its hundreds of
    thousands of combos in every chunk's counters.
    """
    game = spot.game
    holdem = game.kind == "board" and game.hole_size == 2
    omaha = game.omaha and not game.hilo
    if omaha and not holdem:
        for index, player in enumerate(spot.players):
            if player.hand_range is not None and player.hand_range.is_random:
                raise ValueError(
                    f"combos: player {index + 1} is random, and sampled per-combo "
                    "breakdowns of Omaha list ranged players only; give a range, "
                    "sample without combos, or use exact=True"
                )
    elif not holdem:
        raise ValueError(
            "combos: sampled per-combo breakdowns are for hold'em and Omaha high ranges "
            "(and known hands); sample without combos, or use exact=True"
        )


class ComboInputs(NamedTuple):
    """Where the per-combo tallies find each deal's combos (``tally_combos``).

    Combo rows number every player's range combos one after the other
    (player ``p``'s are ``offsets[p]:offsets[p + 1]``, in range order).
    """

    rows: NDArray[np.int64]  # (joint-table rows, columns): combo row of each column's hand
    random_players: NDArray[np.int64]  # hold'em players dealt a random hand from the stub
    pair_rows: NDArray[np.int64]  # (random players, 52 * 52): combo row of cards (low, high)


def combo_inputs(spot: Spot, joint: list[JointTable]) -> tuple[ComboInputs, NDArray[np.int64]]:
    """The :class:`ComboInputs` of a sampled spot and the combo rows' ``offsets`` (``n + 1``)."""
    sizes = [
        len(player.hand_range) if player.hand_range is not None else 0 for player in spot.players
    ]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    columns = max((len(table.players) for table in joint), default=1)
    parts = []
    for table in joint:
        part = np.zeros((table.rows.shape[0], columns), np.int64)
        for column, player in enumerate(table.players):
            part[:, column] = offsets[player] + table.rows[:, column]
        parts.append(part)
    rows = np.concatenate(parts) if parts else np.zeros((1, 1), np.int64)
    # Random hands are tallied in hold'em only (check_combos): an Omaha one is
    # never listed, which would cost hundreds of thousands of combos or more.
    random_players = [
        index
        for index, player in enumerate(spot.players)
        if player.hand_range is not None
        and player.hand_range.is_random
        and not spot.is_fixed(index)
        and spot.game.hole_size == 2
    ]
    pair_rows = np.full((max(len(random_players), 1), 52 * 52), -1, np.int64)
    for slot, index in enumerate(random_players):
        hand_range = _range_of(spot, index)
        combos = hand_range.combos.astype(np.int64)  # rows ascending: (low, high)
        pair_rows[slot, combos[:, 0] * 52 + combos[:, 1]] = offsets[index] + np.arange(len(combos))
    inputs = ComboInputs(np.ascontiguousarray(rows), np.array(random_players, np.int64), pair_rows)
    return inputs, offsets
