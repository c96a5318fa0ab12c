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
        "undefined": ethiclens.audit(
            y, np.where(a == "g0", 0, p), a, reference="g0", n_boot=200, random_state=0
        ),
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


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r["comparisons"][0]["metrics"]["disparate_impact"].update(value="0.8"),
        lambda r: r["comparisons"][0]["metrics"]["disparate_impact"].pop("ci_method"),
        lambda r: r["comparisons"][0].update(status="FINE"),
        lambda r: r["headlines"]["composite"].update(value=None, withheld_reason=None),
        lambda r: r.update(schema_version="0.9"),
    ],
)
def test_schema_rejects_malformed_reports(reports, mutate):
    report = copy.deepcopy(reports["labelled"].to_dict())
    mutate(report)
    with pytest.raises(jsonschema.ValidationError):
        validate_report(report)


def _below_floor(report):
    return next(c for c in report["comparisons"] if c["status"] == "INSUFFICIENT_DATA")


def test_below_floor_comparisons_have_null_intervals_and_no_composite(reports):
    report = json.loads(reports["labelled"].to_json())
    c = _below_floor(report)  # g2 has 40 rows, under the floor of 100
    assert c["metrics"]["disparate_impact"]["ci_low"] is None
    assert c["metrics"]["disparate_impact"]["ci_high"] is None
    assert c["composite"] is None and c["flagged"] is False


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: _below_floor(r)["metrics"]["disparate_impact"].update(ci_low=0.1, ci_high=0.9),
        lambda r: _below_floor(r).update(composite=0.43),
        lambda r: r["comparisons"][0].pop("disadvantaged"),
        lambda r: r["config"].pop("merge_groups"),
        lambda r: r["config"].update(exclude_groups={"race": "Asian"}),
        lambda r: r["config"]["policy"].update(di_rule="sideways"),
    ],
)
def test_schema_rejects_what_issue_12_forbids(reports, mutate):
    report = copy.deepcopy(json.loads(reports["labelled"].to_json()))
    validate_report(report)
    mutate(report)
    with pytest.raises(jsonschema.ValidationError):
        validate_report(report)


def test_edited_groups_and_disadvantaged_validate():
    rng = np.random.default_rng(1)
    y, p, a = make_binary_data(rng, [800, 600, 40, 60], [0.5, 0.2, 0.4, 0.3])
    result = ethiclens.audit(
        y,
        p,
        {"grp": a},
        n_boot=200,
        random_state=0,
        exclude_groups={"grp": ["g3"]},
        merge_groups={"grp": {"g1+g2": ["g1", "g2"]}},
    )
    report = json.loads(result.to_json())
    validate_report(report)
    assert report["config"]["exclude_groups"] == {"grp": ["g3"]}
    assert report["config"]["merge_groups"] == {"grp": {"g1+g2": ["g1", "g2"]}}
    flagged = [c for c in report["comparisons"] if c["flagged"]]
    assert flagged and flagged[0]["disadvantaged"] == "g1+g2"  # selected at 0.2 vs 0.5


def test_to_frame_has_one_row_per_comparison_metric(reports):
    result = reports["labelled"]
    frame = result.to_frame()
    assert len(frame) == sum(len(c.metrics) for c in result.comparisons)
    assert {
        "attribute",
        "group",
        "reference",
        "metric",
        "value",
        "ci_low",
        "ci_high",
        "ci_method",
        "status",
    } <= set(frame.columns)
