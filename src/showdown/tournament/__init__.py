"""Tournament tools: prize equity under ICM and push/fold equilibria.

- :func:`icm`: each player's expected prize under the Malmuth-Harville model,
  exact for any field (a quadrature over a Poisson-binomial, no enumeration
  of finishing orders).
"""

from .icm import icm

__all__ = ["icm"]
