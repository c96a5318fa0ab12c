"""Tester round 20: the README said compare takes "every target option of audit" (it takes no
--counts) and the refusal of a counts table read "no rows to thresholds"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ethiclens.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize(
    ("command", "roles", "words"),
    [
        ("compare", "y_pred: [p, q]", "comparison"),
        ("thresholds", "y_score: s", "threshold view"),
    ],
)
def test_a_counts_table_is_refused_in_words(tmp_path, monkeypatch, capsys, command, roles, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cnt.csv").write_text("g,y_pred,count\na,1,3\n")
    (tmp_path / "c.yaml").write_text(
        f"version: 1\ntarget: {{counts: cnt.csv}}\nroles: {{y_true: y, {roles}, protected: [g]}}\n"
    )
    assert main([command, "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"error: key 'target.counts': a counts table has no rows for a {words}: only an audit"
    ), err
    assert f"run the {words} on the file or database" in err


def test_the_readme_says_which_options_compare_and_thresholds_take(capsys):
    text = " ".join(README.read_text().split())
    said = re.search(r"every target and policy option of `audit` but `--counts` works here", text)
    assert said and "takes the same targets and policy but `--ci`" in text
    for command, lacks in (
        ("compare", "--counts"),
        ("thresholds", "--counts"),
        ("thresholds", "--ci"),
    ):
        main([command, "--help"])
        assert lacks not in re.findall(r"--[a-z-]+", capsys.readouterr().out)
