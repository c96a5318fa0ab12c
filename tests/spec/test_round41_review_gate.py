"""Review of round 41 (699c6c69, and a sibling of 3e501424).

gate() with a baseline checks a report dict (or another object's ``to_dict()``) as a baseline
is checked; an ``AuditResult`` the audit built is not checked again (that cost a run of 2,000
groups 1.7 s per gate). ``spec.count_target``'s ``n_bins`` follows ``ethiclens counts
--n-bins``'s rule (``fairness.check_score_bins``): no bare ValueError for NaN, no bool, float
or text taken as a number, and no n_bins without a score."""

from __future__ import annotations

import copy
import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import _gate, gate
from ethiclens.spec import AuditSpec, count_target


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, 600),
            "p": rng.integers(0, 2, 600),
            "s": rng.random(600).round(3),
            "g": np.repeat(["a", "b"], 300),
        }
    )
    path = tmp_path_factory.mktemp("rgate41") / "rows.csv"
    frame.to_csv(path, index=False)
    return str(path)


@pytest.fixture(scope="module")
def result(rows):
    spec = {
        "target": {"file": rows, "engine": "pandas"},
        "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
        "policy": {"n_boot": 100, "seed": 0},
    }
    return ethiclens.run(AuditSpec.from_dict(spec))


def test_an_audit_result_is_not_checked_again_but_its_dict_is(result, monkeypatch):
    report = json.loads(result.to_json())
    checked = []
    monkeypatch.setattr(_gate, "_check_intact", checked.append)
    outcome = result.gate("flagged", baseline=copy.deepcopy(report))
    assert checked == [] and outcome.regressions == ()
    gate(report, "flagged", baseline=copy.deepcopy(report))
    assert checked == [report]


def test_a_broken_dict_is_still_refused_against_a_baseline(result):
    report = json.loads(result.to_json())
    broken = copy.deepcopy(report)
    broken["attributes"] = 1.5
    with pytest.raises(EthicLensInputError) as caught:
        gate(broken, "flagged", baseline=report)
    assert caught.value.column == "report"
    assert "is not an intact audit report: attributes" in caught.value.problem


def _spec(rows, scored=True):
    roles = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
    if scored:
        roles["y_score"] = "s"
    return AuditSpec.from_dict({"target": {"file": rows, "engine": "pandas"}, "roles": roles})


@pytest.mark.parametrize(
    ("n_bins", "shown"),
    [(float("nan"), "nan"), (True, "True"), ("10", "'10'"), (10.5, "10.5"), (1, "1")],
)
def test_count_target_refuses_n_bins_as_the_command_does(rows, n_bins, shown):
    with pytest.raises(EthicLensInputError) as caught:
        count_target(_spec(rows), n_bins)
    assert caught.value.column == "n_bins"
    assert caught.value.problem == "must be an integer in [2, 1000]"
    assert f"(value: {shown})" in str(caught.value)


def test_count_target_refuses_n_bins_without_a_score(rows):
    with pytest.raises(EthicLensInputError) as caught:
        count_target(_spec(rows, scored=False), 5)
    assert caught.value.column == "n_bins"
    assert "there is no y_score: it would change nothing" in caught.value.problem


def test_count_target_valid_calls_are_unchanged(rows):
    scored, default = count_target(_spec(rows))[0], count_target(_spec(rows), 10)[0]
    pd.testing.assert_frame_equal(scored, default)
    assert scored.attrs == default.attrs and scored.attrs["ethiclens_n_bins"] == 10
    assert count_target(_spec(rows), np.int64(4))[0].attrs["ethiclens_n_bins"] == 4
    plain = count_target(_spec(rows, scored=False))[0]
    assert plain.attrs["ethiclens_n_bins"] == 10 and len(plain) == 8
