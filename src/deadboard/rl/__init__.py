"""Research adapters: every game as a PettingZoo, Gymnasium and OpenSpiel environment.

- :mod:`deadboard.rl.encoding`: a fixed integer per action of a setup, and legal-action masks;
- :mod:`deadboard.rl.spec`: observations from a seat's view only (tensor and text), per game in
  :mod:`deadboard.rl.specs`;
- :mod:`deadboard.rl.pettingzoo`, :mod:`deadboard.rl.gymnasium`, :mod:`deadboard.rl.openspiel`: the
  adapters, each importing its library only when imported itself (``pip install deadboard[rl]``).

See docs/research.md.
"""

from deadboard.rl.encoding import ActionEncoding, EncodingError, Vocabulary
from deadboard.rl.spec import SPECS, GameSpec, spec_for
from deadboard.rl.table import Table

__all__ = ["SPECS", "ActionEncoding", "EncodingError", "GameSpec", "Table", "Vocabulary", "spec_for"]
