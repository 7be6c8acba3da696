"""``python -m deadboard.sim.fits.day_night_z [campaign] [GAMES [BOT [JOBS]]]``: the refit of Day
Night Z's value function (or, with ``campaign``, its campaign's), as ``python -m
deadboard.sim.valuefit day-night-z …`` (or ``day-night-z-campaign``)."""

import sys

from deadboard.sim.valuefit import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["campaign"]:
        main(["day-night-z-campaign", *args[1:]])
    else:
        main(["day-night-z", *args])
