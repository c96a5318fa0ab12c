"""gate()'s report argument (round 41): an object whose ``to_dict()`` is no audit report, and a
report dict that breaks what a baseline comparison reads, are refused naming the argument
``report`` and the first bad key, never a bare KeyError/TypeError, nor passed silently."""

from __future__ import annotations

import copy
import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate
from ethiclens.spec import AuditSpec


class _Duck:
    """An object with a to_dict() (duck-typed as an AuditResult is)."""

    def __init__(self, data):
        self.data = data

    def to_dict(self):
        return self.data


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 300)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 600), "p": rng.integers(0, 2, 600), "g": g})
    path = tmp_path_factory.mktemp("gate41") / "rows.csv"
    frame.to_csv(path, index=False)
    spec = {
        "target": {"file": str(path), "engine": "pandas"},
        "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
        "policy": {"n_boot": 100},
    }
    return json.loads(ethiclens.run(AuditSpec.from_dict(spec)).to_json())


def _refusal(report, **kwargs) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        gate(report, "flagged", **kwargs)
    assert caught.value.column == "report"
    return caught.value.problem


@pytest.mark.parametrize("data", [{"a": 1}, {"comparisons": 1}, {"comparisons": [{}]}])
def test_a_to_dict_without_comparisons_is_refused_as_the_dict_is(data):
    said = _refusal(_Duck(data))
    assert said == _refusal(data)
    assert said.startswith("is not an audit report: ")


def test_a_to_dict_with_a_bogus_status_does_not_pass(report):
    bogus = copy.deepcopy(report)
    bogus["comparisons"][0]["status"] = "BOGUS"
    said = _refusal(_Duck(bogus))
    assert said == _refusal(bogus)
    assert "comparisons[0].status" in said and "must be one of" in said


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("run",), "x", "run must be a mapping"),
        (("run", "spec"), [], "run.spec must be a mapping"),
        (("run", "spec", "target"), None, "run.spec.target must be a mapping"),
        (("attributes",), 1.5, "attributes must be a list"),
        (("comparisons", 0, "group"), [], "comparisons[0].group must be text"),
        (("comparisons", 0, "metrics", "disparate_impact", "value"), "x", "disparate_impact"),
    ],
)
def test_a_broken_report_gated_against_a_baseline_is_refused(report, path, value, named):
    broken = copy.deepcopy(report)
    place = broken
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    said = _refusal(broken, baseline=report)
    assert said.startswith("is not an intact audit report: ") and named in said


def test_the_intact_report_still_gates_against_itself(report):
    outcome = gate(report, "flagged", baseline=copy.deepcopy(report))
    assert outcome.regressions == ()
