"""Round 27: the terminal's line on a counts table's ``--min-cell`` record takes a record whose
counts are not whole numbers (a hand-edited table's metadata, a ``provenance=`` given in
Python) as it takes a record of another shape, ``key = value``; a count given as text or null
raised ``ValueError: Cannot specify ',' with 's'`` (or TypeError) after the audit."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.report import terminal_summary


def _audited(record):
    """An audit whose provenance carries ``record`` as its counts table's suppression."""
    rng = np.random.default_rng(0)
    return ethiclens.audit(
        rng.integers(0, 2, 400),
        rng.integers(0, 2, 400),
        {"g": rng.choice(["a", "b"], 400)},
        n_boot=100,
        random_state=0,
        provenance={"min_cell_suppression": record},
    )


@pytest.mark.parametrize("rows_dropped", ["7", None, 7.5])
def test_a_record_with_a_count_that_is_not_a_whole_number_is_shown_as_written(rows_dropped):
    record = {"min_cell": 5, "cells_dropped": 2, "rows_dropped": rows_dropped, "rows_kept": 100}
    result = _audited(record)
    lines = [x for x in terminal_summary(result) if isinstance(x, str)]
    assert f"Counts table: min_cell = 5, cells_dropped = 2, rows_dropped = {rows_dropped}" in (
        "\n".join(lines)
    )


def test_a_whole_record_reads_as_before():
    record = {"min_cell": 5, "cells_dropped": 2, "rows_dropped": 1234, "rows_kept": 100}
    result = _audited(record)
    text = "\n".join(x for x in terminal_summary(result) if isinstance(x, str))
    assert "--min-cell 5 dropped 2 cells (1,234 rows; 100 kept)" in text
