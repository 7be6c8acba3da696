"""``python -m deadboard.sim.fits.the_night [MODEL] [GAMES [BOT [JOBS]]]``: the refit of the-night's value
function, as ``python -m deadboard.sim.valuefit the-night …`` (what is fitted is the game's own,
its descriptor's ``value_features``)."""

import sys

from deadboard.sim.valuefit import main

if __name__ == "__main__":
    main(["the-night", *sys.argv[1:]])
