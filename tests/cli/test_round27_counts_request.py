"""Round 27: ``ethiclens counts`` reads its flags into the spec as every other command does
(``SpecRequest``): an empty value is refused naming its flag, never dropped without a word
(``--scheduler ''`` counted with the default scheduler, ``--db ''`` counted the file), and a
refusal names the flag, not a key (``roles.y_pred.0``) or the word ``spec:``."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"y": [0, 1] * 20, "p": [1, 0, 0, 1] * 10, "sex": ["a", "b"] * 20}).to_csv(
        "d.csv", index=False
    )
    return tmp_path


def _counts(capsys, *args) -> tuple[int, str]:
    code = main(["counts", *args, "--out", "c.csv"])
    return code, capsys.readouterr().err


ROLES = ("--y-pred", "p", "--protected", "sex")


@pytest.mark.parametrize(
    ("flag", "args"),
    [
        ("--y-true", ("d.csv", *ROLES, "--y-true", "")),
        ("--y-pred", ("d.csv", "--y-pred", "", "--protected", "sex")),
        ("--protected", ("d.csv", "--y-pred", "p", "--protected", "")),
        ("--scheduler", ("d.csv", *ROLES, "--scheduler", "")),
        ("--db", ("d.csv", *ROLES, "--db", "")),
        ("--table", (*ROLES, "--db", "sqlite:///d.db", "--table", "")),
    ],
)
def test_an_empty_value_is_refused_naming_its_flag(data, capsys, flag, args):
    code, err = _counts(capsys, *args)
    assert code == 2, err
    assert err.startswith(f"error: option '{flag}': must not be empty (value: '')"), err
    assert "spec:" not in err
    assert not (data / "c.csv").exists()


def test_the_counts_still_name_their_flags_and_target(data, capsys):
    code, err = _counts(capsys, "d.csv", "--y-pred", "p", "--protected", "y", "--bins", "y=1,0")
    assert code == 2
    assert err.startswith("error: option '--bins': bin edges must be"), err
    code, err = _counts(capsys, "d.csv", *ROLES, "--db", "sqlite:///d.db", "--table", "t")
    assert code == 2
    assert err.startswith(
        "error: argument 'TARGET' and option '--db': names 2 targets (file, db)"
    ), err
    code, err = _counts(capsys, "nope.csv", *ROLES)
    assert code == 2
    assert err.startswith("error: argument 'TARGET': file nope.csv does not exist"), err
    code, err = _counts(capsys, "compas", *ROLES)  # a benchmark is named as one
    assert code == 2
    assert err.startswith("error: argument 'TARGET': cannot count a dataset target"), err
    assert main(["counts", "d.csv", *ROLES, "--y-true", "y", "--out", "c.csv"]) == 0
    assert (data / "c.csv").exists()
