"""The Night: actions name humans, squares, zombies, items and openings of the setup's map.

Observation planes over the map (``C x 17 x 22``): one per human (where it stands), zombies, dead
humans, and one per item kind lying there; vectors: the turn track, phase and decision, the acting
human's action points, each human's condition and what it carries, each opening's state.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from deadboard.core.grid import column_name, square_xy
from deadboard.core.research import ActionEncoding, GameSpec, one_hot, vocab

PHASES = ("setup", "arrival", "reanimation", "zombies", "humans", "events", "over")
DECISIONS = ("place-human", "place-item", "arm", "activate", "act", "pick", "zombie", "dodge", "event")
STATUS = ("absent", "live", "dead", "zombie", "gone", "escaped")


class NightSpec(GameSpec):
    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        snap = self.game.snapshot(first)
        grid = first.c.grid
        self.width, self.height = grid.width, grid.height
        self.humans = [h["name"] for h in snap["humans"]]
        self.items = list(snap["items"])
        self.item_kinds = list(dict.fromkeys(re.sub(r"\d+$", "", i) for i in self.items))
        self.openings = list(snap["openings"])
        squares = [f"{column_name(x)}{y + 1}" for y in range(grid.height) for x in range(grid.width)]
        zombies = [f"Z{z.number}" for z in first.c.zombies] + [f"Z{h}" for h in self.humans]
        H = vocab("human", self.humans)
        item = vocab("item", self.items)
        Z = vocab("zombie", zombies)
        sq = vocab("square", squares)
        op = vocab("opening", self.openings)
        self.human_index = {h: i for i, h in enumerate(self.humans)}
        self.item_index = {h: i for i, h in enumerate(self.items)}
        self.kind_of = {i: self.item_kinds.index(re.sub(r"\d+$", "", i)) for i in self.items}
        return ActionEncoding(self.game.id, [
            ("end", []), ("pass", []), ("stop", []),
            ("activate", [H]), ("done", [H]), ("pick", [H]), ("escape", [H]),
            ("place", [H + item, sq]), ("move", [H, sq]), ("dash", [H, sq]),
            ("attack", [H, Z]), ("fight", [H, Z]), ("shoot", [H, Z, item]),
            ("arm", [H, item + vocab("nothing", ["nothing"])]),
            ("pickup", [H, item]), ("drop", [H, item]), ("give", [H, H, item]), ("take", [item]),
            ("board", [H, op]), ("unboard", [H, op]), ("lock", [H, op]), ("unlock", [H, op]), ("latch", [op]),
            ("zmove", [Z, sq]), ("zattack", [Z, H]), ("zbreak", [Z, op]), ("zdone", [Z]), ("distract", [Z, sq]),
        ])

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        nh, ni = len(self.humans), len(self.items)
        return [
            ("board", (nh + 3 + len(self.item_kinds), self.height, self.width)),
            ("track", (6,)),  # turn/turns, action points, humans allowed, cup, zombies removed, bonus
            ("phase", (len(PHASES) + 1,)),
            ("decision", (len(DECISIONS) + 1,)),
            ("acting", (3,)),  # shots, wild, fought
            ("status", (nh, len(STATUS) + 1)),
            ("human", (nh, 5)),  # injured, active, activated, hero, my secret human
            ("carried", (nh, ni)),
            ("openings", (len(self.openings), 3)),
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "pending", "secret")}
        secret = snapshot.get("secret") or []
        out["my_secret"] = secret[seat] if seat < len(secret) else None
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        board = parts["board"]
        nh = len(self.humans)
        for i, h in enumerate(p["humans"]):
            if h["square"] is None:
                continue
            x, y = square_xy(h["square"])
            if h["status"] == "live":
                board[i, y, x] = 1.0
            elif h["status"] == "dead":
                board[nh + 1, y, x] = 1.0
        for sq in p["zombies"].values():
            x, y = square_xy(sq)
            board[nh, y, x] += 1.0
        carried = parts["carried"]
        for item, where in p["items"].items():
            if where.startswith("carried:"):
                carried[self.human_index[where[8:]], self.item_index[item]] = 1.0
            elif where.startswith("on:"):
                continue
            elif where not in ("not-in-game", "removed"):
                x, y = square_xy(where)
                board[nh + 3 + self.kind_of[item], y, x] += 1.0
                board[nh + 2, y, x] = 1.0  # anything lying here
        track = parts["track"]
        track[:] = (p["turn"] / max(1, p["turns"]), p["ap"] / 10, p["allowed"] / 6, p["cup"] / 40,
                    p["zombies_removed"] / 40, p["bonus_points"] / 100)
        one_hot(parts["phase"], {x: i for i, x in enumerate(PHASES)}, p["phase"])
        d = p["decision"]
        if d is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, d[1])
        parts["acting"][:] = (p["shots"], float(p["wild"]), float(p["fought"]))
        status = {x: i for i, x in enumerate(STATUS)}
        activated = set(p["activated"])
        heroes = set(p["heroes"])
        for i, h in enumerate(p["humans"]):
            one_hot(parts["status"][i], status, h["status"])
            parts["human"][i] = (float(h["injured"]), float(p["active"] == h["name"]), float(h["name"] in activated),
                                 float(h["name"] in heroes), float(p["my_secret"] == h["name"]))
        for i, o in enumerate(p["openings"].values()):
            parts["openings"][i] = (float(o["boarded"]), float(o["locked"]), float(o["broken"]))
