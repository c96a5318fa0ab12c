"""The PCER paper's tables and Figure 1, recomputed from per-seed rows of a results store."""

from __future__ import annotations

import io
import math
import numbers
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd

from .._secrets import mask_secrets
from .._text import csv_safe_frame, literal_figure
from ..errors import EthicLensInputError
from ..io import _refuse_no_path, write_atomic
from ..privacy import DEFAULT_ETA, FLOOR_ETAS, pcer_values
from ..report import markdown_text as esc

N_RESAMPLES = 5000
# The tables write_tables writes as CSV, and every file it writes (Figure 1 when the store has
# its datasets).
TABLE_NAMES = ("per_seed", "main", "floor_sensitivity", "ranking", "correlations", "mia")
TABLE_FILES = (*(f"{n}.csv" for n in TABLE_NAMES), "tables.md", "figure1.png", "figure1.svg")


def per_seed(groups: pd.DataFrame, eta: float = DEFAULT_ETA) -> pd.DataFrame:
    """One row per (dataset, attribute, ε, seed) of a binary attribute: the paper's quantities."""
    keys = ["dataset", "attribute", "epsilon_key", "seed"]
    _check_group_order(groups)
    g0, g1 = (groups[groups.group_index == i].set_index(keys) for i in (0, 1))
    g0, g1 = g0.align(g1, join="inner")
    if len(g0):  # none paired: the callers refuse the store as having no two groups
        _refuse_unpaired(groups, g0.index)
    out = pd.DataFrame(index=g0.index)
    out["epsilon"] = g0["epsilon"]
    out["group0"], out["group1"] = g0["group_name"], g1["group_name"]
    out["acc"] = g0["test_accuracy"]
    out["epsilon_spent"] = g0["epsilon_spent"]
    out["R0"], out["R1"] = g0["positive_rate"], g1["positive_rate"]
    out["dp_gap"] = (g0["positive_rate"] - g1["positive_rate"]).abs()
    out["dp_gap_signed"] = g0["positive_rate"] - g1["positive_rate"]
    out["eo_gap"] = np.maximum((g0["tpr"] - g1["tpr"]).abs(), (g0["fpr"] - g1["fpr"]).abs())
    out["delta0"], out["delta1"] = g0["delta"], g1["delta"]
    out["auc0"], out["auc1"] = g0["mia_auc"], g1["mia_auc"]
    parts = list(zip(_group_fractions(g0), _group_fractions(g1), strict=True))
    for e in sorted({*FLOOR_ETAS, eta}):
        out[f"dpcer_{e:g}"] = _exact_dpcer(g0, g1, e, parts)
    out["dpcer"] = out[f"dpcer_{eta:g}"]
    out["dpcer_mia"] = _exact_dpcer_mia(g0, g1, eta, parts)
    return out.reset_index()


# The columns of ResultsStore.group_stats() that per_seed reads, and those that are rates
GROUP_COLUMNS = ("dataset", "attribute", "epsilon_key", "seed", "group_index", "group_name")
GROUP_COLUMNS += ("epsilon", "test_accuracy", "epsilon_spent", "positive_rate", "tpr", "fpr")
GROUP_COLUMNS += ("delta", "mia_auc")
_RATE_COLUMNS = ("test_accuracy", "positive_rate", "tpr", "fpr", "delta", "mia_auc")
_RATE_COLUMNS += ("acc_train", "acc_test")


def _check_groups(groups) -> None:
    """write_tables' ``groups``: a frame of :meth:`ResultsStore.group_stats`' columns, each
    rate a number from 0 to 1 or missing (undefined), as the store's readers refuse otherwise
    (a frame of other columns was a KeyError traceback, a rate of 2 a ΔPCER^MIA from it)."""
    fix = "pass the rows ResultsStore.group_stats() gives (open_existing(path).group_stats())"
    if not isinstance(groups, pd.DataFrame):
        problem = "must be a pandas DataFrame of per-group rows"
        raise EthicLensInputError(problem, column="groups", kind="argument", fix=fix)
    if missing := [c for c in GROUP_COLUMNS if c not in groups.columns]:
        problem = f"has no column(s) {missing}"
        raise EthicLensInputError(problem, column="groups", kind="argument", fix=fix)
    for c in (c for c in _RATE_COLUMNS if c in groups.columns):
        values = pd.to_numeric(groups[c], errors="coerce")
        bad = (groups[c].notna() & values.isna()) | (values < 0) | (values > 1)
        if bad.any():
            row = bad[bad].index[0]
            value = groups[c][row]
            value = value.item() if isinstance(value, np.generic) else value  # 2.0, not np's
            problem = f"column {c!r} holds {value!r} in row {row!r}, not a rate from 0 to 1"
            raise EthicLensInputError(problem, column="groups", kind="argument", fix=fix)


