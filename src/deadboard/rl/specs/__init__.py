"""Per-game encodings and observations (see :mod:`deadboard.rl.spec`)."""
