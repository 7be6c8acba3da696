"""Page composition and acting: what a page shows of a game to a token's seats, a person's action,
undo and saves."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from deadboard.core.errors import UnknownGameError
from deadboard.core.registry import find_descriptor, get_game
from deadboard.core.save import SaveFile, make_save
from deadboard.web import drawing
from deadboard.web.bots import Bots
from deadboard.web.errors import BadRequest, Conflict, Forbidden, NotFound
from deadboard.web.reference import rules_of
from deadboard.web.sessions import BOT, PERSON, Session
from deadboard.web.store import ConflictError

log = logging.getLogger("deadboard.web")


class Pages(Bots):
    """Reading and playing a game through its pages."""

    # ----- reading -------------------------------------------------------------------------------
    def rev(self, gid: str) -> int:
        with self._cache_lock:
            s = self._sessions.get(gid)
        if s is not None:
            return s.rev
        r = self.store.rev(gid)
        if r is None:
            raise NotFound(f"no game {gid!r} on this server")
        return r

    def authorize(self, gid: str, token: str | None) -> list[int]:
        with self.lock(gid):
            s = self._session(gid)
            return self._auth(s, token)[0]

    def page(self, gid: str, token: str | None, log_from: int = 0, log_epoch: int | None = None) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            return self._page(s, seats, label, log_from, log_epoch)

    def _page(self, s: Session, seats: list[int], label: str, log_from: int, log_epoch: int | None) -> dict[str, Any]:
        """What a page shows. Call with the game's lock held; the drawing is made from a view."""
        game, state = s.game, s.state
        d = state.decision
        yours = d is not None and d.seat in seats and s.seats[d.seat].player == PERSON
        viewer = d.seat if yours and d is not None else seats[0]
        view = game.view(state, viewer)
        legal = game.legal_actions(state) if yours else []
        outcome = game.outcome(state)
        names = game.seat_names(s.setup)
        drawn = drawing.draw(game, view, viewer, legal)
        drawn.pop("labels", None)  # a drawing's own sentences: the game's words say it now
        found = find_descriptor(game)
        targeted = {t for texts in drawn["targets"].values() for t in texts}
        events = view.log
        over = outcome is not None
        if log_epoch != s.log_epoch or not 0 <= log_from <= len(events):
            log_from = 0
        page: dict[str, Any] = {
            "id": s.id,
            "game": game.id,
            "name": game.name,
            "setup": s.setup.to_json(),
            "rev": s.rev,
            "steps": len(s.actions),
            "seats": self._seat_list(game, s.setup, s.seats),
            "you": seats,
            "label": label,
            "viewer": viewer,
            "decision": None if d is None else {
                "seat": d.seat, "name": names[d.seat], "kind": d.kind,
                "prompt": d.prompt, "yours": yours,
                "player": s.seats[d.seat].player,
            },
            "legal": [{"text": a.text, "label": found.describe(view, viewer, a) if found is not None else a.text} for a in legal],
            "buttons": [a.text for a in legal if a.text not in targeted],
            "drawing": drawn,
            "log": [drawing.event_json(e, game) for e in events[log_from:]],
            "log_rules": drawing.log_rules(game, events[log_from:]),
            "log_from": log_from,
            "log_total": len(events),
            "log_epoch": s.log_epoch,
            "outcome": None if outcome is None else outcome.to_json(),
            "can_undo": self._can_undo(s, seats) is None,
            "can_save": self._can_save(s, seats) is None,
            "bot_busy": s.bot_busy or s.bot_to_move(),
            "bot_error": s.bot_error,
            "capabilities": self.capabilities(),
            "campaign": s.campaign,
        }
        if over and s.campaign is None and not s.sealed:
            # once the game is over its seed is no secret (the save hands it out too): "rematch"
            # deals the same game again. A campaign's chapters go on from their sheet instead; a
            # game loaded from a sealed save keeps the seal (its seed is the future of the game
            # it was saved from)
            page["seed"] = s.seed
        return page

    def rules(self, game_id: str) -> dict[str, Any]:
        """The game's quick reference and rulings, for the page's Rules panel."""
        try:
            game = get_game(game_id)
        except UnknownGameError as e:
            raise NotFound(str(e)) from None
        return rules_of(game)

    # ----- acting --------------------------------------------------------------------------------
    def act(self, gid: str, token: str | None, text: Any, at: Any = None, log_from: int = 0,
            log_epoch: int | None = None) -> dict[str, Any]:
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("send the action as 'action': its text, e.g. \"move Ben c5\"")
        if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
            raise BadRequest("'at' must be the game's rev (a whole number) that the page was drawn at")
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            if at is not None and at != s.rev:
                raise Conflict("the game has changed since your page was drawn; look again and choose anew")
            d = s.state.decision
            if d is None:
                raise Conflict("the game is over")
            if d.seat not in seats or s.seats[d.seat].player != PERSON:
                who = s.game.seat_names(s.setup)[d.seat]
                raise Conflict(f"it is not your decision now: {who} decides ({d.prompt})")
            self._apply(s, text, by_bot=False)
            page = self._page(s, seats, label, log_from, log_epoch)
            bots = s.bot_to_move()
        self._changed(gid)
        if bots:
            self.kick_bots(gid)
        return page

    def _can_undo(self, s: Session, seats: Sequence[int]) -> str | None:
        """None if ``seats`` may undo now, else why not."""
        persons = s.persons
        if len(persons) != 1:
            return "undo is for solitaire games (one seat played by a person)"
        if persons[0] not in seats:
            return "only the player can undo"
        if not any(not a.by_bot for a in s.actions):
            return "nothing to undo"
        if s.campaign is not None and s.state.decision is None:
            row = self.store.campaign(s.campaign)
            if row is not None and row.games[-1] != s.id:
                return "this chapter is over and its campaign has gone on from it to the next"
        return None

    def undo(self, gid: str, token: str | None, log_from: int = 0, log_epoch: int | None = None) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            why = self._can_undo(s, seats)
            if why is not None:
                raise Conflict(why)
            keep = s.table.undo_point()
            table = s.table.undone(keep)  # its bots are made anew, as after a restart
            d = table.state.decision
            bot_next = d is not None and s.seats[d.seat].player == BOT
            try:
                rev = self.store.truncate(gid, s.rev, keep, over=d is None, bot_to_move=bot_next)
            except ConflictError:
                raise Conflict("the game was changed by another request at the same moment; look again") from None
            s.table, s.rev = table, rev
            s.log_epoch = rev
            page = self._page(s, seats, label, log_from, log_epoch)
        self._changed(gid)
        return page

    # ----- saves ---------------------------------------------------------------------------------
    def _can_save(self, s: Session, seats: Sequence[int]) -> str | None:
        """None if ``seats`` may download the save now. Before the end a save would show what other
        seats (bots included) did in secret, so only a token holding every seat gets one; its seed
        is sealed either way (see :meth:`save`)."""
        if s.state.decision is None:
            return None
        if set(seats) >= set(range(len(s.seats))):
            return None
        return ("a save of an unfinished game shows every seat's actions, the other seats' secrets among them: "
                "it can be downloaded once the game is over")

    def save(self, gid: str, token: str | None) -> SaveFile:
        """The save, signed with this server's key; before the end with the seed sealed (no seat
        learns the future from it, and only this server can resume it)."""
        with self.lock(gid):
            s = self._session(gid)
            seats, _ = self._auth(s, token)
            why = self._can_save(s, seats)
            if why is not None:
                raise Forbidden(why)
            save = make_save(s.game, s.state, [a.text for a in s.actions])
            return save.signed(self.key, seal=s.state.decision is not None)

