"""Research adapters: every game as a PettingZoo, Gymnasium and OpenSpiel environment.

- :mod:`deadboard.rl.encoding`: a fixed integer per action of a setup, and legal-action masks;
- :mod:`deadboard.rl.spec`: each game's spec (its encoding and its observations from a seat's view
  only, :class:`deadboard.core.research.GameSpec`, written in the game's package and named by its
  descriptor), found and made once per setup, and its text;
- :mod:`deadboard.rl.episode`: one game in progress seen through its spec;
- :mod:`deadboard.rl.pettingzoo`, :mod:`deadboard.rl.gymnasium`, :mod:`deadboard.rl.openspiel`: the
  adapters, each importing its library only when imported itself (``pip install deadboard[rl]``).

See docs/research.md.
"""

from deadboard.rl.encoding import ActionEncoding, EncodingError, Vocabulary
from deadboard.rl.episode import Episode
from deadboard.rl.spec import SPECS, GameSpec, spec_for

__all__ = ["SPECS", "ActionEncoding", "EncodingError", "Episode", "GameSpec", "Vocabulary", "spec_for"]
