"""Round 27: ``ethiclens.fairness.gate`` given what is not an audit's report (a loaded model
comparison JSON, a ModelComparison, an empty or hand-made dict) refuses it naming the report's
first bad key and the fix, as a baseline is refused; it raised KeyError: 'comparisons' (or
'status'). A model comparison's report given as a baseline is named as such."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate27input")
    rng = np.random.default_rng(0)
    g = np.repeat(["A", "B"], 400)
    p = (rng.random(800) < np.where(g == "A", 0.5, 0.4)).astype(int)
    q = (rng.random(800) < 0.45).astype(int)
    frame = pd.DataFrame({"g": g, "y": rng.integers(0, 2, 800), "p": p, "q": q})
    frame.to_csv(root / "rows.csv", index=False)
    common = ["--y-true", "y", "--protected", "g=A", "--n-boot", "100"]
    assert main(["audit", str(root / "rows.csv"), "--y-pred", "p", *common,
                 "--json", str(root / "audit.json")]) == 0  # fmt: skip
    assert main(["compare", str(root / "rows.csv"), "--y-pred", "p", "--y-pred", "q", *common,
                 "--json", str(root / "compare.json")]) == 0  # fmt: skip
    return root


def test_a_model_comparisons_report_is_refused_naming_its_gate(place):
    report = json.loads((place / "compare.json").read_text())
    with pytest.raises(EthicLensInputError, match="model comparison") as caught:
        gate(report, "flagged")
    assert "ModelComparison.gate" in str(caught.value)
    assert caught.value.column == "report"


@pytest.mark.parametrize(
    ("report", "key"),
    [
        ({}, "schema_version is missing"),
        ({"comparisons": [{}]}, "is missing"),
    ],
)
def test_a_dict_that_is_no_audit_report_is_refused_naming_its_key(report, key):
    with pytest.raises(EthicLensInputError, match=key) as caught:
        gate(report, "flagged")
    assert caught.value.column == "report"


def test_an_audit_report_dict_still_gates(place):
    report = json.loads((place / "audit.json").read_text())
    assert gate(report, "never").passed


def test_a_model_comparison_as_baseline_is_named(place):
    report = json.loads((place / "audit.json").read_text())
    with pytest.raises(EthicLensInputError, match="model comparison") as caught:
        gate(report, "never", baseline=str(place / "compare.json"))
    assert caught.value.column == "baseline"


def test_a_gated_metric_that_is_no_mapping_is_named(place):
    report = json.loads((place / "audit.json").read_text())
    report["comparisons"][0]["metrics"]["disparate_impact"] = 0.8
    with pytest.raises(EthicLensInputError, match="disparate_impact must be a mapping"):
        gate(report, "never", baseline=str(place / "audit.json"))
