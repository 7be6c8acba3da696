"""Creating games and tokens: the catalogue, setups and seats from a request, new and loaded games,
the owner's token and the invitations."""

from __future__ import annotations

import logging
import secrets
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from deadboard.bots.base import bot_names, make_bot
from deadboard.core.errors import DeadboardError, IllegalActionError, SaveError, SetupError, UnknownGameError
from deadboard.core.game import Game, Setup
from deadboard.core.registry import get_game, list_games
from deadboard.core.save import MAX_SEED, SaveFile, check_depth, load_checked
from deadboard.core.table import Table, check_respond
from deadboard.web import drawing
from deadboard.web.errors import BadRequest, Conflict, Forbidden, NotFound
from deadboard.web.pages import Pages
from deadboard.web.sessions import BOT, OWNER, PERSON, Seat, Session, new_game_id, new_invite, new_token
from deadboard.web.store import ActionRow, ConflictError, digest

log = logging.getLogger("deadboard.web")


class Creation(Pages):
    """Making games and handing out their tokens."""

    # ----- the catalogue -------------------------------------------------------------------------
    def catalog(self) -> list[dict[str, Any]]:
        return [self.describe(gid) for gid in list_games()]

    def describe(self, game_id: str) -> dict[str, Any]:
        game = self._game(game_id)
        out = game.describe()
        out["bots"] = bot_names(game)
        out["drawing"] = drawing.browser_drawing(game) is not None
        out["default_setup"] = game.default_setup().to_json()
        if game.id in self.content:
            out["content"] = self.content[game.id]
        return out

    def _game(self, game_id: Any) -> Game:
        if not isinstance(game_id, str) or not game_id:
            raise BadRequest("name a game: 'game' must be a game id such as 'the-night'")
        try:
            return get_game(game_id)
        except UnknownGameError as e:
            raise NotFound(str(e)) from None

    def check_setup(self, game_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(game_id)
        setup = self._setup(game, body)
        return {"setup": setup.to_json(), "seats": game.seat_names(setup), "seat_count": game.seats(setup)}

    def _setup(self, game: Game, body: Mapping[str, Any]) -> Setup:
        scenario = body.get("scenario") or ""
        if not isinstance(scenario, str):
            raise BadRequest("'scenario' must be a scenario id")
        options = body.get("options") or {}
        if not isinstance(options, Mapping):
            raise BadRequest("'options' must be an object of option id -> value")
        by_id = {o.id: o for o in game.options}
        opts: dict[str, Any] = {}
        for key, value in options.items():
            opt = by_id.get(key)
            if opt is not None and opt.kind == "file" and isinstance(value, str):
                try:
                    value = tomllib.loads(value)
                    check_depth(value, f"option {key}")
                except tomllib.TOMLDecodeError as e:
                    raise BadRequest(f"option {key}: not valid TOML: {e}") from None
                except RecursionError:
                    raise BadRequest(f"option {key}: nested too deeply") from None
                except SaveError as e:
                    raise BadRequest(str(e)) from None
            if opt is not None and opt.kind == "flag" and value in (False, None, "", "off", "false"):
                continue
            opts[key] = value
        players = body.get("players")
        if players is None:
            players = game.players_for_options(list(opts))
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadRequest("'players' must be a whole number")
        if body.get("content") is not None:
            raise BadRequest("a page cannot choose a content pack: the server's owner serves one with "
                             "`deadboard serve --content GAME=FOLDER`")
        try:
            return game.normalize_setup(Setup(scenario=scenario, options=opts, players=players,
                                              content=self.content.get(game.id)))
        except SetupError as e:
            raise BadRequest(str(e)) from None

    def _seats(self, game: Game, n: int, spec: Any, respond: Any = None) -> list[Seat]:
        """The seats of a request: ``seats`` (a person or a named bot each, a person's ``respond``
        setting optional) and ``respond``, the setting of every person seat that names none (core.table:
        ``auto`` stops a person only where it can play something that changes the outcome, ``always``,
        ``never``; left out: ``auto`` against bots, ``always`` among people only)."""
        everyone = None if respond is None else self._respond(respond, "'respond'")
        if spec is None:
            return [Seat(PERSON, respond=everyone) for _ in range(n)]
        if not isinstance(spec, list) or len(spec) != n:
            raise BadRequest(f"'seats' must list {n} seat{'s' if n != 1 else ''} for this setup")
        out: list[Seat] = []
        names = bot_names(game)
        for i, s in enumerate(spec):
            if not isinstance(s, Mapping) or s.get("player") not in (PERSON, BOT):
                raise BadRequest(f"seat {i + 1}: give {{\"player\": \"person\"}} or {{\"player\": \"bot\", \"bot\": NAME}}")
            if s["player"] == BOT:
                name = s.get("bot")
                if name not in names:
                    raise BadRequest(f"seat {i + 1}: unknown bot {name!r} for {game.name}; choose one of: {', '.join(names)}")
                if s.get("respond") is not None:
                    raise BadRequest(f"seat {i + 1}: 'respond' is a person's setting; a bot answers every window")
                out.append(Seat(BOT, str(name)))
            else:
                own = s.get("respond")
                out.append(Seat(PERSON, respond=everyone if own is None else self._respond(own, f"seat {i + 1}: 'respond'")))
        return out

    @staticmethod
    def _respond(value: Any, what: str) -> str:
        try:
            return check_respond(value, what)
        except IllegalActionError as e:
            raise BadRequest(str(e)) from None

    def _check_bots(self, game: Game, seats: Sequence[Seat], seed: int) -> None:
        for i, s in enumerate(seats):
            if s.player == BOT:
                try:
                    make_bot(s.bot or "random", game, i, seed)
                except DeadboardError as e:
                    raise BadRequest(f"seat {i + 1}: {e}") from None
                except Exception as e:  # a bot listed but not installed (its module is missing)
                    raise BadRequest(f"seat {i + 1}: the bot {s.bot!r} is not available here ({e})") from None

    # ----- creating games ------------------------------------------------------------------------
    @staticmethod
    def _seed(body: Mapping[str, Any]) -> int:
        """The request's seed, or a random one when it gives none."""
        seed = body.get("seed")
        if seed is None or seed == "":
            return secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise BadRequest("'seed' must be a whole number from 0 to 2^63-1, or left out for a random one")
        return seed

    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(body.get("game"))
        setup = self._setup(game, body)
        seed = self._seed(body)
        seats = self._seats(game, game.seats(setup), body.get("seats"), body.get("respond"))
        self._check_bots(game, seats, seed)
        try:
            state = game.new(setup, seed)
        except SetupError as e:
            raise BadRequest(str(e)) from None
        return self._start(game, setup, seed, seats, Table(game, state), bool(body.get("hotseat")))

    def load(self, body: Mapping[str, Any]) -> dict[str, Any]:
        raw = body.get("save")
        if raw is None:
            raise BadRequest("send the save file as 'save' (its JSON object or its text)")
        if not isinstance(raw, (str, dict)):
            raise BadRequest("'save' must be the save file: its JSON object or its text")
        try:
            save = SaveFile.loads(raw, "save") if isinstance(raw, str) else SaveFile.from_json(raw, "save")
            pack = save.setup.content
            if pack is not None and pack != self.content.get(save.game):
                raise BadRequest(f"save: it was played with the content pack {pack!r}, which this server does not "
                                 f"serve for {save.game} (deadboard serve --content {save.game}=FOLDER)")
            result = load_checked(save, key=self.key)
            game = result.game
            setup = game.normalize_setup(save.setup)
            seed = result.seed
            if not 0 <= seed <= MAX_SEED:
                raise SaveError("save: the seed is out of range")
            table = result.table
            assert table is not None  # load_checked always replays at a table
        except DeadboardError as e:
            raise BadRequest(str(e)) from None
        seats = self._seats(game, game.seats(setup), body.get("seats"), body.get("respond"))
        self._check_bots(game, seats, seed)
        # a seed sealed by this server stays sealed: the game's end does not open it (the game it was
        # saved from may still be played, and its seed is that game's future)
        return self._start(game, setup, seed, seats, table, bool(body.get("hotseat")),
                           sealed=save.sealed_seed is not None)

    def _start(
        self,
        game: Game,
        setup: Setup,
        seed: int,
        seats: list[Seat],
        table: Table[Any],
        hotseat: bool,
        token: str | None = None,
        campaign: tuple[str, int] | None = None,
        gid: str | None = None,
        sealed: bool = False,
    ) -> dict[str, Any]:
        """Write a new game and hand out its tokens. With ``token`` that one token holds every person
        seat (every seat if none), as in a hot-seat game; with ``campaign`` (its id, the game's
        number in it) the game is that campaign's next one (Conflict if another request made it);
        ``gid`` is the new game's id when the caller chose it."""
        gid = gid or new_game_id()
        names = game.seat_names(setup)
        persons = [i for i, s in enumerate(seats) if s.player == PERSON]
        tokens: list[tuple[str, list[int], str]] = []
        invites: list[tuple[str, int, str]] = []
        if len(persons) == 1:
            tokens.append((token or new_token(), persons, names[persons[0]]))
        elif not persons:
            tokens.append((token or new_token(), list(range(len(seats))), "watch"))
        elif hotseat or token is not None:
            tokens.append((token or new_token(), persons, "hot-seat"))
        else:
            tokens.append((new_token(), [], OWNER))
            invites = [(new_invite(), p, names[p]) for p in persons]
        rows = [ActionRow(e.text, e.seat, seats[e.seat].player == BOT) for e in table.record or ()]
        d = table.state.decision
        bot_to_move = d is not None and seats[d.seat].player == BOT
        try:
            self.store.create(
                gid, game.id, game.version, setup.to_json(), seed, [s.to_json() for s in seats],
                [(t, s, label) for t, s, label in tokens], rows, over=d is None, bot_to_move=bot_to_move,
                campaign=campaign, sealed=sealed,
            )
        except ConflictError:
            raise Conflict("the campaign was moved on by another request at the same moment; look again") from None
        for code, seat, label in invites:
            self.store.add_invite(gid, seat, code, label)
        out: dict[str, Any] = {"id": gid, "game": game.id, "seats": self._seat_list(game, setup, seats)}
        if invites:
            owner = tokens[0][0]
            out["owner"] = owner
            out["links"] = [self._invite_link(gid, code, seat, label) for code, seat, label in invites]
        else:
            out["links"] = [{"label": label, "seats": s, "token": t, "url": f"/play/{gid}#{t}"} for t, s, label in tokens]
        out["open"] = out["links"][0]["url"]
        if bot_to_move:
            self.kick_bots(gid)
        return out

    def save(self, gid: str, token: str | None) -> SaveFile:
        """The save as :meth:`Pages.save` hands it out, its seed sealed after the end too for a game
        loaded from a sealed save: that seed is the future of the game it was saved from."""
        save = super().save(gid, token)
        if save.sealed_seed is None:
            with self.lock(gid):
                sealed = self._session(gid).sealed
            if sealed:
                return save.signed(self.key, seal=True)
        return save

    @staticmethod
    def _invite_link(gid: str, code: str, seat: int, label: str) -> dict[str, Any]:
        return {"label": label, "seats": [seat], "invite": code, "url": f"/play/{gid}#invite={code}"}

    # ----- invitations ---------------------------------------------------------------------------
    def claim(self, gid: str, invite: Any) -> dict[str, Any]:
        """The first to open an invitation takes its seat: the seat's own token, once."""
        if not isinstance(invite, str) or not invite:
            raise BadRequest("send the invitation as 'invite': the code from its link")
        with self.lock(gid):
            s = self._session(gid)
            token = new_token()
            got = self.store.claim(gid, invite, token)
            if got is None:
                raise Forbidden("this invitation does not open a seat of this game: it was claimed already, "
                                "revoked, or mistyped; ask the game's creator for a new one")
            seat, label = got
            s.tokens[digest(token)] = ([seat], label)
        self._changed(gid)
        return {"id": gid, "seat": seat, "label": label, "token": token, "url": f"/play/{gid}#{token}"}

    def invitations(self, gid: str, token: str | None) -> dict[str, Any]:
        """For the creator: each person seat, claimed or not."""
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            open_seats = self.store.invites(gid)
            names = s.game.seat_names(s.setup)
            return {"id": gid, "seats": [{"seat": p, "name": names[p], "claimed": p not in open_seats}
                                         for p in s.persons]}

    def reissue(self, gid: str, token: str | None, seat: Any) -> dict[str, Any]:
        """A new invitation for an unclaimed seat; the old one stops working."""
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            p = self._unclaimed(s, seat)
            code = new_invite()
            label = s.game.seat_names(s.setup)[p]
            self.store.add_invite(gid, p, code, label)
            return self._invite_link(gid, code, p, label)

    def revoke(self, gid: str, token: str | None, seat: Any) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            p = self._unclaimed(s, seat)
            self.store.revoke_invite(gid, p)
            return {"id": gid, "seat": p, "revoked": True}

    def _unclaimed(self, s: Session, seat: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in s.persons:
            raise BadRequest(f"'seat' must be a person's seat of this game: {', '.join(map(str, s.persons))}")
        if any(seats == [seat] for seats, _ in s.tokens.values()):
            raise Conflict(f"seat {seat} has been claimed: its invitation can no longer be changed")
        return seat

