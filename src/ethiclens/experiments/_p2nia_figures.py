"""The P2NIA paper's figures and tables from the experiment's rows (CSV, Markdown, PNG).

One PNG per paper figure, every method present in the rows on the same axes (black box, GRR
with each accounting as its own series, MST, AIM, any other registered mechanism):

- Fig. 3: DP error vs n′ at ε = 10 (random forest); Fig. 7: the same with XGBoost;
- Fig. 4: DP error vs ε at the reference n′ (random forest), the black box (which has no ε) as
  a horizontal line; Fig. 6: the same with XGBoost;
- Fig. 5: DP, EO and EOpp errors at ε = 10 and the reference n′, averaged over the models
  every method was run with (the paper: "averaged on the two models"; a method run with the
  random forest only restricts the figure to the random forest); Fig. 8: the same at ε = 1.

A figure is written only when its rows exist (no XGBoost rows: no Figs. 6/7). A model
registered at run time (``p2nia.register_model``), which the paper does not draw, gets the same
two plots as ``{prefix}-{model}-sizes.png`` and ``{prefix}-{model}-epsilons.png``; figures label
every model by its registry ``label``.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import check_epsilon
from .._secrets import mask_secrets, masked_cut
from .._text import csv_safe_frame, literal_figure, short_labels
from ..errors import EthicLensInputError
from ..io import _check_writable_argument, _refuse_no_path, write_atomic
from ..p2nia import get_model, model_label, model_names
from ..report import markdown_text as esc  # the user's names in the Markdown tables

# series -> (legend label, colour, marker), in the paper's legend order
SERIES = {
    "blackbox": ("black-box", "#D55E00", "x"),
    "grr": ("P2NIA (GRR)", "#0072B2", "o"),
    "grr/per-column": ("P2NIA (GRR, per-column ε)", "#56B4E9", "^"),
    "mst": ("P2NIA (MST)", "#009E73", "s"),
    "aim": ("P2NIA (AIM)", "#CC79A7", "D"),
}
LABELS, COLOURS, MARKERS = ({k: v[i] for k, v in SERIES.items()} for i in range(3))
ORDER = tuple(SERIES)
METRIC_NAMES = {"dp": "DP", "eo": "EO", "eopp": "EOpp"}
LEGEND_ROOM = 40  # characters of a legend label beside a panel (the longest ours: 37)


def _label(series: str, text=str) -> str:
    """Legend label of a series (a registered mechanism not listed above gets a generic one,
    its name written by ``text``: escaped in the Markdown tables)."""
    return LABELS.get(series, f"P2NIA ({text(series)})")


def _ordered(names) -> list:
    """Series in the paper's legend order; unknown mechanisms after the known ones."""
    names = list(dict.fromkeys(names))
    return sorted(names, key=lambda s: (ORDER.index(s) if s in ORDER else len(ORDER), s))


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
    """Mean, SD, SE of the absolute error per group; ``count`` = defined runs, ``runs`` = all."""
    out = frame.groupby(by)["abs_error"].agg(["mean", "std", "count", "size"]).reset_index()
    out = out.rename(columns={"size": "runs"})
    out["se"] = out["std"] / np.sqrt(out["count"])
    return out


def _model_rows(frame: pd.DataFrame, model) -> pd.DataFrame:
    """Rows of one model (a name), of several (a tuple), or all (None)."""
    if model is None:
        return frame
    return frame[frame.model.isin([model] if isinstance(model, str) else list(model))]


def _common_models(frame: pd.DataFrame, epsilon: float) -> tuple:
    """Models every series has rows for at ``epsilon`` (the black box at any ε), so an average
    over models compares like with like; all models when no model is common to every series."""
    f = _series(frame)
    f = f[(f.mechanism == "blackbox") | np.isclose(f.epsilon, epsilon)]
    per_series = [set(g.model) for _, g in f.groupby("mechanism")]
    common = set.intersection(*per_series) if per_series else set()
    return tuple(sorted(common or set(frame.model)))


