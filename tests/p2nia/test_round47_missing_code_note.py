"""Round 47 (p2nia known item b): a group named like a missing value ('?', 'NA', 'n/a': the
audit's MISSING_VALUE_CODES) gets the audit's note on every face that shows the audit, but a
P2NIA estimate of a release with such a group, and a counterfactual probe flipping to and from
it, said nothing. Both now carry the audit's note in their notes (terminal 'note:' lines, JSON
'notes', the estimate's HTML heading), with a fix in their own words (no --exclude-group)."""

import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.p2nia import estimate, make_request, release
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

NOTE = "looks like a missing-value code; it is audited as a group of its own"


def _frame(groups, n=300, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return pd.DataFrame({"sex": rng.choice(groups, n), "y": y, "p": rng.integers(0, 2, n)})


@pytest.mark.parametrize("code", ["?", "NA", " n/a"])
def test_an_estimate_notes_a_group_named_like_a_missing_value(code):
    req = make_request(200, "sex", metrics=["dp"], epsilon=5.0, protected_domain=["A", "B", code])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a seeded release is not DP: said elsewhere
        rel = release(req, _frame(["A", "B", code]), "y", "p", random_state=0)
    est = estimate(rel, n_boot=0)
    notes = [n for n in est.to_dict()["notes"] if NOTE in n]
    assert notes == [n for n in est.notes if NOTE in n] and len(notes) == 1, est.notes
    assert notes[0].startswith(f"sex: group {code!r}") and "p2nia request --groups" in notes[0]
    assert "--exclude-group" not in notes[0]  # no flag of P2NIA's
    assert any(NOTE in line for line in est.lines()) and NOTE in est.described()


def test_an_estimate_without_such_a_group_has_no_note():
    req = make_request(200, "sex", metrics=["dp"], epsilon=5.0, protected_domain=["A", "B"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, _frame(["A", "B"]), "y", "p", random_state=0)
    assert not any(NOTE in n for n in estimate(rel, n_boot=0).notes)


@pytest.mark.parametrize("named", [True, False])
def test_a_probe_notes_a_group_named_like_a_missing_value(named):
    frame = make_counterfactuals(_frame(["A", "?"], n=40)[["sex", "y"]], "sex")
    pred = frame["y"].to_numpy()
    if not named:  # a scored table without the attribute: the groups are still known
        frame = frame.drop(columns=["sex"])
    result = analyze_counterfactuals(frame, pred, n_boot=100, random_state=0)
    notes = [n for n in result.notes if NOTE in n]
    who = "sex" if named else "the flipped attribute"
    assert len(notes) == 1 and notes[0].startswith(f"{who}: group '?'"), result.notes
    assert "drop its rows before the probe" in notes[0] and notes[0] in result.to_dict()["notes"]
