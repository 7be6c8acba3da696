"""Experiment: The Night value from the heuristic bot's position score."""
import math
from deadboard.games.the_night import bot as hb
from deadboard.games.the_night.state import NightState
from deadboard.games.the_night import evaluate as ev

_cache = {}
def threat(state):
    key = (tuple(state.zsq.items()), tuple(state.op))
    t = _cache.get(key)
    if t is None:
        if len(_cache) > 2048: _cache.clear()
        t = _cache[key] = hb.threat_field(state)
    return t

H0 = float(__import__("os").environ.get("H0", "15")); S = float(__import__("os").environ.get("HS", "8"))
def value(game, state, seat):
    if state.phase == "over":
        o = game.outcome(state); return 1.0 if o and seat in o.winners else 0.0
    h = hb.evaluate(state, threat(state), hb._static_distances(state))
    return 1 / (1 + math.exp(-(h - H0) / S))