def _reference_n(frame: pd.DataFrame) -> int | None:
    """n′ of the ε sweep and the per-metric figures: the largest n′ of the rows at an ε other
    than 10 (``ExperimentConfig.n_ref``, by default the largest size), else the largest n′ in
    the rows. The largest n′ alone missed an ``n_ref`` below the largest size: the ε sweep
    and the GRR/MST/AIM bars were left out of the figures and tables, unsaid."""
    if frame.empty:
        return None
    swept = frame[(frame.mechanism != "blackbox") & ~np.isclose(frame.epsilon.astype(float), 10.0)]
    return int((swept if len(swept) else frame).n.max())


def sizes_summary(frame, *, epsilon=10.0, metric="dp", model=None) -> pd.DataFrame:
    """Fig. 3/7 data: error per (series, n′) at ``epsilon``; the black box (no ε) at every n′."""
    f = _model_rows(_series(frame), model)
    f = f[f.metric == metric]
    part = f[(f.mechanism == "blackbox") | np.isclose(f.epsilon, epsilon)]
    return _summary(part, ["mechanism", "n"])


def epsilons_summary(frame, *, n=None, metric="dp", model=None) -> pd.DataFrame:
    """Fig. 4/6 data: error per (series, ε) at n′ = ``n`` (default the largest); the black box
    has ε = 0 (none)."""
    f = _model_rows(_series(frame), model)
    f = f[f.metric == metric]
    n = _reference_n(f) if n is None else n
    return _summary(f[f.n == n], ["mechanism", "epsilon"])


def _metric_rows(frame, *, epsilon, n=None, model=None) -> pd.DataFrame:
    """Rows of Fig. 5/8 at ``epsilon`` (black box: none) and n′ = ``n`` (default the largest),
    restricted to the (model, repetition) runs every series has: averaged over models, a
    series run with fewer repetitions of one model would otherwise weigh the models
    differently from the others."""
    f = _model_rows(_series(frame), model)
    n = _reference_n(f) if n is None else n
    f = f[(f.n == n) & ((f.mechanism == "blackbox") | np.isclose(f.epsilon, epsilon))]
    units = [set(zip(g.model, g.rep, strict=True)) for _, g in f.groupby("mechanism")]
    keep = set.intersection(*units) if units else set()
    # a boolean mask (an empty list selected no column: a KeyError 'mechanism' when no row
    # was at this ε and n′)
    return f[np.array([u in keep for u in zip(f.model, f.rep, strict=True)], dtype=bool)]


def metrics_summary(frame, *, epsilon, n=None, model=None) -> pd.DataFrame:
    """Fig. 5/8 data: error per (series, metric) at ``epsilon`` (black box: none) and n′ =
    ``n`` (default the largest), over every model in the rows unless ``model`` is given, and
    over the repetitions every series has (``_metric_rows``)."""
    return _summary(_metric_rows(frame, epsilon=epsilon, n=n, model=model), ["mechanism", "metric"])


def metric_runs_note(frame, *, epsilon, model=None, text=str) -> str:
    """Which runs a Fig. 5/8 average covers, e.g. "random forest (10 repetitions) and XGBoost
    (6 repetitions)" (each model's label written by ``text``)."""
    f = _metric_rows(frame, epsilon=epsilon, model=model)
    parts = [
        f"{text(model_label(m))} ({n} repetition{'s' if n != 1 else ''})"
        for m, n in f.groupby("model").rep.nunique().items()
    ]
    return " and ".join(parts) if parts else "no run common to every method"


def draw_sizes(ax, frame, *, epsilon=10.0, metric="dp", model=None) -> list[str]:
    """Fig. 3 (random forest) / Fig. 7 (XGBoost): error vs n′, one line per series. Returns
    the series drawn."""
    s = sizes_summary(frame, epsilon=epsilon, metric=metric, model=model)
    drawn = _lines(ax, s, "n")
    _ticks(ax, sorted(s.n.unique()))
    ax.set_xlabel(f"released rows n′ (ε = {epsilon:g}; black box: no ε)")
    ax.set_ylabel(f"mean |{METRIC_NAMES.get(metric, metric)} estimate − reference|")
    return drawn


