"""Round 37 (Y): a P2NIA gap is the largest absolute value of m signed gaps (every pair of
groups, of each rate the metric compares: m = pairs for DP and EOpp, 2 x pairs for EO), and its
interval folds their intervals: it covers the true gap when every signed gap is covered. Each
was taken at the plain 95% level, so the max's interval covered its true value in about
0.95^m of releases: 4 groups with equal rates (GRR, ε = 8, n′ = 3,000, 400 releases) DP
333/400, EOpp 325/400, EO 275/400, and the 2 groups' EO 358/400. Now each is taken at the
Bonferroni level 1 − (1 − level)/m, as PCER's spreads are: 385, 385, 383 of 400, and EO
380/400; a gap of one signed difference (2 groups' DP and EOpp) keeps its level and numbers.
Draws too few for the level (needs n_boot x (1 − level)/m >= 1) give no interval, and say so."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import REPORTED
from ethiclens.p2nia import _estimate, estimate, make_request, release, validate_estimate_output

pytestmark = pytest.mark.filterwarnings("ignore::ethiclens.p2nia.SeededReleaseWarning")


def _release(groups, n=6000, rows=3000):
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {"sex": rng.choice(groups, n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    request = make_request(rows, "sex", epsilon=8.0, protected_domain=groups)
    return release(request, data, "y", "p", random_state=1)


@pytest.fixture
def levels(monkeypatch):
    """The level each metric's signed gaps are folded at, and how many of them."""
    seen, fold = {}, _estimate.folded_max

    def spy(signed, *, name, level):
        seen[len(seen)] = (len(signed), level)
        return fold(signed, name=name, level=level)

    monkeypatch.setattr(_estimate, "folded_max", spy)
    return seen


@pytest.mark.parametrize(
    ("groups", "level", "expected"),
    [
        # 2 groups: DP and EOpp are one signed gap each, at the level asked (unchanged); EO two
        (["F", "M"], 0.95, {"dp": (1, 0.95), "eo": (2, 1 - 0.05 / 2), "eopp": (1, 0.95)}),
        (["F", "M"], 0.9, {"dp": (1, 0.9), "eo": (2, 1 - 0.1 / 2), "eopp": (1, 0.9)}),
        (
            list("ABCD"),
            0.95,
            {"dp": (6, 1 - 0.05 / 6), "eo": (12, 1 - 0.05 / 12), "eopp": (6, 1 - 0.05 / 6)},
        ),  # fmt: skip
    ],
)
def test_each_signed_gap_is_taken_at_the_bonferroni_level(levels, groups, level, expected):
    est = estimate(_release(groups), metrics=["dp", "eo", "eopp"], n_boot=300, level=level)
    for i, (k, (m, joint)) in enumerate(expected.items()):
        assert levels[i][0] == m and levels[i][1] == pytest.approx(joint, abs=1e-15), k
        if m == 1:  # the level given itself, not a float's noise off it: the same numbers
            assert levels[i][1] == level
        v = est.values[k]
        assert v["status"] == REPORTED and v["ci_low"] <= v["value"] <= v["ci_high"], v
        said = f"1 − {1 - level:g}/{m} = " in v["ci_method"]
        assert said == (m > 1), v["ci_method"]  # one signed gap: the method as before


def test_the_level_is_said_on_the_metrics_line():
    est = estimate(_release(list("ABCD")), n_boot=300)
    text = "\n".join(est.lines())
    assert (
        "each of its 6 signed differences, the selection-rate gaps of every pair of the 4 "
        "groups, at the Bonferroni level 1 − 0.05/6 = 0.9917, so that they hold together" in text
    )
    assert "1 − 0.05/12 = 0.9958" in text and text.count("folded at 0") == 1, text


def test_too_few_draws_for_the_level_give_no_interval_and_say_how_many(monkeypatch):
    drawn = []
    gaps = _estimate.signed_gaps
    monkeypatch.setattr(_estimate, "signed_gaps", lambda c, y, k: drawn.append(k) or gaps(c, y, k))
    # 6 groups: DP's 15 signed gaps need 300 draws, EO's 30 need 600
    est = estimate(_release(list("ABCDEF"), n=9000, rows=6000), metrics=["dp", "eo"], n_boot=500)
    dp, eo = est.values["dp"], est.values["eo"]
    assert dp["ci_low"] is not None and "1 − 0.05/15 = 0.9967" in dp["ci_method"]
    assert eo["status"] == REPORTED and eo["value"] is not None
    assert eo["ci_low"] is None and eo["ci_high"] is None
    assert eo["ci_method"] == "none (too few draws for its Bonferroni level)"
    assert (
        "1 − 0.05/30 = 0.9983, needs 600 draws (one outside it), more than the 500" in eo["reason"]
        and "--n-boot of at least 600" in eo["reason"]
    ), eo["reason"]
    assert drawn == ["dp", "dp"]  # DP's estimate and replicates; nothing of EO drawn
    validate_estimate_output(est.to_dict())
    enough = estimate(_release(list("ABCDEF"), n=9000, rows=6000), metrics=["eo"], n_boot=600)
    assert enough.values["eo"]["ci_low"] is not None
