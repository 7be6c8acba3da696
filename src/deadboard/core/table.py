"""The table driver: one game at a table — its state, who sits in each seat, the record of play.

Every front end and tool plays through a :class:`Table`: ``deadboard play`` (the full-screen app and
the line mode), the web server, the simulator and replay. What the table settles, once for all of
them:

- **seats**: a seat holds a person (no bot) or a bot (anything with ``choose(game, view, legal)``
  and ``needs_view``, as :mod:`deadboard.bots` makes them);
- **apply**: a person's or a bot's action is applied checked (an illegal one raises
  :class:`~deadboard.core.errors.IllegalActionError` and changes nothing) and recorded as the
  engine spells it, with the seat that decided and whether a bot did;
- **forced decisions**: a bot seat whose decision has a single legal action takes it without being
  asked (its view is not even built, its random draws are not spent); a person is asked, and the
  action is recorded either way (the kernel's rule: a replay never depends on who took it);
- **bots play** their seats until a person decides or the game ends (:meth:`Table.play_bots`), or
  the whole game when every seat is a bot (:meth:`Table.play_out`, the simulator's loop);
- **replay**: a record is applied checked from setup and seed (:meth:`Table.replay`), naming the
  action that does not replay;
- **undo**: in a game with one person, back to before that person's last action;
- **response windows that respect the player**: each person's seat has a setting for the windows
  (a ``respond`` decision) where it may answer out of turn — ``auto``: asked only where it can play
  something that changes the outcome (the window step says which offers count,
  :meth:`~deadboard.core.responses.ResponseWindow.stops`: in Zombie Dawn, an action card it holds);
  ``always``; ``never`` — like Board Game Arena's auto-pass. A window the setting skips is answered
  ``pass`` by the table right after the action that led to it, and recorded like any action (taken
  for the person, as by a bot: ``by_bot``), so a replay never depends on the setting. The default is
  ``auto`` for people playing against bots, ``always`` at a table of people only.

A bot's thinking can be taken off the table (a server thinks outside its lock, a terminal in a
thread): :meth:`Table.next_bot` hands out a :class:`BotTurn`, whose :meth:`BotTurn.choose` runs
anywhere, and the chosen action comes back through :meth:`Table.apply`. An ``apply`` with a
``commit`` hook applies to a copy and keeps it only once the hook (a database write) succeeded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError, IllegalActionError, SaveError
from deadboard.core.game import Game, Setup, State, frozen_reduce
from deadboard.core.kernel import KernelGame, KernelState
from deadboard.core.responses import Respond

S = TypeVar("S", bound=State)

#: the settings of a person's seat for response windows (see the module's docstring)
RESPOND_AUTO = "auto"
RESPOND_ALWAYS = "always"
RESPOND_NEVER = "never"
RESPOND_MODES = (RESPOND_AUTO, RESPOND_ALWAYS, RESPOND_NEVER)


def check_respond(value: object, what: str = "respond") -> str:
    """``value`` as a response-window setting, or IllegalActionError naming the three."""
    if value not in RESPOND_MODES:
        raise IllegalActionError(f"{what} must be one of {', '.join(RESPOND_MODES)} (got {value!r})")
    return str(value)


class Player(Protocol):
    """What a bot is to the table (:class:`deadboard.bots.Bot` has this shape)."""

    @property
    def needs_view(self) -> bool: ...

    def choose(self, game: Any, view: Any, legal: Sequence[Action]) -> Action: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """One recorded action: its text as the engine spells it, the seat that decided, and whether a
    bot did."""

    text: str
    seat: int
    by_bot: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's decision, ready to be thought out away from the table: the seat, its bot, the legal
    actions and the seat's view (None when the decision is forced or the bot reads no view)."""

    seat: int
    bot: Player
    legal: list[Action]
    view: State | None
    #: how many actions the table had recorded when this was handed out
    at: int

    @property
    def forced(self) -> bool:
        return len(self.legal) == 1

    def choose(self, game: Game[Any]) -> Action:
        """The bot's choice (the only action of a forced decision, without asking the bot)."""
        if len(self.legal) == 1:
            return self.legal[0]
        return self.bot.choose(game, self.view, self.legal)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class Table(Generic[S]):
    """A game at a table. ``bots`` maps each bot seat to its bot; the other seats are people's.
    ``record`` is every action so far (None: not kept, for the simulator's speed)."""

    def __init__(self, game: Game[S], state: S, bots: Mapping[int, Player] | None = None,
                 record: list[Entry] | None = None, *, keep_record: bool = True,
                 respond: Mapping[int, str] | None = None) -> None:
        self.game = game
        self.state = state
        self.bots: dict[int, Player] = dict(bots or {})
        self.record: list[Entry] | None = (record if record is not None else []) if keep_record else None
        #: person seat -> its response-window setting (a seat left out: :meth:`respond_mode`'s default)
        self.respond: dict[int, str] = {seat: check_respond(mode) for seat, mode in (respond or {}).items()}
        #: whether the table answers skipped windows itself (off while a record is replayed)
        self.auto_pass = True

    # ----- making a table ---------------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game[S], setup: Setup | None, seed: int, bots: Mapping[int, Player] | None = None,
            *, keep_record: bool = True, respond: Mapping[int, str] | None = None) -> Table[S]:
        return cls(game, game.new(setup, seed), bots, keep_record=keep_record, respond=respond)

    @classmethod
    def replay(cls, game: Game[S], setup: Setup, seed: int, texts: Iterable[str],
               bots: Mapping[int, Player] | None = None, by_bot: Sequence[bool] = (),
               on_step: Callable[[int, str, S], None] | None = None,
               respond: Mapping[int, str] | None = None) -> Table[S]:
        """The table after the recorded actions ``texts`` from setup and seed (see :meth:`replay_on`)."""
        table = cls(game, game.new(setup, seed), bots, respond=respond)
        table.replay_on(texts, by_bot, on_step)
        return table

    def replay_on(self, texts: Iterable[str], by_bot: Sequence[bool] = (),
                  on_step: Callable[[int, str, S], None] | None = None) -> None:
        """Apply recorded actions, each checked (``by_bot`` says which a bot took; ``on_step(i, text,
        state)`` is called after each). Raises SaveError naming the first that does not replay. The
        record holds the passes a setting answered: none is added while it replays."""
        auto, self.auto_pass = self.auto_pass, False
        try:
            for i, text in enumerate(texts):
                if self.state.decision is None:
                    raise SaveError(f"action {i + 1} ({text!r}) comes after the end of the game")
                try:
                    self.apply(text, by_bot=i < len(by_bot) and by_bot[i])
                except DeadboardError as e:
                    raise SaveError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
                if on_step is not None:
                    on_step(i, text, self.state)
        finally:
            self.auto_pass = auto

    # ----- reading ----------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.game.seats(self.state.setup)

    @property
    def persons(self) -> list[int]:
        """The seats people play."""
        return [s for s in range(self.seats) if s not in self.bots]

    @property
    def over(self) -> bool:
        return self.state.decision is None

    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.state) if self.state.decision is not None else []

    def bot_to_move(self) -> bool:
        d = self.state.decision
        return d is not None and d.seat in self.bots

    def texts(self) -> list[str]:
        return [e.text for e in self.record or ()]

    def respond_mode(self, seat: int) -> str:
        """The seat's response-window setting: its own, else ``auto`` at a table with bots and
        ``always`` at a table of people only."""
        mode = self.respond.get(seat)
        if mode is not None:
            return mode
        return RESPOND_AUTO if self.bots else RESPOND_ALWAYS

    def skips(self, state: S) -> bool:
        """Whether the decision of ``state`` is a person's response window that the person's setting
        answers ``pass`` without asking: ``never``; or ``auto`` where nothing it may play counts
        (:meth:`~deadboard.core.responses.ResponseWindow.stops`)."""
        d = state.decision
        if d is None or d.kind != "respond" or d.seat in self.bots:
            return False
        mode = self.respond_mode(d.seat)
        if mode == RESPOND_NEVER:
            return True
        if mode == RESPOND_ALWAYS or not isinstance(state, KernelState) or not state.steps:
            return False
        top = state.steps[-1]
        return isinstance(top, Respond) and top.seat == d.seat and not top.window.stops(state, d.seat)

    # ----- playing ----------------------------------------------------------------------------------
    def apply(self, action: Action | str, *, by_bot: bool = False,
              commit: Callable[[list[Entry], S], None] | None = None) -> Action:
        """Apply ``action`` (an action or its text) for the seat deciding now, checked, and record it;
        then answer ``pass`` for each person's response window that follows and that the person's
        setting skips (:meth:`skips`), each recorded too. With ``commit``, the actions are applied to
        a copy and ``commit(entries, new_state)`` is called before the copy replaces the state: if it
        raises, nothing has changed."""
        game = self.game
        d = self.state.decision
        if d is None:
            raise IllegalActionError("the game is over")
        state = self.state.clone() if commit is not None else self.state
        if isinstance(action, str):
            action = game.parse_action(state, action)
        game.apply(state, action)
        entries = [Entry(action.text, d.seat, by_bot)]
        if self.auto_pass:
            while self.skips(state):
                seat = state.decision.seat if state.decision is not None else -1
                game.apply(state, game.parse_action(state, "pass"))
                entries.append(Entry("pass", seat, True))
        if commit is not None:
            commit(entries, state)
            self.state = state
        if self.record is not None:
            self.record.extend(entries)
        return action

    def next_bot(self) -> BotTurn | None:
        """The bot decision to think out now, or None when a person decides or the game is over."""
        d = self.state.decision
        if d is None:
            return None
        bot = self.bots.get(d.seat)
        if bot is None:
            return None
        legal = self.game.legal_actions(self.state)
        view = self.game.view(self.state, d.seat) if bot.needs_view and len(legal) > 1 else None
        return BotTurn(d.seat, bot, legal, view, len(self.record or ()))

    def bot_move(self) -> Action | None:
        """The bot whose seat decides plays one action (None: no bot decides now)."""
        turn = self.next_bot()
        if turn is None:
            return None
        return self.apply(turn.choose(self.game), by_bot=True)

    def play_bots(self, limit: int | None = None) -> int:
        """Bots play their seats until a person decides, the game ends or ``limit`` actions were
        played; returns how many."""
        played = 0
        while (limit is None or played < limit) and self.bot_move() is not None:
            played += 1
        return played

    def play_out(self, max_decisions: int = 1_000_000) -> int:
        """Play to the end with a bot in every seat (the simulator's loop: unchecked applies, views
        only for the bots that read them); returns how many decisions were taken. RuntimeError when
        the game has not ended after ``max_decisions``."""
        game, state, record = self.game, self.state, self.record
        # what each seat's bot is asked with, looked up once (the loop runs for every decision)
        choosers = {seat: (bot.choose, bot.needs_view) for seat, bot in self.bots.items()}
        legal_actions = game.legal_sequence
        kernel_legal = isinstance(state, KernelState) and type(game).legal_sequence is KernelGame.legal_sequence
        apply = game.apply_unchecked
        view = game.view
        n = 0
        while (d := state.decision) is not None:
            # the kernel's own list (what its legal_sequence hands out), read without the call
            legal = state.legal if kernel_legal else legal_actions(state)  # type: ignore[attr-defined]
            if len(legal) == 1:
                action = legal[0]
            else:
                choose, needs_view = choosers[d.seat]
                action = choose(game, view(state, d.seat) if needs_view else None, legal)
            if record is not None:
                record.append(Entry(action.text, d.seat, True))
            apply(state, action)
            n += 1
            if n >= max_decisions:
                raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions (seed {state.seed})")
        return n

    def undo_point(self) -> int:
        """How many recorded actions an undo keeps: those before the last one a person took
        (IllegalActionError when a person took none)."""
        record = self.record or []
        if all(e.by_bot for e in record):
            raise IllegalActionError("nothing to undo")
        return max(i for i, e in enumerate(record) if not e.by_bot)

    def undone(self, keep: int) -> Table[S]:
        """A new table (no bots made yet) with the first ``keep`` recorded actions replayed."""
        kept = (self.record or [])[:keep]
        return Table.replay(self.game, self.state.setup, self.state.seed, [e.text for e in kept],
                            by_bot=[e.by_bot for e in kept], respond=self.respond)

    def undo(self) -> None:
        """Take back the last action of the one person at the table, and the bots' actions after it
        (the bots keep their seats and their state)."""
        if len(self.persons) != 1:
            raise IllegalActionError("undo is for solitaire games (one seat played by a person)")
        again = self.undone(self.undo_point())
        self.state = again.state
        self.record = again.record


__all__ = ["RESPOND_ALWAYS", "RESPOND_AUTO", "RESPOND_MODES", "RESPOND_NEVER", "BotTurn", "Entry", "Player",
           "Table", "check_respond"]