def draw_epsilons(ax, frame, *, n=None, metric="dp", model=None) -> list[str]:
    """Fig. 4 (random forest) / Fig. 6 (XGBoost): error vs ε, one line per series; the black
    box (no ε) as a dashed horizontal line with its standard-error band."""
    s = epsilons_summary(frame, n=n, metric=metric, model=model)
    bb = s[s.mechanism == "blackbox"]
    drawn = _lines(ax, s[s.mechanism != "blackbox"], "epsilon")
    for _, r in bb.iterrows():
        ax.axhline(r["mean"], color=COLOURS["blackbox"], ls="--", label=_label("blackbox"))
        if np.isfinite(r["se"]):
            ax.axhspan(
                r["mean"] - r["se"], r["mean"] + r["se"], color=COLOURS["blackbox"], alpha=0.1
            )
        drawn.append("blackbox")
    eps = sorted(s[s.mechanism != "blackbox"].epsilon.unique())
    _ticks(ax, eps)
    n_used = n if n is not None else _reference_n(_model_rows(frame, model))
    ax.set_xlabel(f"ε (n′ = {n_used}; GRR per-column: ε per released column)")
    ax.set_ylabel(f"mean |{METRIC_NAMES.get(metric, metric)} estimate − reference|")
    return drawn


def draw_metrics(ax, frame, *, epsilon, n=None, model=None) -> list[str]:
    """Fig. 5 (ε = 10) / Fig. 8 (ε = 1): grouped bars, DP, EO and EOpp on the x axis, one bar
    per series with its standard error."""
    s = metrics_summary(frame, epsilon=epsilon, n=n, model=model)
    metrics = [m for m in METRIC_NAMES if m in set(s.metric)]
    series = _ordered(s.mechanism)
    width = 0.8 / max(len(series), 1)
    for i, mech in enumerate(series):
        part = s[s.mechanism == mech].set_index("metric").reindex(metrics)
        x = np.arange(len(metrics)) - 0.4 + width * (i + 0.5)
        ax.bar(
            x,
            part["mean"].to_numpy(dtype=float),
            width,
            yerr=part["se"].fillna(0).to_numpy(dtype=float),
            label=_label(mech),
            color=COLOURS.get(mech),
            capsize=2,
        )
    ax.set_xticks(np.arange(len(metrics)), [METRIC_NAMES[m] for m in metrics])
    ax.set_ylabel("mean |estimate − reference|")
    n_used = n if n is not None else _reference_n(_model_rows(frame, model))
    ax.set_xlabel(f"ε = {epsilon:g} (black box: no ε), n′ = {n_used}")
    return series


def paper_figures(frame: pd.DataFrame) -> dict:
    """The paper figures the rows support: {key: (title, drawer, keyword arguments)}."""
    models = set(frame.model) if "model" in frame.columns else set()
    eps = set(np.round(frame.epsilon.astype(float), 6)) if len(frame) else set()
    figs = {}
    # each registered model's figures (the paper's for rf, xgb)
    for model in [m for m in model_names() if m in models]:
        entry = get_model(model)
        (f_n, f_eps), name = entry.figure_keys(), entry.label
        if 10.0 in eps:
            figs[f_n] = (f"DP error vs n′ at ε = 10, {name}", draw_sizes, {"model": model})
        if len(eps - {0.0}) > 1:
            figs[f_eps] = (f"DP error vs ε, {name}", draw_epsilons, {"model": model})
    for key, e in (("fig5", 10.0), ("fig8", 1.0)):
        if e in eps:
            common = _common_models(frame, e)
            averaged = metric_runs_note(frame, epsilon=e, model=common)
            figs[key] = (
                f"DP, EO and EOpp errors at ε = {e:g}\n(over {averaged})",
                draw_metrics,
                {"epsilon": e, "model": common},
            )
    return figs


