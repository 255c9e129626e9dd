"""Sampled equity: seeded Monte Carlo deals for every game, and the draw rule's sampler.

==========================  ===============================================================
module                      what it does
==========================  ===============================================================
``montecarlo``              seeded chunks of random deals, the same answer at any thread count
``sample_inputs``           a spot as the sampling kernel sees it (deck, known cards, tables)
``drawing``                 draw spots whose ``random`` players draw (dealt with numpy)
``draw_rule``               what a ``random`` draw player keeps (a rule of the spot)
``_sample_kernels``         the sampling kernel (numba)
``_sample_deal_kernels``    how the sampling kernel deals (numba)
``_drawing_kernels``        the draw rule and the drawing deals (numba)
==========================  ===============================================================

The package imports nothing itself: ``import showdown.equity.sampling.draw_rule``
(which the spot needs) does not load the sampler.
"""
