"""The refit commands the games' ``evaluate`` modules name (``python -m deadboard.sim.fits.<game>
[...]``), each ``python -m deadboard.sim.valuefit <game> [...]`` (see :mod:`deadboard.sim.valuefit`)."""