def _check_group_order(groups: pd.DataFrame) -> None:
    """Every run of a (dataset, attribute) names one group 0 and one group 1, the same two:
    a store (written by hand, or by ``record`` of runs in another order) whose seeds swap
    them, rename one or hold a third group is refused, naming the runs (the means over
    seeds would mix PCER_0 − PCER_1 with PCER_1 − PCER_0, or leave a group out silently)."""
    cols = ["dataset", "attribute", "epsilon_key", "seed", "group_index", "group_name"]
    for (d, a), part in groups[cols].groupby(["dataset", "attribute"], sort=True):
        where = f"{d} / {a}"
        if bad := sorted(set(part.group_index) - {0, 1}):
            row = part[part.group_index == bad[0]].iloc[0]
            problem = (
                f"{where} has a group_index {_shown_index(bad[0])} (group "
                f"{row.group_name!r}, ε {row.epsilon_key}, seed {row.seed}): the tables "
                "compare group 0 with group 1 of a binary attribute"
            )
            raise _order_error(problem)
        for i in (0, 1):
            names = part[part.group_index == i].drop_duplicates("group_name")
            if len(names) > 1:
                first, other = names.iloc[0], names.iloc[1]
                problem = (
                    f"{where}: group {i} is {first.group_name!r} in the run of ε "
                    f"{first.epsilon_key}, seed {first.seed} but {other.group_name!r} in the "
                    f"run of ε {other.epsilon_key}, seed {other.seed}: their mean ΔPCER = "
                    "PCER_0 − PCER_1 would mix two groups' directions"
                )
                raise _order_error(problem)


def _refuse_unpaired(groups: pd.DataFrame, paired: pd.Index) -> None:
    """A finished run holding one group of an attribute holds the other too: a run without
    one (its row deleted, a store cut short) is refused naming it, never left out of the
    means, counts and sign tests while the other runs are shown. A run without any row of an
    attribute is kept out: a sweep that grew may audit other attributes than the first."""
    keys = list(paired.names)
    found = set(paired)
    for key, held in groups.groupby(keys, sort=True):
        if key in found:
            continue
        d, a, e, s = key
        pairs = zip(held.group_index, held.group_name, strict=True)
        has = ", ".join(f"group {i} {n!r}" for i, n in sorted(pairs))
        problem = (
            f"the run of {d}, ε {e}, seed {s} holds only {has} of {a}, not group 0 and "
            "group 1: the tables would leave it out"
        )
        fix = "rerun that run (delete its row from runs, then ethiclens pcer sweep again)"
        raise EthicLensInputError(problem, column="STORE", fix=fix)


def refuse_runs_without_groups(groups: pd.DataFrame, runs) -> None:
    """A finished run of ``runs`` without one per-group row (its rows deleted) is refused,
    never counted in the run summary while every table leaves it out."""
    if not isinstance(runs, pd.DataFrame) or not {"run_id", "status"} <= set(runs.columns):
        return
    if "run_id" not in groups.columns or groups.empty:  # no rows at all: no finished runs
        return
    done = runs[(runs.status == "done") & ~runs.run_id.isin(groups.run_id)]
    if len(done):
        row = done.iloc[0]
        problem = (
            f"finished run {row['run_id']} ({row['dataset']}, ε {row['epsilon_key']}, seed "
            f"{row['seed']}) holds no per-group row: the tables would leave it out"
        )
        fix = "rerun that run (delete its row from runs, then ethiclens pcer sweep again)"
        raise EthicLensInputError(problem, column="STORE", fix=fix)


