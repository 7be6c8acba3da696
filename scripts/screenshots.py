"""Refresh the screenshots of every game in docs/images/: ``web-<game>.png`` on a 1280×800
screen and ``web-<game>-phone.png`` on a 390×844 phone.

Each game is played a little by its heuristic bot (a fixed seed, so the pictures change only when
the game or its drawing does), loaded into a server on loopback as a save file, and shown in Debian's
headless Chromium at a decision of the person's seat, with the board's clickable parts highlighted.
The pictures are reduced to 256 colours, so that they stay small in the repository::

    python scripts/screenshots.py                 # every game
    python scripts/screenshots.py zombie-dawn     # one game
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.web.live import LiveServer  # noqa: E402

from deadboard.core import get_game, list_games  # noqa: E402
from deadboard.core.save import make_save  # noqa: E402
from deadboard.sim.play import seat_bots  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

#: per game: players, seed, decisions the bot plays before the picture is taken
SCENES: dict[str, tuple[int | None, int, int]] = {
    "the-night": (None, 5, 40),
    "district-z": (2, 5, 30),
    "zombie-dawn": (2, 12, 60),
    "zpocalypse-2": (None, 6, 11),
    "day-night-z": (None, 7, 3),
    "day-night-z-campaign": (None, 5, 4),
}
DEFAULT_SCENE: tuple[int | None, int, int] = (None, 5, 30)

#: file name suffix -> viewport
SCREENS: dict[str, tuple[int, int]] = {"": (1280, 800), "-phone": (390, 844)}


def played_save(game_id: str) -> dict[str, Any]:
    """The save of a game the heuristic bot (or the random one) played for a while, stopped at a
    decision that has more than one choice."""
    game = get_game(game_id)
    players, seed, decisions = SCENES.get(game_id, DEFAULT_SCENE)
    setup = game.default_setup()
    if players is not None:
        setup = dataclasses.replace(setup, players=players)
    setup = game.normalize_setup(setup)
    state = game.new(setup, seed)
    names = ["heuristic"] if "heuristic" in _bots(game) else ["random"]
    bots = seat_bots(game, state.setup, names[0], seed)
    actions: list[str] = []
    while (d := state.decision) is not None:
        legal = game.legal_actions(state)
        if len(actions) >= decisions and len(legal) > 1:
            break
        bot = bots[d.seat]
        view = game.view(state, d.seat) if bot.needs_view else None
        action = legal[0] if len(legal) == 1 else bot.choose(game, view, legal)
        actions.append(action.text)
        game.apply(state, action)
    return make_save(game, state, actions).to_json()


def _bots(game: Any) -> list[str]:
    from deadboard.bots.base import bot_names

    return list(bot_names(game))


def shoot(game_ids: list[str], out: Path, full_page: bool = False) -> list[Path]:
    from playwright.sync_api import sync_playwright

    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp, LiveServer(Path(tmp) / "games.sqlite3") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for gid in game_ids:
            r = httpx2.post(server.url + "/api/games/load", json={"save": played_save(gid), "hotseat": True})
            r.raise_for_status()
            for suffix, (width, height) in SCREENS.items():
                ctx = browser.new_context(viewport={"width": width, "height": height})
                page = ctx.new_page()
                page.goto(server.url + r.json()["open"])
                page.locator("body[data-rev]").wait_for(state="attached")
                if page.locator("#curtain-go").is_visible():
                    page.click("#curtain-go")
                page.wait_for_timeout(300)
                path = out / f"web-{gid}{suffix}.png"
                page.screenshot(path=str(path), full_page=full_page)
                _reduce(path)
                written.append(path)
                ctx.close()
        browser.close()
    return written


def _reduce(path: Path) -> None:
    """The picture in 256 colours (a third of the bytes, and nothing a reader would miss)."""
    from PIL import Image

    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="folder of the pictures")
    ap.add_argument("--full-page", action="store_true", help="the whole page, not only the first screen (for checking)")
    args = ap.parse_args()
    known = list_games()
    for gid in args.games:
        if gid not in known:
            ap.error(f"unknown game {gid!r} (games: {', '.join(known)})")
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.games or known, args.out, args.full_page):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
