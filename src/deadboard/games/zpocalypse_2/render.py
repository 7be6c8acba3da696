"""Zpocalypse 2 in the terminal: the ground (yard and first floor) and the second floor side by
side, squads as their seat number, zombies as ``z`` (weak), ``Z`` (fresh, two: ``ZZ``), mutates as
``M``; crafted structures as ``▓`` (a fortification), ``B`` (a bed), ``T`` (a tunnel entrance),
bombs as ``*``, a squad's private stash token as ``s`` and its seat (``s1``); below, the Doom
Track, the clock and each squad's survivors, carried cards and private stash."""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text

from deadboard.core.game import Game, State
from deadboard.core.legend import legend_line
from deadboard.core.log import TRACE
from deadboard.games.zpocalypse_2.board import GROUND, UPPER
from deadboard.games.zpocalypse_2.state import ZState, face_text


def _floor(st: ZState, floor: int) -> list[Text]:
    rows = st.content.house.ground if floor == GROUND else st.content.house.upper
    grid = st.board._grids[floor]
    stashes = {q.stash_token: q.seat for q in reversed(st.squads) if q.stash_token >= 0}
    lines = []
    for y, row in enumerate(rows):
        t = Text()
        t.append(f"{y + 1:>2} ", style=ROW_NAME if floor == GROUND else "dim")
        for x, ch in enumerate(row):
            i = grid[y][x]
            if i < 0:
                t.append("██", style="red")
                continue
            start = len(t)
            q = st.squad_at(i)
            zs = [z for z in st.zombies if z.space == i]
            ms = [m for m in st.mutates if m.space == i]
            if q is not None:
                t.append(f"{q.seat + 1} ", style="bold cyan")
            elif ms:
                t.append("M ", style="bold magenta")
            elif zs:
                t.append("".join("Z" if z.fresh else "z" for z in zs).ljust(2), style="bold red")
            elif i in st.structures:
                effect = st.content.craft_by_id[st.structures[i]].effect
                t.append({"bed": "B ", "tunnel": "T "}.get(effect, "▓▓"), style="bold yellow")
            elif i in st.bombs:
                t.append("* ", style="bold yellow")
            elif i in stashes:
                t.append(f"s{stashes[i] + 1}", style="cyan")
            else:
                t.append((ch if ch != "." else "·") + " ", style="dim")
            t.stylize(Style(meta={"square": st.board.name(i)}), start, len(t))
        lines.append(t)
    return lines


COLUMN_NAMES = Style(dim=True, meta={"coords": "columns"})  # stays in sight when the board scrolls down
ROW_NAME = Style(dim=True, meta={"coords": "row"})  # and sideways


def render(game: Game, state: State, seat: int | None) -> Group:
    assert isinstance(state, ZState)
    st = state
    ground, upper = _floor(st, GROUND), _floor(st, UPPER)
    wide = max(len(r) for r in st.content.house.ground)
    names = Text(no_wrap=True, overflow="ignore")
    names.append(f"   {'ground (yard, first floor)':<{2 * wide}}   {'second floor: 2a1 …':<}", style="dim")
    columns = Text(no_wrap=True, overflow="ignore")
    columns.append("   " + "".join(f"{chr(ord('a') + x)} " for x in range(wide)), style=COLUMN_NAMES)
    columns.append("      " + "".join(f"{chr(ord('a') + x)} " for x in range(max(len(r) for r in st.content.house.upper))),
                   style=COLUMN_NAMES)
    rows = [names, columns]
    for k in range(max(len(ground), len(upper))):
        t = Text(no_wrap=True, overflow="ignore")  # a row of the board is never broken in two
        t.append_text(ground[k] if k < len(ground) else Text(" " * (2 * wide + 3)))
        t.append("   ")
        if k < len(upper):
            t.append_text(upper[k])
        rows.append(t)
    head = Text(
        f"{st.scenario.name} — night {st.night}, hour {st.hour}, day {st.day} ({st.phase}) — Doom Track {st.doom.value}/30",
        style=Style(bold=True, meta={"heading": True}),
    )
    info = [head, *rows]
    if st.pool and st.phase == "midnight":
        info.append(Text("action pool: " + " ".join(face_text(f) for f in st.pool.faces), style="yellow"))
    for q in st.squads:
        people = ", ".join(
            f"{p.card} {p.hp}HP {p.weapon or 'unarmed'}{'' if p.loaded else ' (empty)'}" for p in q.people
        )
        tokens = f", tokens {' '.join(q.tokens)}" if q.tokens else ""
        where = " (in the tunnels)" if q.underground else ""
        info.append(
            Text(
                f"Squad {q.seat + 1}{where}: defence {q.defence}, VP {q.vp}{tokens} — {people or 'wiped out'}"
            )
        )
        if q.items or q.stash or q.stash_token >= 0:
            at = f" (token at {st.board.name(q.stash_token)})" if q.stash_token >= 0 else ""
            info.append(
                Text(
                    f"  carried {', '.join(q.items) or 'nothing'}; private stash{at}: {', '.join(q.stash) or 'empty'}",
                    style="dim",
                )
            )
    for e in [e for e in st.log[-40:] if e.kind != TRACE][-6:]:
        info.append(Text("  " + e.text, style="dim"))
    return Group(*info)


def legend(game: Game, state: State) -> Text:
    """What the board's characters mean."""
    t = legend_line(
        (
            ("1", "bold cyan", "a squad (its seat)"),
            ("z Z ZZ", "bold red", "weak, fresh, two zombies"),
            ("M", "bold magenta", "a mutate"),
            ("██", "red", "impassable"),
            ("~ b x", "dim", "arduous, Bio, Radiation"),
            ("A F R", "dim", "search: armory, food, resources"),
            ("/ P G", "dim", "the stairs, the public stash, Refuel"),
            ("N E S W", "dim", "spawn points"),
            ("1-9", "dim", "a window (upstairs) and its landing (below)"),
            ("▓▓ B T", "bold yellow", "a fortification, a bed, a tunnel entrance"),
            ("*", "bold yellow", "a bomb"),
            ("s1", "cyan", "squad 1's private stash token"),
        ),
        gap="   ",
    )
    return t
