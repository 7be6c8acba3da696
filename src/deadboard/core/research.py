"""What a game owns to be a research environment: a fixed integer for every action its setup can
offer, and an observation built from a seat's view only.

A game's research module (``games/<game>/research.py``, its descriptor's ``research`` loader) is a
:class:`GameSpec` subclass made for one game and setup; the adapters of :mod:`deadboard.rl` drive
it, knowing the game through it and its ``Game`` only.

**Actions.** An action is ``kind arg …`` (:mod:`deadboard.core.action`). A spec lists *templates*:
a kind, a number of arguments, and for each argument the finite vocabulary it is drawn from (squares,
item names, card ids …, all known from the setup alone). The integers of one template form a block;
an action's integer is its block's offset plus its arguments read as a mixed-radix number::

    block "move <human> <square>"   offset 11999, humans (7) x squares (374)
    move Ben c5  ->  11999 + index(Ben) * 374 + index(c5)  =  12089

So ``num_actions`` is the sum of the blocks' sizes, ``encode``/``decode`` are a dict look-up and a
few divisions, and the mask of a state sets the integers of its legal actions. Nothing hidden goes
in: the vocabularies depend on the setup, never on a seed or a deal.

**Observations.** A spec's observation holds only what a seat's view shows (``game.view(state,
seat)``), and of that only the parts the spec names as public (:meth:`GameSpec.public`). It is
read from the state itself, as a view would only redraw what the public part leaves out: through
the state's snapshot, or straight from its fields (:meth:`GameSpec.fill_state`). It is one flat ``float32`` vector whose named segments are planes over a
board (``C x H x W``) or vectors (hands, tracks, dice). :meth:`GameSpec.parts` gives the segments
back in their shapes.
"""

from __future__ import annotations

import importlib
import io
import json
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError
from deadboard.core.game import Game, Setup, State

Token = str | int



class EncodingError(DeadboardError, ValueError):
    """An action or an integer outside a setup's encoding."""


@dataclass(frozen=True)
class Vocabulary:
    """The tokens one argument may take, with a name for the documentation."""

    name: str
    tokens: tuple[Token, ...]

    def __post_init__(self) -> None:
        if len(set(self.tokens)) != len(self.tokens):
            seen: set[Token] = set()
            twice = [t for t in self.tokens if t in seen or seen.add(t)]  # type: ignore[func-returns-value]
            raise ValueError(f"vocabulary {self.name!r} repeats {twice[:5]}")

    def __add__(self, other: Vocabulary) -> Vocabulary:
        have = set(self.tokens)
        return Vocabulary(f"{self.name}/{other.name}", self.tokens + tuple(t for t in other.tokens if t not in have))


def vocab(name: str, tokens: Iterable[Token]) -> Vocabulary:
    """A vocabulary of ``tokens`` in the order given, repeats dropped."""
    return Vocabulary(name, tuple(dict.fromkeys(tokens)))


@dataclass(frozen=True)
class Template:
    kind: str
    args: tuple[Vocabulary, ...]
    offset: int
    size: int

    @property
    def text(self) -> str:
        return " ".join([self.kind, *(f"<{v.name}>" for v in self.args)])


