"""Tester round 20: a target file that is not there (a path, or a glob matching nothing) is
refused naming where it was given (target.file in a config, TARGET on the command line, the
argument in Python), saying that a relative path is read from the current folder."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = "roles: {y_true: label, y_pred: pred, protected: [race]}\n"
HINT = "a relative path is read from the current folder, also when a config file gives it"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    (tmp_path / "cfg").mkdir()
    (tmp_path / "run").mkdir()
    (tmp_path / "cfg" / "preds.csv").write_text("label,pred,race\n1,1,A\n0,1,B\n")
    monkeypatch.chdir(tmp_path / "run")
    return tmp_path


@pytest.mark.parametrize(
    ("target", "problem"),
    [("preds.csv", "file preds.csv does not exist"), ("nope/*.csv", "matches no file")],
)
def test_a_config_target_is_named_by_its_key(folders, capsys, target, problem):
    config = folders / "cfg" / "a.yaml"
    config.write_text(f"version: 1\ntarget: {{file: '{target}'}}\n{ROLES}")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key 'target.file': {problem}"), err
    assert HINT in err and "TARGET" not in err
    with pytest.raises(EthicLensInputError, match=f"key 'target.file': {problem}.*{HINT}"):
        ethiclens.run(str(config))


@pytest.mark.parametrize("target", ["nope.csv", "nope/*.csv"])
def test_a_typed_target_is_named_as_typed(folders, capsys, target):
    assert (
        main(["audit", target, "--y-true", "label", "--y-pred", "pred", "--protected", "race"]) == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("error: argument 'TARGET': ") and HINT in err, err
    with pytest.raises(EthicLensInputError, match=f"argument 'spec': .*{HINT}"):
        ethiclens.run(target, y_true="label", y_pred="pred", protected="race")


def test_an_absolute_path_has_no_hint(folders, capsys):
    missing = str(folders / "nope.csv")
    assert main(["audit", missing, "--y-true", "label", "--y-pred", "p", "--protected", "g"]) == 2
    assert capsys.readouterr().err.strip().endswith("does not exist. Fix: check the path")


def test_any_refusal_of_a_config_target_names_its_key(folders, capsys):
    # the engines name the target TARGET; from a config it is target.file
    (folders / "run" / "p.json").write_text('[{"label": 1, "pred": 1, "race": "A"}]')
    config = folders / "cfg" / "e.yaml"
    config.write_text(f"version: 1\ntarget: {{file: p.json, engine: duckdb}}\n{ROLES}")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target.file': target.engine duckdb (DuckDB) reads only")
