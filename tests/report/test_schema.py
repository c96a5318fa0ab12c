"""The JSON report follows its versioned schema, and the schema rejects what it should."""

import copy
import json

import jsonschema
import numpy as np
import pytest

import ethiclens
from ethiclens.report import load_schema, validate_report
from tests.conftest import make_binary_data


@pytest.fixture(scope="module")
def reports():
    rng = np.random.default_rng(0)
    y, p, a = make_binary_data(rng, [800, 600, 40], [0.5, 0.3, 0.4], base_rates=[0.5, 0.4, 0.5])
    s = rng.random(len(y))
    w = rng.uniform(0.5, 2, len(y))
    return {
        "labelled": ethiclens.audit(y, p, a, y_score=s, n_boot=200, random_state=0),
        "predictions_only": ethiclens.audit(None, p, a, n_boot=200, random_state=0),
        "weighted": ethiclens.audit(y, p, a, sample_weight=w, n_boot=200, random_state=0),
        "undefined": ethiclens.audit(y, np.where(a == "g0", 0, p), a, reference="g0",
                                     n_boot=200, random_state=0),
    }


@pytest.mark.parametrize("kind", ["labelled", "predictions_only", "weighted", "undefined"])
def test_reports_validate(reports, kind):
    report = json.loads(reports[kind].to_json())  # through real JSON: no NaN, no numpy types
    validate_report(report)
    assert report["schema_version"] == load_schema()["properties"]["schema_version"]["const"]


def test_every_interval_names_its_method(reports):
    for c in reports["labelled"].to_dict()["comparisons"]:
        for m in c["metrics"].values():
            assert m["ci_method"]


@pytest.mark.parametrize("mutate", [
    lambda r: r["comparisons"][0]["metrics"]["disparate_impact"].update(value="0.8"),
    lambda r: r["comparisons"][0]["metrics"]["disparate_impact"].pop("ci_method"),
    lambda r: r["comparisons"][0].update(status="FINE"),
    lambda r: r["headlines"]["composite"].update(value=None, withheld_reason=None),
    lambda r: r.update(schema_version="0.9"),
])
def test_schema_rejects_malformed_reports(reports, mutate):
    report = copy.deepcopy(reports["labelled"].to_dict())
    mutate(report)
    with pytest.raises(jsonschema.ValidationError):
        validate_report(report)


def test_to_frame_has_one_row_per_comparison_metric(reports):
    result = reports["labelled"]
    frame = result.to_frame()
    assert len(frame) == sum(len(c.metrics) for c in result.comparisons)
    assert {"attribute", "group", "reference", "metric", "value", "ci_low", "ci_high",
            "ci_method", "status"} <= set(frame.columns)
