"""Round 38 (draws): P2NIA's estimate took ``n_boot=500`` by default, so "not given" could not
be told from an explicit 500: 6 groups' EO (30 signed gaps at the Bonferroni level 1 − 0.05/30,
which needs 600 draws) had no interval by default. Now ``n_boot`` not given (None) is resolved
for the release's groups and the asked metrics' levels (500, or as many as the highest needs,
up to ``DEFAULT_MOST``), the methods say so; an explicit n_boot is kept as given."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.p2nia import _estimate, estimate, make_request, release, validate_estimate_output

pytestmark = pytest.mark.filterwarnings("ignore::ethiclens.p2nia.SeededReleaseWarning")
RAISED = "from 600 draws, not 500: n_boot not given"


def _release(groups, n=9000, rows=6000):
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {"sex": rng.choice(groups, n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    request = make_request(rows, "sex", epsilon=8.0, protected_domain=groups)
    return release(request, data, "y", "p", random_state=1)


def test_six_groups_not_given_take_the_draws_their_levels_need():
    est = estimate(_release(list("ABCDEF")))
    assert est.config["n_boot"] == 600 and est.to_dict()["config"]["n_boot"] == 600
    for k, v in est.values.items():
        assert v["ci_low"] is not None and v["ci_low"] <= v["value"] <= v["ci_high"], k
        assert RAISED in v["ci_method"], v["ci_method"]
    eo = next(line for line in est.lines() if line.lstrip().startswith("EO "))
    assert "0.05/30 = 0.9983, so that they hold together; " + RAISED in eo, eo
    validate_estimate_output(est.to_dict())


def test_an_explicit_500_is_kept_as_given():
    est = estimate(_release(list("ABCDEF")), metrics=["eo"], n_boot=500)
    eo = est.values["eo"]
    assert est.config["n_boot"] == 500 and eo["ci_low"] is None
    assert "needs 600 draws" in eo["reason"] and "--n-boot of at least 600" in eo["reason"]


def test_two_groups_keep_the_default_and_its_numbers():
    rel = _release(["F", "M"])
    default, given = estimate(rel), estimate(rel, n_boot=500)
    assert default.config["n_boot"] == 500
    assert default.values == given.values
    assert not any("not given" in v["ci_method"] for v in default.values.values())


def test_a_level_the_old_default_did_not_reach_takes_its_draws():
    # 0.999 needs 1,000 draws: the 500 of before were refused ("use at least 1,000")
    est = estimate(_release(["F", "M"]), metrics=["dp"], level=0.999)
    assert est.config["n_boot"] == 1000 and est.values["dp"]["ci_low"] is not None


def test_the_raised_draws_stop_at_the_most_the_default_takes(monkeypatch):
    monkeypatch.setattr(_estimate, "DEFAULT_MOST", 599)  # EO's 600 past it, DP's 300 not
    est = estimate(_release(list("ABCDEF")), metrics=["dp", "eo"])
    assert est.config["n_boot"] == 500
    assert est.values["dp"]["ci_low"] is not None and est.values["eo"]["ci_low"] is None
