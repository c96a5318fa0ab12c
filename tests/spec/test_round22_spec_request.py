"""The audit request object (AuditSpec) as a tester found it: its group maps changeable in
place and the spec unhashable; ``--query`` unable to replace the file's ``target.table`` (and
``--table`` its ``target.query``); a NaN reference group read as the text "nan"; an empty
JSON config "cannot parse", a bare ``policy:`` refused, ``roles.protected: null`` said to need
a list only; and ``--json -`` cut short by its reader ending with exit 0, nothing said."""

from __future__ import annotations

import copy
import json
import pickle
import sqlite3
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from ethiclens import AuditSpec
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import Groups, layered_spec

EDITS = {
    "exclude": {"race": ["Asian"]},
    "merge": {"race": {"Other": ["Native American", "Other"]}},
    "bins": {"age": [0, 30, 120]},
}


@pytest.fixture
def spec():
    return AuditSpec.of("compas", **EDITS)


@pytest.mark.parametrize(
    "change",
    [
        lambda g: g.exclude.__setitem__("race", ["Caucasian"]),
        lambda g: g.exclude.update(sex=["Male"]),
        lambda g: g.exclude.pop("race"),
        lambda g: g.merge["race"].__setitem__("X", ["A", "B"]),
        lambda g: g.bins.setdefault("priors", [0, 1, 2]),
        lambda g: g.bins.clear(),
    ],
)
def test_group_maps_are_read_only(spec, change):
    with pytest.raises(TypeError, match="frozen"):
        change(spec.groups)
    assert spec.to_dict()["groups"] == EDITS  # unchanged


def test_a_spec_is_hashable_as_it_is_equal(spec):
    again = AuditSpec.of("compas", **EDITS)
    assert spec == again and hash(spec) == hash(again)
    assert hash(AuditSpec.of("compas")) == hash(AuditSpec.of("compas"))
    assert {spec: 1}[again] == 1
    assert spec != AuditSpec.of("compas", exclude={"race": ["Other"]})


def test_the_callers_dict_is_copied_and_a_section_made_directly_is_frozen():
    merge = {"race": {"Other": ["Asian", "Other"]}}
    groups = Groups(merge=merge)
    merge["race"]["Other"].append("Hispanic")
    assert groups.merge == {"race": {"Other": ("Asian", "Other")}}
    with pytest.raises(TypeError):
        groups.merge["race"]["New"] = ("A", "B")
    hash(groups)


def test_round_trips_keep_the_spec(spec, tmp_path):
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert copy.deepcopy(spec) == spec and copy.copy(spec) == spec
    assert AuditSpec.from_dict(spec.to_dict()) == spec
    assert AuditSpec.from_dict(json.loads(spec.to_json())) == spec
    assert spec.replace(policy={"n_boot": 500}).groups == spec.groups
    assert type(spec.to_dict()["groups"]["merge"]["race"]) is dict  # plain data out
    for name in ("s.yaml", "s.json"):
        spec.save(tmp_path / name)
        assert AuditSpec.from_file(tmp_path / name) == spec
    # the engine's checks still take the maps as dicts
    assert json.dumps(spec.groups.merge) == '{"race": {"Other": ["Native American", "Other"]}}'


