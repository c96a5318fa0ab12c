"""The paper's figures from a tiny synthetic rows table: every method present on the same axes."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from ethiclens.experiments import _p2nia_figures as figs  # noqa: E402

SIZES = (250, 1000, 5000)
EPSILONS = (0.1, 1.0, 10.0)
# (mechanism, accounting, error scale): the series of the paper's figures plus both GRR
# accountings; the black box has no ε
SERIES = (
    ("grr", "record", 0.3),
    ("grr", "per-column", 0.2),
    ("mst", None, 0.1),
    ("aim", None, 0.05),
)


def _rows(models=("rf", "xgb"), reps=2):
    rows = []

    def add(model, rep, mech, eps, acc, n, metric, err):
        rows.append(
            dict(
                dataset="adult",
                model=model,
                rep=rep,
                mechanism=mech,
                epsilon=eps,
                accounting=acc,
                n=n,
                metric=metric,
                estimate=0.1 + err,
                reference=0.1,
                abs_error=err,
            )
        )

    for model in models:
        for rep in range(reps):
            for metric in ("dp", "eo", "eopp"):
                for n in SIZES:
                    add(model, rep, "blackbox", 0.0, None, n, metric, 0.15 + 0.01 * rep)
                for mech, acc, scale in SERIES:
                    for eps in EPSILONS:
                        sizes = SIZES if eps == 10.0 else (5000,)
                        for n in sizes:
                            err = scale / eps / np.sqrt(n / 250) * (1 + 0.1 * rep)
                            add(model, rep, mech, eps, acc, n, metric, err)
    return pd.DataFrame(rows)


ALL = {"blackbox", "grr", "grr/per-column", "mst", "aim"}


def _legend(ax) -> set[str]:
    return set(ax.get_legend_handles_labels()[1])


@pytest.mark.parametrize(
    "drawer, kwargs",
    [
        (figs.draw_sizes, {"model": "rf"}),
        (figs.draw_epsilons, {"model": "rf"}),
        (figs.draw_sizes, {"model": "xgb"}),
        (figs.draw_epsilons, {"model": "xgb"}),
        (figs.draw_metrics, {"epsilon": 10.0}),
        (figs.draw_metrics, {"epsilon": 1.0}),
    ],
)
def test_each_figure_draws_every_method_on_one_axes(drawer, kwargs):
    fig, ax = plt.subplots()
    drawn = drawer(ax, _rows(), **kwargs)
    assert set(drawn) == ALL
    assert _legend(ax) == {figs._label(s) for s in ALL}
    plt.close(fig)


def test_lines_carry_the_summarised_means():
    frame = _rows(models=("rf",))
    fig, ax = plt.subplots()
    figs.draw_sizes(ax, frame, model="rf")
    # an error-bar container per series: its label and its data line
    lines = {c.get_label(): c.lines[0] for c in ax.containers}
    # GRR record at ε = 10: error 0.3/10/sqrt(n/250) * (1 + 0.1 rep), mean over reps 0 and 1
    y = np.asarray(lines["P2NIA (GRR)"].get_ydata(), dtype=float)
    expected = [0.03 / np.sqrt(n / 250) * 1.05 for n in SIZES]
    np.testing.assert_allclose(y, expected)
    # the black box (no ε) is drawn at every n′ too
    np.testing.assert_allclose(
        np.asarray(lines["black-box"].get_ydata(), dtype=float), [0.155] * len(SIZES)
    )
    plt.close(fig)


def test_metric_figure_has_a_bar_per_method_and_metric():
    fig, ax = plt.subplots()
    figs.draw_metrics(ax, _rows(), epsilon=10.0)
    bars = [p for c in ax.containers for p in getattr(c, "patches", [])]
    assert len(bars) == len(ALL) * 3
    assert [t.get_text() for t in ax.get_xticklabels()] == ["DP", "EO", "EOpp"]
    plt.close(fig)


def test_write_figures_one_png_per_paper_figure(tmp_path):
    files = figs.write_figures(_rows(), tmp_path, "toy")
    names = sorted(f.name for f in files)
    assert names == [f"toy-fig{i}.png" for i in (3, 4, 5, 6, 7, 8)]
    for f in files:
        assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and f.stat().st_size > 5000


def test_only_the_figures_the_rows_support(tmp_path):
    rf_dp10 = _rows(models=("rf",))
    rf_dp10 = rf_dp10[rf_dp10.epsilon.isin([0.0, 10.0])]
    files = figs.write_figures(rf_dp10, tmp_path, "toy")
    # no XGBoost rows: no Figs. 6/7; one ε only: no ε sweep (Fig. 4); no ε = 1: no Fig. 8
    assert sorted(f.name for f in files) == ["toy-fig3.png", "toy-fig5.png"]


def test_write_outputs_tables_show_every_method_side_by_side(tmp_path):
    files = figs.write_outputs(_rows(models=("rf",)), tmp_path, "toy")
    tables = next(f for f in files if f.suffix == ".md").read_text()
    header = next(line for line in tables.splitlines() if line.startswith("| ε |"))
    for s in ALL:
        assert figs._label(s) in header
    # GRR record at ε = 0.1, n′ = 5000: 0.3/0.1/sqrt(20) * 1.05
    assert f"{3 / np.sqrt(20) * 1.05:.3f}" in tables
    assert (tmp_path / "toy-fig3-fig4.png").exists() and (tmp_path / "toy-fig4.png").exists()


def test_undefined_estimates_are_counted_not_averaged_as_zero():
    frame = _rows(models=("rf",))
    mask = (frame.mechanism == "grr") & (frame.rep == 0) & (frame.epsilon == 0.1)
    frame.loc[mask, ["estimate", "abs_error"]] = np.nan
    s = figs.epsilons_summary(frame, model="rf")
    r = s[(s.mechanism == "grr") & (s.epsilon == 0.1)].iloc[0]
    assert r["count"] == 1 and r["runs"] == 2
    assert r["mean"] == pytest.approx(3 / np.sqrt(20) * 1.1)
    assert "(1/2)" in figs.wide_table(s, "epsilon")


def test_metric_figures_average_only_over_models_every_method_has():
    frame = _rows()
    frame = frame[~((frame.model == "xgb") & frame.mechanism.isin(["mst", "aim"]))]
    figures = figs.paper_figures(frame)
    assert figures["fig5"][2]["model"] == ("rf",)
    assert "random forest" in figures["fig5"][0] and "XGBoost" not in figures["fig5"][0]
    assert figs.paper_figures(_rows())["fig5"][2]["model"] == ("rf", "xgb")


def test_write_outputs_without_metric_epsilons(tmp_path):
    # `p2nia experiment --metric-epsilons ""` skips Figs. 5/8; writing its outputs used to end
    # in an IndexError after the whole experiment had run.
    files = figs.write_outputs(_rows(models=("rf",)), tmp_path, "toy", metric_epsilons=())
    tables = next(f for f in files if f.name == "toy-tables.md").read_text()
    assert "ε = none" in tables and "Not run (no --metric-epsilons)" in tables


def test_tables_are_per_model_and_never_mix_a_one_model_method_with_an_average(tmp_path):
    # MST/AIM run with the random forest only; the black box with both models. A table that
    # averaged the black box over both models beside MST/AIM on one would compare unlike
    # things (the XGBoost black box's error differs); every table is per model instead.
    frame = _rows()
    frame.loc[frame.model == "xgb", "abs_error"] *= 3
    frame = frame[~((frame.model == "xgb") & frame.mechanism.isin(["mst", "aim"]))]
    figs.write_outputs(frame, tmp_path, "toy", metric_epsilons=(10.0,))
    text = (tmp_path / "toy-tables.md").read_text()
    rf = figs.sizes_summary(frame, model="rf")
    xgb = figs.sizes_summary(frame, model="xgb")
    for model, s in (("random forest", rf), ("XGBoost", xgb)):
        assert f"## {model}: error vs n′" in text and f"## {model}: error vs ε" in text
        assert figs.wide_table(s, "n") in text
    xgb_part = text.split("## XGBoost: error vs n′")[1].split("##")[0]
    assert "MST" not in xgb_part and "GRR" in xgb_part
    # the per-metric table averages over the models every method has: the random forest
    per_metric = text.split("## Per metric at n′ = 5000, ε = 10")[1]
    assert per_metric.startswith(" (black-box: no ε; over random forest (2 repetitions))")
    bb_rf = frame[(frame.model == "rf") & (frame.mechanism == "blackbox") & (frame.n == 5000)]
    bb_dp = bb_rf[bb_rf.metric == "dp"].abs_error.mean()
    assert f"| black-box | dp | {bb_dp:.4f} |" in per_metric


def test_metric_averages_cover_the_same_runs_for_every_method():
    # MST with XGBoost for repetition 0 only (a grid still running): averaged over both models,
    # MST would weigh XGBoost 1 run in 3 and the black box 2 in 4. Every series is averaged over
    # the (model, repetition) runs all of them have: rf 0, rf 1 and xgb 0.
    frame = _rows()
    frame.loc[frame.model == "xgb", "abs_error"] *= 3
    frame = frame[~((frame.model == "xgb") & (frame.rep == 1) & (frame.mechanism == "mst"))]
    s = figs.metrics_summary(frame, epsilon=10.0, model=("rf", "xgb"))
    bb = s[(s.mechanism == "blackbox") & (s.metric == "dp")].iloc[0]
    rows = frame[(frame.mechanism == "blackbox") & (frame.metric == "dp") & (frame.n == 5000)]
    runs = rows[(rows.model == "rf") | (rows.rep == 0)]
    assert bb["count"] == 3 and bb["mean"] == pytest.approx(runs.abs_error.mean())
    assert set(s[s.metric == "dp"]["count"]) == {3}
    note = figs.metric_runs_note(frame, epsilon=10.0, model=("rf", "xgb"))
    assert note == "random forest (2 repetitions) and XGBoost (1 repetition)"
    assert "XGBoost (1 repetition)" in figs.paper_figures(frame)["fig5"][0]


def test_long_tables_show_no_se_for_a_single_defined_run():
    frame = _rows(models=("rf",))
    mask = (frame.mechanism == "grr") & (frame.rep == 0) & (frame.epsilon == 0.1)
    frame.loc[mask, ["estimate", "abs_error"]] = np.nan
    text = figs._table(figs.epsilons_summary(frame, model="rf"), ["mechanism", "epsilon"])
    row = next(line for line in text.splitlines() if line.startswith("| P2NIA (GRR) | 0.1 |"))
    assert row.endswith("| — | 1 of 2 |") and "nan" not in text
