"""The P2NIA paper's figures and tables from the experiment's rows (CSV, Markdown, PNG)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..report import write_atomic

LABELS = {
    "grr": "P2NIA (GRR)",
    "grr/per-column": "P2NIA (GRR, per-column ε)",
    "mst": "P2NIA (MST)",
    "aim": "P2NIA (AIM)",
    "blackbox": "black-box",
}
COLOURS = {
    "grr": "#0072B2",
    "grr/per-column": "#56B4E9",
    "mst": "#009E73",
    "aim": "#CC79A7",
    "blackbox": "#D55E00",
}
MARKERS = {"grr": "o", "grr/per-column": "^", "mst": "s", "aim": "D", "blackbox": "x"}


def _label(series: str) -> str:
    """Legend label of a series (a registered mechanism not listed above gets a generic one)."""
    return LABELS.get(series, f"P2NIA ({series})")


def _series(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows labelled by series: per-column accounting is its own line ("grr/per-column"), so
    runs with both accountings are drawn side by side, never averaged together."""
    if "accounting" not in frame.columns:
        return frame
    frame = frame.copy()
    per_column = frame["accounting"].eq("per-column")
    frame.loc[per_column, "mechanism"] = frame.loc[per_column, "mechanism"] + "/per-column"
    return frame


def _summary(frame, by):
    g = frame.groupby(by)["abs_error"]
    out = g.agg(["mean", "std", "count"]).reset_index()
    out["se"] = out["std"] / np.sqrt(out["count"])
    return out


def write_outputs(
    frame: pd.DataFrame, out: Path, dataset: str, metric_epsilons=(10.0, 1.0)
) -> list[Path]:
    """Rows CSV, Figs. 3-4 (PNG) and the tables (Markdown); ``metric_epsilons`` are the budgets
    of the per-metric table (the experiment's ``--metric-epsilons``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files = []
    raw = out / f"{dataset}-rows.csv"
    write_atomic(raw, frame.to_csv(index=False))
    files.append(raw)
    frame = _series(frame)
    dp = frame[frame.metric == "dp"]
    bb = dp[dp.mechanism == "blackbox"]
    fig3 = pd.concat([dp[(dp.mechanism != "blackbox") & (dp.epsilon == 10.0)], bb])
    s3 = _summary(fig3, ["mechanism", "n"])
    fig4 = dp[(dp.mechanism != "blackbox") & (dp.n == dp.n.max())]
    s4 = _summary(fig4, ["mechanism", "epsilon"])
    bb_max = _summary(bb[bb.n == bb.n.max()], ["mechanism"])
    metric_eps = [float(e) for e in metric_epsilons]
    fig5 = frame[(frame.n == frame.n.max()) & frame.epsilon.isin(metric_eps + [0.0])]
    s5 = _summary(fig5, ["mechanism", "epsilon", "metric"])

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    _lines(axes[0], s3, "n")
    axes[0].set_xscale("log")
    axes[0].set_xlabel("released rows n′ (ε = 10)")
    axes[0].set_ylabel("|DP estimate − reference|")
    axes[0].set_title(f"{dataset}: error vs sample size (Fig. 3)", fontsize=10)
    _lines(axes[1], s4, "epsilon")
    for _, row in bb_max.iterrows():
        axes[1].axhline(
            row["mean"], color=COLOURS["blackbox"], ls="--", label=LABELS["blackbox"] + " (no ε)"
        )
    axes[1].set_xscale("log")
    axes[1].set_xlabel(f"ε (n′ = {int(dp.n.max())})")
    axes[1].set_title(f"{dataset}: error vs privacy budget (Fig. 4)", fontsize=10)
    from matplotlib.ticker import NullFormatter

    for ax, ticks in ((axes[0], sorted(s3.n.unique())), (axes[1], sorted(s4.epsilon.unique()))):
        ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.grid(color="#eeeeee")
        ax.legend(fontsize=8)
    fig.tight_layout()
    png = out / f"{dataset}-fig3-fig4.png"
    fig.savefig(png, dpi=120)
    plt.close(fig)
    files.append(png)

    md = [
        f"# P2NIA on {dataset}",
        "",
        f"Rows: {len(frame)}; models: {sorted(frame.model.unique())}; repetitions: "
        f"{frame.rep.nunique()}. Mean absolute error ± standard error over repetitions and "
        "models.",
        "",
        "## Error vs n′ (DP, ε = 10; black-box has no ε)",
        "",
        _table(s3, ["mechanism", "n"]),
        "",
        f"## Error vs ε (DP, n′ = {int(dp.n.max())})",
        "",
        _table(s4, ["mechanism", "epsilon"]),
        "",
        "black-box at the same n′: "
        + ", ".join(f"{r['mean']:.4f} ± {r['se']:.4f}" for _, r in bb_max.iterrows()),
        "",
        f"## Per metric at the largest n′ (ε = {_and(metric_eps)}; black-box: ε = 0 means none)",
        "",
        _table(s5, ["mechanism", "epsilon", "metric"]),
        "",
    ]
    path = out / f"{dataset}-tables.md"
    write_atomic(path, "\n".join(md))
    files.append(path)
    return files


def _and(values) -> str:
    shown = [f"{v:g}" for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _table(summary: pd.DataFrame, keys) -> str:
    lines = [
        "| " + " | ".join(keys) + " | mean abs error | SE | runs |",
        "|" + "---|" * (len(keys) + 3),
    ]
    for _, r in summary.iterrows():
        cells = [
            _label(r[k])
            if k == "mechanism"
            else f"{r[k]:g}"
            if isinstance(r[k], float)
            else str(r[k])
            for k in keys
        ]
        lines.append(
            "| " + " | ".join(cells) + f" | {r['mean']:.4f} | {r['se']:.4f} | {int(r['count'])} |"
        )
    return "\n".join(lines)


def _lines(ax, summary, x: str) -> None:
    """One error-bar line per mechanism of a mean/se summary, against column ``x``."""
    for mech, part in summary.groupby("mechanism"):
        ax.errorbar(
            part[x],
            part["mean"],
            yerr=part.se,
            label=_label(mech),
            color=COLOURS.get(mech),
            marker=MARKERS.get(mech, "v"),
            capsize=3,
        )
