"""Offline fitting of each game's value function (the weights in ``games/<game>/evaluate.py``):
positions from seeded games, a logistic fit, the constant to paste. ``python -m
deadboard.sim.fits.<game> [GAMES [BOT [JOBS]]]``."""
