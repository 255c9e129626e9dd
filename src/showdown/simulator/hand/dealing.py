"""Dealing and drawing: cards from the deck (or from a hand history) to players and board.

Part of :class:`~showdown.simulator.hand.HandState`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...cards import format_card
from ..rules import Street
from .actions import PHH_CODES, Action, IllegalActionError
from .base import DEALING, DRAWING, UNKNOWN, HandBase

# The action log's PHH codes.
_DEAL_HOLE_CODE, _DEAL_BOARD_CODE = PHH_CODES[Action.DEAL_HOLE], PHH_CODES[Action.DEAL_BOARD]
_DISCARD_CODE = PHH_CODES[Action.DISCARD]


class DealingMixin(HandBase):
    """Dealing streets, manual dealing for replays, and the draw with its reshuffle."""

    # ------------------------------------------------------------------ dealing

    def _draw_card(self) -> int:
        """Next card from the deck (auto dealing)."""
        if self._next_card >= len(self._deck):
            raise IllegalActionError("deck: no cards left to deal")
        card = self._deck[self._next_card]
        self._next_card += 1
        return card

    @property
    def cards_left(self) -> int:
        """Cards still in the deck (auto dealing)."""
        return len(self._deck) - self._next_card

    def _begin_street(self) -> None:
        street = self.variant.streets[self.street_index]
        self._draw_done = False
        per_player = street.down + street.up
        if per_player:
            n, folded = self.n, self.folded
            first = self.button + 1
            live = [(first + k) % n for k in range(n) if not folded[(first + k) % n]]
            community = False
            if self._stud and self.street_index == len(self.variant.streets) - 1:
                # Stud: if the deck cannot give every player a card, one community card.
                community = not self.manual_dealing and self.cards_left < len(live) * per_player
            if community:
                self._deal_board_cards(1)
            elif self.manual_dealing:
                self._pending_deals.extend((seat, per_player) for seat in live)
            elif not self._stud and not self.record:
                # Fast path: no face-up flags, no log.
                deck, hole, position = self._deck, self.hole_cards, self._next_card
                for seat in live:
                    hole[seat].extend(deck[position : position + per_player])
                    position += per_player
                self._next_card = position
            else:
                for seat in live:
                    cards = self._deck[self._next_card : self._next_card + per_player]
                    self._next_card += per_player
                    self._give(seat, cards, street)
        if street.board:
            if self.manual_dealing:
                self._pending_deals.append((-1, street.board))
            else:
                self._deal_board_cards(street.board)
        if self._pending_deals:
            self.status = DEALING
            self.actor = None
            return
        self._after_dealing()

    def _give(self, seat: int, cards: list[int], street: Street) -> None:
        """Hand ``cards`` to a seat: the street's down cards first, then its up cards."""
        self.hole_cards[seat].extend(cards)
        if self._stud:
            flags = [False] * street.down + [True] * street.up
            self.up[seat].extend(flags[: len(cards)])
        if self.record:
            self.log.append((_DEAL_HOLE_CODE, seat, tuple(cards)))

    def _deal_board_cards(self, count: int) -> None:
        cards = self._deck[self._next_card : self._next_card + count]
        if len(cards) < count:
            raise IllegalActionError("deck: no cards left to deal the board")
        self._next_card += count
        self.board.extend(cards)
        if self.record:
            self.log.append((_DEAL_BOARD_CODE, -1, tuple(cards)))

    def _check_new_cards(self, cards: Sequence[int], name: str) -> list[int]:
        known = [c for c in cards if c != UNKNOWN]
        for card in known:
            if not 0 <= card < 52:
                raise IllegalActionError(f"{name}: card code {card} is out of range 0..51")
            if card < 4 * self.variant.lowest_rank:
                raise IllegalActionError(
                    f"{name}: {format_card(card)} is not in the deck of {self.variant.name} "
                    f"(lowest rank {format_card(4 * self.variant.lowest_rank)[0]})"
                )
        if len(set(known)) != len(known):
            raise IllegalActionError(f"{name}: duplicate card in {list(cards)}")
        in_play = set(self.board)
        for seat, hand in enumerate(self.hole_cards):
            # In a draw, folded hands go to the muck and may be reshuffled and dealt again.
            if not (self._has_draw and self.folded[seat]):
                in_play.update(hand)
        repeated = in_play.intersection(known)
        if repeated:
            raise IllegalActionError(f"{name}: card {min(repeated)} was already dealt")
        return [int(c) for c in cards]

    def _find_pending(self, target: int) -> int:
        """Index of the first pending deal to ``target`` (-1 = board), or -1 when none."""
        for index, (seat, _) in enumerate(self._pending_deals):
            if seat == target:
                return index
        return -1

    def deal_hole(self, seat: int, cards: Sequence[int]) -> None:
        """Deal ``cards`` to ``seat`` (manual dealing; ``-1`` for an unknown card).

        Raises
        ------
        IllegalActionError
            When no hole cards are due to that seat now, or the count or cards are wrong.
        """
        index = self._find_pending(seat)
        if index < 0:
            raise IllegalActionError(f"deal_hole: no cards are due to seat {seat} now")
        count = self._pending_deals[index][1]
        if len(cards) != count:
            raise IllegalActionError(
                f"deal_hole: seat {seat} is due {count} cards, got {len(cards)}"
            )
        cards = self._check_new_cards(cards, Action.DEAL_HOLE)
        if self._draw_done:
            # The rule: discards are never dealt back to the player who threw them.
            own = self._discarded.get(seat, ()) if self._discarded else ()
            returned = [card for card in cards if card != UNKNOWN and card in own]
            if returned:
                raise IllegalActionError(
                    f"deal_hole: seat {seat} cannot be dealt card {returned[0]}: "
                    "it discarded that card"
                )
        del self._pending_deals[index]
        if self._draw_done:
            self.hole_cards[seat].extend(cards)
            if self.record:
                self.log.append((_DEAL_HOLE_CODE, seat, tuple(cards)))
        else:
            self._give(seat, cards, self.variant.streets[self.street_index])
        if not self._pending_deals and self.status == DEALING:
            self._after_dealing()

    def deal_board(self, cards: Sequence[int]) -> None:
        """Deal community ``cards`` (manual dealing).

        Stud's last-street community card is dealt this way too when a hand
        history says so.
        """
        index = self._find_pending(-1)
        if index >= 0:
            count = self._pending_deals[index][1]
        else:
            if self.variant.stud and self.status == DEALING and len(cards) == 1:
                # Stud ran out of cards: the last card is a community card for everyone.
                self._pending_deals = [(t, c) for t, c in self._pending_deals if c != 1]
                index, count = -1, 1
            else:
                raise IllegalActionError("deal_board: no board cards are due now")
        if len(cards) != count:
            raise IllegalActionError(f"deal_board: {count} board cards are due, got {len(cards)}")
        cards = self._check_new_cards(cards, Action.DEAL_BOARD)
        if index >= 0:
            del self._pending_deals[index]
        self.board.extend(cards)
        if self.record:
            self.log.append((_DEAL_BOARD_CODE, -1, tuple(cards)))
        if not self._pending_deals and self.status == DEALING:
            self._after_dealing()

    @property
    def pending_deals(self) -> list[tuple[int, int]]:
        """Manual dealing: ``(seat, count)`` pairs still due, seat ``-1`` for the board."""
        return list(self._pending_deals)

    def _after_dealing(self) -> None:
        street = self.variant.streets[self.street_index]
        if street.draw and not self._draw_done:
            self._draw_done = True
            self.status = DRAWING
            self._draw_queue = [s for s in self._seat_order(self.button + 1) if not self.folded[s]]
            self._next_drawer()
            return
        self._start_betting()

    # ------------------------------------------------------------------ drawing

    def _next_drawer(self) -> None:
        while self._draw_queue:
            seat = self._draw_queue[0]
            if self.disconnected[seat]:
                # A disconnected player stands pat.
                self._draw_queue.pop(0)
                if self.record:
                    self.log.append((_DISCARD_CODE, seat, ()))
                continue
            self.actor = seat
            return
        self.actor = None
        if self._pending_deals:
            self.status = DEALING
            return
        self._start_betting()

    def discard(self, cards: Sequence[int] = (), player: int | None = None) -> None:
        """Discard ``cards`` (0-5 of the player's own; empty = stand pat) and draw replacements.

        The replacements come from the deck; when it runs out, the muck and the
        earlier discards (not this player's) are shuffled and dealt.
        """
        if self.status != DRAWING or self.actor is None:
            raise IllegalActionError(f"discard: no draw now (status {self.status!r})")
        seat = self.actor
        if player is not None and player != seat:
            raise IllegalActionError(
                f"discard: out of turn: seat {player} acted, seat {seat} is to draw"
            )
        hand = self.hole_cards[seat]
        cards = [int(c) for c in cards]
        # Known cards must be distinct and held; unknown ones (a replayed opponent's
        # discards) may repeat, as many as the hand holds unknown.
        known = [c for c in cards if c != UNKNOWN]
        unknown = len(cards) - len(known)
        if (
            len(set(known)) != len(known)
            or any(c not in hand for c in known)
            or unknown > hand.count(UNKNOWN)
        ):
            raise IllegalActionError(f"discard: seat {seat} does not hold all of {cards}")
        if UNKNOWN in cards and not self.manual_dealing:
            raise IllegalActionError(
                "discard: unknown cards can only be discarded in manual dealing"
            )
        for card in cards:
            hand.remove(card)
        if self.manual_dealing:
            if self._discarded is None:
                self._discarded = {}
            self._discarded[seat] = set(cards)
        self._draw_queue.pop(0)
        self.discards[seat] = len(cards)
        if self.record:
            self.log.append((_DISCARD_CODE, seat, tuple(cards)))
        if cards:
            if self.manual_dealing:
                self._pending_deals.append((seat, len(cards)))
            else:
                self._replace(seat, len(cards))
            # In card order, as the compiled engine mucks them: a reshuffle then deals the
            # same cards on both engines (see compiled.cards).
            self._muck.extend(sorted(cards))
        self._next_drawer()

    def _replace(self, seat: int, count: int) -> None:
        drawn: list[int] = []
        while len(drawn) < count:
            if self._next_card >= len(self._deck):
                # Reshuffle the muck and earlier discards; this player's discards stay out.
                pool = self._muck
                if not pool:
                    raise IllegalActionError("discard: no cards left to draw, even from the muck")
                self._muck = []
                order = (self._rng or np.random.default_rng()).permutation(len(pool)).tolist()
                self._deck = [pool[i] for i in order]
                self._next_card = 0
            drawn.append(self._deck[self._next_card])
            self._next_card += 1
        self.hole_cards[seat].extend(drawn)
        if self.record:
            self.log.append((_DEAL_HOLE_CODE, seat, tuple(drawn)))
