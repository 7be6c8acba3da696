"""A fixed integer for every action a game's setup can offer, and a legal-action mask.

An action is ``kind arg …`` (:mod:`deadboard.core.action`). A game's spec lists *templates*: a kind,
a number of arguments, and for each argument the finite vocabulary it is drawn from (squares, item
names, card ids …, all known from the setup alone). The integers of one template form a block; an
action's integer is its block's offset plus its arguments read as a mixed-radix number::

    block "move <human> <square>"   offset 11999, humans (7) x squares (374)
    move Ben c5  ->  11999 + index(Ben) * 374 + index(c5)  =  12089

So ``num_actions`` is the sum of the blocks' sizes, ``encode``/``decode`` are a dict look-up and a
few divisions, and the mask of a state sets the integers of its legal actions. Nothing hidden goes
in: the vocabularies depend on the setup, never on a seed or a deal.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError
from deadboard.core.game import Game, State

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
        for a in game.legal_actions(state):
            try:
                out[self.encode(a)] = a
            except EncodingError as e:
                missing = e
        if missing is not None and not out:
            raise missing
        return out

    def mask(self, codes: Iterable[int]) -> np.ndarray:
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[list(codes)] = 1
        return out

    def legal_mask(self, game: Game, state: State) -> np.ndarray:
        return self.mask(self.legal(game, state))

    def describe(self) -> list[dict[str, object]]:
        """One row per block: its template, offset and size (for docs and `deadboard bench --rl`)."""
        return [{"template": t.text, "offset": t.offset, "size": t.size} for t in self.templates]
