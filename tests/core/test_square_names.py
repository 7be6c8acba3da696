"""Square names as boards write them: a column of letters (``a`` … ``z``, ``aa`` …) and a row from 1."""

from __future__ import annotations

import pytest

from deadboard.core.grid import column_name, square_xy


def test_a_square_name_reads_back_to_its_column_and_row() -> None:
    assert square_xy("c4") == (2, 3)
    assert square_xy("aa10") == (26, 9)
    for x in (0, 5, 25, 26, 51, 700):
        assert square_xy(f"{column_name(x)}7") == (x, 6)


@pytest.mark.parametrize("bad", ["", "c", "4", "C4", "c-4", "4c"])
def test_a_name_that_is_no_square_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        square_xy(bad)
