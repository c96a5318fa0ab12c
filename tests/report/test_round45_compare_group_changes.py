"""Round 45: a comparison and a threshold view state the group changes the audit report states.
``compare(y, p, 1 - p, df, exclude_groups=..., bins=...)`` and ``threshold_table(...)`` wrote
no word of the exclusion, the bins or the merges in their HTML or terminal summaries (a reader
signing a comparison saw unedited-looking groups), and their config had no ``bins`` (the
audits inside a comparison had it); ``ethiclens compare/thresholds --bins`` on the pandas
engine binned the rows itself and stated nothing of it either."""

import json
from importlib import resources

import jsonschema
import numpy as np
import pandas as pd
import pytest

from ethiclens import compare, threshold_table
from ethiclens.cli import main
from ethiclens.report import (
    comparison_summary,
    render_html,
    threshold_summary,
    validate_comparison,
    validate_thresholds,
)

N = 600
R = np.random.default_rng(4)
FRAME = pd.DataFrame(
    {
        "age": R.integers(18, 90, N),
        "g": R.choice(["a", "b", "c"], N),
        "y": R.integers(0, 2, N),
        "p": R.integers(0, 2, N),
        "s": R.random(N).round(3),
    }
)
EDGES = {"age": [0, 40, 120]}
STATED = {"age": [0.0, 40.0, 120.0]}
OPTS = dict(n_boot=100, random_state=0)
EDITS = dict(bins=EDGES, exclude_groups={"g": ["c"]})
BINNED = "age: binned at edges 0, 40, 120"
EXCLUDED = "g: excluded c"
COMPARE_LEAD = "Groups changed before the comparison, at the user's request: "
VIEW_LEAD = "Groups changed before the threshold view, at the user's request: "


def _groups(edits):
    return FRAME[["age", "g"] if "bins" in edits else ["g"]]  # age unbinned: refused


def _compare(**edits):
    return compare(FRAME.y, FRAME.p, 1 - FRAME.p, _groups(edits), **OPTS, **edits)


def _view(**edits):
    return threshold_table(FRAME.y, FRAME.s, _groups(edits), step=0.25, **OPTS, **edits)


def test_compare_config_states_bins():
    comp = _compare(**EDITS)
    assert comp.config["bins"] == STATED == comp.audit_a.config["bins"]
    doc = json.loads(comp.to_json())
    validate_comparison(doc)
    del doc["config"]["bins"]  # a comparison written before it was recorded (its audits as
    jsonschema.validate(doc, _schema("compare"))  # checked: the audit schema's, 0.4 s)


def _schema(kind: str) -> dict:
    return json.loads(
        resources.files("ethiclens.report").joinpath(f"{kind}.schema.json").read_text()
    )


def test_threshold_config_states_bins():
    view = _view(**EDITS)
    assert view.config["bins"] == STATED
    doc = json.loads(view.to_json())
    validate_thresholds(doc)
    del doc["config"]["bins"]
    validate_thresholds(doc)


def test_nothing_binned_states_no_bins():
    assert "bins" not in _compare().config
    assert "bins" not in _view().config


def test_compare_summary_states_changes():
    said = [x for x in comparison_summary(_compare(**EDITS)) if x.startswith(COMPARE_LEAD)]
    assert len(said) == 1 and BINNED in said[0] and EXCLUDED in said[0]
    merged = comparison_summary(_compare(merge_groups={"g": {"ab": ["a", "b"]}}))
    assert COMPARE_LEAD + "g: merged a, b into ab." in "\n".join(merged)
    assert not any("Groups changed" in x for x in comparison_summary(_compare()))


def test_threshold_summary_states_changes():
    said = [x for x in threshold_summary(_view(**EDITS)) if x.startswith(VIEW_LEAD)]
    assert len(said) == 1 and BINNED in said[0] and EXCLUDED in said[0]
    assert not any("Groups changed" in x for x in threshold_summary(_view()))


def test_compare_html_states_changes():
    html = render_html(_compare(**EDITS))
    assert "Groups changed before the comparison" in html
    assert BINNED in html and EXCLUDED in html


def test_threshold_html_states_changes(monkeypatch):
    from ethiclens.report import _threshold_report  # its charts not drawn: seconds, unused here

    monkeypatch.setattr(_threshold_report, "threshold_figure_png", lambda table, attr: b"")
    html = render_html(_view(**EDITS))
    assert "Groups changed before the threshold view" in html
    assert BINNED in html and EXCLUDED in html


def _cli(kind, path, engine, out):
    args = [kind, str(path), "--y-true", "y", "--protected", "age", "--protected", "g"]
    args += ["--bins", "age=0,40,120", "--exclude-group", "g=c", "--n-boot", "100"]
    args += ["--seed", "0", "--engine", engine, "--json", str(out)]
    args += ["--y-pred", "p", "--y-pred", "q"] if kind == "compare" else ["--y-score", "s"]
    assert main(args) == 0
    doc = json.loads(out.read_text())
    doc.pop("run")
    doc["data"].get("provenance", {}).pop("engine", None)
    for audit in (doc.get("audits") or {}).values():
        audit.pop("run", None)
        audit["data"]["provenance"].pop("engine", None)
    return doc


@pytest.mark.parametrize("kind", ["compare", "thresholds"])
def test_cli_pandas_and_duckdb_state_the_same_bins(tmp_path, kind):
    path = tmp_path / "ages.csv"
    FRAME.assign(q=1 - FRAME.p).to_csv(path, index=False)
    docs = [_cli(kind, path, e, tmp_path / f"{e}.json") for e in ("pandas", "duckdb")]
    assert docs[0]["config"]["bins"] == STATED
    assert docs[0] == docs[1]
