"""Day Night Z's value functions: the group's chance of accomplishing the adventure, or of winning
the campaign, from a position, for search.

They read only what every seat sees (the clock, the survivors' sheets and what they carry, the
enemies on the board, the locations explored and searched, the campaign's sheet), never the order
of a deck or a face-down surprise, so they give the same answer on every determinization of a
view. Both are logistic models fitted on the heuristic player's games:

* the adventure (:data:`WEIGHTS`, :func:`features`): the share of the hours left before the
  deadline, the objective met, the share of the location's zones explored and of its zones
  searched, the living survivors' share, health and survival points, the enemies on their tiles,
  the threat level, and whether the survivors stand in the city (not in a location);
* the campaign (:data:`CAMPAIGN_WEIGHTS`, :func:`campaign_features`), scored where search stops its
  playouts — when the adventure being played ends (``DayNightZCampaign.search_horizon``): the
  share of the book still to play, the adventures accomplished, the living heroes' share, health,
  infection, stress and survival points, their skills, allies and items, the victory points in
  hand and the shelter's facilities; in an adventure, the adventure's own estimate as well.

``python -m deadboard.sim.fits.day_night_z [MODEL] [GAMES [BOT [JOBS]]]`` refits them on
positions from seeded games and prints the constants to paste below.
"""

from __future__ import annotations

from deadboard.core.game import Game, State
from deadboard.core.value import logistic
from deadboard.games.day_night_z.adventure import objective_met
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.state import DNZState

#: the adventure: see :func:`features` for the order. Fitted under rules version 3 on 300 games of the
#: heuristic player for each adventure with one survivor and two: 28,048 positions (accomplished
#: 0.42), log-loss 0.5462 (0.6804 for the rate alone)
WEIGHTS: tuple[float, ...] = (-4.0553, 1.7298, 1.5208, -0.1296, -1.1561, 0.3893, 1.8777, 0.0971, -0.0721, 0.0107, 0.0361, -1.3866)
#: the campaign: see :func:`campaign_features` for the order. Fitted on 300 campaigns of the heuristic
#: player with one survivor and two: 19,785 positions (won 0.57), log-loss 0.6033 (0.6833 for the rate
#: alone)
CAMPAIGN_WEIGHTS: tuple[float, ...] = (-4.5172, -0.2219, 1.4488, 1.8252, 1.5296, -0.4478, -0.0542, -0.0145, -0.1438, -0.4571, 0.1795, 1.3464, 0.2685, 0.8244)


def features(st: DNZState) -> list[float]:
    """1, hours left / deadline, objective met, zones explored / zones of the adventure's
    locations visited, zones searched / the same, living share, health / full health, survival
    points (mean of the living), enemies on the living's tiles, threat, living in the city (share),
    the share of the deadline used times the objective not met."""
    a = st.adventure
    elapsed = (st.clock.day - 1) * 24 + st.clock.hour - a.start
    left = max(0.0, (a.deadline - elapsed) / a.deadline)
    living = [s for s in st.survivors if not s.dead]
    n = max(1, len(st.survivors))
    zones = explored = searched = 0
    for loc in st.locations.values():
        if loc.visited:
            z = len(st.content.locations[loc.card].zones)
            zones += z
            explored += len(loc.explored)
            searched += len(loc.searched)
    health = sp = 0.0
    foes = street = 0
    tiles = {s.tile for s in living if s.tile}
    for s in living:
        health += s.health / st.content.survivor(s.id).health
        sp += s.sp
        street += not s.tile
    if tiles:
        foes = sum(1 for e in st.enemies if e.tile in tiles)
    k = max(1, len(living))
    met = 1.0 if objective_met(st) else 0.0
    return [1.0, left, met, explored / max(1, zones), searched / max(1, zones), len(living) / n,
            health / k, sp / k, float(foes), float(st.threat), street / k, (1.0 - left) * (1.0 - met)]


def evaluate(game: Game, state: State, seat: int) -> float:
    """The group's chance of accomplishing the adventure (the adventure is co-operative: every
    seat's is the same)."""
    assert isinstance(state, DNZState)
    if state.over:
        return 1.0 if state.won else 0.0
    if not any(not s.dead for s in state.survivors):
        return 0.0
    return logistic(WEIGHTS, features(state))


def campaign_features(st: CampaignState) -> list[float]:
    """1, chapters still to play / chapters, adventures accomplished / chapters, living share,
    health / full health, infection, stress, survival points, skills, allies and items (means of
    the living), victory points in hand / 10, facilities built, the adventure's own estimate (0
    outside an adventure)."""
    book = len(st.content.chapters)
    done = sum(1 for _, r in st.results if r == "accomplished")
    played = len(st.results)
    living = [h for h in st.heroes if h.alive]
    k = max(1, len(living))
    health = infection = stress = sp = skills = allies = items = 0.0
    survivors = st.content.adventure
    for h in living:
        health += h.health / survivors.survivor(h.id).health
        infection += h.infection
        stress += h.stress
        sp += h.sp
        skills += len(h.skills)
        allies += len(h.allies)
        items += len(h.items)
    inner = st.inner
    here = logistic(WEIGHTS, features(inner)) if inner is not None else 0.0  # an adventure is being played
    return [1.0, (book - played) / book, done / book, len(living) / max(1, len(st.heroes)), health / k,
            infection / k, stress / k, sp / k, skills / k, allies / k, items / k, st.vp / 10,
            float(len(st.facilities)), here]


def campaign_evaluate(game: Game, state: State, seat: int) -> float:
    """The group's chance of winning the campaign (co-operative: every seat's is the same)."""
    assert isinstance(state, CampaignState)
    if state.decision is None:
        o = game.outcome(state)
        return 1.0 if o is not None and o.winners else 0.0
    if not state.living():
        return 0.0
    return logistic(CAMPAIGN_WEIGHTS, campaign_features(state))


__all__ = ["campaign_evaluate", "campaign_features", "evaluate", "features"]
