"""Round 37 review of a6c4c828 (P2NIA gaps at the Bonferroni level 1 − (1 − L)/m).

- The reason of a metric whose Bonferroni level no allowed draws reach (more than a million)
  said "request fewer groups" even for 2 groups, which have no fewer, and never the other fix
  ``check_level_draws`` names, a lower level. It now names the highest level the most draws
  reach, and fewer groups only where there are more than 2.
- A level with many nines was written 1 − 1e-05/2; now 1 − 0.00001/2, as a level is written.
- The reason's advice works through the command line: ``--n-boot`` as named gives the interval;
  the JSON (valid), the terminal and the HTML page show the reason, no nan/None text.
"""

from __future__ import annotations

import json
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from ethiclens._checks import MAX_DRAWS, check_level_draws
from ethiclens.cli import main
from ethiclens.p2nia import _estimate, validate_estimate_output


def _reason(groups: int, level: float, n_boot: int, metric: str = "eo") -> str:
    """The too-few-draws reason (drawn before any replicate gap is computed: no cells needed)."""
    domain = [f"g{i}" for i in range(groups)]
    basis = _estimate._Cells(np.zeros((groups, 2, 2)), True, domain, "sex")
    got = _estimate._gap_interval(metric, 0.1, np.empty((n_boot, 0)), basis, "m", level)
    assert got.ci_low is None and got.ci_method == _estimate.TOO_FEW_DRAWS_METHOD
    return got.reason


def test_two_groups_past_the_most_draws_are_told_a_lower_level_not_fewer_groups():
    reason = _reason(2, 0.999999, MAX_DRAWS)
    assert "1 − 0.000001/2 = 0.9999995, needs 2,000,000 draws" in reason, reason
    assert "use a --confidence-level of at most 0.999998 (level in Python)" in reason, reason
    assert "fewer groups" not in reason, reason
    # the advice works: that level's Bonferroni level is reached by the most draws
    joint, _ = _estimate._joint_level(0.999998, 2, "eo", 1, 2)
    assert MAX_DRAWS * (1 - joint) >= 1 and joint == 1 - Fraction(1, MAX_DRAWS)
    check_level_draws(MAX_DRAWS, 0.999998)  # and the level itself is accepted


@pytest.mark.parametrize("groups", [400, 800])
def test_many_groups_are_told_fewer_groups_and_a_level_where_one_exists(groups):
    # round 50: 400 groups were told 'a --confidence-level of at most 0.8404' at 1,000,000
    # draws, which no memory holds (159,600 signed gaps each): the most draws are those that
    # fit (p2nia test_round50_draws_memory), too few here for any level
    reason = _reason(groups, 0.95, MAX_DRAWS)
    most = _estimate._draws_that_fit(groups, ["eo"])
    assert reason.endswith(
        f"no draws reach it (at most {most:,} that memory holds): use fewer groups (a new request)"
    ), reason


def test_a_level_of_many_nines_is_written_in_plain_digits():
    reason = _reason(2, 0.99999, 100_000)
    assert "Bonferroni level 1 − 0.00001/2 = " in reason and "e-0" not in reason, reason
    assert "estimate with --n-boot of at least 200,000 (n_boot in Python)" in reason


@pytest.fixture(scope="module")
def six_groups(tmp_path_factory):
    """A GRR release of 6 groups asking EO: 30 signed gaps, 600 draws; 500 by default."""
    d = tmp_path_factory.mktemp("six")
    rng = np.random.default_rng(0)
    n = 1200
    data = {"g": rng.choice(list("ABCDEF"), n), "y": rng.integers(0, 2, n)}
    pd.DataFrame({**data, "p": rng.integers(0, 2, n)}).to_csv(d / "a.csv", index=False)
    args = ["p2nia", "request", "--n", "1000", "--protected", "g", "--groups", "A,B,C,D,E,F"]
    assert main([*args, "--metrics", "eo", "--epsilon", "8", "--out", str(d / "r.json")]) == 0
    args = ["p2nia", "release", "--request", str(d / "r.json"), "--data", str(d / "a.csv")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        args += ["--y-true", "y", "--y-pred", "p", "--seed", "1"]
        assert main([*args, "--out", str(d / "rel")]) == 0
    return d


def test_the_command_line_says_the_reason_on_every_face(six_groups, capsys):
    capsys.readouterr()
    json_out, html = six_groups / "e.json", six_groups / "e.html"
    args = ["p2nia", "estimate", str(six_groups / "rel"), "--json", str(json_out)]
    # --n-boot 500 given: since round 38 (3d30b629) leaving it out takes the 600 draws six
    # groups' EO needs, so too few draws must be asked for to see the reason
    assert main([*args, "--n-boot", "500", "--html", str(html)]) == 0
    out = capsys.readouterr().out
    doc = json.loads(json_out.read_text(encoding="utf-8"))
    validate_estimate_output(doc)
    eo = doc["metrics"]["eo"]
    assert eo["ci_low"] is None and eo["ci_high"] is None and eo["value"] is not None
    assert eo["status"] == "REPORTED" and "--n-boot of at least 600" in eo["reason"]
    line = next(x for x in out.splitlines() if x.lstrip().startswith("EO "))
    for shown in (line, html.read_text(encoding="utf-8")):
        assert "--n-boot of at least 600" in shown and "nan" not in shown.lower()
        assert "None" not in shown


def test_the_command_lines_advice_gives_the_interval(six_groups):
    json_out = six_groups / "e600.json"
    args = ["p2nia", "estimate", str(six_groups / "rel"), "--json", str(json_out)]
    assert main([*args, "--n-boot", "600"]) == 0
    eo = json.loads(json_out.read_text(encoding="utf-8"))["metrics"]["eo"]
    assert eo["ci_low"] <= eo["value"] <= eo["ci_high"] and eo["reason"] is None
    assert "1 − 0.05/30 = 0.9983, so that they hold together" in eo["ci_method"]
