"""Round 46: the baseline gate's lines named a moved metric by its JSON key ('g:B:
disparate_impact moved 0.450 [...] -> 0.190 [...]') where the audit's reports and the
comparison's gate name it in words; now 'g:B: Disparate impact moved ...', and the web's
diff page still files each such line under its comparison."""

from __future__ import annotations

from ethiclens.fairness._gate import _regressions
from ethiclens.web._routes_history import _diff_rows


def _comparison(status, di, eo):
    def estimate(value, low, high):
        return {"value": value, "ci_low": low, "ci_high": high, "status": status}

    metrics = {
        "disparate_impact": estimate(*di),
        "equalized_odds_difference": estimate(*eo),
    }
    return {"attribute": "g", "group": "B", "reference": "A", "status": status,
            "metrics": metrics}  # fmt: skip


def test_a_moved_metric_is_named_in_words_and_filed_under_its_comparison():
    old = {"comparisons": [_comparison("PASS", (0.95, 0.90, 1.00), (0.02, 0.00, 0.05))]}
    new = {"comparisons": [_comparison("FLAGGED", (0.50, 0.45, 0.55), (0.30, 0.25, 0.35))]}
    out, _ = _regressions(old, new)
    assert out[0] == "g:B: verdict PASS -> FLAGGED"
    assert out[1].startswith("g:B: Disparate impact moved 0.950 [0.900, 1.000] -> 0.500")
    assert out[2].startswith("g:B: Equalized odds difference moved 0.020 [0.000, 0.050] -> 0.300")
    assert not any("disparate_impact" in x or "equalized_odds" in x for x in out)
    rows = _diff_rows(old, new, out)
    assert rows[0]["regressed"] == out  # every line of it owned by g:B on the web's diff
