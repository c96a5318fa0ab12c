"""One request, many faces: a column the data lacks is refused naming the role that gave it,
in each face's own words, as the monitor names it. Until round 49 the audit, compare and
threshold runs (command line, config file, ``ethiclens.run``) said only "column 'nocol': not
found in d.csv", while ``ethiclens monitor`` on the same flags or config said "option
'--y-true': column 'nocol' not found in d.csv" (config: "key 'roles.y_true': ...")."""

from __future__ import annotations

import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = {  # role key -> (flag, the Python keyword)
    "y_true": ("--y-true", "y_true"),
    "y_pred": ("--y-pred", "y_pred"),
    "protected": ("--protected", "protected"),
    "weight": ("--weight", "weight"),
}
BASE = {"y_true": "label", "y_pred": "pred", "protected": "sex"}


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = {"t": ["2024-01-01"] * 4, "label": [0, 1, 0, 1], "pred": [0, 1, 1, 1]}
    rows |= {"score": [0.1, 0.9, 0.6, 0.7], "sex": list("MFMF"), "w": [1.0] * 4}
    pd.DataFrame(rows).to_csv("d.csv", index=False)
    return tmp_path


def _roles(role: str) -> dict:
    return BASE | {role: "nocol"}


def _flags(role: str, command: str) -> list[str]:
    given = _roles(role)
    flags = ["d.csv"]
    if command == "thresholds":  # scores, no predictions
        if role == "y_pred":
            pytest.skip("the threshold view reads no predictions")
        given = {k: v for k, v in given.items() if k != "y_pred"} | {"y_score": "score"}
    for key, value in given.items():
        flags += [ROLES.get(key, ("--y-score",))[0], value]
    if command == "compare":
        flags += ["--y-pred", "score"]
    if command == "monitor":
        flags += ["--time", "t", "--window", "1d", "--store", "m.sqlite"]
    return flags


@pytest.mark.parametrize("role", list(ROLES))
@pytest.mark.parametrize("command", ["audit", "compare", "thresholds", "monitor"])
def test_flags_name_the_option(data, capsys, role, command):
    assert main([command, *_flags(role, command)]) == 2
    err = capsys.readouterr().err
    flag = ROLES[role][0]
    assert f"option '{flag}': column 'nocol' not found in d.csv" in err, err
    assert "use one of its columns" in err, err  # the fix kept


@pytest.mark.parametrize("role", list(ROLES))
@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_config_names_the_key(data, capsys, role, command):
    roles = {k: ([v] if k in ("y_pred", "protected") else v) for k, v in _roles(role).items()}
    spec = {"version": 1, "target": {"file": "d.csv"}, "roles": roles}
    (data / "a.yaml").write_text(yaml.safe_dump(spec))
    extra = ["--time", "t", "--window", "1d", "--store", "m.sqlite"] if command == "monitor" else []
    assert main([command, "--config", "a.yaml", *extra]) == 2
    err = capsys.readouterr().err
    assert f"key 'roles.{role}': column 'nocol' not found in d.csv" in err, err


@pytest.mark.parametrize("role", list(ROLES))
def test_python_names_the_keyword_or_key(data, role):
    given = {k: ([v] if k == "protected" else v) for k, v in _roles(role).items()}
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run("d.csv", **given)
    assert f"argument '{ROLES[role][1]}': column 'nocol' not found in d.csv" in str(caught.value)
    roles = {k: ([v] if k in ("y_pred", "protected") else v) for k, v in _roles(role).items()}
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run({"version": 1, "target": {"file": "d.csv"}, "roles": roles})
    assert f"key 'roles.{role}': column 'nocol' not found in d.csv" in str(caught.value)


def test_a_column_the_roles_do_not_name_is_left_as_it_was(data, capsys):
    """A protected column named like a flag's word stays the column the role gave: the
    reference's '=' (``sex=M``) is not part of the column's name."""
    assert main(["audit", "d.csv", "--y-pred", "pred", "--protected", "nocol=M"]) == 2
    err = capsys.readouterr().err
    assert "option '--protected': column 'nocol' not found in d.csv" in err, err
