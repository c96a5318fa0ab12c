"""Round 32: a column of the data named like a keyword (a label column literally named
``y_true``, weights named ``sample_weight``, an attribute named ``n_boot``) is named as the
column when a refusal is about its values or its presence in the data, on every face, as a
column named otherwise is: the command line said "option '--y-true'" (a config file's user
"key 'roles.y_true'", a Python caller "key 'policy.n_boot'"). A refusal of the option itself
still names the option."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    where = tmp_path_factory.mktemp("named32")
    rng = np.random.default_rng(3)
    n = 200
    frame = pd.DataFrame(
        {
            "y_true": rng.integers(0, 2, n),
            "y_pred": rng.integers(0, 2, n),
            "sex": rng.choice(["M", "F"], n),
            "sample_weight": rng.random(n),
        }
    )
    frame.to_csv(where / "ok.csv", index=False)
    frame.assign(y_true=frame.y_true.where(frame.index != 3, 5)).to_csv(
        where / "label.csv", index=False
    )
    frame.assign(sample_weight=frame.sample_weight.where(frame.index != 3, -1.0)).to_csv(
        where / "weight.csv", index=False
    )
    frame.drop(columns="y_true").to_csv(where / "nolabel.csv", index=False)
    frame.rename(columns={"sex": "n_boot"}).to_csv(where / "attr.csv", index=False)
    return where


def _err(capsys, args) -> str:
    assert main([str(a) for a in args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


ROLES = ["--y-true", "y_true", "--y-pred", "y_pred"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    ("file", "extra", "said"),
    [
        ("label.csv", ["--protected", "sex"], "column 'y_true': is not binary 0/1"),
        (
            "weight.csv",
            ["--protected", "sex", "--weight", "sample_weight"],
            "column 'sample_weight': weights must be finite",
        ),
        ("nolabel.csv", ["--protected", "sex"], "option '--y-true': column 'y_true' not found in"),
        ("ok.csv", ["--protected", "sex", "--weight", "y_true"], "column 'y_true': plays two"),
        (
            "attr.csv",
            ["--protected", "n_boot", "--bins", "n_boot=0,1"],
            "column 'n_boot': holds non-numeric values",
        ),
    ],
)
def test_the_command_line_names_the_column(where, capsys, engine, file, extra, said):
    err = _err(capsys, ["audit", where / file, *ROLES, *extra, "--engine", engine])
    assert err.startswith(f"error: {said}"), err


def test_a_config_file_names_the_column(where, capsys):
    config = where / "c.yaml"
    config.write_text(
        f"target: {{file: {where / 'label.csv'}}}\n"
        "roles: {y_true: y_true, y_pred: y_pred, protected: [sex]}\n"
    )
    assert _err(capsys, ["audit", "--config", config]).startswith(
        "error: column 'y_true': is not binary 0/1"
    )


def test_python_names_the_attribute_column(where):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(
            str(where / "attr.csv"),
            y_true="y_true",
            y_pred="y_pred",
            protected=["n_boot"],
            bins={"n_boot": [0, 1]},
        )
    assert str(err.value).startswith("column 'n_boot': holds non-numeric values")


def test_a_refusal_of_the_option_still_names_it(where, capsys):
    err = _err(capsys, ["audit", where / "ok.csv", "--y-true", "", "--y-pred", "y_pred"])
    assert err.startswith("error: option '--y-true'"), err
    config = where / "n.yaml"
    config.write_text(
        f"target: {{file: {where / 'ok.csv'}}}\n"
        "roles: {y_true: y_true, y_pred: y_pred, protected: [sex]}\npolicy: {n_boot: 0}\n"
    )
    assert _err(capsys, ["audit", "--config", config]).startswith("error: key 'policy.n_boot'")


@pytest.mark.parametrize(
    ("file", "extra", "said"),
    [
        ("label.csv", [], "column 'y_true': is not binary 0/1"),
        ("weight.csv", ["--weight", "sample_weight"], "column 'sample_weight': weights must be"),
    ],
)
def test_counts_names_the_column(where, tmp_path, capsys, file, extra, said):
    out = tmp_path / "c.csv"
    err = _err(capsys, ["counts", where / file, *ROLES, "--protected", "sex", *extra, "--out", out])
    assert err.startswith(f"error: {said}"), err
    assert not out.exists()