def _shown_index(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _order_error(problem: str) -> EthicLensInputError:
    fix = "record every run's groups in one order, as a sweep does (or sweep into a new store)"
    return EthicLensInputError(problem, column="STORE", fix=fix)


def _pcer(group: pd.DataFrame, delta, eta: float):
    """A group's PCER: its positive rate over its privacy cost ``delta``, floored at ``eta``."""
    return group["positive_rate"] / np.maximum(delta, eta)


def _exact_dpcer(g0: pd.DataFrame, g1: pd.DataFrame, eta: float, parts: list) -> pd.Series:
    """PCER_0 − PCER_1 of each run as ``pcer_audit`` computes it: R_g and δ_g as the fractions
    of the group's rows they are (:func:`_group_fractions`), by the audit's own rule (η as the
    decimal it prints as, the difference exact and rounded once). In floats R 1/2, δ 3/10 and
    R 1/3, δ 1/5 (both PCER 5/3) gave ΔPCER 2.2e-16, a sign the audit does not give; a row
    without counts keeps the floats."""
    floats = _pcer(g0, g0["delta"], eta) - _pcer(g1, g1["delta"], eta)
    out = [
        approx if None in pair else _audit_dpcer(*pair, eta)
        for pair, approx in zip(parts, floats.tolist(), strict=True)
    ]
    return pd.Series(out, index=g0.index, dtype=float)


def _exact_dpcer_mia(g0: pd.DataFrame, g1: pd.DataFrame, eta: float, parts: list) -> pd.Series:
    """ΔPCER^MIA of each run as ``membership_inference`` computes it: R_g exact
    (:func:`_group_fractions`) over max(AUC_g − 1/2, η), the AUC the fraction of twice the
    member × non-member pairs it is (ties count half), η as its printed decimal. In floats
    R 0.1 / AUC 0.6 and R 0.3 / AUC 0.8 (both ratios 1) gave 4.4e-16; a row without counts
    keeps the floats."""
    floats = _pcer(g0, g0["mia_auc"] - 0.5, eta) - _pcer(g1, g1["mia_auc"] - 0.5, eta)
    aucs = zip(_auc_fractions(g0), _auc_fractions(g1), strict=True)
    out = []
    for pair, auc, approx in zip(parts, aucs, floats.tolist(), strict=True):
        if None in pair or None in auc:
            out.append(approx)
            continue
        rates = {0: pair[0][0], 1: pair[1][0]}
        advantages = {i: auc[i] - Fraction(1, 2) for i in (0, 1)}
        out.append(pcer_values(rates, advantages, (0, 1), eta)[1])
    return pd.Series(out, index=g0.index, dtype=float)


def _auc_fractions(frame: pd.DataFrame) -> list:
    """Each stored group row's attack AUC as a Fraction of 2 · n_train · n_test (a pair tied
    counts half), or None where it is undefined or the counts are not stored."""
    cols = ["mia_auc", "n_train", "n_test"]
    if any(c not in frame.columns for c in cols):
        return [None] * len(frame)
    out = []
    for auc, n_tr, n_te in frame[cols].itertuples(index=False):
        counts = all(_finite(n) and n == int(n) and n >= 1 for n in (n_tr, n_te))
        if not _finite(auc) or not counts:
            out.append(None)
            continue
        out.append(_stored_fraction(auc, 2 * int(n_tr) * int(n_te)))
    return out


def _audit_dpcer(group0: tuple, group1: tuple, eta: float) -> float:
    """ΔPCER of two groups' exact (R_g, δ_g) by the audit's own rule (privacy's pcer_values)."""
    rates, gaps = {0: group0[0], 1: group1[0]}, {0: group0[1], 1: group1[1]}
    return pcer_values(rates, gaps, (0, 1), eta)[1]


def _group_fractions(frame: pd.DataFrame) -> list:
    """(R_g, δ_g) of each stored group row as Fractions, or None where one is undefined."""
    cols = ["positive_rate", "delta", "acc_train", "acc_test", "n_train", "n_test"]
    if any(c not in frame.columns for c in cols):
        return [None] * len(frame)
    out = []
    for rate, delta, acc_tr, acc_te, n_tr, n_te in frame[cols].itertuples(index=False):
        if not all(_finite(v) for v in (rate, delta, acc_tr, acc_te)):
            out.append(None)
            continue
        gap = max(Fraction(0), _stored_fraction(acc_tr, n_tr) - _stored_fraction(acc_te, n_te))
        exact_delta = gap if float(gap) == delta else Fraction(float(delta))  # another δ
        out.append((_stored_fraction(rate, n_te), exact_delta))
    return out


def _finite(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isfinite(value)


def _stored_fraction(value, n) -> Fraction:
    """The fraction k/n of ``n`` rows whose correctly rounded value is ``value`` (the store keeps
    R_g and the accuracies so), else ``value`` itself, exactly."""
    if _finite(n) and n == int(n) and n >= 1:
        k = Fraction(round(float(value) * float(n)), int(n))
        if float(k) == value:
            return k
    return Fraction(float(value))


# Fewer seeds give no CI (NaN, shown as "—"): a percentile bootstrap of the mean over very few
# seeds is far narrower than 95% claims. Measured (300 simulated sets of t₃ values, 1,000
# resamples each): coverage 48% at 2 seeds, 74% at 3, 82% at 5, 90% at 10, 92% at 20.
MIN_SEEDS_FOR_CI = 10


def bootstrap_mean_ci(values, n_resamples: int = N_RESAMPLES, seed: int = 0):
    """95% percentile bootstrap CI of the mean over seeds; (NaN, NaN) under
    ``MIN_SEEDS_FOR_CI`` seeds of defined (not NaN) values."""
    values = np.asarray(values, float)
    values = values[~np.isnan(values)]
    if len(values) < MIN_SEEDS_FOR_CI:
        return (math.nan, math.nan)
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, len(values), (n_resamples, len(values)))].mean(axis=1)
    lo, hi = np.quantile(means, [0.025, 0.975])
    return float(lo), float(hi)


