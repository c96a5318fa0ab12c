"""Round 15b: ``AuditSpec.of`` takes a ``Path`` target and refuses any other non-text one (never
drops it); a section given as a keyword points at its fields or ``replace``; a counts table
counted with ``--bins`` records its edges, and its audit gates against a report of the file
audited with the same ``--bins``."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens import AuditSpec, EthicLensInputError
from ethiclens.cli import main


def test_of_takes_a_path_target(tmp_path):
    path = tmp_path / "train.csv"
    assert AuditSpec.of(path).target.file == str(path)
    assert AuditSpec.of(path, y_pred="p").target.file == str(path)


@pytest.mark.parametrize("target", [{"file": "d.csv"}, 3, ["d.csv"]])
def test_of_refuses_another_target_type(target):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.of(target)
    text = str(err.value)
    assert "argument 'target': must be a benchmark name or a path" in text
    assert f"not {type(target).__name__}" in text
    assert "pathlib.Path" in err.value.fix


@pytest.mark.parametrize(("section", "field"), [("gate", "fail_on=..."), ("outputs", "json=...")])
def test_of_section_keyword_points_at_its_fields(section, field):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.of("compas", **{section: {}})
    text = str(err.value)
    assert "is a section of the spec, not a keyword of AuditSpec.of" in text
    assert field in err.value.fix
    assert f".replace({section}=" in err.value.fix
    assert "states" not in text and "'counts'" not in text


@pytest.fixture
def ages(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = np.random.default_rng(0)
    n = 1500
    frame = pd.DataFrame(
        {"y": r.integers(0, 2, n), "p": r.integers(0, 2, n), "age": r.integers(0, 120, n)}
    )
    frame.to_csv("ag.csv", index=False)
    return Path("ag.csv")


def _run(args, capsys) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "age"]
DRAWS = ["--n-boot", "100"]
COUNT = ["--bins", "age=0,30,60,120", "--out", "c.csv"]


def test_counts_records_its_bins_and_gates_against_the_file(ages, capsys):
    code, err = _run(
        ["counts", ages, *ROLES, "--bins", "age=0,30,60,120", "--out", "c.csv"], capsys
    )
    assert code == 0, err
    meta = json.loads(Path("c.csv.ethiclens.json").read_text())
    assert meta["ethiclens_bins"] == {"age": [0.0, 30.0, 60.0, 120.0]}
    code, err = _run(
        ["audit", ages, *ROLES, "--bins", "age=0,30,60,120", "--json", "b.json", *DRAWS], capsys
    )
    assert code == 0, err
    code, err = _run(
        ["audit", "--counts", "c.csv", "--json", "a.json", "--baseline", "b.json", *DRAWS], capsys
    )
    assert code == 0, err
    report = json.loads(Path("a.json").read_text())
    assert report["run"]["input"]["bins"] == {"age": [0.0, 30.0, 60.0, 120.0]}
    assert report["run"]["gate"]["passed"] is True
    assert [a["name"] for a in report["attributes"]] == ["age"]
    # other bins than the table's: refused, the bins as each run used them named
    code, err = _run(
        ["audit", ages, *ROLES, "--bins", "age=0,30,70,120", "--json", "b2.json", *DRAWS], capsys
    )
    assert code == 0, err
    code, err = _run(["audit", "--counts", "c.csv", "--baseline", "b2.json", *DRAWS], capsys)
    assert code == 2
    assert "groups.bins" in err
    # the counts audit's run.spec records the table's bins as the file's audit records its own
    said = "groups.bins {'age': [0.0, 30.0, 70.0, 120.0]} -> {'age': [0.0, 30.0, 60.0, 120.0]}"
    assert said in err, err


def test_bins_of_a_table_binned_when_counted(ages, capsys):
    code, err = _run(
        ["counts", ages, *ROLES, "--bins", "age=0,30,60,120", "--out", "c.csv"], capsys
    )
    assert code == 0, err
    code, err = _run(["audit", "--counts", "c.csv", "--bins", "age=0,40,60,120", *DRAWS], capsys)
    assert code == 2
    assert "the counts table was binned already when counted (age=0,30,60,120" in err
    assert "drop --bins age=..." in err
    assert "non-numeric" not in err


def test_recorded_bins_are_checked(ages, capsys):
    code, err = _run(
        ["counts", ages, *ROLES, "--bins", "age=0,30,60,120", "--out", "c.csv"], capsys
    )
    meta = json.loads(Path("c.csv.ethiclens.json").read_text())
    meta["ethiclens_bins"] = {"age": [30, 0]}
    Path("c.csv.ethiclens.json").write_text(json.dumps(meta))
    code, err = _run(["audit", "--counts", "c.csv", *DRAWS], capsys)
    assert code == 2
    assert "ethiclens_bins.age" in err
    assert "bin edges must be at least two finite numbers in increasing order" in err
