"""Round 26: a group name holding a newline or CR shows it as ``\\n`` / ``\\r`` in the
counterfactual probe's terminal table and its interval line, as the audit's terminal does: raw,
the group ``B\\nx`` split its row in two (a row "B" and a row "x → C" that reads as a group x)."""

from __future__ import annotations

import pandas as pd

from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

from ..conftest import printed


def test_a_newline_in_a_group_stays_on_its_row():
    records = pd.DataFrame({"g": ["A"] * 40 + ["B\nx"] * 30 + ["C\rD"] * 30, "f": range(100)})
    frame = make_counterfactuals(records, "g")
    result = analyze_counterfactuals(frame, (frame["g"] == "A").astype(int), n_boot=100)
    text = printed(result.summary("probe of a\nb.csv"), width=200)
    assert "probe of a\\nb.csv" in text
    rows = [line for line in text.splitlines() if "→" in line and line.startswith("│")]
    assert len(rows) == len(result.pairs) == 6
    assert any("B\\nx → A" in row for row in rows) and any("A → C\\rD" in row for row in rows)
    assert "\r" not in text and "B\\nx → C\\rD" in text.replace("\n", "")


def test_the_json_states_its_intervals_level():
    """The probe's JSON named its intervals' method and draws but not their level (95%)."""
    frame = make_counterfactuals(pd.DataFrame({"g": ["A", "B"] * 30, "f": range(60)}), "g")
    result = analyze_counterfactuals(frame, (frame["g"] == "A").astype(int), n_boot=100)
    d = result.to_dict()
    assert d["confidence_level"] == 0.95 and d["ci"] is None  # no scores: no draws
    assert result.interval_line().startswith("95% intervals: flip rate jeffreys")
