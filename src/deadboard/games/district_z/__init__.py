"""District-Z: a card-grid city crawl with d6 event tables and dice-matching combat, for 1-4 players
(rulebook: district-z.txt)."""

from deadboard.games.district_z.rules import DistrictZ

GAME = DistrictZ()

__all__ = ["GAME", "DistrictZ"]
