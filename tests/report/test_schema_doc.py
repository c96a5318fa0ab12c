"""docs/report-schema.md names every key the audit JSON report holds (benchmark, file, counts
table, database and Python reports, with and without labels, scores and weights) and every
key the report's JSON Schema names, and no top-level key the report lacks."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import numpy as np
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.report import load_schema

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "report-schema.md"

# Keys that are data (an attribute, a group, a file, a metric, a status), by their parent's path.
DATA_KEYS = {
    "config.exclude_groups": "<attribute>",
    "config.merge_groups": "<attribute>",
    "config.merge_groups.<attribute>": "<group>",
    "data.provenance.min_cell_suppression.suppressed_groups": "<attribute>",
    "data.provenance.min_cell_suppression.partly_suppressed_groups": "<attribute>",
    "run.input.files": "<file>",
    "summary.status_counts": "<status>",
    "attributes[].groups[].metrics": "<metric>",
    "comparisons[].metrics": "<metric>",
}
# Free-form records the doc describes as a whole (their keys depend on the source or the spec).
RECORDS = {
    "run.spec",
    "data.provenance.card",
    "data.provenance.data",
    "data.provenance.model",
}


def _doc_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[: text.index("# The P2NIA estimate")]


def _named() -> set[str]:
    return set(re.findall(r"`([^`]+)`", _doc_section()))


def key_paths(report, parent: str = "", found=None, metrics=None) -> tuple[set, set]:
    """Every key path of ``report`` (``[]`` for list items, a placeholder for a data key) and
    the metric names met."""
    found = set() if found is None else found
    metrics = set() if metrics is None else metrics
    if isinstance(report, list):
        for item in report:
            key_paths(item, parent + "[]", found, metrics)
    elif isinstance(report, dict) and parent not in RECORDS:
        for key, value in report.items():
            if parent in DATA_KEYS:
                if DATA_KEYS[parent] == "<metric>":
                    metrics.add(key)
                key = DATA_KEYS[parent]
            path = f"{parent}.{key}" if parent else key
            found.add(path)
            key_paths(value, path, found, metrics)
    return found, metrics


def _schema_paths(node, schema, parent="", found=None) -> set:
    """The key paths the JSON Schema names (properties, list items, the metrics' map)."""
    found = set() if found is None else found
    if not isinstance(node, dict):
        return found
    if "$ref" in node:
        _schema_paths(schema["$defs"][node["$ref"].rsplit("/", 1)[1]], schema, parent, found)
    for sub in node.get("allOf", []):
        _schema_paths(sub, schema, parent, found)
    for key, sub in node.get("properties", {}).items():
        path = f"{parent}.{key}" if parent else key
        found.add(path)
        if path not in RECORDS:
            _schema_paths(sub, schema, path, found)
    if "items" in node:
        _schema_paths(node["items"], schema, parent + "[]", found)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and DATA_KEYS.get(parent) == "<metric>":
        path = f"{parent}.<metric>"
        found.add(path)
        _schema_paths(extra, schema, path, found)
    return found


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """Reports of each kind of target, written by the CLI (and one by a Python call)."""
    from ethiclens.datasets import load_compas

    root = tmp_path_factory.mktemp("schema_doc")
    ds = load_compas()
    decile = ds.extra["decile_score"]
    w = np.random.default_rng(0).uniform(0.5, 2, len(ds.label))
    rows = ds.protected.assign(label=ds.label, pred=(decile >= 5).astype(int), score=decile / 10)
    rows = rows.assign(w=w)
    rows.to_csv(root / "preds.csv", index=False)
    with sqlite3.connect(root / "db.sqlite") as con:
        rows.to_sql("preds", con, index=False)
    small = ["--n-boot", "100"]
    roles = ["--y-true", "label", "--y-pred", "pred"]
    runs = {
        "benchmark": ["compas", "--merge-groups", "race=Asian,Native American,Other:Other"],
        "file": [
            "preds.csv",
            *roles,
            "--y-score",
            "score",
            "--weight",
            "w",
            "--protected",
            "race",
            "--protected",
            "sex",
            "--intersect",
            "sex,race",
            "--exclude-group",
            "race=Other",
            "--fail-on",
            "flagged",
        ],  # fmt: skip
        "unlabelled": ["preds.csv", "--y-pred", "pred", "--protected", "race"],
        "counts": ["--counts", "counts.parquet"],
        "database": [
            "--db",
            f"sqlite:///{root / 'db.sqlite'}",
            "--table",
            "preds",
            *roles,
            "--protected",
            "race",
        ],  # fmt: skip
    }
    counts = ["counts", "preds.csv", *roles, "--y-score", "score", "--weight", "w",
              "--protected", "race", "--protected", "sex", "--min-cell", "5",
              "--out", str(root / "counts.parquet")]  # fmt: skip
    out = {}
    with pytest.MonkeyPatch.context() as mp:  # the CLI writes where it runs; undone after
        mp.chdir(root)
        assert main(counts) == 0
        for kind, argv in runs.items():
            assert main(["audit", *argv, *small, "--json", f"{kind}.json"]) in (0, 1), kind
            out[kind] = json.loads((root / f"{kind}.json").read_text())
    api = ethiclens.audit(rows.label, rows.pred, rows[["race"]], n_boot=100, random_state=0)
    out["python"] = json.loads(api.to_json())
    return out


def test_every_key_of_every_report_is_named_in_the_doc(reports):
    named = _named()
    for kind, report in reports.items():
        paths, metrics = key_paths(report)
        assert sorted(paths - named) == [], kind
        assert sorted(metrics - named) == [], kind


def test_every_key_the_schema_names_is_in_the_doc():
    paths = _schema_paths(load_schema(), load_schema())
    assert {"run.gate.notes", "config.policy.di_rule"} <= paths  # the walk reaches nested keys
    assert sorted(paths - _named()) == []


def test_the_doc_names_no_top_level_key_the_report_lacks(reports):
    top = set(re.findall(r"^- `([^`]+)`", _doc_section(), flags=re.M))
    have = {key for report in reports.values() for key in report}
    assert top == have
    assert "run" not in reports["python"]  # as the doc says: a bare Python call has no run


def test_provenance_holds_no_checksums_run_input_does(reports):
    for kind in ("file", "counts", "database"):
        report = reports[kind]
        assert "sha256" not in json.dumps(report["data"]["provenance"]), kind
        assert re.search(r"[0-9a-f]{64}", json.dumps(report["run"]["input"])), kind


def test_reference_default_states_the_rule_reference_source_names(reports):
    from ethiclens.datasets import load_compas

    doc = _doc_section()
    bullet = doc[doc.index("- `config.reference_default`") :].split("\n  - ")[0]
    for source in ("given", "dataset default", "largest group (default)"):
        assert f'"{source}"' in bullet
    described = load_schema()["properties"]["config"]["properties"]["reference_default"]
    assert "reference_source" in described["description"]
    declared = load_compas().reference
    for kind, report in reports.items():
        assert report["config"]["reference_default"] == "largest group", kind
        for attr in report["attributes"]:
            sizes = {g["group"]: g["n"] for g in attr["groups"]}
            if attr["reference_source"] == "largest group (default)":
                assert sizes[attr["reference"]] == max(sizes.values()), (kind, attr["name"])
            elif attr["reference_source"] == "dataset default":
                assert attr["reference"] == declared[attr["name"]], (kind, attr["name"])
    race = next(a for a in reports["benchmark"]["attributes"] if a["name"] == "race")
    assert race["reference_source"] == "dataset default"
