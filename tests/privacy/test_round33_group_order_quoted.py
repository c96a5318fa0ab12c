"""Round 33 (cli pcer): ``pcer audit --group-order`` can name a group holding a comma or spaces
around it (' Female' of a raw Adult CSV, 'x,y'), written as a CSV file writes it: in double
quotes (``--group-order '" Male"," Female"'``). Such a group could not be ordered at all: the
flag was split at every comma and each name stripped, and the refusal's fix (``use an order of
[' Female', ' Male']``) could not be typed. pcer_audit (Python) gives the same numbers; a refused
order on the command line shows the quoted flag."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.privacy import read_splits

NAMES = {"spaces": (" Male", " Female"), "comma": ("x,y", "z"), "quote": ('say "hi"', "b")}


def _files(tmp_path, names):
    rng = np.random.default_rng(0)
    for split, n in (("train", 240), ("test", 160)):
        y = rng.integers(0, 2, n)
        pred = np.where(rng.random(n) < (0.95 if split == "train" else 0.8), y, 1 - y)
        frame = pd.DataFrame({"y": y, "pred": pred, "g": rng.choice(names, n)})
        frame.to_csv(tmp_path / f"{split}.csv", index=False)
    return [str(tmp_path / f"{s}.csv") for s in ("train", "test")]


def _cli(paths, *extra):
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1]]
    return main([*args, "--y-true", "y", "--y-pred", "pred", "--protected", "g", *extra])


def _flag(name):
    return '"' + name.replace('"', '""') + '"'


@pytest.mark.parametrize("case", NAMES)
def test_quoted_group_order_is_the_python_order(tmp_path, case):
    names = NAMES[case]
    paths = _files(tmp_path, names)
    out = tmp_path / "out.json"
    order = ",".join(_flag(n) for n in names)
    assert _cli(paths, "--group-order", order, "--n-boot", "200", "--json", str(out)) == 0
    got = json.loads(out.read_text())
    splits = read_splits(*paths, y_true="y", y_pred="pred", protected="g")
    from ethiclens.privacy import pcer_audit

    want = pcer_audit(*splits, group_order=list(names), n_boot=200).to_dict()
    assert got["group_order"] == list(names)
    assert got["statistics"] == want["statistics"]


def test_plain_order_unchanged(tmp_path):
    paths = _files(tmp_path, ("a", "b"))
    out = tmp_path / "out.json"
    assert _cli(paths, "--group-order", " b , a", "--n-boot", "200", "--json", str(out)) == 0
    assert json.loads(out.read_text())["group_order"] == ["b", "a"]


def test_refusal_shows_the_quoted_flag(tmp_path, capsys):
    paths = _files(tmp_path, NAMES["spaces"])
    assert _cli(paths, "--group-order", "Male,Female") == 2
    err = capsys.readouterr().err
    assert "option '--group-order'" in err
    assert """--group-order '" Female"," Male"'""" in err


def test_plain_refusal_unchanged(tmp_path, capsys):
    paths = _files(tmp_path, ("a", "b"))
    assert _cli(paths, "--group-order", "a,c") == 2
    assert "Fix: use an order of ['a', 'b']" in capsys.readouterr().err
