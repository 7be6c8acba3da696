"""Tracks and clocks: the counters printed on the boards (doom, threat, noise, the turn and day
counters) and the Day-Night counter with its hourly effects.

A :class:`Track` is a value between ``lo`` and ``hi`` with *milestones* (positions whose crossing
triggers a rule: Zpocalypse 2's Doom Track spawns a mutate at each) and *levels* (named bands:
Day Night Z's threat is green, yellow or red)::

    doom = Track("doom", 0, hi=30, milestones=(5, 10, 15, 20, 25))
    doom, crossed = doom.moved(+7)          # -> value 7, crossed (5,)
    threat = Track("threat", 0, hi=11, levels=((0, "green"), (4, "yellow"), (8, "red")))
    threat.moved(5)[0].level                # -> "yellow"

A :class:`Clock` is the hour of a day with the hours that are night and the effects printed on
given hours; ``tick`` moves it on and says which effects happen, in order::

    clock = Clock(hour=6, night=(21, 7), effects=((7, "survival-point"), (12, "infection-test")))
    clock, effects = clock.tick(6)          # -> 12:00 of day 1, ("survival-point", "infection-test")

Both are immutable values: a state holding one shares it between clones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = ["Clock", "Track"]

HOURS = 24


@dataclass(frozen=True, slots=True)
class Track:
    """A counter on a track. ``hi`` None: no top; ``milestones`` positions (rising) that trigger
    a rule when the marker reaches them going up; ``levels`` (rising) ``(from value, name)``."""

    name: str
    value: int = 0
    lo: int = 0
    hi: int | None = None
    milestones: tuple[int, ...] = ()
    levels: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if self.hi is not None and self.hi < self.lo:
            raise ValueError(f"track {self.name}: top {self.hi} below bottom {self.lo}")
        if not self.lo <= self.value <= (self.hi if self.hi is not None else self.value):
            raise ValueError(f"track {self.name}: {self.value} is off the track ({self.lo}..{self.hi})")
        if list(self.milestones) != sorted(set(self.milestones)):
            raise ValueError(f"track {self.name}: milestones must rise")
        if [v for v, _ in self.levels] != sorted({v for v, _ in self.levels}):
            raise ValueError(f"track {self.name}: levels must rise")

    def moved(self, by: int) -> tuple[Track, tuple[int, ...]]:
        """The track with the marker moved ``by`` (stopping at either end), and the milestones
        reached on the way up, in order (none on the way down)."""
        old = self.value
        value = old + by
        value = max(self.lo, value if self.hi is None else min(self.hi, value))
        if value == old:
            return self, ()
        crossed = tuple([m for m in self.milestones if old < m <= value]) if value > old else ()
        return self._moved_to(value), crossed

    def at(self, value: int) -> Track:
        """The track with the marker set to ``value`` (stopping at either end)."""
        value = max(self.lo, value if self.hi is None else min(self.hi, value))
        return self if value == self.value else self._moved_to(value)

    def _moved_to(self, value: int) -> Track:
        """This track with the marker at ``value``, a value already on it: the other fields were
        checked when this track was made, so they are copied, not checked again (a doom track
        moves several times a game)."""
        new = object.__new__(Track)
        put = object.__setattr__
        put(new, "name", self.name)
        put(new, "value", value)
        put(new, "lo", self.lo)
        put(new, "hi", self.hi)
        put(new, "milestones", self.milestones)
        put(new, "levels", self.levels)
        return new

    @property
    def level(self) -> str | None:
        """The name of the band the marker is in (None without levels, or below the first)."""
        name = None
        for start, label in self.levels:
            if self.value >= start:
                name = label
        return name

    @property
    def at_top(self) -> bool:
        return self.hi is not None and self.value >= self.hi

    @property
    def at_bottom(self) -> bool:
        return self.value <= self.lo

    def passed(self) -> tuple[int, ...]:
        """The milestones at or below the marker."""
        return tuple(m for m in self.milestones if m <= self.value)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "level": self.level}


@dataclass(frozen=True, slots=True)
class Clock:
    """The hour of day ``day`` (0-23). ``night`` is ``(from, until)``: hours from the first up to,
    not including, the second are night (wrapping past midnight). ``effects`` are ``(hour, effect
    id)`` pairs: the effect happens when the clock reaches that hour. ``start`` is the hour a new
    day begins (the day counter rises when the clock reaches it)."""

    hour: int
    day: int = 1
    night: tuple[int, int] = (21, 7)
    effects: tuple[tuple[int, str], ...] = ()
    start: int = 0
    #: whether ``hour`` is a night hour, worked out when the clock is made (a clock is a value, and
    #: rules ask at every decision)
    is_night: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for h in (self.hour, self.start, *self.night, *(h for h, _ in self.effects)):
            if not 0 <= h < HOURS:
                raise ValueError(f"clock: hour {h} is not 0..23")
        begin, end = self.night
        night = begin <= self.hour < end if begin <= end else self.hour >= begin or self.hour < end
        object.__setattr__(self, "is_night", night)

    def tick(self, hours: int = 1) -> tuple[Clock, tuple[str, ...]]:
        """The clock ``hours`` later, and the effects of every hour reached on the way, in order."""
        if hours < 0:
            raise ValueError("a clock does not run backwards")
        hour, day = self.hour, self.day
        happened: list[str] = []
        for _ in range(hours):
            hour = (hour + 1) % HOURS
            if hour == self.start:
                day += 1
            happened.extend(effect for at, effect in self.effects if at == hour)
        return replace(self, hour=hour, day=day), tuple(happened)

    @property
    def text(self) -> str:
        return f"{self.hour:02d}:00"

    def to_json(self) -> dict[str, object]:
        return {"day": self.day, "hour": self.hour, "night": self.is_night}