class ActionEncoding:
    """The integer encoding of one game and setup (see the module docstring)."""

    def __init__(self, game_id: str, templates: Sequence[tuple[str, Sequence[Vocabulary]]]) -> None:
        self.game_id = game_id
        blocks: list[Template] = []
        offset = 0
        for kind, args in templates:
            size = 1
            for v in args:
                size *= len(v.tokens)
            if size == 0:
                continue
            blocks.append(Template(kind, tuple(args), offset, size))
            offset += size
        self.templates = tuple(blocks)
        self.num_actions = offset
        self._offsets = [t.offset for t in blocks]
        self._by_shape: dict[tuple[str, int], tuple[Template, tuple[dict[Token, int], ...], tuple[int, ...]]] = {}
        for t in blocks:
            key = (t.kind, len(t.args))
            if key in self._by_shape:
                raise ValueError(f"{game_id}: two templates for {t.kind!r} with {len(t.args)} argument(s)")
            index = tuple({tok: i for i, tok in enumerate(v.tokens)} for v in t.args)
            strides = []
            stride = 1
            for v in reversed(t.args):
                strides.append(stride)
                stride *= len(v.tokens)
            self._by_shape[key] = (t, index, tuple(reversed(strides)))
        self._cache: dict[Action, int] = {}

    def encode(self, action: Action) -> int:
        code = self._cache.get(action)
        if code is not None:
            return code
        found = self._by_shape.get((action.kind, len(action) - 1))
        if found is None:
            raise EncodingError(f"{self.game_id}: no integer for {action.text!r} (no template {action.kind!r} "
                                f"with {len(action) - 1} argument(s))")
        t, index, strides = found
        code = t.offset
        for pos, (tok, idx, stride) in enumerate(zip(action[1:], index, strides)):
            i = idx.get(tok)
            if i is None:
                raise EncodingError(f"{self.game_id}: no integer for {action.text!r} ({tok!r} is not in "
                                    f"<{t.args[pos].name}>)")
            code += i * stride
        if len(self._cache) < 200_000:
            self._cache[action] = code
        return code

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.num_actions:
            raise EncodingError(f"{self.game_id}: action integer {code} is outside 0..{self.num_actions - 1}")
        t = self.templates[bisect_right(self._offsets, code) - 1]
        rest = code - t.offset
        _, _, strides = self._by_shape[(t.kind, len(t.args))]
        parts: list[Token] = [t.kind]
        for v, stride in zip(t.args, strides):
            i, rest = divmod(rest, stride)
            parts.append(v.tokens[i])
        return Action(*parts)

    def legal(self, game: Game, state: State) -> dict[int, Action]:
        """The legal actions of ``state`` by their integers (empty once the game is over).

        A legal action outside the encoding (a spec documents which can be: District-Z's pairings
        of more than five dice) is left out while another remains; alone, it is an EncodingError."""
        out: dict[int, Action] = {}
        missing: EncodingError | None = None
        known = self._cache
        for a in game.legal_actions(state):
            code = known.get(a)
            if code is None:
                try:
                    code = self.encode(a)
                except EncodingError as e:
                    missing = e
                    continue
            out[code] = a
        if missing is not None and not out:
            raise missing
        return out

    def mask(self, codes: Iterable[int]) -> np.ndarray:
        return _mask(self.num_actions, codes)

    def legal_mask(self, game: Game, state: State) -> np.ndarray:
        return self.mask(self.legal(game, state))

    def describe(self) -> list[dict[str, object]]:
        """One row per block: its template, offset and size (for docs and `deadboard bench --rl`)."""
        return [{"template": t.text, "offset": t.offset, "size": t.size} for t in self.templates]

    def indices(self, code: int) -> tuple[int, tuple[int, ...]]:
        """The block of an integer (its index in :attr:`templates`) and its arguments' indices in
        their vocabularies."""
        b = bisect_right(self._offsets, code) - 1
        t = self.templates[b]
        rest = code - t.offset
        _, _, strides = self._by_shape[(t.kind, len(t.args))]
        out = []
        for stride in strides:
            i, rest = divmod(rest, stride)
            out.append(i)
        return b, tuple(out)


def _mask(size: int, codes: Iterable[int]) -> np.ndarray:
    """A fresh ``int8`` vector of ``size``, 1 at ``codes``: one fancy-index write."""
    out = np.zeros(size, dtype=np.int8)
    out[np.fromiter(codes, np.intp)] = 1
    return out


