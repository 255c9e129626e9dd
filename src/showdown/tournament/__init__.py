"""Tournament tools: prize equity under ICM and push/fold equilibria.

- :func:`icm`: each player's expected prize under the Malmuth-Harville model,
  exact for any field (a quadrature over a Poisson-binomial, no enumeration
  of finishing orders).
- :func:`push_fold`: the heads-up push/fold equilibrium (small blind shoves
  or folds, big blind calls or folds) on exact combo-level all-in outcomes,
  in chips or in prize equity; :func:`push_fold_chart` the 13x13 charts of
  the largest stack each hand is shoved and called at.
- :func:`push_fold_3way`: the three-handed push/fold equilibrium (button,
  small blind, big blind) with side pots and card removal, in chips or in
  prize equity.
"""

from .chart import PushFoldChart, push_fold_chart
from .icm import icm
from .pushfold import PushFoldResult, push_fold
from .threehanded import ThreeHandedResult, push_fold_3way

__all__ = [
    "PushFoldChart",
    "PushFoldResult",
    "ThreeHandedResult",
    "icm",
    "push_fold",
    "push_fold_3way",
    "push_fold_chart",
]
