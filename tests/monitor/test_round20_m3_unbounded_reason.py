"""Round 20 (M3): the reason given for a DI confidence sequence without an upper bound is the
true one: the group and the reference never shared a window; the reference never selected in
the windows they shared; their pooled DI above the grid's top; or, inside the grid, too few rows
to bound it yet (never "above 20" for a pooled DI of 1.3, nor "never selected" for a reference
selected in every window it had rows)."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor, summary_lines
from ethiclens.monitor._report import sequence_text


def _window(ref: tuple, grp: tuple) -> dict:
    """A history entry: (rows, selected) of the reference and the group; DI sequence [0.2, ∞)."""
    return {
        "counts": {
            "reference": {"n": ref[0], "sel": ref[1]},
            "group": {"n": grp[0], "sel": grp[1]},
        },
        "sequences": {"disparate_impact": {"low": 0.2, "high": None}},
    }


def _reason(*windows) -> str:
    return sequence_text([_window(r, g) for r, g in windows], "disparate_impact")


def test_each_unbounded_reason_is_the_true_one():
    # the group's only window has no reference rows (the reference's are in another window)
    assert "never shared a window" in _reason(((2, 2), (0, 0)), ((0, 0), (3, 1)))
    # they shared windows; the reference was never selected in them (selected elsewhere)
    text = _reason(((2, 0), (2, 1)), ((3, 3), (0, 0)))
    assert "undefined, the reference group was never selected" in text
    # pooled DI of the shared windows 1.33: few rows, not "above 20"
    text = _reason(((3, 1), (3, 1)), ((3, 2), (3, 3)), ((0, 0), (2, 2)))
    assert "too few rows to bound it yet (the windows they shared give 1.33)" in text
    assert "grid's top" not in text
    # pooled DI beyond the grid's top
    assert "above 20, the grid's top (the windows they shared give 50)" in _reason(
        ((1000, 1), (1000, 50)),
    )


def test_a_group_seen_only_where_the_reference_had_no_rows(tmp_path):
    rows = [("2025-01-01T01:00:00Z", "A", 1), ("2025-01-01T02:00:00Z", "B", 0),
            ("2025-01-02T01:00:00Z", "A", 1), ("2025-01-02T02:00:00Z", "B", 1),
            ("2025-01-03T01:00:00Z", "B", 1), ("2025-01-03T02:00:00Z", "C", 1)]  # fmt: skip
    path = tmp_path / "refgone.csv"
    pd.DataFrame(rows, columns=["t", "g", "pred"]).assign(label=1).to_csv(path, index=False)
    request = MonitorRequest(target=str(path), time="t", window="1d", y_pred="pred",
                             y_true="label", protected=("g=A",), n_draws=200)  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite").to_dict()
    text = "\n".join(summary_lines(doc))
    c_block = text[text.index("C vs A") :]
    assert "never shared a window" in c_block.splitlines()[2], c_block
    assert "never selected" not in c_block
