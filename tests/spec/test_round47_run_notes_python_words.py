"""ethiclens.run(spec) is a Python call: its result's notes name the Python keyword
(exclude_groups=...), as ethiclens.audit(...)'s do, while the command line keeps its flag."""

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.cli import main


def _data(tmp_path):
    rng = np.random.default_rng(0)
    n = 650
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "workclass": ["?"] * 50 + ["a"] * 300 + ["b"] * 300,
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


def test_run_notes_speak_the_python_call(tmp_path):
    path = _data(tmp_path)
    spec = {
        "target": {"file": str(path)},
        "roles": {"y_true": "y", "y_pred": "p", "protected": ["workclass"]},
        "policy": {"n_boot": 200},
    }
    notes = " ".join(ethiclens.run(spec).attribute_notes)
    assert "exclude_groups={'workclass': ['?']}" in notes, notes
    assert "--exclude-group" not in notes


def test_the_command_line_keeps_its_flag(tmp_path, capsys):
    path = _data(tmp_path)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "workclass"]
    assert main([*args, "--n-boot", "200"]) == 0
    out = capsys.readouterr()
    said = " ".join((out.out + out.err).split())  # the terminal wraps long lines
    assert "--exclude-group 'workclass=?'" in said, said