class LegalList:
    """The legal actions of the moment as a bounded list: integer ``i`` is the ``i``-th legal action
    in the game's own order, for a setup whose fixed encoding is too large to mask at speed
    (Zpocalypse 2's attacks: a survivor, a space, a target and a payment of dice, over a million
    integers). ``size`` bounds the list; a legal action past it is left out (a spec chooses a size
    well above the most legal actions its setups offer, and a test checks that over seeded games).

    What each integer stands for is in the observation (:meth:`GameSpec.observe`, its ``choices``
    segment: the block and arguments of the listed action in the fixed encoding, which stays the
    actions' stable names)."""

    def __init__(self, fixed: ActionEncoding, size: int) -> None:
        self.fixed = fixed
        self.game_id = fixed.game_id
        self.num_actions = size

    def legal(self, game: Game, state: State) -> dict[int, Action]:
        """The legal actions of ``state`` by their places in the list (empty once the game is over)."""
        return dict(enumerate(game.legal_actions(state)[: self.num_actions]))

    def mask(self, codes: Iterable[int]) -> np.ndarray:
        return _mask(self.num_actions, codes)

    def legal_mask(self, game: Game, state: State) -> np.ndarray:
        return self.mask(self.legal(game, state))

    def describe(self) -> list[dict[str, object]]:
        return [{"template": "<the legal action at this place in the list>", "offset": 0, "size": self.num_actions}]


#: every observation value lies in [0, OBS_HIGH] (flags, one-hots, fractions and small counts)
OBS_HIGH = 1000.0


def _clip_ufunc() -> Any:
    """numpy's clip ufunc itself (``np.clip`` checks and forwards its arguments in Python at each
    call, a microsecond); ``np.clip`` where numpy keeps it elsewhere."""
    try:
        return importlib.import_module("numpy._core.umath").clip
    except (ImportError, AttributeError):
        return np.clip


_clip = _clip_ufunc()


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


def float_views(parts: dict[str, np.ndarray]) -> dict[str, memoryview[float]] | None:
    """Each segment as a flat view of its floats (None unless every one is ``float32`` in C order)."""
    if not all(a.dtype == np.float32 and a.flags.c_contiguous for a in parts.values()):
        return None
    return {name: a.data.cast("B").cast("f") for name, a in parts.items()}


def _runs(size: int, taken: Sequence[slice]) -> tuple[slice, ...]:
    """The runs of ``range(size)`` outside the slices ``taken``, in order."""
    out, at = [], 0
    for s in sorted(taken, key=lambda s: s.start):
        if s.start > at:
            out.append(slice(at, s.start))
        at = max(at, s.stop)
    if at < size:
        out.append(slice(at, size))
    return tuple(out)


def one_hot(out: np.ndarray, index: Mapping[str, int], key: object) -> None:
    """Set ``out[index[key]]`` (the last slot stands for anything not in ``index``)."""
    out[index.get(key, len(out) - 1) if isinstance(key, str) else len(out) - 1] = 1.0


