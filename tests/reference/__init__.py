"""Slow, obviously-correct implementations used as oracles by the tests."""
