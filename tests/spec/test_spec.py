"""AuditSpec: validated on construction, loads and saves YAML/JSON, its schema is the docs' file,
and ethiclens.run / ethiclens.audit run it (issue 22, item 1)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import numpy as np
import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, spec_schema

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_docs_schema_is_the_generated_one():
    assert json.loads((DOCS / "audit-spec.schema.json").read_text()) == spec_schema()
    jsonschema.Draft202012Validator.check_schema(spec_schema())


SCHEMA = spec_schema()  # one object: its meta-schema check runs once, not per config
CONFIGS = [p for p in sorted((DOCS / "examples").glob("*.*")) if p.suffix in (".yaml", ".json")]


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_example_config_follows_the_schema_and_loads(path):
    data = (
        json.loads(path.read_text()) if path.suffix == ".json" else yaml.safe_load(path.read_text())
    )
    validate(data, SCHEMA)
    spec = AuditSpec.from_file(path)
    assert spec.target.kind is not None


def test_round_trip_through_dict_yaml_and_json(tmp_path):
    spec = AuditSpec.of(
        "compas",
        protected=["race=Caucasian", "sex"],
        merge={"race": {"Other": ["Asian", "Native American", "Other"]}},
        n_boot=500,
        di_threshold=0.75,
        fail_on="insufficient",
    )
    assert AuditSpec.from_dict(spec.to_dict()) == spec
    for name in ("s.yaml", "s.json"):
        spec.save(tmp_path / name)
        assert AuditSpec.from_file(tmp_path / name) == spec
    saved = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert "thresholds" not in saved and saved["policy"] == {"di_threshold": 0.75, "n_boot": 500}


def test_the_spec_is_frozen():
    spec = AuditSpec.of("compas")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.policy = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.policy.n_boot = 5
    assert spec.replace(policy={"n_boot": 300}).policy.n_boot == 300


def test_shorthands():
    spec = AuditSpec.from_dict(
        {
            "target": {"file": "x.csv", "states": "CO,NE"},
            "roles": {
                "y_pred": "p",
                "protected": {"sex": "M", "race": None},
                "intersections": ["sex,race"],
            },
        }
    )
    assert spec.roles.y_pred == ("p",)
    assert spec.roles.protected == ('sex="M"', "race")  # quoted: read as written
    assert spec.roles.intersections == (("sex", "race"),)
    assert spec.target.states == ("CO", "NE")


@pytest.mark.parametrize(
    "data, key, words",
    [
        ({"polcy": {}}, "polcy", "did you mean 'policy'"),
        ({"policy": {"n_bot": 500}}, "policy.n_bot", "did you mean 'policy.n_boot'"),
        ({"roles": {"protectd": ["a"]}}, "roles.protectd", "did you mean 'roles.protected'"),
        ({"policy": {"n_boot": "many"}}, "policy.n_boot", "whole number"),
        ({"policy": {"di_threshold": 1.5}}, "policy.di_threshold", "from 0.01 up to"),
        ({"policy": {"ci": "bcaa"}}, "policy.ci", "jeffreys"),
        ({"gate": {"fail_on": "always"}}, "gate.fail_on", "insufficient"),
        ({"roles": {"y_pred": ["a", "b", "c"]}}, "roles.y_pred", "at most 2"),
        ({"version": 2}, "version", "newer EthicLens"),
        ({"version": 1.0}, "version", "must be a whole number (value: 1.0)"),
        (
            {"target": {"dataset": "compas", "file": "x.csv"}},
            "target.dataset/target.file",
            "2 targets",
        ),
        ({"target": {"db": "sqlite://", "db_env": "X"}}, "target.db_env", "both"),
        (["a list"], "data", "mapping"),  # from_dict's argument (round 35)
    ],
)
def test_bad_specs_name_the_key_and_the_fix(data, key, words):
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict(data)
    message = str(info.value)
    assert f"'{key}'" in message and words in message and "Fix:" in message, message
    assert "\n" not in message


def test_a_bad_file_is_named(tmp_path):
    bad = tmp_path / "a.yaml"
    bad.write_text("policy: [unclosed\n")
    with pytest.raises(EthicLensInputError, match="cannot parse a.yaml"):
        AuditSpec.from_file(bad)
    with pytest.raises(EthicLensInputError, match="YAML or JSON"):
        AuditSpec.from_file(tmp_path / "a.toml")


@pytest.fixture
def preds(tmp_path):
    rng = np.random.default_rng(0)
    n = 1200
    g = rng.choice(["a", "b"], n)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": (rng.random(n) < np.where(g == "a", 0.5, 0.3)).astype(int),
            "q": rng.integers(0, 2, n),
            "g": g,
        }
    )
    path = tmp_path / "preds.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_run_equals_the_engine_on_the_same_rows(preds):
    path, frame = preds
    spec = AuditSpec.from_dict(
        {
            "target": {"file": str(path), "engine": "pandas"},
            "roles": {"y_true": "y", "y_pred": ["p"], "protected": ["g=b"]},
            "policy": {"n_boot": 300, "seed": 4},
        }
    )
    got = ethiclens.run(spec)
    want = ethiclens.fairness.audit(
        frame["y"], frame["p"], frame[["g"]], reference={"g": "b"}, n_boot=300, random_state=4
    )
    assert [c.to_dict() for c in got.comparisons] == [c.to_dict() for c in want.comparisons]
    run = got.to_dict()["run"]
    assert run["input"]["rows"] == 1200 and run["engine"] == "pandas"
    assert (
        list(run["input"]["files"].values())[0]
        == __import__("hashlib").sha256(path.read_bytes()).hexdigest()
    )
    assert run["spec"] == ethiclens.spec.recorded_request(spec)  # without its outputs
    # the keyword form and a target string, as on the command line
    again = ethiclens.audit(
        str(path),
        engine="pandas",
        y_true="y",
        y_pred="p",
        protected=["g=b"],
        n_boot=300,
        random_state=4,
    )
    assert [c.to_dict() for c in again.comparisons] == [c.to_dict() for c in got.comparisons]
    two = ethiclens.run(spec.replace(roles={"y_pred": ["p", "q"]}))
    assert type(two).__name__ == "ModelComparison" and two.run["input"]["rows"] == 1200


def test_report_with_run_follows_the_schema(preds):
    from ethiclens.report import validate_report

    path, _ = preds
    result = ethiclens.run(str(path), engine="pandas", y_pred="p", protected=["g"], n_boot=200)
    validate_report(result.to_dict())


def test_a_database_spec_runs_and_hides_its_password(preds, tmp_path, monkeypatch):
    import sqlite3

    _, frame = preds
    db = tmp_path / "scores.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("predictions", con, index=False)
    monkeypatch.setenv("SCORES_DB", f"sqlite:///{db}")
    spec = AuditSpec.from_dict(
        {
            "target": {"db_env": "SCORES_DB", "table": "predictions"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g"]},
            "policy": {"n_boot": 200},
        }
    )
    result = ethiclens.run(spec)
    fp = result.run["input"]
    assert fp["kind"] == "database" and fp["rows"] == len(frame) and len(fp["sha256"]) == 64
    assert result.run["engine"].startswith("sql")  # "sql (sqlite)": the sources name the dialect
    monkeypatch.delenv("SCORES_DB")
    with pytest.raises(EthicLensInputError, match="SCORES_DB is not set"):
        ethiclens.run(spec)


def test_a_password_is_never_saved(tmp_path):
    spec = AuditSpec.from_dict(
        {"target": {"db": "postgresql://u:s3cret@h/db", "table": "t"}, "roles": {"y_pred": "p"}}
    )
    assert "s3cret" not in spec.to_json()
    with pytest.raises(EthicLensInputError, match="db-env"):
        spec.save(tmp_path / "x.yaml")
    assert not (tmp_path / "x.yaml").exists()


def test_every_spec_flag_is_an_option_of_the_commands_that_use_it():
    from ethiclens.cli._audit import audit_command
    from ethiclens.cli._compare import compare_command
    from ethiclens.cli._thresholds import thresholds_command
    from ethiclens.spec import flag_paths

    opts = {
        name: {o for p in cmd.params for o in p.opts}
        for name, cmd in (
            ("audit", audit_command),
            ("compare", compare_command),
            ("thresholds", thresholds_command),
        )
    }
    for flag, path in flag_paths().items():
        assert any(flag in o for o in opts.values()), (flag, path)
    shared = {"--config", "--save-config", "--db-env", "--di-threshold", "--eo-threshold"}
    shared |= {"--fail-on", "--positive", "--di-rule", "--db", "--engine", "--bins"}
    assert shared - {"--fail-on"} <= opts["thresholds"] and shared <= opts["compare"]


def test_the_engine_functions_take_a_spec(preds, tmp_path):
    from ethiclens.cli import main

    path, frame = preds
    counts = tmp_path / "c.parquet"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["counts", str(path), *roles, "--out", str(counts)]) == 0
    by_path = ethiclens.audit_counts(str(counts), n_boot=200)
    from ethiclens.sources import read_counts

    by_table = ethiclens.audit_counts(read_counts(counts), n_boot=200, random_state=0)
    assert [c.to_dict() for c in by_path.comparisons] == [c.to_dict() for c in by_table.comparisons]
    spec = {"target": {"file": str(path)}, "roles": {"y_true": "y", "y_pred": ["p", "q"]}}
    spec["roles"]["protected"] = ["g"]
    assert type(ethiclens.compare(spec, n_boot=200)).__name__ == "ModelComparison"
    table = ethiclens.threshold_table(
        str(path), y_score="y", y_true="y", protected=["g"], n_boot=200
    )
    assert type(table).__name__ == "ThresholdTable" and table.run["input"]["rows"] == 1200


def test_the_library_checks_and_writes_the_outputs_a_spec_names(preds, tmp_path):
    # what the CLI does with --json/--html (and the web app or a pipeline can do the same)
    from ethiclens.spec import check_output_paths, write_outputs

    path, _ = preds
    spec = AuditSpec.from_dict(
        {
            "target": {"file": str(path)},
            "roles": {"y_true": "y", "y_pred": ["p"], "protected": ["g"]},
            "policy": {"n_boot": 200, "seed": 1},
            "outputs": {"json": str(tmp_path / "a.json"), "html": str(tmp_path / "a.html")},
        }
    )
    check_output_paths(spec)
    result = ethiclens.run(spec)
    written = list(write_outputs(result, spec, "audit"))
    assert written == [str(tmp_path / "a.json"), str(tmp_path / "a.html")]
    assert (
        json.loads((tmp_path / "a.json").read_text())["comparisons"]
        == json.loads(result.to_json())["comparisons"]
    )
    assert "<html" in (tmp_path / "a.html").read_text().lower()
    with pytest.raises(EthicLensInputError, match="only --json can go to standard output"):
        check_output_paths(spec.replace(outputs={"html": "-"}))
    with pytest.raises(EthicLensInputError, match=r"\.pdf"):
        check_output_paths(spec.replace(outputs={"pdf": str(tmp_path / "a.txt")}))


def test_a_config_with_values_on_top_says_what_each_value_overrode(tmp_path):
    # the CLI's --config plus flags, as a library call any face can make
    from ethiclens.spec import layered_spec

    config = tmp_path / "audit.yaml"
    config.write_text(
        "target: {db: 'postgresql://u:hunter2@h/d', table: t}\n"
        "roles: {y_pred: [p], protected: [g]}\npolicy: {n_boot: 500}\n"
    )
    spec, notes = layered_spec(
        config,
        {"policy.n_boot": 300, "target.file": "x.csv"},
        {"policy.n_boot": "--n-boot", "target.file": "TARGET"},
    )
    assert spec.policy.n_boot == 300 and spec.target.file == "x.csv" and spec.target.db is None
    assert any("--n-boot 300 overrides policy.n_boot = 500" in n for n in notes)
    assert any("overrides target.db" in n for n in notes)
    assert not any("hunter2" in n for n in notes)