class GameSpec(ABC):
    """Encoding and observation of one game and setup.

    ``actions`` is the fixed encoding (an integer per action the setup can offer); ``choices`` is
    what the adapters offer as their action space: the fixed encoding, or for a spec that sets
    :attr:`LISTED`, the legal actions of the moment as a list of at most that many
    (:class:`LegalList`), with a ``choices`` segment in the observation saying what each place of the
    list holds."""

    #: when above 0, the adapters' actions are the legal actions of the moment, at most this many
    LISTED = 0
    #: segments whose every value :meth:`fill_state` writes lies in [0, OBS_HIGH] already (flags and
    #: small counts): :meth:`observe` has them written straight into the new observation, zeroed,
    #: rather than into the work vector, then clipped and copied (Day Night Z's tile planes, nine
    #: tenths of its vector: the step then writes its floats once instead of three times)
    DIRECT: tuple[str, ...] = ()
    #: attributes a spec works out from the content at its first observation (the places its
    #: :meth:`fill_state` writes to): left out of a pickle or copy, made again at the next one
    REMADE: tuple[str, ...] = ()

    def __init__(self, game: Game, setup: Setup) -> None:
        self.game = game
        self.setup = setup
        self.seats = game.seats(setup)
        self.actions = self.build_actions()
        self.choices: ActionEncoding | LegalList = LegalList(self.actions, self.LISTED) if self.LISTED else self.actions
        segments = self.build_layout()
        if self.LISTED:
            self._width = 2 + max((len(t.args) for t in self.actions.templates), default=0)
            segments.append(("choices", (self.LISTED, self._width)))
        self.layout = Layout(segments)
        self._rows: dict[Action, tuple[float, ...]] = {}
        self._work: tuple[np.ndarray, dict[str, np.ndarray]] | None = None
        self._view_parts: dict[str, np.ndarray] | None = None
        self._views: dict[str, memoryview[float]] | None = None
        self._direct_parts: dict[str, np.ndarray] = {}
        self._runs: list[tuple[slice, np.ndarray]] = []  # the work vector's runs outside DIRECT segments
        direct = [self.layout.slices[name] for name in self.DIRECT]
        self._direct = tuple((name, at, shape) for name, (at, shape) in zip(self.DIRECT, direct))
        #: the runs of the vector not in DIRECT segments (zeroed in the work vector, clipped from it)
        self._clipped = _runs(self.layout.size, [at for at, _ in direct])

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

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """Write ``seat``'s observation of ``state`` into the (zeroed) segments ``parts``: through the
        snapshot by default (:meth:`public_of`, then :meth:`fill`). A spec may read the state's own
        fields instead, for speed, writing the same values (a test checks that the two agree)."""
        self.fill(self.public_of(state, seat), seat, parts)

    # ----- derived ----------------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        """The size of the adapters' action space (:attr:`choices`)."""
        return self.choices.num_actions

    def public_of(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` knows of ``state``: :meth:`public` keeps only what its view shows, so the
        state's own snapshot gives the same as its view's (a test checks that for every game) without
        the view's clone and redrawing of the hidden part."""
        return self.public(self.game.snapshot(state), seat)

    def observe(self, state: State, seat: int, legal: Sequence[Action] | None = None) -> np.ndarray:
        """The seat's observation tensor (flat ``float32``). With :attr:`LISTED`, when the seat
        decides, its ``choices`` segment describes the legal actions (``legal``, if the caller has
        them already)."""
        if self._direct:
            flat = self._observe_direct(state, seat)
        else:
            work, parts = self._buffer()
            self.fill_state(state, seat, parts)
            flat = self._finish(work)
        if self.LISTED:
            d = state.decision
            if d is not None and d.seat == seat:
                self._fill_choices(flat, self.game.legal_actions(state) if legal is None else legal)
        return flat

    def _fill_choices(self, flat: np.ndarray, legal: Sequence[Action]) -> None:
        """A row per listed action: present, its block and each argument's place in its vocabulary,
        as fractions of their sizes (0 past the action's arguments)."""
        where, _ = self.layout.slices["choices"]
        listed = legal[: self.LISTED]
        if not listed:
            return
        known = self._rows
        rows = [known.get(a) or self._row(a) for a in listed]
        flat[where].reshape(self.LISTED, self._width)[: len(rows)] = rows

    def _row(self, action: Action) -> tuple[float, ...]:
        block, args = self.actions.indices(self.actions.encode(action))
        vocabularies = self.actions.templates[block].args
        row = [1.0, (block + 1) / len(self.actions.templates)]
        row += [(j + 1) / len(v.tokens) for j, v in zip(args, vocabularies)]
        row += [0.0] * (self._width - len(row))
        if len(self._rows) < 200_000:
            self._rows[action] = tuple(row)
        return tuple(row)

    def tensor(self, public: dict[str, Any], seat: int) -> np.ndarray:
        flat, parts = self._buffer()
        self.fill(public, seat, parts)
        return self._finish(flat)

    def _buffer(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed work vector and its segments, made once per spec (a step's observation is a
        clipped copy, :meth:`_finish`)."""
        if self._work is None:
            flat = np.zeros(self.layout.size, dtype=np.float32)
            self._work = (flat, self.layout.views(flat))
        else:
            self._work[0].view(np.uint8).fill(0)  # 0.0 is all zero bytes: a memset, faster than a float fill
        return self._work

    def _observe_direct(self, state: State, seat: int) -> np.ndarray:
        """:meth:`observe`'s vector with :attr:`DIRECT` segments: those written in the new (zeroed)
        vector itself, the others in the work vector (only their runs zeroed), clipped into it."""
        if not self._direct_parts:
            work, segments = self._buffer()
            self._direct_parts = dict(segments)
            self._runs = [(run, work[run]) for run in self._clipped]
        runs = self._runs
        for _, kept in runs:
            kept.fill(0.0)
        out = np.zeros(self.layout.size, dtype=np.float32)
        parts = self._direct_parts  # the work vector's segments, the DIRECT ones this vector's
        for name, at, shape in self._direct:
            parts[name] = out[at].reshape(shape)
        self.fill_state(state, seat, parts)
        for run, kept in runs:
            _clip(kept, 0.0, OBS_HIGH, out=out[run])
        return out

    def write_flat(self, parts: dict[str, np.ndarray], write: Callable[[dict[str, memoryview[float]]], None]) -> None:
        """``write(views)`` with each segment of ``parts`` as a flat view of its floats (a value written
        through a ``memoryview`` costs about 40 ns, through numpy's indexing of one cell 100 ns). The
        views of the work vector's segments are made once; segments that are not ``float32`` in C
        order are written through a vector of their own, then copied in. :attr:`DIRECT` segments are
        not among the views (they are a new vector's at each observation: a spec writes them through
        ``parts``)."""
        views = self._views if parts is self._view_parts else self._views_of(parts)
        if views is None:
            flat = np.zeros(self.layout.size, dtype=np.float32)
            own = self.layout.views(flat)
            write(cast("dict[str, memoryview[float]]", float_views(own)))
            for name, segment in own.items():
                if name not in self.DIRECT:
                    parts[name][...] = segment
            return
        write(views)

    def _views_of(self, parts: dict[str, np.ndarray]) -> dict[str, memoryview[float]] | None:
        kept = {name: a for name, a in parts.items() if name not in self.DIRECT}
        self._view_parts, self._views = parts, float_views(kept)
        return self._views

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied without its work vector and the views of it (made again at the next
        observation: a copy of the vector and of its segments would no longer share memory), nor
        what :attr:`REMADE` names."""
        state = self.__dict__.copy()
        state.update(_work=None, _view_parts=None, _views=None, _direct_parts={}, _runs=[])
        state.update(dict.fromkeys(self.REMADE))
        return state

    @staticmethod
    def _finish(flat: np.ndarray) -> np.ndarray:
        """A new vector: ``flat`` clipped to [0, OBS_HIGH] (in the one pass that copies it)."""
        out = np.empty(flat.shape, dtype=np.float32)
        _clip(flat, 0.0, OBS_HIGH, out=out)
        return out

    def parts(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The named segments of an observation, in their shapes."""
        return self.layout.views(flat)

    def public_text(self, state: State, seat: int) -> str:
        """The seat's knowledge as one line of JSON (OpenSpiel's observation string)."""
        return json.dumps(self.public_of(state, seat), sort_keys=True, separators=(",", ":"), default=str)

    def text(self, state: State, seat: int) -> str:
        """The view as the terminal draws it, as plain text, and when the seat decides, its legal
        actions by their integers in the game's words (``12: Ben moves to c5  [move Ben c5]``)."""
        from deadboard.core.registry import find_descriptor

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
        from deadboard.core.registry import find_descriptor

        d = view.decision
        if d is None or d.seat != seat:
            return ""
        found = find_descriptor(self.game)
        lines = []
        for code, action in self.choices.legal(self.game, view).items():
            said = found.describe(view, seat, action) if found is not None else action.text
            lines.append(f"{code:>6}: {said}" + (f"  [{action.text}]" if said != action.text else ""))
        return "legal actions:\n" + "\n".join(lines) + "\n"


__all__ = ["OBS_HIGH", "ActionEncoding", "EncodingError", "GameSpec", "Layout", "LegalList", "Template", "Token",
           "Vocabulary", "one_hot", "vocab"]