def write_figures(frame: pd.DataFrame, out: Path, prefix: str) -> list[Path]:
    """One PNG per paper figure the rows support (``{prefix}-fig3.png`` ...)."""
    return [write() for _, write in _figure_writers(frame, out, prefix)]


def _figure_writers(frame: pd.DataFrame, out: Path, prefix: str) -> list:
    """(path, writer) of each paper figure the rows support, for each to be written alone."""

    def writer(key, title, drawer, kwargs):
        def write() -> Path:
            fig, ax = _subplots(figsize=(6.4, 4.2))
            drawer(ax, frame, **kwargs)
            paper = f" (Fig. {key[3:]})" if key.startswith("fig") else ""  # a paper figure
            ax.set_title(f"{prefix}: {title}{paper}", fontsize=9)
            return _save(fig, [ax], Path(out) / f"{prefix}-{key}.png", 7)

        return Path(out) / f"{prefix}-{key}.png", write

    return [writer(key, *spec) for key, spec in paper_figures(frame).items()]


def _subplots(*grid, figsize):
    """A figure and its axes, drawn without pyplot (files only): the caller's matplotlib
    backend stays as it is (a notebook's plots keep showing)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize)
    return fig, fig.subplots(*grid)


def _save(fig, axes, png: Path, fontsize: int, grid: str = "both") -> Path:
    """``fig`` written to ``png`` (atomically), each of ``axes`` with a ``grid`` and
    a legend of ``fontsize`` (every text drawn literally: a model's label is the user's text)."""
    for ax in axes:
        ax.grid(axis=grid, color="#eeeeee")
        # beside the panel: inside (loc='best'), it covered a method's points and error bars;
        # a long label (a registered mechanism's name) cut in its middle, or it ran off the PNG
        handles, labels = ax.get_legend_handles_labels()
        labels = short_labels(labels, LEGEND_ROOM, mask_secrets)
        ax.legend(handles, labels, fontsize=fontsize, loc="upper left", bbox_to_anchor=(1.01, 1))
    literal_figure(fig, mask=mask_secrets)  # a password in a name: ***, as in the tables
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=120, format="png")
    return write_atomic(png, buffer.getvalue())


def write_outputs(
    frame: pd.DataFrame, out: Path, dataset: str, metric_epsilons=(10.0, 1.0)
) -> list[Path]:
    """Rows CSV, one PNG per paper figure (Figs. 3-8 as the rows allow, every method on the
    same axes), an overview of Figs. 3 and 4 side by side and the tables (Markdown);
    ``metric_epsilons`` are the budgets of the per-metric table (``--metric-epsilons``). The
    rows :func:`run_experiment` kept in ``out`` (``keep_in``) are removed once the rows CSV is
    written."""
    fix = "give the folder to write the figures and tables into, e.g. 'results/'"
    _refuse_no_path(out, "out", fix, "argument", folder=True)  # '', 3, None, a NUL: named
    _check_rows(frame, dataset)
    metric_epsilons = _check_metric_epsilons(metric_epsilons)
    out = Path(out)  # a str works too
    rows = out / f"{dataset}-rows.csv"
    writers = [(rows, lambda: write_atomic(rows, csv_safe_frame(frame).to_csv(index=False)))]
    writers += _figure_writers(frame, out, dataset)
    overview = out / f"{dataset}-fig3-fig4.png"
    writers.append((overview, lambda: _write_overview(frame, overview, dataset)))
    tables = out / f"{dataset}-tables.md"  # write_tables' file
    writers.append((tables, lambda: write_tables(frame, out, dataset, metric_epsilons)))
    files, failed = [], []  # one output not written leaves every other written, then is said
    for path, write in writers:
        try:
            files.append(write())
        except Exception as exc:  # noqa: BLE001 - said once the rest is written
            failed.append((path, exc))
    if rows in files:  # run_experiment's kept rows (keep_in): the rows CSV now holds them
        from ._p2nia_experiment import partial_rows_path

        partial_rows_path(out, dataset).unlink(missing_ok=True)
    if failed:
        raise _not_written(failed, files)
    return files


def _write_overview(frame: pd.DataFrame, png: Path, dataset: str) -> Path:
    """Figs. 3 and 4 side by side. Every table and the overview are per model, as the paper's
    figures are: a method run with one model only must not be set beside another's average
    over both."""
    models = _models_in(frame)
    first = models[0] if models else None
    fig, axes = _subplots(1, 2, figsize=(11, 4))
    draw_sizes(axes[0], frame, model=first)
    axes[0].set_title(f"{dataset}: error vs sample size (Fig. 3), {_name(first)}", fontsize=10)
    draw_epsilons(axes[1], frame, model=first)
    axes[1].set_title(f"{dataset}: error vs privacy budget (Fig. 4), {_name(first)}", fontsize=10)
    return _save(fig, axes, png, 8)


def _not_written(failed, written) -> EthicLensInputError:
    """The refusal of the first output not written, naming the others not written and what
    was (the rows CSV, the run's finished work, above all)."""
    path, exc = failed[0]
    if isinstance(exc, EthicLensInputError):
        problem, fix, column, kind = exc.problem, exc.fix, exc.column, exc.kind
    else:  # a figure that could not be drawn: one line, no traceback
        problem = (
            f"output {path} could not be written ({type(exc).__name__}: {masked_cut(exc, 300)})"
        )
        fix, column, kind = "report this with the rows that caused it", None, None
    if len(failed) > 1:
        problem += "; also not written: " + ", ".join(str(p) for p, _ in failed[1:])
    if written:
        problem += "; written: " + ", ".join(str(p) for p in written)
    return EthicLensInputError(problem, column=column, fix=fix, kind=kind)


ROW_COLUMNS = ("model", "rep", "mechanism", "epsilon", "n", "metric", "abs_error")


def _check_rows(frame, dataset) -> None:
    """``frame``: run_experiment's rows (or its rows CSV read back), at least one; refused
    naming what is missing (no rows or no 'model' column raised an AttributeError, KeyError
    'mechanism' and the like, after the rows CSV was written)."""
    fix = f"pass the rows run_experiment returns (or read back its {dataset}-rows.csv)"
    if not isinstance(frame, pd.DataFrame):
        problem = f"must be a pandas DataFrame of the experiment's rows, not {type(frame).__name__}"
        raise EthicLensInputError(problem, column="frame", kind="argument", fix=fix)
    missing = [c for c in ROW_COLUMNS if c not in frame.columns]
    if missing:
        problem = f"has no column {', '.join(map(repr, missing))} (the experiment's rows have them)"
        raise EthicLensInputError(problem, column="frame", kind="argument", fix=fix)
    if frame.empty:
        raise EthicLensInputError(
            "has no rows: no figure or table to write", column="frame", kind="argument", fix=fix
        )


def _check_metric_epsilons(values) -> list[float]:
    """``metric_epsilons``: distinct budgets, as ``ExperimentConfig`` takes them ((10, 10)
    wrote the per-metric table twice; "10" read as ε 1 and 0, unsaid)."""
    if isinstance(values, range) or (isinstance(values, np.ndarray) and values.ndim == 1):
        values = list(values)
    if not isinstance(values, list | tuple):
        problem = f"must be a list (or tuple) of values, not one {type(values).__name__}"
        raise EthicLensInputError(
            problem, column="metric_epsilons", kind="argument", fix="e.g. (10.0, 1.0)"
        )
    budgets = [check_epsilon(e, "metric_epsilons") for e in values]
    if len(set(budgets)) != len(budgets):
        raise EthicLensInputError(
            "values repeated", column="metric_epsilons", kind="argument", value=list(values),
            fix="list each value once",
        )  # fmt: skip
    return budgets


def _models_in(frame: pd.DataFrame) -> list:
    """The rows' models, registered ones in registry order first."""
    models = [m for m in model_names() if m in set(frame.model)]
    return models + sorted(set(frame.model) - set(models))


def write_tables(frame: pd.DataFrame, out: Path, dataset: str, metric_epsilons=(10.0, 1.0)) -> Path:
    """``{dataset}-tables.md``: per model, error vs n′ and vs ε; per metric at each of
    ``metric_epsilons`` over the runs every method has; the long form."""
    models = _models_in(frame)
    n_ref = _reference_n(frame[frame.metric == "dp"])
    metric_eps = [float(e) for e in metric_epsilons]
    names = ", ".join(f"'{esc(m)}'" for m in models)
    md = [
        f"# P2NIA on {esc(dataset)}",
        "",
        f"Rows: {len(frame)}; models: [{names}]; repetitions: {frame.rep.nunique()}. Mean "
        "absolute error ± standard error over repetitions, per model (the per-metric tables: "
        "over the models every method was run with, as in the paper's Figs. 5 and 8); `runs` "
        "counts defined estimates (of all runs when some were undefined).",
    ]
    long_form = []
    for model in models:
        s3 = sizes_summary(frame, model=model)
        s4 = epsilons_summary(frame, model=model)
        md += [
            "",
            f"## {_name(model, esc)}: error vs n′ (DP, ε = 10; black-box has no ε)",
            "",
            wide_table(s3, "n"),
            "",
            f"## {_name(model, esc)}: error vs ε (DP, n′ = {n_ref}; black-box: ε = 0 means none)",
            "",
            wide_table(s4, "epsilon"),
        ]
        long_form += [f"### {_name(model, esc)}", "", _table(s3, ["mechanism", "n"]), ""]
        long_form += [_table(s4, ["mechanism", "epsilon"]), ""]
    for e in metric_eps:
        common = _common_models(frame, e)
        s5 = metrics_summary(frame, epsilon=e, model=common)
        md += [
            "",
            f"## Per metric at n′ = {n_ref}, ε = {e:g} (black-box: no ε; over "
            f"{metric_runs_note(frame, epsilon=e, model=common, text=esc)})",
            "",
            _table(s5, ["mechanism", "metric"]),
        ]
    if not metric_eps:
        md += ["", "## Per metric", "", "Not run (no --metric-epsilons): ε = none."]
    md += ["", "## Long form (DP)", "", *long_form]
    return write_atomic(Path(out) / f"{dataset}-tables.md", "\n".join(md))


def _name(model, text=str) -> str:
    """A model's label (written by ``text``); ``None`` (no rows) is every model."""
    return "every model" if model is None else text(model_label(model))


def _cell(r) -> str:
    if not r["count"]:
        return "undefined"
    digits = 4 if abs(r["mean"]) < 0.01 else 3  # small errors keep two significant digits
    se = "" if not np.isfinite(r["se"]) else f" ± {r['se']:.{digits}f}"
    runs = "" if r["count"] == r["runs"] else f" ({int(r['count'])}/{int(r['runs'])})"
    return f"{r['mean']:.{digits}f}{se}{runs}"


def wide_table(summary: pd.DataFrame, x: str) -> str:
    """Markdown table: one row per ``x`` value, one column per series (mean ± SE; the number
    of defined runs when not all were). The black box (ε = 0) is its own row in an ε table."""
    series = _ordered(summary.mechanism)
    lines = [
        f"| {'n′' if x == 'n' else 'ε' if x == 'epsilon' else x} | "
        + " | ".join(_label(s, esc) for s in series)
        + " |",
        "|" + "---|" * (len(series) + 1),
    ]
    # DP, EO, EOpp in the paper's order
    order = (lambda m: list(METRIC_NAMES).index(m)) if x == "metric" else None
    for value in sorted(summary[x].unique(), key=order):
        parts = [summary[(summary.mechanism == s) & (summary[x] == value)] for s in series]
        cells = [_cell(r.iloc[0]) if len(r) else "" for r in parts]
        if x == "metric":
            shown = METRIC_NAMES.get(value, value)
        else:
            shown = "none" if x == "epsilon" and value == 0 else f"{value:g}"
        lines.append(f"| {shown} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _table(summary: pd.DataFrame, keys) -> str:
    lines = [
        "| " + " | ".join(keys) + " | mean abs error | SE | runs |",
        "|" + "---|" * (len(keys) + 3),
    ]
    for _, r in summary.iterrows():
        cells = [
            _label(r[k], esc)
            if k == "mechanism"
            else f"{r[k]:g}"
            if isinstance(r[k], float)
            else str(r[k])
            for k in keys
        ]
        mean = f"{r['mean']:.4f}" if r["count"] else "undefined"
        se = f"{r['se']:.4f}" if np.isfinite(r["se"]) else "—"  # one defined run: no SE
        runs = f"{int(r['count'])}" + ("" if r["count"] == r["runs"] else f" of {int(r['runs'])}")
        lines.append("| " + " | ".join(cells) + f" | {mean} | {se} | {runs} |")
    return "\n".join(lines)


def _ticks(ax, ticks) -> None:
    """A log x axis with a tick at each of ``ticks``; with no defined point drawn (every
    estimate undefined), its limits from the ticks: a log axis left on its default limits
    (below 0) failed the whole figure ('Data cannot be log-scaled')."""
    from matplotlib.ticker import NullFormatter

    ax.set_xscale("log")
    if len(ticks):
        if not np.isfinite(ax.dataLim.x0):
            ax.set_xlim(min(ticks) / 1.25, max(ticks) * 1.25)
        ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.xaxis.set_minor_formatter(NullFormatter())


def _lines(ax, summary, x: str) -> list[str]:
    """One error-bar line per series of a mean/se summary, against column ``x``."""
    drawn = []
    for mech in _ordered(summary.mechanism):
        part = summary[summary.mechanism == mech].sort_values(x)
        ax.errorbar(
            part[x],
            part["mean"],
            yerr=part.se,
            label=_label(mech),
            color=COLOURS.get(mech),
            marker=MARKERS.get(mech, "v"),
            ls="--" if mech == "blackbox" else "-",
            capsize=3,
        )
        drawn.append(mech)
    return drawn


def write_population_bias_figure(frame: pd.DataFrame, path) -> Path:
    """The paper's Fig. 1 from ``cross_population`` rows: the black-box DP estimate with each
    audit state's records (mean over repetitions, ± one standard deviation), the model's true
    DP on its own state's held-out records as a line, states sorted by their error."""
    from ._p2nia_experiment import check_population_rows

    check_population_rows(frame)
    _check_writable_argument(path, "path", "pass the file to write, e.g. 'population-bias.png'")
    per_state = (
        frame.groupby("audit_state")
        .agg(
            blackbox=("blackbox_dp", "mean"),
            spread=("blackbox_dp", "std"),
            error=("abs_error", "mean"),
        )
        .sort_values("error")
    )
    reference = float(frame.reference_dp.mean())
    train = ", ".join(sorted(set(frame.train_state)))
    model = ", ".join(model_label(m) for m in sorted(set(frame.model)))
    fig, ax = _subplots(figsize=(max(6.4, 0.22 * len(per_state) + 2.0), 4.2))
    x = np.arange(len(per_state))
    ax.bar(
        x,
        per_state.blackbox,
        yerr=per_state.spread.fillna(0.0),
        color=COLOURS["blackbox"],
        alpha=0.8,
        width=0.6,
        label="black-box DP with the state's records",
    )
    ax.axhline(
        reference, color="black", lw=1.2, ls="--", label=f"true DP ({train}) {reference:.3f}"
    )
    ax.set_xticks(x, per_state.index, rotation=90 if len(per_state) > 8 else 0, fontsize=7)
    ax.set_xlabel("audit state (sorted by absolute error)")
    ax.set_ylabel("demographic parity (sex)")
    reps = frame.groupby("audit_state").size().max()
    ax.set_title(
        f"Population bias (Fig. 1): {model} trained in {train}\nmean |error| "
        f"{per_state.error.mean():.3f} over {len(per_state)} audit state(s), "
        f"{reps} repetition(s)",
        fontsize=9,
    )
    return _save(fig, [ax], path, 7, grid="y")
