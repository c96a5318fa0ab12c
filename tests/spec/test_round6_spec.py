"""Round 6 (issue 22): a null seed is drawn and recorded (saved configs and reports reproduce
the run); a key a run does not use is refused by name on every face, never ignored; the
published schema and the loader agree; misuse of ``replace`` and Python refusals name the
argument as the Python caller wrote it."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens import AuditSpec
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import PolicySpec, spec_schema


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(6)
    n = 600
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "s": rng.uniform(0, 1, n).round(3),
            "g": rng.choice(["a", "b"], n),
            "k": rng.choice([1, 2], n),
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


def _spec(path, roles=None, **sections) -> dict:
    base = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
    spec = {"version": 1, "target": {"file": str(path)}, "roles": base | (roles or {})}
    return spec | {"policy": {"n_boot": 200}} | sections


def _cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _config(tmp_path, data: dict, name="spec.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path


# -- 1. a null seed: drawn once, recorded where the run is described --------------------------
def test_a_null_seed_is_recorded_and_a_saved_config_reproduces_the_run(data, tmp_path, capsys):
    spec = _spec(data, policy={"n_boot": 200, "seed": None})
    first, second, saved = tmp_path / "1.json", tmp_path / "2.json", tmp_path / "saved.yaml"
    config = _config(tmp_path, spec)
    code, _, err = _cli(
        capsys, "audit", "--config", config, "--json", first, "--save-config", saved
    )
    assert code == 0, err
    report = json.loads(first.read_text())
    seed = yaml.safe_load(saved.read_text())["policy"]["seed"]
    assert seed is not None and seed == report["config"]["random_state"]
    assert report["run"]["spec"]["policy"]["seed"] == seed
    code, _, err = _cli(capsys, "audit", "--config", saved, "--json", second)
    assert code == 0, err
    assert json.loads(second.read_text())["attributes"] == report["attributes"]


def test_python_run_with_a_null_seed_records_the_seed_its_report_reproduces(data):
    result = ethiclens.run(_spec(data), seed=None)
    seed = result.run["spec"]["policy"]["seed"]
    assert seed == result.config["random_state"] and 0 <= seed < 2**32
    again = ethiclens.run(result.run["spec"])
    assert again.to_dict()["attributes"] == result.to_dict()["attributes"]


# -- 2./3. a key the run does not use: refused by name, nothing written -----------------------
@pytest.mark.parametrize(
    ("command", "extra", "key"),
    [
        ("audit", {"outputs": {"csv": "t.csv"}}, "outputs.csv"),
        ("audit", {"thresholds": {"threshold": 0.3}}, "thresholds.threshold"),
        ("compare", {"roles": {"y_pred": ["p", "q"], "y_score": "s"}}, "roles.y_score"),
        ("compare", {"roles": {"y_pred": ["p", "q"]}, "model": {"name": "M"}}, "model.name"),
        ("thresholds", {"roles": {"y_score": "s"}, "policy": {"ci": "bca"}}, "policy.ci"),
        ("thresholds", {"roles": {"y_score": "s"}, "outputs": {"model_card": "c.md"}}, None),
        ("audit", {"target": {"file": "d.csv", "score": "decile"}}, "target.score"),
        ("audit", {"target": {"file": "d.csv", "states": ["NE"]}}, "target.states"),
        ("audit", {"target": {"file": "d.csv", "year": 2019}}, "target.year"),
    ],
)
def test_a_key_the_command_does_not_use_is_refused_by_name(
    data, tmp_path, capsys, monkeypatch, command, extra, key
):
    monkeypatch.chdir(tmp_path)
    spec = _spec(data)
    for section, values in extra.items():
        spec[section] = spec.get(section, {}) | values
    key = key or "outputs.model_card"
    out = tmp_path / "out.json"
    code, _, err = _cli(capsys, command, "--config", _config(tmp_path, spec), "--json", out)
    assert code == 2 and f"key '{key}'" in err and "Fix: drop it" in err, err
    assert len(err.strip().splitlines()) == 1 and not out.exists()
    # run runs what the spec asks for (a threshold view's key asks for the view): audit
    # and compare name the run
    runner = {"audit": ethiclens.audit, "compare": ethiclens.compare}.get(command)
    runner = runner or ethiclens.threshold_table
    with pytest.raises(EthicLensInputError, match=f"key '{key}'"):
        runner(spec)


def test_a_python_keyword_the_run_does_not_use_is_named_as_passed(data):
    defaults = _spec(data, thresholds={"threshold": 0.5, "step": 0.05})  # not "set"
    assert ethiclens.run(defaults, ci="jeffreys").run["spec"]["thresholds"]["threshold"] == 0.5
    with pytest.raises(EthicLensInputError, match="argument 'y_score': is not used by a comp"):
        ethiclens.run(_spec(data, {"y_pred": ["p", "q"]}), y_score="s")
    with pytest.raises(EthicLensInputError, match="argument 'csv': is not used by an audit"):
        ethiclens.run(_spec(data), csv="t.csv")


# -- 4. the published schema and the loader agree ---------------------------------------------
_PROTECTED = [{"k": 2}, {"k": 2.5}, {"k": "2"}, {"k": None}, {"k": True}, ["k=2"], "k"]
_PROTECTED += [{"k": [2]}, {"k": {"a": 1}}]
_SHORTHANDS = [
    ("roles", "intersections", ["a,b"]),
    ("roles", "intersections", [" a , b "]),
    ("roles", "intersections", ["a"]),
    ("roles", "intersections", ["a,"]),
    ("target", "states", "CO,NE"),
    ("target", "states", "CO"),
    ("target", "states", ""),
    ("target", "states", "CO,,NE"),
    ("target", "states", " "),
]


def _loader_accepts(data) -> bool:
    try:
        AuditSpec.from_dict(data)
    except EthicLensInputError:
        return False
    return True


def test_the_schema_accepts_what_the_loader_accepts():
    # (an integral float for an integer, seed: 1.0, is the one difference: JSON Schema cannot
    # tell 1.0 from 1, and the loader refuses it as a whole number written as a float)
    validator = jsonschema.Draft202012Validator(spec_schema())
    disagree = []
    for section, key, value in [("roles", "protected", p) for p in _PROTECTED] + _SHORTHANDS:
        data = {"version": 1, "target": {"file": "d.csv"}}
        data[section] = data.get(section, {}) | {key: value}
        if validator.is_valid(data) != _loader_accepts(data):
            disagree.append((key, value))
    assert not disagree


def test_a_numeric_reference_group_is_audited(tmp_path):
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 400), "p": rng.integers(0, 2, 400)})
    frame["grp"] = rng.choice([1, 2], 400)
    frame.to_csv(tmp_path / "d.csv", index=False)
    spec = _spec(tmp_path / "d.csv", {"protected": {"grp": 2}})
    jsonschema.validate(spec, spec_schema())
    assert ethiclens.run(spec).attributes[0].reference == "2"


# -- 5./6. Python refusals in Python's words ---------------------------------------------------
@pytest.mark.parametrize(
    ("sections", "name"),
    [({"policy": None}, "policy"), ({"policy": 5}, "policy"), ({"target": "adult"}, "target")],
)
def test_replace_with_a_non_mapping_names_the_argument(sections, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}': takes a mapping"):
        AuditSpec.of("compas").replace(**sections)


def test_replace_takes_a_section_object():
    spec = AuditSpec.of("compas").replace(policy=PolicySpec(n_boot=300))
    assert spec.policy.n_boot == 300


def test_python_refusals_name_the_keyword_not_the_flag_or_engine_keyword(data, tmp_path):
    with pytest.raises(EthicLensInputError, match="^argument 'seed': must be below"):
        ethiclens.run("compas", n_boot=200, seed=2**32)
    with pytest.raises(EthicLensInputError, match="^argument 'spec': file"):
        ethiclens.run(str(tmp_path / "missing.yaml"))
    with pytest.raises(EthicLensInputError, match="^argument 'exclude': attribute 'g' has no"):
        ethiclens.run(_spec(data), exclude={"g": ["z"]})
    with pytest.raises(EthicLensInputError, match="^key 'groups.exclude': attribute 'g' has no"):
        ethiclens.run(_spec(data, groups={"exclude": {"g": ["z"]}}))


def test_a_config_value_outside_a_fields_words_lists_them_in_the_fix(tmp_path, capsys):
    spec = {"version": 1, "target": {"dataset": "compas"}, "gate": {"fail_on": "always"}}
    code, _, err = _cli(capsys, "audit", "--config", _config(tmp_path, spec))
    assert code == 2 and "key 'gate.fail_on'" in err
    assert "Fix: use one of flagged, inconclusive, insufficient, never" in err


def test_an_audits_spec_without_what_the_threshold_view_does_not_use_runs_there(data):
    # the audited predictions are the scores cut at the view's threshold (0.5): the view checks
    # a y_pred it is given against its scores
    frame = pd.read_csv(data)
    frame.assign(p=(frame["s"] >= 0.5).astype(int)).to_csv(data, index=False)
    spec = _spec(data, {"y_score": "s"}, model={"name": "M"}, outputs={"pdf": "r.pdf"})
    spec["policy"]["ci"] = "bca"
    with pytest.raises(EthicLensInputError, match="key 'policy.ci'"):
        ethiclens.threshold_table(spec)
    view = AuditSpec.from_dict(spec).without_unused("thresholds")
    assert ethiclens.threshold_table(view).run["spec"]["model"]["name"] is None


def test_a_dotted_model_version_must_be_quoted():
    # YAML reads version: 2.10 as the number 2.1; a whole number may stand bare
    from ethiclens.spec import AuditSpec

    with pytest.raises(EthicLensInputError, match="model.version"):
        AuditSpec.from_dict({"target": {"dataset": "compas"}, "model": {"version": 2.1}})
    spec = AuditSpec.from_dict({"target": {"dataset": "compas"}, "model": {"version": 3}})
    assert spec.model.version in (3, "3")


def test_a_reference_holding_equals_and_comma_of_a_column_holding_them_too():
    from ethiclens.spec import parse_protected

    cols, refs = parse_protected(["g=r,p=a,b=c", "age>=65=no"], ["g=r,p", "age>=65", "y"])
    assert cols == ["g=r,p", "age>=65"] and refs == {"g=r,p": "a,b=c", "age>=65": "no"}
