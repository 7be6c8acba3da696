"""One descriptor per game: everything the front ends, bots, simulator and adapters know of a game.

A game package's ``__init__.py`` holds its descriptor, and ``deadboard.games`` one registry line
naming the package. The rules (a :class:`~deadboard.core.game.Game`) are made when the package is
imported; the rest is loaded on first use, so that listing games or playing one never imports the
drawing of another (or `rich`, or numpy)::

    from deadboard.core.descriptor import BrowserDrawing, GameDescriptor, TerminalDrawing

    def _terminal() -> TerminalDrawing[NightState]:
        from deadboard.games.the_night import render
        return TerminalDrawing(render.render)

    DESCRIPTOR = GameDescriptor(
        TheNight(),
        terminal=_terminal,                 # the board in the terminal (cli)
        browser=_browser,                   # the board in the browser (web)
        words=_words,                       # every action in words for people (all front ends)
        rules=_rules,                       # the quick reference: RuleSection(title, ref, text), …
        bots={"heuristic": _heuristic},     # bot name -> loader of its factory (game, seat, seed)
        evaluator=_evaluator,               # the value function search cuts rollouts short with
        value_features=_value_features,     # what the simulator refits that value function on
        research=_research,                 # the research environments' encoding (deadboard.rl)
        hint_anchor="heuristic",
    )

Each part is a plain typed value: a front end reads ``descriptor.terminal()`` and calls its
``render``; ``descriptor.describe(view, seat, action)`` is an action in words for people (the
game's ``words``, or the action's text); an optional part (``legend``, ``choice_path``,
``square_of``, ``dice``) is None when the game has none. Nothing is found by a module-name convention or probed with ``getattr``.

The player counts, scenarios and options are the rules' own (:attr:`GameDescriptor.min_players` …
read them from the ``Game``), so they are written once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing
from deadboard.core.game import Game, Option, Outcome, Scenario, Setup, State

if TYPE_CHECKING:  # numpy is imported only by a game's research module, when an adapter loads it
    from deadboard.core.research import GameSpec

S = TypeVar("S", bound=State)
T = TypeVar("T")

#: ``(game, view, seat) -> float``: a seat's chance of winning from what it sees, in [0, 1]
ValueFunction = Callable[[Game[Any], Any, int], float]
#: ``(game, seat, seed) -> bot`` (a bot that takes parameters accepts them as a fourth argument)
BotFactory = Callable[..., Any]


@dataclass(frozen=True)
class TerminalDrawing(Generic[S]):
    """A game drawn in the terminal (``deadboard play``), from a view only.

    ``render(game, view, seat)``
        the board and status, as a `rich` renderable; the characters of a board square may carry
        ``Style(meta={"square": NAME})``, its name as the actions spell it (``c5``): a click on it
        offers the actions that name it, and the board scrolls to the squares the actions name.
    ``legend(game, view)``
        what the board's letters and colours mean, shown under the board.
    ``choice_path(game, view, action)``
        how to offer a long list of actions step by step, as sentences (Zombie Dawn's set-up:
        ``("Place the Crossroads zone", "at slot B (0, -1)", "turned 90°")``); None for an action
        grouped by its words.
    ``square_of(game, view, seat, action)``
        the square an action belongs to when its words do not name it (District-Z's ``move
        north``).
    """

    render: Callable[[Game[S], S, int | None], Any]
    legend: Callable[[Game[S], S], Any] | None = None
    choice_path: Callable[[Game[S], S, Action], Sequence[str] | None] | None = None
    square_of: Callable[[Game[S], S, int | None, Action], str | None] | None = None


@dataclass(frozen=True)
class ActionWords(Generic[S]):
    """Actions in words for people: one sentence per action, written once per game and read by
    every front end (the browser's buttons and menus, the terminal's action list, hints, the
    research adapters' ``render``).

    ``describe(game, view, seat, action)``
        the sentence for ``action`` offered in ``view`` to ``seat`` ("Kevin Swift attacks Walker 1
        with the Colt 1911 (butt)", "Begin the night at h4"); the action's text stays what it is
        (saves, the API, tests) and is never replaced by the sentence.
    """

    describe: Callable[[Game[S], S, int | None, Action], str]


R = TypeVar("R")


def say_by_kind(sentences: Mapping[str, Callable[[R, list[str]], str]], reader: R, action: Action) -> str:
    """The sentence a game's table of sentences (action kind -> ``say(reader, words)``) gives
    ``action``, its words read with ``reader`` (the game's names); the action's text where the
    table has no sentence for its kind or its words do not read (a hand-edited action)."""
    say = sentences.get(action.kind)
    if say is None:
        return action.text
    try:
        return say(reader, [str(x) for x in action.args])
    except (IndexError, KeyError, ValueError):
        return action.text


@dataclass(frozen=True)
class RuleSection:
    """One section of a game's quick reference, in our own words: the Rules panel of the browser
    and the terminal's F1 show them in order.

    ``ref`` names the rulebook's section (``"§3.11"``, ``"Combat"``) so that a player can find the
    full text; ``text`` is a short paragraph (plain text, blank lines between paragraphs)."""

    title: str
    ref: str
    text: str
    follows: tuple[RuleLink, ...] = ()


@dataclass(frozen=True)
class RuleLink:
    """A section of the rulebook, by its heading as the rulebook writes it (``"3.11 Line of
    Sight"``, ``"Shooting Combat"``), and the kinds of actions and of logged events that follow it:
    a refused action and a log entry name it, and the quick reference section that holds the link
    sums it up."""

    heading: str
    actions: tuple[str, ...] = ()
    events: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How a player is told it: ``§3.11 Line of Sight`` where the rulebook numbers it, else
        its heading in quotation marks."""
        number, _, rest = self.heading.partition(" ")
        if rest and number[:1].isdigit() and all(p.isdigit() for p in number.rstrip(".").split(".")):
            return f"§{number.rstrip('.')} {rest}"
        return f"“{self.heading}”"


@dataclass(frozen=True)
class RuleRef:
    """Where an action or an event is in the rules: the rulebook's section (``label``, e.g.
    ``§3.11 Line of Sight``) and the title of the quick reference section that sums it up."""

    label: str
    section: str

    def to_json(self) -> dict[str, str]:
        return {"label": self.label, "section": self.section}

    def cite(self, message: str) -> str:
        """``message`` naming this section: "… — rulebook §3.11 Line of Sight"."""
        return f"{message} — rulebook {self.label}"


class RuleIndex:
    """The quick reference's links from action kinds and event kinds to rulebook sections."""

    def __init__(self, sections: Sequence[RuleSection]) -> None:
        self.actions: dict[str, RuleRef] = {}
        self.events: dict[str, RuleRef] = {}
        for s in sections:
            for link in s.follows:
                ref = RuleRef(link.label, s.title)
                for kind in link.actions:
                    self.actions.setdefault(kind, ref)
                for kind in link.events:
                    self.events.setdefault(kind, ref)

    def refusal(self, typed: str, legal_kinds: Sequence[str]) -> RuleRef | None:
        """The section a refused action follows: that of the kind its first word names, else that
        of the actions the decision offers now (the most of one kind)."""
        words = typed.split(maxsplit=1)
        ref = self.actions.get(words[0].lower()) if words else None
        if ref is not None:
            return ref
        for kind, _ in Counter(legal_kinds).most_common():
            ref = self.actions.get(kind)
            if ref is not None:
                return ref
        return None


@dataclass(frozen=True)
class BrowserDrawing(Generic[S]):
    """A game drawn in the browser (``deadboard serve``), from a view only.

    ``draw(game, view, seat, legal)``
        a :class:`~deadboard.core.drawing.Drawing`: one SVG, the legal actions of each clickable
        thing, panels beside the board (the interface is described in :mod:`deadboard.web.drawing`).
    ``dice(data)``
        the dice an event's data records, for a game that records them otherwise than
        :func:`~deadboard.core.drawing.dice_of` reads.
    """

    draw: Callable[[Game[S], S, int | None, Sequence[Action]], Drawing]
    dice: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None


#: ``(view, final, outcome) -> [(features, label), …]``: the labelled rows one sampled view of seat 0
#: gives, knowing how its game ended (``final`` is the last state, ``outcome`` its outcome)
LabelledRows = Callable[[Any, Any, Outcome], list[tuple[list[float], float]]]


@dataclass(frozen=True)
class ValueModel:
    """One logistic model of a game's value function, as the simulator refits it from seeded games
    (``python -m deadboard.sim.valuefit GAME [MODEL] [GAMES [BOT [JOBS]]]``): the games of
    ``setups`` are played by ``bot`` (``games`` of each), seat 0's view is kept at a decision with
    probability ``every``, and ``rows`` turns each kept view into labelled feature rows.

    ``name`` names the model on the command line; ``constant`` is the constant the fit prints for
    the game's ``evaluate`` module (``WEIGHTS``); ``signs`` maps a feature's column to the sign the
    rules give its weight (a fitted weight of the other sign is dropped and the rest refitted);
    ``default`` says whether a refit without a model named fits this one."""

    name: str
    constant: str
    setups: Sequence[Setup]
    rows: LabelledRows
    games: int = 300
    bot: str = "heuristic"
    every: float = 0.2
    seed: int = 1
    signs: Mapping[int, int] = field(default_factory=dict)
    default: bool = True


class _Loaded(Generic[T]):
    """A value made by a loader on first use, then kept (thread-safe enough: a loader that runs
    twice makes the same value)."""

    __slots__ = ("_load", "_value")

    def __init__(self, load: Callable[[], T]) -> None:
        self._load = load
        self._value: T | None = None

    def get(self) -> T:
        if self._value is None:
            self._value = self._load()
        return self._value


@dataclass(frozen=True, eq=False)
class GameDescriptor(Generic[S]):
    """A game as the rest of deadboard knows it: its rules and what is built on them.

    ``game`` is the rules; ``terminal``, ``browser`` and ``evaluator`` are loaders (functions that
    import the module and return the part), each None when the game has none; ``bots`` maps a
    bot name to the loader of its factory; ``hint_anchor`` names a bot whose choice a hint
    recommends unless search finds a clearly better action (for a game whose own bot outplays
    plain search); ``hint_playouts`` names a bot whose playouts to the end of the game compare the
    hint's candidates instead of the tree (``mcts:N+BOT``: for a game whose random playouts say
    nothing, none being won), and after a ``+`` other bots whose own ways of playing on are compared
    with it (``"heuristic+hurry"``, as ``mcts:N+heuristic+hurry``).
    ``value_features`` loads the models its value function is refitted as
    (:class:`ValueModel`); ``research`` the class of its research encoding and observation
    (:class:`~deadboard.core.research.GameSpec`, made for one setup by the adapters)."""

    game: Game[S]
    terminal: Callable[[], TerminalDrawing[S]] | None = None
    browser: Callable[[], BrowserDrawing[S]] | None = None
    words: Callable[[], ActionWords[S]] | None = None
    rules: Callable[[], Sequence[RuleSection]] | None = None
    bots: Mapping[str, Callable[[], BotFactory]] = field(default_factory=dict)
    evaluator: Callable[[], ValueFunction] | None = None
    hint_anchor: str | None = None
    hint_playouts: str | None = None
    value_features: Callable[[], Sequence[ValueModel]] | None = None
    research: Callable[[], type[GameSpec]] | None = None
    _cache: dict[str, _Loaded[Any]] = field(default_factory=dict, init=False, repr=False)

    # ----- what the rules say -------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.game.id

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def min_players(self) -> int:
        return self.game.min_players

    @property
    def max_players(self) -> int:
        return self.game.max_players

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return self.game.scenarios

    @property
    def options(self) -> tuple[Option, ...]:
        return self.game.options

    # ----- what is built on them (loaded on first use) -------------------------------------------
    def _get(self, key: str, load: Callable[[], T] | None) -> T | None:
        if load is None:
            return None
        got = self._cache.get(key)
        if got is None:
            got = self._cache.setdefault(key, _Loaded(load))
        value: T = got.get()
        return value

    def terminal_drawing(self) -> TerminalDrawing[S] | None:
        """The terminal drawing, or None (the front end then shows the snapshot)."""
        return self._get("terminal", self.terminal)

    def browser_drawing(self) -> BrowserDrawing[S] | None:
        """The browser drawing, or None (the browser then shows the text panels)."""
        return self._get("browser", self.browser)

    def action_words(self) -> ActionWords[S] | None:
        """The game's sentences for its actions, or None (front ends then show the action text)."""
        return self._get("words", self.words)

    def describe(self, view: S, seat: int | None, action: Action) -> str:
        """``action`` in words for people, or its text where the game has no sentence for it."""
        words = self.action_words()
        if words is None:
            return action.text
        return words.describe(self.game, view, seat, action) or action.text

    def rules_reference(self) -> Sequence[RuleSection]:
        """The game's quick reference, section by section (empty when the game has none)."""
        return self._get("rules", self.rules) or ()

    def rule_index(self) -> RuleIndex:
        """Which rulebook section each kind of action and of logged event follows (empty when
        the game's quick reference says none)."""
        return self._get("rule-index", lambda: RuleIndex(self.rules_reference())) or RuleIndex(())

    def value_function(self) -> ValueFunction | None:
        """The value function, or None."""
        return self._get("evaluator", self.evaluator)

    def value_models(self) -> Sequence[ValueModel]:
        """The models the game's value function is refitted as (empty when it has none to refit)."""
        return self._get("value_features", self.value_features) or ()

    def research_spec(self) -> type[GameSpec] | None:
        """The class of the game's research encoding, or None (no research environment)."""
        return self._get("research", self.research)

    def bot_factory(self, name: str) -> BotFactory | None:
        """The factory of the game's own bot ``name``, or None when the game has no such bot."""
        load = self.bots.get(name)
        return self._get("bot:" + name, load) if load is not None else None


__all__ = [
    "ActionWords",
    "BotFactory",
    "BrowserDrawing",
    "GameDescriptor",
    "LabelledRows",
    "RuleIndex",
    "RuleLink",
    "RuleRef",
    "RuleSection",
    "TerminalDrawing",
    "ValueFunction",
    "ValueModel",
]
