"""Round 38 review of 70ce8f43: ``estimate`` without ``n_boot`` raises the draws to what the
asked gaps' Bonferroni levels need, up to ``DEFAULT_MOST``. A gap past it got no interval (not
one from too few draws) and a reason saying "needs 19,840 draws ..., more than the 9,920
drawn", which a caller who gave no n_boot could not tell from a given 9,920; the reason now
says that the draws n_boot not given takes stop there. A given n_boot says nothing of it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.p2nia import _estimate, estimate, make_request, release

pytestmark = pytest.mark.filterwarnings("ignore::ethiclens.p2nia.SeededReleaseWarning")
STOP = "n_boot was not given, and the draws it then takes stop at 599"


def _six_groups():
    groups = list("ABCDEF")
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {
            "sex": rng.choice(groups, 9000),
            "y": rng.integers(0, 2, 9000),
            "p": rng.integers(0, 2, 9000),
        }
    )
    request = make_request(6000, "sex", epsilon=8.0, protected_domain=groups)
    return release(request, data, "y", "p", random_state=1)


def test_a_gap_past_the_default_draws_says_where_they_stopped(monkeypatch):
    monkeypatch.setattr(_estimate, "DEFAULT_MOST", 599)  # EO's 600 past it, DP's 300 not
    rel = _six_groups()
    est = estimate(rel, metrics=["dp", "eo"])
    dp, eo = est.values["dp"], est.values["eo"]
    assert est.config["n_boot"] == 500 and dp["ci_low"] is not None and dp["reason"] is None
    assert eo["ci_low"] is None and eo["ci_method"] == _estimate.TOO_FEW_DRAWS_METHOD
    assert eo["reason"].startswith("no interval: each of its 30 signed differences")
    assert "needs 600 draws" in eo["reason"] and eo["reason"].endswith(STOP), eo["reason"]
    assert any(STOP in line for line in est.lines() if line.lstrip().startswith("EO "))
    given = estimate(rel, metrics=["eo"], n_boot=500).values["eo"]  # given: as before
    assert given["ci_low"] is None and "not given" not in given["reason"]
    assert given["reason"] == eo["reason"].removesuffix("; " + STOP)
