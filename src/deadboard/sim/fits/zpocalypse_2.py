"""``python -m deadboard.sim.fits.zpocalypse_2 [GAMES [BOT [JOBS]]]``: the refit of zpocalypse-2's
value function, as ``python -m deadboard.sim.valuefit zpocalypse-2 …`` (what is fitted is the
game's own, its descriptor's ``value_features``)."""

import sys

from deadboard.sim.valuefit import main

if __name__ == "__main__":
    main(["zpocalypse-2", *sys.argv[1:]])
