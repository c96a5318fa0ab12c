"""Round 49: a prediction column that is not 0/1 was refused by the counterfactual probe as
"predictions must be 0/1 without missing values ... Fix: recode the predictions to 0/1", where
the audit of the same column says "is not binary 0/1: found values ..." (or "looks like
scores") with a fix that works for the values. The probe now says the audit's words (less its
--pos-label, which the probe has not), with how many rows are not 0/1 and the first; a missing
prediction as every check refuses missing rows. Complex values crashed the audit's fix with a
TypeError (float(0j))."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

TABLE = make_counterfactuals(pd.DataFrame({"g": ["a", "b"] * 4, "x": range(8)}), "g")
N = len(TABLE)


def _refusals(values):
    pred = pd.Series((values * N)[:N], name="p")
    with pytest.raises(EthicLensInputError) as probe:
        analyze_counterfactuals(TABLE, pred, n_boot=100)
    audit_pred = pd.Series((values * 8)[:8], name="p")
    with pytest.raises(EthicLensInputError) as audit:
        ethiclens.audit(np.array([0, 1] * 4), audit_pred, np.array(["a", "b"] * 4))
    return probe.value, audit.value


@pytest.mark.parametrize("values", [["yes", "no"], [0, 2], [0.2, 0.7], [-1, 1], [1 + 5j, 0]])
def test_the_probe_refuses_in_the_audits_words(values):
    probe, audit = _refusals(values)
    assert probe.problem.startswith(f"{audit.problem}; "), (probe.problem, audit.problem)
    assert probe.problem.endswith(("are not, first at row 0", "are not, first at row 1"))
    assert audit.fix.startswith(probe.fix) and "pos-label" not in probe.fix, probe.fix
    assert probe.column == audit.column == "p (y_pred)"


def test_a_missing_prediction_is_refused_as_missing():
    pred = [0, 1] * (N // 2)
    pred[3] = np.nan
    with pytest.raises(EthicLensInputError, match=r"1 missing prediction\(s\), first at row 3"):
        analyze_counterfactuals(TABLE, pred, n_boot=100)
