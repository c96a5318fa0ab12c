"""Round 34: on a terminal narrower than the table (80 columns, COLUMNS=20), rich cut the
audit table's cells to '…': a status read 'INCONCL…', a number '1.16…', a group count
'579/8…' (at 20 columns every cell was empty). A table is now laid out as piped output lays
it out (160 columns at most), whole, and the terminal wraps its lines."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens._text import safe_console
from ethiclens.report import terminal_summary


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    rng = np.random.default_rng(0)
    n = 1200
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B", "C"], n),
        }
    )
    path = tmp_path_factory.mktemp("narrow34") / "d.csv"
    frame.to_csv(path, index=False)
    return ethiclens.run(
        ethiclens.AuditSpec.of(str(path), y_true="y", y_pred="p", protected=["race"], n_boot=200)
    )


def _table(result, width: int) -> str:
    out = io.StringIO()
    console = safe_console(file=out, width=width, color_system=None)
    for part in terminal_summary(result):
        if not isinstance(part, str):
            console.print(part)
    return out.getvalue()


@pytest.mark.parametrize("width", [20, 60, 80, 100])
def test_a_narrow_terminal_prints_the_whole_table(result, width):
    table = _table(result, width)
    assert "…" not in table
    assert table == _table(result, 160)  # the piped layout
    for c in result.comparisons:
        assert f"{c.attribute}: {c.group} vs {c.reference}" in table and c.status in table
