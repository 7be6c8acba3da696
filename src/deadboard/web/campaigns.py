"""Campaigns on the server: a chain of games kept in the store, continued where it stands.

Two kinds of campaign, as the command line plays them (``deadboard play GAME --campaign FILE``):

==============  ======================================================================================
chapters        each chapter a game of its own, joined by campaign sheets (Zpocalypse 2: the
                prologue and four chapters). The next chapter is set up from the finished chapter's
                sheet by the game's own ``campaign_next`` and ``campaign_setup``; a lost chapter
                gives a sheet that plays it again.
one game        the whole campaign is one game (Day Night Z's ``day-night-z-campaign``: travel,
                adventures and the shelter), continued like any game.
==============  ======================================================================================

A campaign has one secret token, kept by the browser that started it (the store holds its digest).
Each of its games gets a token derived from it (an HMAC of the game's id under the campaign's token)
that holds every person seat, as in a hot-seat game: whoever holds the campaign's token can always
reach its current game, after a restart too, and the store holds no way into either. Chapter ``k``
is dealt from the campaign's seed (``derive_seed(seed, "chapter", k)``), which no page receives.

The campaign file (``deadboard-campaign/1``) is exported and imported as the command line writes and
reads it, so a campaign moves between the terminal and the browser.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from deadboard.bots.base import bot_names
from deadboard.core.campaign import CampaignRecord
from deadboard.core.errors import SaveError, SetupError, UnknownGameError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game, list_games
from deadboard.core.rng import derive_seed
from deadboard.core.table import Table
from deadboard.sim.campaign import campaign_sheet, plays_chapters
from deadboard.web.creation import Creation
from deadboard.web.errors import BadRequest, Conflict, Forbidden, NotFound
from deadboard.web.sessions import Seat, new_game_id, new_token
from deadboard.web.store import CampaignRow, digest

PLAYING, CHAPTER_OVER, OVER = "playing", "chapter-over", "over"


def chapter_token(token: str, gid: str) -> str:
    """The token of a campaign's game: derived from the campaign's own, never stored."""
    mac = hmac.new(token.encode(), f"deadboard campaign game {gid}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def is_whole(game: Game) -> bool:
    """Whether the game is a whole campaign in one game (it keeps its own campaign sheet)."""
    return hasattr(game, "campaign_record")


def is_campaign(game: Game) -> bool:
    return is_whole(game) or plays_chapters(game)


class Campaigns(Creation):
    """Starting, listing, continuing, exporting, importing and deleting campaigns."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._campaign_locks: dict[str, threading.Lock] = {}
        self._campaign_guard = threading.Lock()

    @contextmanager
    def _campaign_lock(self, cid: str) -> Iterator[None]:
        """One request at a time moves a campaign on (the store refuses a second chapter ``k`` too).
        NotFound for a campaign that does not exist: no lock is made for it."""
        with self._campaign_guard:
            lk = self._campaign_locks.get(cid)
        if lk is None:
            if self.store.campaign(cid) is None:
                raise NotFound(f"no campaign {cid!r} on this server (deleted, expired or mistyped)")
            with self._campaign_guard:
                lk = self._campaign_locks.setdefault(cid, threading.Lock())
        with lk:
            yield

    # ----- the kinds of campaign -----------------------------------------------------------------
    def campaign_catalog(self) -> list[dict[str, Any]]:
        """Every game that plays as a campaign: how it starts, its players, seats and bots."""
        out = []
        for game_id in list_games():
            game = get_game(game_id)
            if not is_campaign(game):
                continue
            starts = self._starts(game)
            setup = Setup(starts[0]["id"], {}, game.max_players, self.content.get(game.id))
            out.append(
                {
                    "game": game.id,
                    "name": game.name,
                    "kind": "one game" if is_whole(game) else "chapters",
                    "starts": starts,
                    "players": [game.min_players, game.max_players],
                    "seats": game.seat_names(setup),
                    "bots": bot_names(game),
                }
            )
        return out

    @staticmethod
    def _starts(game: Game) -> list[dict[str, str]]:
        """Where a new campaign may start: the first chapter, or any chapter's "starting without a
        saved game" set-up (a game of chapters); the campaign book (a campaign in one game)."""
        by_id = {s.id: s for s in game.scenarios}
        if is_whole(game):
            return [{"id": s.id, "name": s.name, "help": s.help} for s in game.scenarios]
        chapters = [c for c in getattr(game, "campaign_chapters", ()) if c in by_id]
        return [
            {
                "id": c,
                "name": by_id[c].name,
                "help": "the campaign from its beginning" if k == 0 else "starting without a saved game",
            }
            for k, c in enumerate(chapters)
        ]

    def _campaign_game(self, game_id: Any) -> Game:
        """The game a campaign of ``game_id`` is played as (``day-night-z`` -> its campaign game)."""
        if not isinstance(game_id, str) or not game_id:
            raise BadRequest("name a game: 'game' must be a game id such as 'zpocalypse-2'")
        try:
            game = get_game(game_id)
        except UnknownGameError as e:
            raise NotFound(str(e)) from None
        if is_campaign(game):
            return game
        whole = f"{game_id}-campaign"
        if whole in list_games() and is_whole(get_game(whole)):
            return get_game(whole)
        known = ", ".join(g["game"] for g in self.campaign_catalog())
        raise BadRequest(f"{game.name} has no campaign; campaigns are played of: {known}")

    # ----- starting ------------------------------------------------------------------------------
    def create_campaign(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A new campaign: ``{game, start?, players?, seed?, seats?}``."""
        game = self._campaign_game(body.get("game"))
        starts = [s["id"] for s in self._starts(game)]
        start = body.get("start") or starts[0]
        if start not in starts:
            raise BadRequest(f"'start' must be where a {game.name} campaign can start: {', '.join(starts)}")
        players = body.get("players", game.min_players)
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadRequest("'players' must be a whole number")
        setup = self._normalized(game, Setup(start, {}, players, self.content.get(game.id)))
        return self._open(game, setup, body)

    def import_campaign(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A campaign continued from a campaign file: ``{campaign: object or text, seed?, seats?}``
        (every seat a person unless ``seats`` says otherwise)."""
        record = self._record(body.get("campaign"))
        try:
            game = get_game(record.game)
        except UnknownGameError:
            raise BadRequest(
                f"campaign file: a campaign of {record.game!r}, a game this server does not have"
            ) from None
        if not is_campaign(game):
            raise BadRequest(f"campaign file: {game.name} has no campaign")
        content = self.content.get(game.id)
        if is_whole(game):
            setup = Setup(record.campaign, {"campaign": record.to_json()}, record.players, content)
        else:
            if game.campaign_over(record):  # type: ignore[attr-defined]
                raise BadRequest("campaign file: this campaign is over (its last chapter is won)")
            try:
                setup = game.campaign_setup(record, record.players, content)  # type: ignore[attr-defined]
            except SetupError as e:
                raise BadRequest(str(e)) from None
        return self._open(game, self._normalized(game, setup), body)

    @staticmethod
    def _record(raw: Any) -> CampaignRecord:
        if raw is None:
            raise BadRequest("send the campaign file as 'campaign' (its JSON object or its text)")
        if not isinstance(raw, (str, dict)):
            raise BadRequest("'campaign' must be the campaign file: its JSON object or its text")
        try:
            if isinstance(raw, str):  # bounded in size and depth as a file is
                return CampaignRecord.loads(raw, "campaign file")
            return CampaignRecord.from_json(raw, "campaign file")
        except SaveError as e:
            raise BadRequest(str(e)) from None

    @staticmethod
    def _normalized(game: Game, setup: Setup) -> Setup:
        try:
            return game.normalize_setup(setup)
        except SetupError as e:
            raise BadRequest(str(e)) from None

    @staticmethod
    def _new_state(game: Game, setup: Setup, seed: int) -> State:
        try:
            state: State = game.new(setup, seed)
        except SetupError as e:
            raise BadRequest(str(e)) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            if "campaign" not in setup.options:
                raise
            # a sheet whose fields are JSON of the right shape but values this game cannot seat
            raise BadRequest(
                f"campaign file: it does not fit {game.name} ({type(e).__name__}: {e})"
            ) from None
        return state

    def _open(self, game: Game, setup: Setup, body: Mapping[str, Any]) -> dict[str, Any]:
        """Write a new campaign with its first game; the campaign's token and where it stands."""
        seed = self._seed(body)
        seats = self._seats(game, game.seats(setup), body.get("seats"), body.get("respond"))
        self._check_bots(game, seats, seed)
        first_seed = derive_seed(seed, "chapter", 0)
        state = self._new_state(game, setup, first_seed)
        if state.decision is None:  # a sheet on which nobody is left to play
            outcome = game.outcome(state)
            why = f" ({outcome.reason})" if outcome is not None and outcome.reason else ""
            raise BadRequest(f"campaign file: this campaign is over{why}")
        cid, token = new_game_id(), new_token()
        self.store.create_campaign(cid, game.id, token, [s.to_json() for s in seats], seed)
        try:
            gid = new_game_id()
            self._start(
                game,
                setup,
                first_seed,
                seats,
                Table(game, state),
                True,
                token=chapter_token(token, gid),
                campaign=(cid, 0),
                gid=gid,
            )
        except BaseException:
            self.store.delete_campaign(cid)
            raise
        row = self.store.campaign(cid)
        assert row is not None
        summary = self._summary(row, token)
        return {"id": cid, "token": token, "open": summary["play"], "campaign": summary}

    # ----- where it stands -----------------------------------------------------------------------
    def _row(self, cid: Any, token: str | None) -> CampaignRow:
        if not isinstance(cid, str) or not cid:
            raise BadRequest("name a campaign by its id")
        row = self.store.campaign(cid)
        if row is None or not row.games:
            raise NotFound(f"no campaign {cid!r} on this server (deleted, expired or mistyped)")
        if not token:
            raise Forbidden("this campaign needs the secret token it was started with")
        if not hmac.compare_digest(digest(token), row.digest):
            raise Forbidden("this token does not open this campaign")
        return row

    def campaign(self, cid: str, token: str | None) -> dict[str, Any]:
        """Where a campaign stands, and the link that continues it."""
        with self._campaign_lock(cid):
            return self._summary(self._row(cid, token), token or "")

    def _current(self, row: CampaignRow) -> tuple[Game, State, int]:
        """The campaign's current game: the game, its state now and its number of actions."""
        gid = row.games[-1]
        with self.lock(gid):
            s = self._session(gid)
            return s.game, s.state, len(s.actions)

    def _summary(self, row: CampaignRow, token: str) -> dict[str, Any]:
        game, state, steps = self._current(row)
        outcome = game.outcome(state)
        sheet = campaign_sheet(game, state)
        status = PLAYING
        if outcome is not None:
            over = is_whole(game) or (sheet is not None and game.campaign_over(sheet))  # type: ignore[attr-defined]
            status = OVER if over else CHAPTER_OVER
        names = {s.id: s.name for s in game.scenarios}
        nxt = None
        if status == CHAPTER_OVER and sheet is not None:
            nxt = {
                "chapter": sheet.chapter,
                "name": names.get(sheet.chapter, sheet.chapter),
                "restart": sheet.chapter == state.setup.scenario,
            }
        standing = game.campaign_standing(state) if hasattr(game, "campaign_standing") else {}
        gid = row.games[-1]
        return {
            "id": row.id,
            "game": game.id,
            "name": game.name,
            "kind": "one game" if is_whole(game) else "chapters",
            "players": state.setup.players,
            "seats": self._seat_list(game, state.setup, [Seat(s["player"], s.get("bot"), s.get("respond")) for s in row.seats]),
            "status": status,
            "standing": standing,
            "outcome": None if outcome is None else outcome.to_json(),
            "next": nxt,
            "history": [
                {
                    "chapter": h.chapter,
                    "name": names.get(h.chapter, h.chapter),
                    "result": h.result,
                    "level": h.level,
                }
                for h in (sheet.history if sheet is not None else ())
            ],
            "games": len(row.games),
            "steps": steps,
            "play": f"/play/{gid}#{chapter_token(token, gid)}",
        }

    # ----- moving on -----------------------------------------------------------------------------
    def next_chapter(self, cid: str, token: str | None) -> dict[str, Any]:
        """The next chapter, set up from the finished chapter's campaign sheet (a lost chapter's
        sheet plays it again); Conflict while the chapter goes on and once the campaign is over."""
        with self._campaign_lock(cid):
            row = self._row(cid, token)
            assert token is not None
            game, state, _ = self._current(row)
            if is_whole(game):
                raise Conflict(
                    f"a {game.name} campaign is one game from its first adventure to its last: "
                    "it goes on in that game"
                )
            if game.outcome(state) is None:
                raise Conflict("the chapter is still being played: the next one starts when it is over")
            sheet = campaign_sheet(game, state)
            assert sheet is not None
            if game.campaign_over(sheet):  # type: ignore[attr-defined]
                raise Conflict("the campaign is over: its last chapter is won")
            content = self.content.get(game.id)
            setup = self._normalized(game, game.campaign_setup(sheet, sheet.players, content))  # type: ignore[attr-defined]
            n = len(row.games)
            seed = derive_seed(row.seed, "chapter", n)
            table = Table(game, self._new_state(game, setup, seed))
            seats = [Seat(s["player"], s.get("bot"), s.get("respond")) for s in row.seats]
            gid = new_game_id()
            self._start(
                game,
                setup,
                seed,
                seats,
                table,
                True,
                token=chapter_token(token, gid),
                campaign=(cid, n),
                gid=gid,
            )
            fresh = self.store.campaign(cid)
            assert fresh is not None
            summary = self._summary(fresh, token)
        return {"id": cid, "open": summary["play"], "campaign": summary}

    def export_campaign(self, cid: str, token: str | None) -> CampaignRecord:
        """The campaign file as it stands (what ``deadboard play GAME --campaign FILE`` continues)."""
        with self._campaign_lock(cid):
            game, state, _ = self._current(self._row(cid, token))
            sheet = campaign_sheet(game, state)
        if sheet is None:
            raise Conflict(
                "this campaign has no campaign sheet yet: it is written when its first chapter ends "
                "(until then the chapter's game can be saved from its page)"
            )
        return sheet

    def delete_campaign(self, cid: str, token: str | None) -> dict[str, Any]:
        """Remove a campaign and every game of it."""
        with self._campaign_lock(cid):
            self._row(cid, token)
            games = self.store.delete_campaign(cid) or []
        self._forget(games)
        with self._campaign_guard:
            self._campaign_locks.pop(cid, None)
        for gid in games:
            self._changed(gid)  # pages waiting on them learn that they are gone
        return {"id": cid, "deleted": True, "games": len(games)}


__all__ = ["CHAPTER_OVER", "OVER", "PLAYING", "Campaigns", "chapter_token"]
