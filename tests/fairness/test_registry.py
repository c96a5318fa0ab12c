"""A metric added in one place reaches the engine, the JSON, the HTML report and the model card."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import (
    ComparisonMetric,
    GroupMetric,
    register_comparison_metric,
    register_group_metric,
    unregister_metric,
)
from ethiclens.report import render_html, render_model_card, validate_report


@pytest.fixture
def prevalence_metric():
    def predicted_negative_share(cells, labelled):
        cells = np.asarray(cells, float)
        neg = cells[..., 2] + cells[..., 3] if labelled else cells[..., 1]
        with np.errstate(all="ignore"):
            return np.where(cells.sum(-1) > 0, neg / cells.sum(-1), np.nan)

    register_group_metric(
        GroupMetric(
            "predicted_negative_share",
            "Predicted negative share",
            predicted_negative_share,
            False,
            "no rows",
            short="Pred. neg.",
        )
    )
    register_comparison_metric(
        ComparisonMetric(
            "predicted_negative_ratio",
            "Predicted negative ratio",
            "ratio",
            ("predicted_negative_share",),
            False,
            short="Neg. ratio",
        )
    )
    yield
    unregister_metric("predicted_negative_ratio")
    unregister_metric("predicted_negative_share")


def test_registered_metric_appears_everywhere(prevalence_metric):
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 500)
    y = rng.integers(0, 2, 1000)
    p = np.r_[(rng.random(500) < 0.6), (rng.random(500) < 0.3)].astype(int)
    res = ethiclens.audit(y, p, {"g": g}, reference="a", n_boot=300, random_state=0)
    m = res.comparisons[0].metrics["predicted_negative_ratio"]
    sel = {grp.group: grp.metrics["selection_rate"].value for grp in res.attributes[0].groups}
    assert m.value == pytest.approx((1 - sel["b"]) / (1 - sel["a"]))
    assert m.ci_low <= m.value <= m.ci_high and m.status == "REPORTED"
    doc = res.to_dict()
    validate_report(doc)
    assert "predicted_negative_ratio" in doc["comparisons"][0]["metrics"]
    assert "predicted_negative_share" in doc["attributes"][0]["groups"][0]["metrics"]
    assert "Neg. ratio" in render_html(res) and "Pred. neg." in render_html(res)
    assert "Neg. ratio" in render_model_card(res)


def test_registry_refuses_bad_entries():
    with pytest.raises(ValueError, match="already registered"):
        register_comparison_metric(
            ComparisonMetric("disparate_impact", "x", "ratio", ("selection_rate",), False)
        )
    with pytest.raises(ValueError, match="unknown component"):
        register_comparison_metric(ComparisonMetric("x", "x", "ratio", ("nope",), False))
    with pytest.raises(ValueError, match="unknown kind"):
        register_comparison_metric(ComparisonMetric("x", "x", "sum", ("accuracy",), True))


def test_metric_registries_follow_the_one_registry_rules(prevalence_metric):
    # the rules of ethiclens._registry.Registry (docs/adr/0010-extension-points.md)
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness import COMPARISON_METRIC_SPECS, GROUP_METRIC_SPECS

    for builtin in ("disparate_impact", "selection_rate"):
        with pytest.raises(EthicLensInputError, match="built-in .* cannot be unregistered"):
            unregister_metric(builtin)
    assert "disparate_impact" in COMPARISON_METRIC_SPECS
    assert "selection_rate" in GROUP_METRIC_SPECS
    with pytest.raises(EthicLensInputError, match=r"already registered \(built-in\)"):
        register_comparison_metric(
            ComparisonMetric("disparate_impact", "x", "ratio", ("selection_rate",), False),
            replace=True,
        )
    # a run-time metric: replaced on request, its component kept while it is in use
    share = GROUP_METRIC_SPECS["predicted_negative_share"]
    with pytest.raises(EthicLensInputError, match="already registered"):
        register_group_metric(share)
    assert register_group_metric(share, replace=True) is share
    with pytest.raises(EthicLensInputError, match="built from it"):
        unregister_metric("predicted_negative_share")
    unregister_metric("no_such_metric")  # absent: a no-op, so teardowns can always call it
    with pytest.raises(EthicLensInputError, match="must be a GroupMetric"):
        register_group_metric("selection_rate")
