"""Round 26: the counterfactual probe's JSON said "ci": "bca" and "n_boot": 1000 at its top
level when nothing was drawn by bootstrap (no scores: the flip rates take the exact Jeffreys
interval; or every pair's score shift took the Student t interval). ci and n_boot are null
then, the JSON's keys the same."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from ethiclens.cli import main
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


def _frame(n: int) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    return make_counterfactuals(pd.DataFrame({"g": ["a", "b"] * n, "f": rng.random(2 * n)}), "g")


def test_no_scores_draw_nothing_and_the_json_says_so():
    frame = _frame(40)
    pred = ((frame["f"] > 0.5) | (frame["g"] == "a")).astype(int)
    d = analyze_counterfactuals(frame, pred, n_boot=200, random_state=7).to_dict()
    assert (d["ci"], d["n_boot"]) == (None, None)  # was: ("bca", 200)
    score = frame["f"] * np.where(frame["g"] == "a", 0.9, 0.6)  # shifts that vary
    drawn = analyze_counterfactuals(frame, pred, score, n_boot=200, random_state=7).to_dict()
    assert (drawn["ci"], drawn["n_boot"], drawn["seed"]) == ("bca", 200, 7)
    assert list(d) == list(drawn)  # one JSON shape


def test_few_records_take_the_t_interval_and_claim_no_bootstrap():
    frame = _frame(10)  # 10 records a pair: the Student t interval, no draws
    pred = (frame["f"] > 0.5).astype(int)
    score = 0.5 * frame["f"] + np.where(frame["g"] == "a", 0.02, 0.01) * frame["_cf_row"]
    result = analyze_counterfactuals(frame, pred, score, n_boot=300, ci="percentile")
    assert (result.ci, result.n_boot) == (None, None)
    line = result.interval_line()
    assert "bootstrap of the records" not in line and "None" not in line
    assert "Student t interval" in line


def test_the_command_s_json_names_no_bootstrap_without_scores(tmp_path, capsys):
    frame = _frame(20)
    frame["p"] = (frame["g"] == "a").astype(int)
    frame.to_csv(tmp_path / "cf.csv", index=False)
    argv = ["probe", "analyze-counterfactuals", str(tmp_path / "cf.csv"), "--y-pred", "p"]
    assert main([*argv, "--json", str(tmp_path / "out.json")]) == 0
    d = json.loads((tmp_path / "out.json").read_text())
    assert d["ci"] is None and d["n_boot"] is None and "bootstrap" not in capsys.readouterr().out
