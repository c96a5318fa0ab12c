"""P2NIA's EOpp reasons speak of what EOpp uses (positive labels, the TPR), its floor stays the
fairness core's (both labels, the value shown without an interval), and EO names the rate it
lacks."""

import numpy as np
import pandas as pd

from ethiclens.fairness import INSUFFICIENT_DATA, UNDEFINED, Policy, audit
from ethiclens.p2nia import estimate, make_request, release
from ethiclens.p2nia._estimate import _below_floor, _undefined_reason

DOMAIN = ["Female", "Male"]


def test_an_empty_group_leaves_eopp_without_its_tpr_only():
    cells = np.array([[10.0, 5, 3, 7], [0, 0, 0, 0]])  # tp, fp, fn, tn; Male: no rows
    eopp = _undefined_reason("eopp", cells, True, DOMAIN)
    assert eopp == "no (estimated) rows in group(s) Male: the TPR is undefined"
    eo = _undefined_reason("eo", cells, True, DOMAIN)
    assert eo == "no (estimated) rows in group(s) Male: the TPR and FPR are undefined"
    dp = _undefined_reason("dp", cells, True, DOMAIN)
    assert dp.endswith("the selection rate is undefined")


def test_eo_names_the_rate_its_missing_labels_leave_undefined():
    no_neg = np.array([[10.0, 5, 3, 7], [8, 0, 2, 0]])  # Male: no negative labels
    assert _undefined_reason("eo", no_neg, True, DOMAIN) == (
        "Male has no (estimated) negative labels: the FPR is undefined"
    )
    no_pos = np.array([[10.0, 5, 3, 7], [0, 4, 0, 6]])  # Male: no positive labels
    assert _undefined_reason("eopp", no_pos, True, DOMAIN) == (
        "Male has no (estimated) positive labels: the TPR is undefined"
    )
    neither = np.array([[0.0, 5, 0, 7], [8, 0, 2, 0]])
    assert _undefined_reason("eo", neither, True, DOMAIN).endswith("the TPR and FPR are undefined")


def _all_positive(seed=0, n=4000):
    rng = np.random.default_rng(seed)
    sex = rng.choice(DOMAIN, n)
    pred = (rng.random(n) < np.where(sex == "Male", 0.6, 0.4)).astype(int)
    return pd.DataFrame({"sex": sex, "income": np.ones(n, int), "pred": pred})


def test_eopp_with_no_negative_labels_follows_the_core_and_is_judged():
    """EOpp (a TPR difference) needs only positive labels, in P2NIA as in the core audit: a
    release whose labels are all positive has EO undefined (no FPR) and EOpp estimated."""
    data = _all_positive()
    rel = release(make_request(3000, "sex", epsilon=10_000), data, "income", "pred", random_state=0)
    values = estimate(rel, n_boot=100, random_state=0).values
    eo, eopp = values["eo"], values["eopp"]
    assert eo["status"] == UNDEFINED and "the FPR is undefined" in eo["reason"]
    assert "TPR or FPR" not in eo["reason"]
    core = audit(data["income"], data["pred"], data[["sex"]], n_boot=200)
    core_eopp = core.comparisons[0].metrics["equal_opportunity_difference"]
    assert core_eopp.status != INSUFFICIENT_DATA and core_eopp.ci_low is not None
    assert eopp["status"] != INSUFFICIENT_DATA and eopp["ci_low"] is not None
    assert "negative labels" not in (eopp["reason"] or "")


def test_eopp_below_the_positive_label_floor_names_only_the_positive_labels():
    reason = _below_floor(
        "eopp", np.array([[10.0, 50, 10, 50], [100, 50, 100, 50]]), True, DOMAIN, Policy(), "sex"
    )
    assert reason == f"20 positive labels, below the floor of 30 (sex:{DOMAIN[0]})"
