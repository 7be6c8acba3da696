"""``deadboard bench``: decisions and games per second of full bot games, one core, per game."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from deadboard import _build_check
from deadboard.bots.base import bot_names
from deadboard.bots.mcts import Budget, search
from deadboard.cli.app import app
from deadboard.cli.limits import MOST_SECONDS
from deadboard.core.game import State
from deadboard.core.registry import get_game, list_games
from deadboard.core.rng import Rng
from deadboard.sim.play import play_game, settle_heap


def warm_up(play: Callable[[int], object], seconds: float) -> None:
    """Play games (seeds 10,000 on, kept apart from the measured ones) for a fifth of the measuring
    time, at least one game, before measuring: what the rules build once and keep (imports, geometry,
    the lines of sight of each tile or map, which some games work out the first time a position asks
    for them) is then built, and the rate measured is the one a long simulation runs at, not the
    cold start of a process. Then the heap is settled (:func:`settle_heap`), as the simulator does
    after its first games."""
    seed = 10_000
    start = time.perf_counter()
    while True:
        play(seed)
        seed += 1
        if time.perf_counter() - start >= seconds / 5:
            settle_heap()
            return


def bench_game(game_id: str, bot: str, seconds: float, min_games: int = 3) -> dict[str, float | int | str]:
    game = get_game(game_id)
    setup = game.normalize_setup(game.default_setup())
    warm_up(lambda seed: play_game(game, setup, seed, bot), seconds)
    games = decisions = 0
    t0 = time.perf_counter()
    seed = 0
    while True:
        played = play_game(game, setup, seed, bot)
        games += 1
        decisions += played.decisions
        seed += 1
        dt = time.perf_counter() - t0
        if dt >= seconds and games >= min_games:
            break
    return {"game": game_id, "bot": bot, "games": games, "decisions": decisions, "seconds": dt,
            "decisions_per_second": decisions / dt, "games_per_second": games / dt}


def bench_mcts(game_id: str, seconds: float, positions: int = 8) -> dict[str, float | int | str]:
    """MCTS iterations per second on one core, over positions spread along a seeded random game
    (each searched for an equal share of ``seconds``)."""
    game = get_game(game_id)
    setup = game.normalize_setup(game.default_setup())
    state = game.new(setup, 20_000)
    rng = Rng(20_000)
    every: list[tuple[State, int]] = []
    while (d := state.decision) is not None:
        legal = game.legal_actions(state)
        if len(legal) > 1:
            every.append((game.view(state, d.seat), d.seat))
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    # positions spread evenly over the whole game (set-up decisions are cheaper than the rest)
    step = max(1, len(every) // positions)
    found = every[step // 2 :: step][:positions]
    if not found:
        return {"game": game_id, "bot": "mcts", "iterations": 0, "seconds": 0.0, "iterations_per_second": 0.0}
    search(game, found[0][0], found[0][1], Budget(50), Rng(1))  # warm caches
    settle_heap()
    iterations = 0
    spent = 0.0
    for view, seat in found:
        r = search(game, view, seat, Budget(None, seconds / len(found)), Rng(2))
        iterations += r.iterations
        spent += r.seconds
    return {"game": game_id, "bot": "mcts", "positions": len(found), "iterations": iterations, "seconds": spent,
            "iterations_per_second": iterations / spent if spent > 0 else 0.0}


def bench_chess(seconds: float, min_games: int = 3, clock: Callable[[], float] = time.perf_counter) -> dict[str, float | int | str]:
    """The yardstick: python-chess random playouts from the initial position (a uniformly random
    legal move each ply until the game is over), plies per second on one core (by ``clock``: wall
    clock unless told otherwise, e.g. ``time.process_time`` for CPU time)."""
    import chess

    rng = Rng(0)
    board = chess.Board()
    games = plies = 0
    t0 = clock()
    while True:
        board.reset()
        while board.outcome() is None:
            moves = list(board.legal_moves)
            board.push(moves[rng.below(len(moves))])
            plies += 1
        games += 1
        dt = clock() - t0
        if dt >= seconds and games >= min_games:
            break
    return {"game": "python-chess", "bot": "random", "games": games, "decisions": plies, "seconds": dt,
            "decisions_per_second": plies / dt, "games_per_second": games / dt}


@app.command("bench")
def bench_cmd(
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    game_ids: list[str] = typer.Option([], "--game", "-g", help="Only these games (repeatable)."),
    seconds: float = typer.Option(5.0, "--seconds", min=0.1, max=MOST_SECONDS, help="Time per game and bot."),
    bots: list[str] = typer.Option([], "--bot", "-b", help="Only these bots (default: random and heuristic)."),
    mcts: bool = typer.Option(True, "--mcts/--no-mcts", help="Also measure MCTS iterations per second."),
    rl: bool = typer.Option(False, "--rl", help="Also measure steps per second through the PettingZoo, Gymnasium "
                            "and OpenSpiel adapters (needs deadboard[rl])."),
    reference: bool = typer.Option(False, "--reference", help="Also measure python-chess random playouts (plies/s) "
                                   "right before each game's random games, and give their decisions/s as a "
                                   "multiple of it (needs deadboard[bench])."),
) -> None:
    """Benchmark full games of random and heuristic bots, and MCTS search, on one core (a benchmark,
    not a test)."""
    rows = []
    searches = []
    plan: list[tuple[str, str]] = []  # (game, bot or "mcts") in the order measured
    chess_rate = 0.0  # python-chess's plies/s measured last (--reference)
    if reference:
        try:
            import chess  # noqa: F401
        except ImportError:
            raise typer.BadParameter("--reference needs python-chess: pip install 'deadboard[bench]'") from None
    for gid in game_ids or list_games():
        game = get_game(gid)
        chosen = bots or [b for b in ("random", "heuristic") if b in bot_names(game)]
        if reference and "random" in chosen:
            # python-chess again right before each game's random games: the machine's speed drifts
            # over a run of minutes, so each multiple divides by the reference measured beside it
            plan.append(("python-chess", "random"))
        plan.extend((gid, b) for b in chosen)
        if mcts:
            plan.append((gid, "mcts"))
    # progress on stderr (stdout stays the table or the JSON): each measure takes --seconds
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("benchmark", total=len(plan))
        for gid, b in plan:
            what = "MCTS search" if b == "mcts" else f"{b} bot"
            progress.update(task, description=f"{gid}: {what} ({seconds:g} s)")
            if gid == "python-chess":
                rows.append(bench_chess(seconds))
                chess_rate = float(rows[-1]["decisions_per_second"])
            elif b == "mcts":
                searches.append(bench_mcts(gid, seconds))
            else:
                rows.append(bench_game(gid, b, seconds))
                if b == "random" and chess_rate:
                    rows[-1]["python_chess_plies_per_second"] = chess_rate
                    rows[-1]["times_python_chess"] = float(rows[-1]["decisions_per_second"]) / chess_rate
            progress.advance(task)
    adapters = _bench_rl(game_ids or list_games(), seconds) if rl else []
    if as_json:
        typer.echo(json.dumps({"build": _build_check.BUILD, "games": rows, "mcts": searches,
                               **({"rl": adapters} if rl else {})}, indent=1))
        return
    Console().print(f"deadboard build: {_build_check.BUILD}")
    t = Table("game", "bot", "games", "decisions/s", "games/s", *(["× python-chess"] if reference else []))
    for r in rows:
        times = r.get("times_python_chess")
        ratio = ([f"{float(times):.2f}"] if times is not None else [""]) if reference else []
        t.add_row(str(r["game"]), str(r["bot"]), str(r["games"]), f"{r['decisions_per_second']:,.0f}",
                  f"{r['games_per_second']:,.1f}", *ratio)
    Console().print(t)
    if searches:
        t = Table("game", "MCTS iterations/s", "positions", "iterations")
        for r in searches:
            t.add_row(str(r["game"]), f"{r['iterations_per_second']:,.0f}", str(r.get("positions", 0)), f"{r['iterations']:,}")
        Console().print(t)
    if adapters:
        # each adapter's steps/s, and in brackets its share of the engine's decisions/s
        t = Table("game", "actions", "engine decisions/s", "PettingZoo steps/s", "Gymnasium steps/s", "OpenSpiel steps/s")
        for a in adapters:
            t.add_row(str(a["game"]), f"{a['num_actions']:,}", f"{a['engine_decisions_per_second']:,.0f}",
                      *(f"{a[k + '_steps_per_second']:,.0f} ({a[k + '_share_of_engine']:.2f})"
                        for k in ("pettingzoo", "gymnasium", "openspiel")))
        Console().print(t)


def _bench_rl(game_ids: list[str], seconds: float) -> list[dict[str, object]]:
    try:
        from deadboard.rl.bench import bench_rl
    except ImportError as e:
        raise typer.BadParameter(f"--rl needs the research extras: pip install 'deadboard[rl]' ({e})") from None
    return [bench_rl(gid, seconds) for gid in game_ids]
