"""Absurd numbers in, sane answers or clear errors out: tiny weights, huge sample counts, JSON."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from showdown.equity import equity
from showdown.equity.api import MAX_SAMPLES


@pytest.mark.parametrize("weight", ["1e-200", "1e-320", "0.5"])
def test_a_range_with_one_weight_equals_the_unweighted_range(weight: str) -> None:
    # Weights are relative: scaling every weight of a range changes nothing.
    plain = equity(["AA, KK", "QQ, JJ"], exact=True)
    scaled = equity([f"AA:{weight}, KK:{weight}", f"QQ:{weight}, JJ:{weight}"], exact=True)
    assert scaled.exact and scaled.trials == plain.trials  # deals, not a vanishing weighted sum
    assert isinstance(scaled.trials, int)
    assert scaled.equity.tolist() == pytest.approx(plain.equity.tolist(), abs=1e-12)
    assert not np.isnan(scaled.win).any()


def test_tiny_weights_keep_their_ratios() -> None:
    expected = equity(["AA:1, KK:0.5", "QQ"], exact=True)
    tiny = equity(["AA:2e-300, KK:1e-300", "QQ:1e-300"], exact=True)
    assert tiny.equity.tolist() == pytest.approx(expected.equity.tolist(), abs=1e-12)
    assert tiny.trials == pytest.approx(expected.trials, rel=1e-12)
    sampled = equity(["AA:2e-300, KK:1e-300", "QQ:1e-300"], samples=50_000, seed=3)
    assert np.isfinite(sampled.equity).all()
    assert abs(sampled.equity[0] - expected.equity[0]) < 5 * sampled.stderr[0]


def test_a_tiny_weight_next_to_a_large_one_counts_for_almost_nothing() -> None:
    mixed = equity(["AA:1e-320, KK", "QQ"], exact=True)
    alone = equity(["KK", "QQ"], exact=True)
    assert mixed.equity.tolist() == pytest.approx(alone.equity.tolist(), abs=1e-12)


def test_tiny_weights_give_valid_json() -> None:
    result = equity(["AA:1e-200, KK:1e-200", "QQ:1e-200, JJ:1e-200"], exact=True)
    text = json.dumps(result.to_dict(), allow_nan=False)
    assert json.loads(text)["trials"] == result.trials > 0


def test_weights_whose_products_vanish_are_refused_naming_the_players() -> None:
    # The full-weight combos clash with everything of the other player's; the only
    # joint holding that fits weighs 1e-200 * 1e-200, below the smallest float.
    players = ["AsAh, AdKc:1e-200", "AsAd, AhKd:1e-200"]
    for options in ({"exact": True}, {"samples": 1_000, "seed": 1}):
        with pytest.raises(ValueError, match=r"players: .*weight"):
            equity(players, **options)
    # The same clash at ordinary weights is one joint holding: it runs.
    assert equity(["AsAh, AdKc:0.5", "AsAd, AhKd:0.5"], exact=True).trials > 0


@pytest.mark.parametrize("name", ["samples", "max_samples"])
@pytest.mark.parametrize("value", [2**63, 2**64 + 5, MAX_SAMPLES + 1, 10**30])
def test_absurd_sample_counts_are_refused_naming_the_option_and_limit(name, value) -> None:
    options = {name: value}
    if name == "max_samples":
        options["target_stderr"] = 0.001
    with pytest.raises(ValueError, match=rf"{name}: .*at most {MAX_SAMPLES:,}"):
        equity(["AsKs", "QdQh"], **options)


def test_the_largest_sample_count_is_accepted_by_the_checks() -> None:
    # The cap itself is fine for max_samples (the run stops long before it).
    result = equity(["AsKs", "QdQh"], target_stderr=0.01, max_samples=MAX_SAMPLES, seed=1)
    assert result.target_met and result.trials < MAX_SAMPLES
    assert MAX_SAMPLES == 2**53 and math.isfinite(float(MAX_SAMPLES))


def test_json_of_a_result_has_no_float_noise() -> None:
    result = equity(["AsKs", "QdQh"], board="2c7d9h")
    document = result.to_dict()
    for row in document["players"]:
        for key in ("equity", "win", "tie"):
            # 15 significant digits at most: no 0.30000000000000004-style tails.
            assert len(repr(row[key]).lstrip("0.").replace(".", "")) <= 15
            assert row[key] == pytest.approx(getattr(result, key)[row["player"] - 1], abs=1e-14)
    json.dumps(document, allow_nan=False)
