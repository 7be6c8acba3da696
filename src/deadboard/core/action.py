"""Actions: small hashable values with a stable text form that parses back.

An action is a tuple ``(kind, arg, ...)`` whose arguments are strings (names from the rulebook's
vocabulary: ``Ben``, ``Z23``, ``c5``, ``front-door``) or integers. Its text is the tokens joined by
spaces (``"move Ben c5"``); :meth:`Action.parse` turns such text back into the same action. String
arguments therefore never contain spaces and never look like integers.
"""

from __future__ import annotations


class Action(tuple[str | int, ...]):
    __slots__ = ()

    def __new__(cls, *parts: str | int) -> Action:
        return tuple.__new__(cls, parts)

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[str | int, ...]:
        return tuple(self[1:])

    @property
    def text(self) -> str:
        return " ".join(map(str, self))

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[type[Action], tuple[str | int, ...]]:
        return (Action, tuple(self))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form. Tokens of digits (optionally signed) become integers."""
        tokens = text.split()
        if not tokens:
            raise ValueError("an empty action")
        parts: list[str | int] = []
        for tok in tokens:
            body = tok[1:] if tok[:1] in "+-" else tok
            parts.append(int(tok) if body.isdigit() else tok)
        return tuple.__new__(cls, parts)


def act(*parts: str | int) -> Action:
    """Shorthand used by the rules modules in hot paths."""
    return tuple.__new__(Action, parts)
