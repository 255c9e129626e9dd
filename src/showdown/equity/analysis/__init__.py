"""Equity broken down: by next card, by class matchup, by range category, by combo curve.

==============================  ===========================================================
module                          what it does
==============================  ===========================================================
``by_card``                     ``runouts()``: each player's equity after each next card
``matrix``                      ``preflop_matrix()``: every class against every class
``range_stats``                 ``range_stats()``: made hands and draws of a range on a board
``distribution``                ``equity_distribution()``: a range's equity as a curve
``plot``                        the matplotlib charts of results, runouts, matrices, curves
``_range_categories``           hold'em categories of ``range_stats`` (``_range_common``)
``_omaha_range_categories``     Omaha categories of ``range_stats``
``_build_preflop_order``        builds ``Range.top``'s hold'em order (run as a script)
``_build_omaha_order``          builds the four-card Omaha order (run as a script)
``_build_omaha56_order``        builds the five- and six-card Omaha orders (``_order_kernels``)
==============================  ===========================================================

The package imports nothing itself; :mod:`showdown.equity` exports the public
functions and loads the heavier ones on first use.
"""
