"""Round 32: a column of the data spelled like an option (``-lab``, ``--x``), a config key
(``policy.x``, ``version``) or a command's argument (``STORE``) is named as a column when a
refusal is about it, on every face: the message read the spelling ("option '-lab (y_true)'",
"argument 'STORE'", "key 'version'"), as it does for a flag, a key or an argument."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    where = tmp_path_factory.mktemp("spelled32")
    rng = np.random.default_rng(5)
    n = 200
    frame = pd.DataFrame(
        {
            "-lab": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "--x": rng.choice(["M", "F"], n),
            "STORE": rng.choice(["a", "b"], n),
            "version": rng.choice(["u", "v"], n),
            "policy.x": rng.choice(["s", "t"], n),
        }
    )
    frame.to_csv(where / "ok.csv", index=False)
    frame.assign(**{"-lab": frame["-lab"].where(frame.index != 3, 5)}).to_csv(
        where / "label.csv", index=False
    )
    return where


def _err(capsys, args) -> str:
    assert main([str(a) for a in args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    ("file", "extra", "said"),
    [
        ("label.csv", ["--protected=--x"], "column '-lab (y_true)': is not binary 0/1"),
        ("ok.csv", ["--protected=--x", "--bins=--x=0,1"], "column '--x': holds non-numeric"),
        ("ok.csv", ["--protected", "STORE", "--bins", "STORE=0,1"], "column 'STORE': holds non"),
        ("ok.csv", ["--protected", "version", "--bins", "version=0,1"], "column 'version': hol"),
        ("ok.csv", ["--protected", "policy.x", "--bins", "policy.x=0,1"], "column 'policy.x': "),
        ("ok.csv", ["--protected=--x", "--weight=-lab"], "column '-lab': plays two roles"),
    ],
)
def test_the_command_line_names_the_column(where, capsys, engine, file, extra, said):
    args = ["audit", where / file, "--y-true=-lab", "--y-pred", "p", *extra, "--engine", engine]
    err = _err(capsys, args)
    assert err.startswith(f"error: {said}"), err


def test_python_and_a_config_file_name_the_column(where, capsys):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(
            str(where / "ok.csv"),
            y_true="-lab",
            y_pred="p",
            protected=["STORE"],
            bins={"STORE": [0, 1]},
        )
    assert str(err.value).startswith("column 'STORE': holds non-numeric values"), err.value
    config = where / "c.yaml"
    config.write_text(
        f"target: {{file: {where / 'label.csv'}}}\n"
        "roles: {y_true: '-lab', y_pred: p, protected: [STORE]}\n"
    )
    assert _err(capsys, ["audit", "--config", config]).startswith(
        "error: column '-lab (y_true)': is not binary 0/1"
    )


def test_a_refusal_of_the_target_still_names_it(where, capsys):
    err = _err(
        capsys,
        ["audit", where / "none.csv", "--y-true=-lab", "--y-pred", "p", "--protected", "STORE"],
    )
    assert err.startswith("error: argument 'TARGET'"), err
