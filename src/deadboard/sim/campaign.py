"""Whole campaigns with bots, and campaign files for the terminal.

A game that plays as a campaign (Zpocalypse 2's prologue and four chapters) offers
``campaign_chapters``, ``campaign_setup(record, players, content)``, ``campaign_next(state, record)``
and ``campaign_over(record)``. :func:`run_campaigns` plays many campaigns from the first chapter, a
lost chapter played again up to ``retries`` times ("You must restart your current chapter"), and
reports how far the squads get: the share of campaigns that won each chapter, with 95% intervals.
:func:`campaign_file_setup` and :func:`save_campaign_file` start or continue a campaign file.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from deadboard.core.campaign import CampaignRecord
from deadboard.core.errors import SaveError, SetupError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game
from deadboard.core.rng import derive_seed
from deadboard.sim.play import play_game
from deadboard.sim.stats import wilson


def plays_chapters(game: Game) -> bool:
    """Whether the game's campaign is its chapters played one by one, joined by campaign sheets."""
    return all(hasattr(game, name) for name in ("campaign_chapters", "campaign_setup", "campaign_next", "campaign_over"))


def campaign_game(game: Game) -> Any:
    if not plays_chapters(game):
        raise SetupError(f"{game.name} has no campaign played chapter by chapter")
    return game


def play_campaign(
    game_id: str, players: int, bots: Sequence[str], seed: int, retries: int = 0, content: str | None = None
) -> dict[str, Any]:
    """One campaign to its end: the chapters won, in order, and the chapter it stopped at."""
    game = campaign_game(get_game(game_id))
    record: CampaignRecord | None = None
    won: list[str] = []
    tries = 0
    k = 0
    while True:
        setup = game.normalize_setup(game.campaign_setup(record, players, content))
        played = play_game(game, setup, derive_seed(seed, "chapter", k), list(bots))
        k += 1
        record = game.campaign_next(played.state, record)
        if played.outcome.result.value == "win":
            won.append(setup.scenario)
            tries = 0
            if game.campaign_over(record):
                return {"won": won, "stopped": None, "chapters": k}
        else:
            tries += 1
            if tries > retries:
                return {"won": won, "stopped": setup.scenario, "chapters": k}


def _one(args: tuple[str, int, tuple[str, ...], int, int, str | None]) -> dict[str, Any]:
    return play_campaign(*args)


def run_campaigns(
    game_id: str,
    players: int,
    bots: Sequence[str],
    campaigns: int,
    seed: int,
    jobs: int = 1,
    retries: int = 0,
    content: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``campaigns`` campaigns; per chapter, how many won it (95% Wilson interval)."""
    game = campaign_game(get_game(game_id))
    tasks = [
        (game_id, players, tuple(bots), derive_seed(seed, "campaign", i), retries, content)
        for i in range(campaigns)
    ]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(_one, tasks, chunksize=max(1, campaigns // (8 * jobs))):
                results.append(r)
                if progress:
                    progress(1)
    else:
        for t in tasks:
            results.append(_one(t))
            if progress:
                progress(1)
    chapters = list(game.campaign_chapters)
    reached = []
    for c in chapters:
        n = sum(1 for r in results if c in r["won"])
        lo, hi = wilson(n, campaigns)
        reached.append({"chapter": c, "won": n, "share": n / campaigns, "ci95": [lo, hi]})
    stopped: dict[str, int] = {}
    for r in results:
        key = r["stopped"] or "finished"
        stopped[key] = stopped.get(key, 0) + 1
    return {
        "game": game_id,
        "players": players,
        "bot": list(bots),
        "campaigns": campaigns,
        "seed": seed,
        "retries": retries,
        "chapters": reached,
        "stopped": stopped,
        "mean_chapters_played": sum(r["chapters"] for r in results) / campaigns,
        "seconds": time.perf_counter() - start,
    }


def campaign_file_setup(game: Game, path: str, players: int | None, content: str | None) -> Setup:
    """The set-up of the next chapter of the campaign file ``path``; a new campaign (the first
    chapter) when the file does not exist yet."""
    g = campaign_game(game)
    p = Path(path)
    if not p.exists():
        return game.normalize_setup(g.campaign_setup(None, players or game.min_players, content))
    try:
        record = CampaignRecord.read(p)
    except SaveError as e:
        raise SetupError(f"--campaign: {e}") from None
    if g.campaign_over(record):
        raise SetupError(f"--campaign: the campaign in {path} is over (its last chapter is won)")
    if players is not None and players != record.players:
        raise SetupError(f"--campaign: the campaign in {path} has {record.players} players, not {players}")
    return game.normalize_setup(g.campaign_setup(record, record.players, content))


def started_from(state: State) -> CampaignRecord | None:
    """The campaign sheet a chapter was set up with (its ``campaign`` option); None for a chapter
    started without a saved game."""
    raw = state.setup.options.get("campaign")
    return CampaignRecord.from_json(dict(raw), "campaign") if raw else None


def campaign_sheet(game: Game, state: State) -> CampaignRecord | None:
    """The campaign sheet as it stands at ``state``: a campaign game's own (Day Night Z's,
    ``campaign_record``); for a chapter game, the sheet after the chapter once it is over, else the
    sheet it started from (None for a first chapter still being played)."""
    sheet = getattr(game, "campaign_record", None)
    if sheet is not None:
        record: CampaignRecord = sheet(state)
        return record
    g = campaign_game(game)
    before = started_from(state)
    if game.outcome(state) is None:
        return before
    after: CampaignRecord = g.campaign_next(state, before)
    return after


def save_campaign_file(game: Game, state: State, path: str) -> str | None:
    """Write the campaign sheet to ``path``: a campaign game's sheet as it stands (Day Night Z's,
    ``campaign_record``), or the sheet after ``state``'s chapter (nothing while the chapter goes on);
    the message to show, or None."""
    whole = getattr(game, "campaign_record", None) is not None
    if not whole and game.outcome(state) is None:
        return None
    record = campaign_sheet(game, state)
    assert record is not None  # a whole campaign's sheet, or a finished chapter's
    record.write(path)
    if whole:
        return f"Campaign sheet written to {path}."
    return f"campaign saved to {path}: next chapter {record.chapter}"