def sign_test(values) -> tuple[int, int, float]:
    """(n positive, n non-zero, exact two-sided binomial p-value under p = 1/2) of the defined
    values: an undefined (NaN) one is no sign; none defined: p undefined (NaN), never 1."""
    values = np.asarray(values, float)
    values = values[~np.isnan(values)]
    n = int(np.sum(values != 0))
    k = int(np.sum(values > 0))
    if n == 0:
        return k, n, 1.0 if len(values) else math.nan
    tail = sum(math.comb(n, i) for i in range(0, min(k, n - k) + 1)) / 2**n
    return k, n, float(min(1.0, 2 * tail))


def _eps_order(key: str) -> float:
    return -1.0 if key == "none" else float(key)


def _label(key: str) -> str:
    return "no-DP" if key == "none" else f"{float(key):g}"


def _mean_std(part: pd.DataFrame, columns) -> dict:
    """``<column>_mean`` and ``<column>_std`` (over seeds, ddof 1) of each column, in order."""
    out = {}
    for c in columns:
        out[f"{c}_mean"], out[f"{c}_std"] = part[c].mean(), part[c].std(ddof=1)
    return out


def _cell_keys(d: str, a: str, e: str) -> dict:
    """A (dataset, attribute, ε) row's first columns, with the ε sort key ``_order``."""
    return {"dataset": d, "attribute": a, "epsilon": _label(e), "_order": _eps_order(e)}


def _sorted_frame(rows: list, *by: str) -> pd.DataFrame:
    """``rows`` by dataset, attribute, ε (then ``by``), without the sort key ``_order``."""
    frame = pd.DataFrame(rows).sort_values(["dataset", "attribute", "_order", *by])
    return frame.drop(columns="_order").reset_index(drop=True)


def main_table(seeds: pd.DataFrame, eta: float = DEFAULT_ETA) -> pd.DataFrame:
    """One row per (dataset, attribute, ε); ``share_floor_dominated``: the share of its seeds
    whose ΔPCER (at ``eta``, as :func:`per_seed` gave it) is floor-dominated."""
    rows = []
    for (d, a, e), part in seeds.groupby(["dataset", "attribute", "epsilon_key"]):
        lo, hi = bootstrap_mean_ci(part["dpcer"])
        k, n, p = sign_test(part["dpcer"])
        rows.append(
            {
                **_cell_keys(d, a, e),
                "group0": part["group0"].iloc[0],
                "group1": part["group1"].iloc[0],
                "n_seeds": len(part),
                **_mean_std(part, ("acc", "dp_gap", "eo_gap", "delta0", "delta1", "dpcer")),
                "dpcer_ci_low": lo,
                "dpcer_ci_high": hi,
                "n_positive": k,
                "n_nonzero": n,
                "sign_test_p": p,
                "epsilon_spent_mean": part.epsilon_spent.mean(),
                "share_floor_dominated": _floor_share(part, eta),
            }
        )
    return _sorted_frame(rows)


