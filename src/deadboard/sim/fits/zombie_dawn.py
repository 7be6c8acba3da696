"""``python -m deadboard.sim.fits.zombie_dawn [MODEL] [GAMES [BOT [JOBS]]]``: the refit of zombie-dawn's value
function, as ``python -m deadboard.sim.valuefit zombie-dawn …`` (what is fitted is the game's own,
its descriptor's ``value_features``)."""

import sys

from deadboard.sim.valuefit import main

if __name__ == "__main__":
    main(["zombie-dawn", *sys.argv[1:]])
