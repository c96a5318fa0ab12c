"""Round 33 review (P2NIA): ``p2nia estimate --confidence-level`` gives the command line the
level ``estimate(level=...)`` takes in Python (as ``audit --confidence-level`` does): the
command line could only estimate 95% intervals. Out of range or no number: exit 2, one line
naming the flag, nothing written."""

import json
import os
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.p2nia import estimate, read_release

from .conftest import audit_frame


@pytest.fixture
def rel(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    audit_frame(2000, 0).to_csv("a.csv", index=False)
    args = ["p2nia", "request", "--n", "1500", "--protected", "sex", "--groups", "F,M"]
    assert main([*args, "--epsilon", "5", "--out", "r.json"]) == 0
    args = ["p2nia", "release", "--request", "r.json", "--data", "a.csv", "--y-true", "y"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main([*args, "--y-pred", "pred", "--out", "rel"]) == 0
    return "rel"


def test_the_flag_gives_pythons_level(rel, capsys):
    args = ["p2nia", "estimate", rel, "--n-boot", "200", "--seed", "3"]
    assert main([*args, "--confidence-level", "0.9", "--json", "e.json"]) == 0
    assert "  90% intervals: " in capsys.readouterr().out
    got = json.loads(open("e.json").read())
    want = estimate(read_release(rel), n_boot=200, random_state=3, level=0.9).to_dict()
    assert got["config"]["confidence_level"] == 0.9
    assert got["metrics"] == want["metrics"]


@pytest.mark.parametrize("typed", ["1", "0.5", "abc", "0.9_5"])
def test_a_wrong_level_is_refused_naming_the_flag(rel, capsys, typed):
    args = ["p2nia", "estimate", rel, "--confidence-level", typed, "--json", "e.json"]
    assert main(args) == 2
    assert "option '--confidence-level'" in capsys.readouterr().err
    assert not os.path.exists("e.json")