def floor_table(seeds: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (d, a, e), part in seeds.groupby(["dataset", "attribute", "epsilon_key"]):
        for eta in FLOOR_ETAS:
            v = part[f"dpcer_{eta:g}"]
            k, n, p = sign_test(v)
            rows.append(
                {
                    **_cell_keys(d, a, e),
                    "eta": eta,
                    "dpcer_mean": v.mean(),
                    "dpcer_std": v.std(ddof=1),
                    "n_positive": k,
                    "n_nonzero": n,
                    "sign_test_p": p,
                    "share_floor_dominated": _floor_share(part, eta),
                }
            )
    return _sorted_frame(rows, "eta")


def _floor_share(part: pd.DataFrame, eta: float) -> float:
    """The share of ``part``'s seeds whose two δ_g are below ``eta`` (floor-dominated: ΔPCER is
    DP-Gap/η, as ``pcer audit`` says), over the seeds whose two δ_g are stored (a NULL is
    unknown, never 'not dominated'); undefined (NaN) where none is."""
    known = part.delta0.notna() & part.delta1.notna()
    return ((part.delta0 < eta) & (part.delta1 < eta))[known].mean()


def ranking_table(main: pd.DataFrame) -> pd.DataFrame:
    """Best ε per metric (smallest DP-Gap, EO-Gap, |ΔPCER|) and whether DP-Gap and PCER disagree."""
    rows = []
    for (d, a), part in main.groupby(["dataset", "attribute"]):
        dp_order = _order(part, part.dp_gap_mean)
        pcer_order = _order(part, part.dpcer_mean.abs())
        eo_order = _order(part, part.eo_gap_mean)
        best_dp, best_eo, best_pcer = (
            o[0] if o else None for o in (dp_order, eo_order, pcer_order)
        )
        rows.append(
            {
                "dataset": d,
                "attribute": a,
                "best_dp_gap": best_dp,
                "best_eo_gap": best_eo,
                "best_abs_dpcer": best_pcer,
                # undefined (None) where either metric is undefined at every ε
                "ranking_reversal": None if None in (best_dp, best_pcer) else best_dp != best_pcer,
                "dp_gap_order": " < ".join(dp_order),
                "abs_dpcer_order": " < ".join(pcer_order),
            }
        )
    return pd.DataFrame(rows)


def _order(part: pd.DataFrame, values: pd.Series) -> list[str]:
    """The ε labels of ``part`` by ``values``, smallest first; an undefined (NaN) value is left
    out (never ranked last as if it were the largest)."""
    defined = values.notna()
    return list(part[defined].assign(x=values[defined]).sort_values("x", kind="stable").epsilon)


def correlation_table(main: pd.DataFrame) -> pd.DataFrame:
    """Pearson r of mean ΔPCER and mean DP-Gap across budgets (descriptive: 3-5 points)."""
    rows = []
    for (d, a), part in main.groupby(["dataset", "attribute"]):
        dp = part[part.epsilon != "no-DP"]
        hi = part[(part.epsilon == "no-DP") | (pd.to_numeric(part.epsilon, errors="coerce") >= 1)]
        for label, sub in (("DP budgets", dp), ("ε ≥ 1 and no-DP", hi)):
            r = _pearson(sub.dpcer_mean, sub.dp_gap_mean, len(sub) >= 3)
            rows.append(
                {
                    "dataset": d,
                    "attribute": a,
                    "settings": label,
                    "n_points": len(sub),
                    "pearson_r": r,
                }
            )
    return pd.DataFrame(rows)


def _pearson(x, y, enough: bool) -> float:
    return float(np.corrcoef(x, y)[0, 1]) if enough else math.nan


def mia_table(seeds: pd.DataFrame) -> tuple[pd.DataFrame, dict]:
    rows = []
    for (d, a, e), part in seeds.groupby(["dataset", "attribute", "epsilon_key"]):
        dp, mia = part.dpcer.mean(), part.dpcer_mia.mean()
        rows.append(
            {
                **_cell_keys(d, a, e),
                **{c: part[c].mean() for c in ("delta0", "delta1", "auc0", "auc1")},
                "dpcer_delta": dp,
                "dpcer_mia": mia,
                # undefined (None) where an attack was withheld in every seed (a group below
                # the PCER floor: its AUC is null) or a mean is 0 (no sign), never counted as
                # a disagreement
                "agree": None
                if np.isnan(dp) or np.isnan(mia) or not (dp and mia)
                else bool((dp > 0) == (mia > 0)),
            }
        )
    table = _sorted_frame(rows)
    # the correlations of the defined values only (a 0 is one: only its sign is undefined)
    defined = table[table.dpcer_delta.notna() & table.dpcer_mia.notna()]
    pooled = pd.DataFrame(
        {"delta": np.r_[table.delta0, table.delta1], "adv": np.r_[table.auc0, table.auc1] - 0.5}
    ).dropna()
    summary = {
        "configurations": len(table),
        "sign_agreements": int(table.agree.eq(True).sum()),
        "sign_undefined": int(table.agree.isna().sum()),
        "sign_zero": int(((defined.dpcer_delta == 0) | (defined.dpcer_mia == 0)).sum()),
        "pearson_dpcer_delta_vs_mia": _pearson(
            defined.dpcer_delta, defined.dpcer_mia, len(defined) > 2
        ),
        "pearson_delta_vs_auc_advantage_pooled": _pearson(
            pooled.delta, pooled.adv, len(pooled) > 3
        ),
    }
    return table, summary


def figure1(seeds: pd.DataFrame, out_dir: Path, combos=(("compas", "race"), ("adult", "race"))):
    """DP-Gap and ΔPCER (mean with 95% bootstrap CI of the mean) across ε; PNG and SVG."""
    import matplotlib
    from matplotlib.figure import Figure  # not pyplot: the caller's backend stays as it is

    present = [c for c in combos if ((seeds.dataset == c[0]) & (seeds.attribute == c[1])).any()]
    if not present:
        return []
    fig = Figure(figsize=(4.8 * len(present), 6.2))
    axes = fig.subplots(2, len(present), squeeze=False)
    for col, (d, a) in enumerate(present):
        part = seeds[(seeds.dataset == d) & (seeds.attribute == a)]
        keys = sorted(part.epsilon_key.unique(), key=_eps_order)
        x = np.arange(len(keys))
        for row, (metric, label, colour) in enumerate(
            (("dp_gap", "DP-Gap", "#0072B2"), ("dpcer", "ΔPCER (η = 1e-3)", "#D55E00"))
        ):
            ax = axes[row][col]
            values = [part[part.epsilon_key == k][metric] for k in keys]
            means = np.array([v.mean() for v in values])
            lows, highs = zip(*map(bootstrap_mean_ci, values), strict=True)
            # no CI (too few seeds): no bar, rather than a zero-width one
            below = np.nan_to_num(means - np.array(lows), nan=0.0)
            above = np.nan_to_num(np.array(highs) - means, nan=0.0)
            ax.errorbar(x, means, yerr=[below, above], fmt="o-", color=colour, capsize=4)
            if metric == "dpcer":
                ax.axhline(0, color="#555555", lw=0.8, ls=":")
            ax.set_xticks(x, [_label(k) for k in keys])
            ax.set_xlabel("privacy budget ε")
            ax.set_ylabel(label)
            ax.set_title(f"{d} / {a}: {label}", fontsize=10)
            ax.grid(color="#eeeeee")
    literal_figure(fig, mask=mask_secrets)  # a password in a name: ***, as in the tables
    fig.tight_layout()
    paths = [out_dir / "figure1.png", out_dir / "figure1.svg"]
    for path in paths:  # the same store, the same bytes: no date, no random SVG ids
        with matplotlib.rc_context({"svg.hashsalt": "ethiclens"}):
            svg, buffer = path.suffix == ".svg", io.BytesIO()
            meta = {"Date": None} if svg else None
            fig.savefig(buffer, format=path.suffix[1:], dpi=None if svg else 130, metadata=meta)
        # drawn whole, then renamed into place as the tables are: a failure (a full disk)
        # leaves the figure of before, never half of one
        write_atomic(path, buffer.getvalue())
    return paths


# The columns holding the user's names (a registered dataset's, its attributes' and groups'):
# escaped in Markdown, so that a name cannot add HTML, break a row or end a cell.
NAME_COLUMNS = ("dataset", "attribute", "group0", "group1")


def _md_table(frame: pd.DataFrame) -> str:
    cols = list(frame.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, row in frame.iterrows():
        cells = (esc(v) if c in NAME_COLUMNS else _cell(v) for c, v in row.items())
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _r(value) -> str:
    """A correlation, or why there is none (too few points, or no variation)."""
    if value is None or math.isnan(value):
        return "undefined (fewer than 3 configurations, or no variation)"
    return f"{value:.3f}"


def _cell(v) -> str:
    if v is None:  # undefined: a withheld value
        return "—"
    if isinstance(v, float):
        return "—" if math.isnan(v) else f"{v:.4g}"
    return str(v)


def _plus_minus(part: pd.DataFrame, column: str, digits: int) -> list[str]:
    """``mean ± std`` of a main-table column, per row."""
    means, stds, spec = part[f"{column}_mean"], part[f"{column}_std"], f".{digits}f"
    return [f"{_fixed(m, spec)} ± {_fixed(s, spec)}" for m, s in zip(means, stds, strict=True)]


def _fixed(value, spec: str) -> str:
    """``value`` in the format ``spec``; an undefined one (the std of one seed) as —, never
    as nan."""
    return "—" if math.isnan(value) else format(value, spec)


DPCER_CELLS = ["dpcer_mean", "dpcer_std", "dpcer_ci_low", "dpcer_ci_high"]


# The paper marks a row whose every seed is floor-dominated (Table 1's ε = 0.1): its ΔPCER is
# DP-Gap/η, a rescaled demographic-parity gap, not a privacy-cost effect
FLOOR_MARK = " †"


def _all_floor(share) -> bool:
    """Every seed whose two δ_g are stored is floor-dominated (none stored: not marked)."""
    return bool(share == 1)


def _floor_pairs(part: pd.DataFrame):
    return zip(part.epsilon, part.share_floor_dominated, strict=True)


def _floor_note(part: pd.DataFrame) -> list[str]:
    """The footnote of a paper table with a marked row, none without."""
    if not any(_all_floor(v) for _, v in _floor_pairs(part)):
        return []
    return [
        f"{FLOOR_MARK.strip()} Floor-dominated in every seed: both groups' δ_g < η = "
        f"{DEFAULT_ETA:g}, so ΔPCER = DP-Gap/η, a rescaled demographic-parity gap, not a "
        "privacy-cost effect (see the floor sensitivity table, Table S1).",
        "",
    ]


def paper_style(main: pd.DataFrame) -> dict[tuple, pd.DataFrame]:
    out = {}
    for (d, a), part in main.groupby(["dataset", "attribute"], sort=False):
        g0, g1 = part.group0.iloc[0], part.group1.iloc[0]
        out[(d, a)] = pd.DataFrame(
            {
                "ε": [e + FLOOR_MARK if _all_floor(v) else e for e, v in _floor_pairs(part)],
                "Acc": _plus_minus(part, "acc", 3),
                "DP-Gap": _plus_minus(part, "dp_gap", 3),
                "EO-Gap": _plus_minus(part, "eo_gap", 3),
                f"δ {esc(g0)}": _plus_minus(part, "delta0", 4),
                f"δ {esc(g1)}": _plus_minus(part, "delta1", 4),
                "ΔPCER [95% CI]": [
                    f"{_fixed(m, '+.1f')} ± {_fixed(s, '.1f')} "
                    + ("[—]" if math.isnan(lo) else f"[{lo:+.1f}, {hi:+.1f}]")
                    for m, s, lo, hi in part[DPCER_CELLS].itertuples(index=False)
                ],
                "n₊/n": [f"{k}/{n}" for k, n in zip(part.n_positive, part.n_nonzero, strict=True)],
                "sign p": [_fixed(p, ".3g") for p in part.sign_test_p],  # none defined: —
            }
        )
    return out


def write_tables(
    groups: pd.DataFrame, out_dir: str | Path, *, runs: pd.DataFrame | None = None
) -> dict:
    """Every table as CSV and one Markdown file, plus Figure 1.

    Parameters
    ----------
    groups : DataFrame
        Per-group rows (:meth:`ResultsStore.group_stats`).
    out_dir : str or Path
        Created if missing.
    runs : DataFrame, optional
        The store's runs (:meth:`ResultsStore.runs`), for the run summary.

    Returns
    -------
    dict
        Table name -> path written (``main``, ``per_seed``, ``markdown``, ...).
    """
    fix = "give the folder to write the tables into, e.g. 'tables/'"
    _refuse_no_path(out_dir, "out_dir", fix, "argument", folder=True)  # '', 3, None, a NUL
    out_dir = Path(out_dir)
    _check_groups(groups)
    refuse_runs_without_groups(groups, runs)
    seeds = per_seed(groups)
    if seeds.empty:
        raise EthicLensInputError(
            "no finished run has two groups of an attribute (group 0 and group 1), so no "
            "ΔPCER, gap or table can be computed",
            column="STORE",
            fix="give a store written by ethiclens pcer sweep with binary attributes",
        )
    out_dir.mkdir(parents=True, exist_ok=True)
    main = main_table(seeds)
    mia, mia_summary = mia_table(seeds)
    frames = seeds, main, floor_table(seeds), ranking_table(main), correlation_table(main), mia
    tables = dict(zip(TABLE_NAMES, frames, strict=True))
    files = {
        name: write_atomic(out_dir / f"{name}.csv", csv_safe_frame(frame).to_csv(index=False))
        for name, frame in tables.items()
    }
    md = _md_intro() + _md_paper_tables(main) + _md_supplement(tables, mia_summary)
    md += _md_runs(runs)
    figs = figure1(seeds, out_dir)
    if figs:
        md += ["## Figure 1", "", "![DP-Gap and ΔPCER across ε](figure1.png)", ""]
        files["figure1"] = figs
    files["markdown"] = write_atomic(out_dir / "tables.md", "\n".join(md))
    return files


def _md_intro() -> list[str]:
    return [
        "# PCER tables",
        "",
        "Generated by `ethiclens pcer tables` from per-seed rows. Mean ± std over seeds (± —: "
        "one seed, no std); ΔPCER CI: 95% percentile bootstrap of the mean "
        f"({N_RESAMPLES:,} resamples), given from {MIN_SEEDS_FOR_CI} seeds up (with fewer it "
        "covers far less than 95%: 48% at 2 seeds, 82% at 5 in a simulation) and shown as [—] "
        "below; n₊: seeds with ΔPCER > 0; sign p: exact two-sided binomial test. η = 1e-3 "
        "unless stated.",
        "",
    ]


def _md_paper_tables(main: pd.DataFrame) -> list[str]:
    """One section per (dataset, attribute) in the paper's layout."""
    md = []
    for (d, a), frame in paper_style(main).items():
        part = main[(main.dataset == d) & (main.attribute == a)]
        md += [
            f"## {esc(d)} / {esc(a)} (group 0 = {esc(part.group0.iloc[0])}, group 1 = "
            f"{esc(part.group1.iloc[0])}; ΔPCER = PCER_0 − PCER_1; {_seeds(part.n_seeds.max())})",
            "",
            _md_table(frame),
            "",
            *_floor_note(part),
        ]
    return md


def _md_supplement(tables: dict, mia_summary: dict) -> list[str]:
    """The supplement's tables: floor sensitivity, rankings, correlations, the direct MIA."""
    return [
        "## Floor sensitivity (Table S1)",
        "",
        _md_table(tables["floor_sensitivity"].drop(columns="sign_test_p")),
        "",
        "## Best ε per metric and ranking reversals (Table S2)",
        "",
        _md_table(tables["ranking"]),
        "",
        "## Pearson correlation of mean ΔPCER and mean DP-Gap across ε",
        "",
        "Descriptive only: 3–5 points per row.",
        "",
        _md_table(tables["correlations"]),
        "",
        "## Direct threshold-MIA validation (Tables S5/S6)",
        "",
        _md_table(tables["mia"]),
        "",
        f"Sign agreement: {mia_summary['sign_agreements']}/{mia_summary['configurations']}"
        f"{_undefined(mia_summary)}; "
        f"Pearson r(ΔPCER^δ, ΔPCER^MIA) = {_r(mia_summary['pearson_dpcer_delta_vs_mia'])}; "
        "pooled per-group r(δ_g, AUC_g − 0.5) = "
        f"{_r(mia_summary['pearson_delta_vs_auc_advantage_pooled'])}.",
        "",
    ]


def _undefined(mia_summary: dict) -> str:
    """How many configurations have no sign to compare, and why, if any."""
    n = mia_summary.get("sign_undefined", 0)
    if not n:
        return ""
    zero = mia_summary.get("sign_zero", 0)
    why = ["every seed's attack withheld, a group below the PCER floor"] if n > zero else []
    why += [f"{zero} with a mean ΔPCER of 0, which has no sign"] if zero else []
    return f" ({n} undefined: {'; '.join(why)})"


def _md_runs(runs: pd.DataFrame | None) -> list[str]:
    """How many runs finished or failed, the trainers and the mean wall time per model."""
    if runs is None or not len(runs):
        return []
    done = runs[runs.status == "done"]
    wall = done.wall_time_s.mean()  # none recorded: undefined, never "nan s"
    # each name as Markdown text (a store's trainer column is written by whoever wrote the
    # store: '<img ...>', a line break, a number or bytes are shown, never rendered or raised)
    trainers = ", ".join(sorted({esc(str(t)) for t in done.trainer.dropna()}))
    return [
        "## Runs",
        "",
        f"{len(done)} finished runs, {int((runs.status == 'failed').sum())} "
        f"failed; trainer(s): {trainers}; mean "
        f"wall time per model {'— (not recorded)' if math.isnan(wall) else f'{wall:.2f} s'}.",
        "",
    ]


def _seeds(n) -> str:
    """``1 seed``, ``3 seeds``."""
    return f"{n} seed{'' if n == 1 else 's'}"
