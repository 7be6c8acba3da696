"""The replay viewer: the state after any number of a game's actions, from checkpoints."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Game, Setup, State
from deadboard.web import drawing
from deadboard.web.errors import BadRequest
from deadboard.web.sessions import SessionStore
from deadboard.web.store import ActionRow

log = logging.getLogger("deadboard.web")

CHECKPOINT_EVERY = 25
LOG_WINDOW = 80  # events sent with a replay step


class Replays(SessionStore):
    """The replay viewer of the games a server holds."""

    # ----- replay --------------------------------------------------------------------------------
    def replay_step(self, gid: str, token: str | None, step: Any) -> dict[str, Any]:
        if not isinstance(step, int) or isinstance(step, bool):
            raise BadRequest("'step' must be a whole number")
        with self.lock(gid):
            s = self._session(gid)
            seats, _ = self._auth(s, token)
            n = len(s.actions)
            if not 0 <= step <= n:
                raise BadRequest(f"'step' must be from 0 to {n}")
            game, setup, seed, rev = s.game, s.setup, s.seed, s.rev
            actions = list(s.actions)
        state = self._state_at(gid, rev, game, setup, seed, actions, step)
        d = state.decision
        viewer = d.seat if d is not None and d.seat in seats else seats[0]
        view = game.view(state, viewer)
        drawn = drawing.draw(game, view, viewer, [])
        drawn.pop("labels", None)
        names = game.seat_names(setup)
        last = actions[step - 1] if step else None
        if last is None:
            what = "the game is set up"
        elif last.seat in seats:
            what = f"{names[last.seat]}: {last.text}"
        else:
            what = f"{names[last.seat]} acted"
        start = max(0, len(view.log) - LOG_WINDOW)
        outcome = game.outcome(state)
        return {
            "step": step,
            "steps": n,
            "rev": rev,
            "action": what,
            "decision": None if d is None else {"seat": d.seat, "name": names[d.seat], "prompt": d.prompt},
            "drawing": drawn,
            "log": [drawing.event_json(e, game) for e in view.log[start:]],
            "log_rules": drawing.log_rules(game, view.log[start:]),
            "log_from": start,
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def _state_at(self, gid: str, rev: int, game: Game, setup: Setup, seed: int,
                  actions: Sequence[ActionRow], step: int) -> State:
        """The state after ``step`` actions, from checkpoints kept every CHECKPOINT_EVERY actions."""
        key = (gid, rev)
        with self._replays_lock:
            marks = self._replays.get(key)
            if marks is None:
                marks = [game.new(setup, seed)]
                self._replays[key] = marks
                while len(self._replays) > 8:
                    self._replays.popitem(last=False)
            self._replays.move_to_end(key)
            k = min(step // CHECKPOINT_EVERY, len(marks) - 1)
            state = marks[k].clone()
            i = k * CHECKPOINT_EVERY
            while i < step:
                game.apply(state, actions[i].text)
                i += 1
                if i % CHECKPOINT_EVERY == 0 and i // CHECKPOINT_EVERY == len(marks):
                    marks.append(state.clone())
        return state

