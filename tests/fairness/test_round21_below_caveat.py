"""Round 21: the threshold view records whether the positive label is favourable (its
config.positive_is_favorable, as the audit's JSON) and, under a harmful label with the one-sided
DI rule 'below', says on every face (terminal, HTML) what that rule misses, as the audit says it
(ADR 0008); never under a favourable label or the two-sided rule."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.fairness import threshold_table
from ethiclens.report import threshold_summary, validate_thresholds

CAVEAT = "never one given it more often"


def _inputs(n=600):
    r = np.random.default_rng(0)
    return r.integers(0, 2, n), r.random(n).round(4), r.choice(["x", "z"], n)


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("favorable", "rule", "said"),
    [(False, "below", True), (True, "below", False), (False, "two_sided", False)],
)
def test_the_view_records_the_label_and_says_the_caveat_only_when_it_applies(
    tmp_path, favorable, rule, said
):
    y, score, group = _inputs()
    table = threshold_table(
        y,
        score,
        group,
        di_rule=rule,
        positive_is_favorable=favorable,
        n_boot=100,
        random_state=0,
        step=0.25,
    )
    assert table.config["positive_is_favorable"] is favorable
    assert table.to_dict()["config"]["positive_is_favorable"] is favorable
    validate_thresholds(json.loads(table.to_json()))
    assert (CAVEAT in _words("\n".join(threshold_summary(table)))) is said
    table.to_html(tmp_path / "t.html")
    assert (CAVEAT in _words((tmp_path / "t.html").read_text())) is said


def test_a_favourable_label_is_the_default_and_a_non_bool_is_refused():
    from ethiclens.errors import EthicLensInputError

    y, score, group = _inputs()
    table = threshold_table(y, score, group, n_boot=100, random_state=0, step=0.5)
    assert table.config["positive_is_favorable"] is True
    with pytest.raises(EthicLensInputError, match="positive_is_favorable"):
        threshold_table(y, score, group, n_boot=100, step=0.5, positive_is_favorable="no")


def test_the_command_line_view_says_it_on_every_face(tmp_path, capsys):
    y, score, group = _inputs()
    pd.DataFrame({"y": y, "s": score, "g": group}).to_csv(tmp_path / "t.csv", index=False)
    argv = ["thresholds", str(tmp_path / "t.csv"), "--y-true", "y", "--y-score", "s"]
    argv += ["--protected", "g", "--n-boot", "100", "--seed", "0", "--di-rule", "below"]
    out = {"json": tmp_path / "t.json", "html": tmp_path / "t.html"}
    files = ["--json", str(out["json"]), "--html", str(out["html"])]
    assert main([*argv, *files, "--positive", "harmful"]) == 0
    assert CAVEAT in _words(capsys.readouterr().out)
    assert CAVEAT in _words(out["html"].read_text())
    assert json.loads(out["json"].read_text())["config"]["positive_is_favorable"] is False
    assert main([*argv, *files]) == 0  # a favourable label: the rule reads the right way
    assert CAVEAT not in _words(capsys.readouterr().out)
    assert CAVEAT not in _words(out["html"].read_text())
    assert json.loads(out["json"].read_text())["config"]["positive_is_favorable"] is True
