"""One request, many faces: a positive label that no row holds (``--pos-label maybe`` of
yes/no columns, or of the wrong kind: ``1`` of yes/no) is refused naming what gave it, in each
face's words, as the columns writing it apart already were: option '--pos-label' on the command
line, key 'roles.pos_label' from a config file or a dict, argument 'pos_label' in Python. Until
round 49 every face said "column 'pred (y_pred)': pos_label does not occur in the column",
naming a data column and the Python keyword on the command line."""

from __future__ import annotations

import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROWS = {
    "t": ["2024-01-01"] * 4,
    "label": ["yes", "no", "yes", "no"],
    "pred": ["yes", "no", "no", "yes"],
    "pred2": ["no", "no", "yes", "yes"],
    "score": [0.9, 0.2, 0.4, 0.7],
    "sex": list("MFMF"),
}
HELD = "no row of the column"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame(ROWS).to_csv("d.csv", index=False)
    return tmp_path


COMMANDS = {
    "audit": ["--y-pred", "pred"],
    "compare": ["--y-pred", "pred", "--y-pred", "pred2"],
    "thresholds": ["--y-score", "score"],
    "monitor": ["--y-pred", "pred", "--time", "t", "--window", "1d", "--store", "m.sqlite"],
}


@pytest.mark.parametrize("label", ["maybe", "1"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_the_command_line_names_the_option(data, capsys, command, label):
    flags = ["d.csv", "--y-true", "label", "--protected", "sex", *COMMANDS[command]]
    assert main([command, *flags, "--pos-label", label]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '--pos-label': {HELD} '"), err
    assert "pos_label" not in err.partition("Fix:")[0], err  # the flag's words, not Python's
    assert f"(value: '{label}')" in err and "this column holds no, yes" in err, err


def test_duckdb_names_the_option(data, capsys):
    pytest.importorskip("duckdb")
    flags = ["d.csv", "--y-true", "label", "--y-pred", "pred", "--protected", "sex"]
    assert main(["audit", *flags, "--pos-label", "maybe", "--engine", "duckdb"]) == 2
    assert f"error: option '--pos-label': {HELD} '" in capsys.readouterr().err


def test_a_config_file_names_its_key(data, capsys):
    roles = {"y_true": "label", "y_pred": "pred", "protected": ["sex"], "pos_label": "maybe"}
    (data / "c.yaml").write_text(yaml.safe_dump({"target": {"file": "d.csv"}, "roles": roles}))
    assert main(["audit", "--config", "c.yaml"]) == 2
    assert f"error: key 'roles.pos_label': {HELD} '" in capsys.readouterr().err


def _keywords():
    return ethiclens.audit("d.csv", y_true="label", y_pred="pred", protected="sex", pos_label=1)


def _compare():
    return ethiclens.compare(
        "d.csv", y_true="label", y_pred=["pred", "pred2"], protected="sex", pos_label="maybe"
    )


def _arrays():
    f = pd.read_csv("d.csv")
    return ethiclens.audit(f["label"], f["pred"], f["sex"], pos_label="maybe")


def _spec():
    roles = {"y_true": "label", "y_pred": "pred", "protected": ["sex"], "pos_label": "maybe"}
    return ethiclens.run({"target": {"file": "d.csv"}, "roles": roles})


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (_keywords, "argument 'pos_label'"),
        (_compare, "argument 'pos_label'"),
        (_arrays, "argument 'pos_label'"),
        (_spec, "key 'roles.pos_label'"),
    ],
)
def test_python_names_its_argument_or_key(data, call, named):
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert str(err.value).startswith(f"{named}: {HELD} '"), err.value


@pytest.mark.parametrize("role", ["y_true", "y_pred"])
def test_a_long_column_name_is_shown_cut(data, role):
    # the column moved into the message (said by the argument) stays cut in its middle, as
    # the refusal showed it as its column: a 5,000-character name was printed whole
    given = {"y_true": "label", "y_pred": "p" * 5000, "protected": "sex", "pos_label": "maybe"}
    if role == "y_true":  # a missing column (3856a296's words), not the positive label
        given = {**given, "y_true": "x" * 5000, "y_pred": "pred", "pos_label": None}
    else:
        frame = pd.read_csv("d.csv").rename(columns={"pred": given["y_pred"]})
        frame.to_csv("d.csv", index=False)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit("d.csv", **given)
    assert str(err.value).startswith(f"argument '{'pos_label' if role == 'y_pred' else role}'")
    assert len(str(err.value)) < 1000, len(str(err.value))
