"""Round 34 (P2NIA): an estimate at a confidence level other than 0.95 records the command that
repeats it (``--confidence-level L`` added), as the command line has taken that level since
round 33: ``run.repeat`` was null for such an estimate (``estimate --confidence-level 0.9``
itself wrote null), so its numbers could not be repeated from the record's command."""

import json
import shlex
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.p2nia import estimate

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


@pytest.mark.parametrize("level", ["0.9", "0.99", "0.912345678901"])
def test_the_recorded_command_repeats_another_level(rel, level):
    args = ["p2nia", "estimate", rel, "--n-boot", "100", "--seed", "3", "--request", "r.json"]
    assert main([*args, "--confidence-level", level, "--json", "e.json"]) == 0
    first = json.loads(open("e.json").read())
    argv = shlex.split(first["run"]["repeat"])
    assert argv[argv.index("--confidence-level") + 1] == level
    assert main([*argv[1:], "--json", "again.json"]) == 0
    again = json.loads(open("again.json").read())
    assert again["metrics"] == first["metrics"] and again["config"] == first["config"]
    assert again["run"]["repeat"] == first["run"]["repeat"]


def test_python_level_is_repeated_too_and_095_adds_no_flag(rel):
    est = estimate(rel, n_boot=100, random_state=1, level=0.8)
    assert est.run["repeat"].endswith("--n-boot 100 --confidence-level 0.8")
    assert "--confidence-level" not in estimate(rel, n_boot=100).run["repeat"]
