"""``python -m deadboard.sim.fits.district_z [MODEL] [GAMES [BOT [JOBS]]]``: the refit of district-z's value
function, as ``python -m deadboard.sim.valuefit district-z …`` (what is fitted is the game's own,
its descriptor's ``value_features``)."""

import sys

from deadboard.sim.valuefit import main

if __name__ == "__main__":
    main(["district-z", *sys.argv[1:]])