@pytest.fixture
def database(tmp_path):
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "sex": rng.choice(["Female", "Male"], n),
            "race": rng.choice(["A", "B"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    path = tmp_path / "p.db"
    with sqlite3.connect(path) as con:
        frame.to_sql("predictions", con, index=False)
    return f"sqlite:///{path}"


def _config(tmp_path, url, **target) -> str:
    data = {
        "target": {"db": url, **target},
        "roles": {"y_true": "label", "y_pred": "pred", "protected": ["race"]},
    }
    path = tmp_path / "db.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize(
    ("file_key", "flag_key", "flag", "value"),
    [
        ("table", "query", "--query", "select * from predictions where sex = 'Male'"),
        ("query", "table", "--table", "predictions"),
    ],
)
def test_query_and_table_flags_replace_each_other_with_a_note(
    tmp_path, database, file_key, flag_key, flag, value
):
    old = "predictions" if file_key == "table" else "select * from predictions"
    config = _config(tmp_path, database, **{file_key: old})
    spec, notes = layered_spec(config, {f"target.{flag_key}": value}, {f"target.{flag_key}": flag})
    assert getattr(spec.target, flag_key) == value
    assert getattr(spec.target, file_key) is None
    assert notes == [f"note: {flag} {value} overrides target.{file_key} = {old} from {config}"]


def test_query_over_the_files_table_runs(tmp_path, database, capsys):
    from ethiclens.cli import main

    config = _config(tmp_path, database, table="predictions")
    query = "select * from predictions where sex = 'Male'"
    out = tmp_path / "out.json"
    rc = main(
        ["audit", "--config", config, "--query", query, "--n-boot", "100", "--json", str(out)]
    )
    err = capsys.readouterr().err
    assert rc == 0, err
    assert "--query select * from predictions where sex = 'Male' overrides target.table" in err
    assert json.loads(out.read_text())["run"]["spec"]["target"]["query"] == query


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_non_finite_reference_group_is_refused_by_its_key(value):
    data = {"target": {"dataset": "compas"}, "roles": {"protected": {"race": value}}}
    with pytest.raises(EthicLensInputError, match="finite") as err:
        AuditSpec.from_dict(data)
    assert err.value.column == "roles.protected.race"
    with pytest.raises(EthicLensInputError, match="finite"):
        AuditSpec.of("compas", protected={"race": value})
    with pytest.raises(EthicLensInputError, match="finite"):
        AuditSpec.of("compas", protected=["race"], reference={"race": value})


def test_a_nan_reference_in_a_json_config_is_refused_before_any_work(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('{"target": {"dataset": "compas"}, "roles": {"protected": {"race": NaN}}}')
    with pytest.raises(EthicLensInputError, match="finite") as err:
        AuditSpec.from_file(path)
    assert err.value.column == "roles.protected.race"


@pytest.mark.parametrize("text", ["", "  \n", "\ufeff\n"])
@pytest.mark.parametrize("name", ["c.json", "c.yaml"])
def test_an_empty_config_is_said_to_be_empty(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError, match=f"{name} is empty"):
        AuditSpec.from_file(path)
    with pytest.raises(EthicLensInputError, match=f"{name} is empty"):
        layered_spec(str(path), {}, {})


def test_a_section_left_null_is_its_defaults(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("target: {dataset: compas}\npolicy:\n#  n_boot: 500\ngate:\n")
    spec = AuditSpec.from_file(path)
    assert spec.policy == AuditSpec.of("compas").policy
    # a flag on top of the null section is kept, not dropped
    spec, notes = layered_spec(str(path), {"policy.n_boot": 300}, {"policy.n_boot": "--n-boot"})
    assert spec.policy.n_boot == 300 and notes == []


def test_protected_null_names_every_shape_it_takes(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("target: {dataset: compas}\nroles:\n  protected:\n")
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_file(path)
    assert err.value.column == "roles.protected"
    assert "a list" in err.value.problem and "a mapping" in err.value.problem


def test_the_docs_list_every_benchmark():
    from pathlib import Path

    from ethiclens import datasets

    docs = (Path(__file__).parents[2] / "docs" / "config.md").read_text()
    row = next(line for line in docs.splitlines() if line.startswith("| `target.dataset`"))
    listed = row.split("a benchmark:")[1].strip(" |").split(", ")
    assert listed == list(datasets.DATASETS)


@pytest.fixture
def big_preds(tmp_path):
    """Data whose JSON report is larger than a pipe holds (64 KiB)."""
    rng = np.random.default_rng(0)
    n = 3000
    frame = pd.DataFrame(
        {
            "race": rng.choice(list("ABCDEF"), n),
            "sex": rng.choice(["F", "M"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    path = tmp_path / "preds.csv"
    frame.to_csv(path, index=False)
    return path


def test_json_to_a_reader_that_goes_away_is_not_said_delivered(tmp_path, big_preds):
    args = ["audit", big_preds, "--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    args += ["--protected", "sex", "--intersect", "sex,race", "--n-boot", "100", "--json", "-"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "ethiclens", *map(str, args)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout.read(10)
    proc.stdout.close()  # as `| head -c 10` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) != 0, err
    assert "standard output was closed before the report" in err
    assert "Traceback" not in err and "BrokenPipe" not in err
