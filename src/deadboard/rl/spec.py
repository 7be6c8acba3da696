"""What a game needs to be a research environment: its action encoding and its observation.

A :class:`GameSpec` is made for one game and setup. Its observation is built from a seat's view only
(``game.view(state, seat)``, then ``game.snapshot`` of that view) and from the parts of it the spec
names as public (:meth:`GameSpec.public`); it is one flat ``float32`` vector whose named segments are
planes over a board (``C x H x W``) or vectors (hands, tracks, dice). :meth:`GameSpec.parts` gives
the segments back in their shapes.

Each game's spec lives in ``deadboard.rl.specs.<game>`` and is found through :data:`SPECS`; a new
game adds one line there and one module.
"""

from __future__ import annotations

import importlib
import io
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from deadboard.core.errors import SetupError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import find_descriptor, get_game
from deadboard.rl.encoding import ActionEncoding

#: game id -> "module:class" of its spec
SPECS: dict[str, str] = {
    "the-night": "deadboard.rl.specs.the_night:NightSpec",
    "district-z": "deadboard.rl.specs.district_z:DistrictSpec",
    "zombie-dawn": "deadboard.rl.specs.zombie_dawn:DawnSpec",
    "zpocalypse-2": "deadboard.rl.specs.zpocalypse_2:ZpocalypseSpec",
    "day-night-z": "deadboard.rl.specs.day_night_z:DayNightZSpec",
    "day-night-z-campaign": "deadboard.rl.specs.day_night_z_campaign:DayNightZCampaignSpec",
}

#: every observation value lies in [0, OBS_HIGH] (flags, one-hots, fractions and small counts)
OBS_HIGH = 1000.0


class Layout:
    """Named segments of one flat vector."""

    def __init__(self, segments: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.segments = tuple(segments)
        self.slices: dict[str, tuple[slice, tuple[int, ...]]] = {}
        at = 0
        for name, shape in self.segments:
            n = int(np.prod(shape))
            self.slices[name] = (slice(at, at + n), shape)
            at += n
        self.size = at

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        return {name: flat[s].reshape(shape) for name, (s, shape) in self.slices.items()}


def one_hot(out: np.ndarray, index: Mapping[str, int], key: object) -> None:
    """Set ``out[index[key]]`` (the last slot stands for anything not in ``index``)."""
    out[index.get(key, len(out) - 1) if isinstance(key, str) else len(out) - 1] = 1.0


class GameSpec(ABC):
    """Encoding and observation of one game and setup."""

    def __init__(self, game: Game, setup: Setup) -> None:
        self.game = game
        self.setup = setup
        self.seats = game.seats(setup)
        self.actions = self.build_actions()
        self.layout = Layout(self.build_layout())

    # ----- what a game's spec provides --------------------------------------------------------------
    @abstractmethod
    def build_actions(self) -> ActionEncoding:
        """The setup's action encoding."""

    @abstractmethod
    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The observation's segments."""

    @abstractmethod
    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        """The part of a view's snapshot that ``seat`` knows (what a view redraws at random is left out)."""

    @abstractmethod
    def fill(self, public: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        """Write the observation of ``public`` into the (zeroed) segments ``parts``."""

    # ----- derived ----------------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.actions.num_actions

    def public_of(self, state: State, seat: int) -> dict[str, Any]:
        view = state if state.viewer == seat else self.game.view(state, seat)
        return self.public(self.game.snapshot(view), seat)

    def observe(self, state: State, seat: int) -> np.ndarray:
        """The seat's observation tensor (flat ``float32``)."""
        return self.tensor(self.public_of(state, seat), seat)

    def tensor(self, public: dict[str, Any], seat: int) -> np.ndarray:
        flat = np.zeros(self.layout.size, dtype=np.float32)
        self.fill(public, seat, self.layout.views(flat))
        np.clip(flat, 0.0, OBS_HIGH, out=flat)
        return flat

    def parts(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The named segments of an observation, in their shapes."""
        return self.layout.views(flat)

    def public_text(self, state: State, seat: int) -> str:
        """The seat's knowledge as one line of JSON (OpenSpiel's observation string)."""
        return json.dumps(self.public_of(state, seat), sort_keys=True, separators=(",", ":"), default=str)

    def text(self, state: State, seat: int) -> str:
        """The view as the terminal draws it, as plain text, and when the seat decides, its legal
        actions by their integers in the game's words (``12: Ben moves to c5  [move Ben c5]``)."""
        view = self.game.view(state, seat)
        found = find_descriptor(self.game)
        terminal = found.terminal_drawing() if found is not None else None
        if terminal is None:
            board = self.public_text(state, seat) + "\n"
        else:
            from rich.console import Console

            console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
            console.print(terminal.render(self.game, view, seat))
            board = console.export_text()
        return board + self.actions_text(view, seat)

    def actions_text(self, view: State, seat: int) -> str:
        """The seat's legal actions in the game's order, one a line: the integer, the sentence, the text."""
        d = view.decision
        if d is None or d.seat != seat:
            return ""
        found = find_descriptor(self.game)
        lines = []
        for code, action in self.actions.legal(self.game, view).items():
            said = found.describe(view, seat, action) if found is not None else action.text
            lines.append(f"{code:>6}: {said}" + (f"  [{action.text}]" if said != action.text else ""))
        return "legal actions:\n" + "\n".join(lines) + "\n"


_specs: dict[tuple[str, str], GameSpec] = {}


def spec_for(game: Game | str, setup: Setup | None = None) -> GameSpec:
    """The spec of a game and setup (made once, then shared)."""
    g = get_game(game) if isinstance(game, str) else game
    setup = g.normalize_setup(setup or g.default_setup())
    key = (g.id, json.dumps(setup.to_json(), sort_keys=True, default=str))
    spec = _specs.get(key)
    if spec is None:
        target = SPECS.get(g.id)
        if target is None:
            raise SetupError(f"{g.name} has no research-environment spec yet (deadboard.rl.spec.SPECS)")
        module, _, attr = target.partition(":")
        spec = getattr(importlib.import_module(module), attr)(g, setup)
        _specs[key] = spec
    return spec


def make_setup(game: Game, players: int | None = None, scenario: str | None = None,
               options: Mapping[str, Any] | None = None, setup: Setup | None = None) -> Setup:
    """A normalized setup from keyword arguments (a clear SetupError on anything wrong)."""
    base = setup or game.default_setup()
    if scenario is not None:
        base = Setup(scenario, base.options, base.players, base.content)
    if options:
        base = Setup(base.scenario, {**base.options, **options}, base.players, base.content)
    if players is not None:
        base = Setup(base.scenario, base.options, players, base.content)
    return game.normalize_setup(base)
