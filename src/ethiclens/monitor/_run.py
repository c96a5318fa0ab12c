"""``run_monitor``: count the new windows of a target, update the evidence, store it, report."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from dataclasses import asdict, dataclass, field

import numpy as np
import pandas as pd

from ..errors import EthicLensInputError
from ._evidence import (
    COUNT_FIELDS,
    Evidence,
    baseline_bounds,
    effective_counts,
    window_estimates_batch,
)
from ._store import APP_ID, STORE_VERSION, Store
from ._windows import (
    COUNT,
    PMIN,
    W2SUM,
    WINDOW,
    WSUM,
    Columns,
    Window,
    count_windows,
    count_windows_sql,
    parse_window,
)

SCHEMA_VERSION = 1
NULLS = {
    "disparate_impact": "DI inside [{t:.2f}, {inv:.2f}]",
    "equalized_odds": "|TPR gap| and |FPR gap| at most {eo:.2f}",
    "baseline_disparate_impact": "DI no further from 1 than in the baseline windows: inside "
    "[{bt:.3f}, {binv:.3f}]",
    "baseline_equalized_odds": "gaps no larger than in the baseline windows: |TPR gap| at most "
    "{btpr:.3f}, |FPR gap| at most {bfpr:.3f}",
}
# request fields a store is bound to (the target may change from run to run: today's file)
BOUND = (
    "time",
    "window",
    "y_pred",
    "y_true",
    "protected",
    "alpha",
    "di_threshold",
    "eo_threshold",
    "min_group_size",
    "min_labels",
    "baseline_windows",
)


@dataclass(frozen=True)
class MonitorRequest:
    """What to watch and by which policy. ``protected``: ``COL`` or ``COL=REFERENCE``."""

    target: str
    time: str
    window: str
    y_pred: str
    protected: tuple = ()
    y_true: str | None = None
    alpha: float = 0.05
    di_threshold: float = 0.8
    eo_threshold: float = 0.1
    min_group_size: int = 100
    min_labels: int = 30
    engine: str = "auto"
    hold_last: bool = False
    n_draws: int = 1000
    seed: int = 0
    baseline_windows: int | None = None
    db: str | None = field(default=None, repr=False)  # a database URL (never stored)
    table: str | None = None
    query: str | None = None
    # each row's probability of having been sampled: inverse-propensity-weighted evidence
    propensity: str | None = None

    def __post_init__(self):
        if not (0 < self.alpha < 1):
            raise EthicLensInputError(
                "must lie strictly between 0 and 1",
                column="--alpha",
                value=self.alpha,
                fix="e.g. 0.05",
            )
        for name in ("di_threshold", "eo_threshold"):
            value = getattr(self, name)
            if not (0 < value < 1):
                raise EthicLensInputError(
                    "must lie strictly between 0 and 1",
                    column="--" + name.replace("_", "-"),
                    value=value,
                    fix="e.g. 0.8 for DI, 0.1 for EO",
                )
        for name in ("min_group_size", "min_labels", "n_draws", "baseline_windows"):
            if getattr(self, name) is None:
                continue
            if getattr(self, name) < 1:
                raise EthicLensInputError(
                    "must be at least 1",
                    column="--" + name.replace("_", "-"),
                    value=getattr(self, name),
                    fix="give a whole number ≥ 1",
                )
        if not self.protected:
            raise EthicLensInputError(
                "is required",
                column="--protected",
                fix="name a protected attribute: --protected race",
            )
        parse_window(self.window)

    @classmethod
    def from_spec(
        cls,
        spec,
        *,
        time: str,
        window: str,
        alpha: float = 0.05,
        hold_last: bool = False,
        baseline_windows: int | None = None,
        propensity: str | None = None,
    ) -> MonitorRequest:
        """The monitor's request from an ``AuditSpec`` (its target, roles and policy) plus the
        time column, the window and α. What the monitor cannot honour yet is refused by name
        rather than ignored."""
        t, r, g, p = spec.target, spec.roles, spec.groups, spec.policy
        db = None
        if t.kind == "db":
            import os

            db = t.db or os.environ.get(t.db_env or "")
            if not db:
                raise EthicLensInputError(
                    f"environment variable {t.db_env} is not set",
                    column="--db-env",
                    fix=f"export {t.db_env}='postgresql+psycopg://user:password@host/db' first",
                )
        elif t.kind != "file":
            raise EthicLensInputError(
                "the monitor reads files (a file, a glob or a folder), not a "
                f"{t.kind or 'missing'} target",
                column="TARGET",
                value=t.describe(),
                fix="name the CSV/Parquet file, glob or folder the predictions are exported to",
            )
        unsupported = {
            "--weight": r.weight,
            "--y-score": r.y_score,
            "--pos-label": r.pos_label,
            "--intersect": r.intersections,
            "--bins": g.bins,
            "--merge-groups": g.merge,
            "--exclude-group": g.exclude,
            "--scheduler": t.scheduler,
        }
        for flag, value in unsupported.items():
            if value:
                raise EthicLensInputError(
                    "is not supported by the monitor yet (its evidence is unweighted counts of "
                    "0/1 labels and predictions per group)",
                    column=flag,
                    value=value,
                    fix=f"drop {flag} (recode the columns before exporting, if needed)",
                )
        if len(r.y_pred) != 1:
            raise EthicLensInputError(
                "the monitor watches one prediction column",
                column="--y-pred",
                value=list(r.y_pred),
                fix="give --y-pred once (run one monitor per model, each with its own --store)",
            )
        if p.di_rule != "two_sided":
            raise EthicLensInputError(
                "the monitor's DI null is the two-sided band [t, 1/t]",
                column="--di-rule",
                value=p.di_rule,
                fix="drop --di-rule below",
            )
        if t.engine not in ("auto", "duckdb", "pandas"):
            raise EthicLensInputError(
                "the monitor counts files with DuckDB or pandas",
                column="--engine",
                value=t.engine,
                fix="use --engine auto, duckdb or pandas",
            )
        return cls(
            target=t.describe() if db else t.file,
            db=db,
            table=t.table,
            query=t.query,
            time=time,
            window=window,
            y_pred=r.y_pred[0],
            y_true=r.y_true,
            protected=tuple(r.protected),
            alpha=alpha,
            di_threshold=p.di_threshold,
            eo_threshold=p.eo_threshold,
            min_group_size=p.min_group_size,
            min_labels=p.min_labels,
            engine=t.engine,
            hold_last=hold_last,
            n_draws=p.n_boot or 1000,
            seed=0 if p.seed is None else p.seed,
            baseline_windows=baseline_windows,
            propensity=propensity,
        )

    def parsed_window(self) -> Window:
        return parse_window(self.window)

    def columns(self) -> tuple[list, dict]:
        """(columns, {column: reference given})."""
        cols, refs = [], {}
        for item in self.protected:
            col, sep, ref = str(item).partition("=")
            col, ref = col.strip(), ref.strip()
            if not col or (sep and not ref):
                raise EthicLensInputError(
                    "must be COL or COL=REFERENCE",
                    column="--protected",
                    value=item,
                    fix="e.g. --protected race or --protected race=White",
                )
            if col in cols:
                raise EthicLensInputError(
                    "given twice", column="--protected", value=col, fix="name each column once"
                )
            cols.append(col)
            if sep:
                refs[col] = ref
        return cols, refs

    def bound(self) -> dict:
        """The fields a store is bound to, normalised."""
        d = asdict(self)
        d["window"] = str(self.parsed_window())
        d["protected"] = list(self.protected)
        out = {k: d[k] for k in BOUND}
        if self.propensity is not None:  # only then: stores written before keep matching
            out["propensity"] = self.propensity
        return out


@dataclass
class MonitorResult:
    """What a run did and the whole history in its store (``to_dict`` follows
    ``monitor.schema.json``)."""

    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return self.data

    def to_json(self) -> str:
        return json.dumps(self.data, indent=2, allow_nan=False)

    @property
    def alarms(self) -> list[dict]:
        return [
            {"attribute": c["attribute"], "group": c["group"], "test": t, **c["tests"][t]}
            for c in self.data["comparisons"]
            for t in c["tests"]
            if c["tests"][t]["alarm"]
        ]


def _iso(seconds) -> str | None:
    if seconds is None or not math.isfinite(seconds):
        return None
    return dt.datetime.fromtimestamp(float(seconds), dt.UTC).isoformat().replace("+00:00", "Z")


def _group_counts(table: pd.DataFrame, attr: str, labels: bool) -> dict:
    """{(window, group): {n, sel, pos, tp, neg, fp}} for one attribute."""
    t = table
    pred = t["y_pred"] == 1
    frame = pd.DataFrame({WINDOW: t[WINDOW], "g": t[attr], "n": t[COUNT]})
    frame["sel"] = np.where(pred, t[COUNT], 0)
    if labels:
        pos = t["y_true"] == 1
        frame["pos"] = np.where(pos, t[COUNT], 0)
        frame["tp"] = np.where(pos & pred, t[COUNT], 0)
        frame["neg"] = np.where(~pos, t[COUNT], 0)
        frame["fp"] = np.where(~pos & pred, t[COUNT], 0)
    agg = frame.groupby([WINDOW, "g"], sort=True).sum()
    return {(int(w), str(g)): {k: int(v) for k, v in row.items()} for (w, g), row in agg.iterrows()}


def _group_weights(table: pd.DataFrame, attr: str, labels: bool) -> dict:
    """{(window, group): (effective counts, cap factor)} for one attribute, from the cells'
    Σ 1/π, Σ 1/π² and min π (``--propensity``). The cap factor ``min π · mean(1/π)`` is the
    inverse of the largest normalised weight ρ = (1/π) / mean(1/π) among the group's rows."""
    t = table
    pred = (t["y_pred"] == 1).to_numpy()
    masks = {"n": np.ones(len(t), bool), "sel": pred}
    if labels:
        pos = (t["y_true"] == 1).to_numpy()
        masks.update(pos=pos, tp=pos & pred, neg=~pos, fp=~pos & pred)
    frame = pd.DataFrame({WINDOW: t[WINDOW], "g": t[attr], "pmin": t[PMIN], "rows": t[COUNT]})
    for name, mask in masks.items():
        frame[f"{name}.w"] = np.where(mask, t[WSUM], 0.0)
        frame[f"{name}.w2"] = np.where(mask, t[W2SUM], 0.0)
    agg = frame.groupby([WINDOW, "g"], sort=True).agg(
        {"pmin": "min", "rows": "sum", **{c: "sum" for c in frame.columns if "." in c}}
    )
    out = {}
    for (w, g), row in agg.iterrows():
        sums = {name: (row[f"{name}.w"], row[f"{name}.w2"]) for name in masks}
        eff = {k: float(v) for k, v in effective_counts(sums).items()}
        cap = min(1.0, float(row["pmin"]) * float(row["n.w"]) / float(row["rows"]))
        out[(int(w), str(g))] = (eff, cap)
    return out


def _window_key(table: pd.DataFrame) -> dict[int, str]:
    """A canonical text of each window's counts: equal text = the same rows counted."""
    cols = [c for c in table.columns if c != WINDOW]
    ordered = table.sort_values([WINDOW, *cols[:-1]], kind="stable")
    text = ordered[cols].astype(str).to_numpy().tolist()
    windows = ordered[WINDOW].to_numpy()
    bounds = np.flatnonzero(np.diff(windows)) + 1
    out = {}
    for lo, hi in zip(np.r_[0, bounds], np.r_[bounds, len(windows)], strict=True):
        out[int(windows[lo])] = hashlib.sha256(json.dumps(text[lo:hi]).encode()).hexdigest()
    return out


def _zero(labels: bool) -> dict:
    return {k: 0 for k in COUNT_FIELDS if labels or k in ("n", "sel")}


def _diff_message(stored: dict, now: dict) -> str:
    parts = []
    for key in (*BOUND, "propensity"):
        if stored.get(key) != now.get(key):
            parts.append(f"{key} {stored.get(key)!r} there, {now.get(key)!r} here")
    return "; ".join(parts)


def run_monitor(request: MonitorRequest, store_path, *, now: dt.datetime | None = None):
    """Count ``request.target`` per window, add every window after the store's last one to the
    evidence, save it all in one transaction and return the :class:`MonitorResult`."""
    window = request.parsed_window()
    cols, given_refs = request.columns()
    labels = request.y_true is not None
    store = Store.open(store_path)
    try:
        return _run(store, request, window, cols, given_refs, labels, now)
    finally:
        store.close()


def _run(store, request, window, cols, given_refs, labels, now):
    bound = request.bound()
    stored_request = store.meta("request")
    if stored_request is not None and stored_request != bound:
        raise EthicLensInputError(
            "was written by another request: " + _diff_message(stored_request, bound),
            column="--store",
            value=str(store.path),
            fix="give the same options as the runs before, or a new --store",
        )
    now = now or dt.datetime.now(dt.UTC)
    last_run = store.last_run()
    if last_run and last_run["at"] > now.isoformat():
        raise EthicLensInputError(
            f"the system clock went backwards: this run at {now.isoformat()} is before the "
            f"store's last run at {last_run['at']}",
            column="--store",
            value=str(store.path),
            fix="correct the machine's clock, then rerun",
        )
    roles = Columns(request.time, request.y_pred, tuple(cols), request.y_true, request.propensity)
    origin_day = store.meta("origin_day")
    if request.db:
        counted = count_windows_sql(
            request.db,
            roles,
            window,
            table=request.table,
            query=request.query,
            origin_day=origin_day,
        )
    else:
        counted = count_windows(
            request.target, roles, window, origin_day=origin_day, engine=request.engine
        )
    table, per = counted.table, counted.windows
    if window.kind == "days" and (per[WINDOW] < 0).any():
        first = per.loc[per[WINDOW] < 0].iloc[0]
        raise EthicLensInputError(
            f"time went backwards: rows from {_iso(first['tmin'])} are older than the store's "
            "first window",
            column=request.time,
            fix="the monitor only moves forward: give rows from after the last processed window "
            "(or a new --store to start over)",
        )
    pending = []
    if window.kind == "rows":
        pending = per.loc[~per["complete"], WINDOW].tolist()
    if request.hold_last and len(per):
        pending = sorted(set(pending) | {int(per[WINDOW].max())})
    keys = _window_key(table)
    stored = store.windows()
    last = max(stored) if stored else -1
    target_windows = [int(w) for w in per[WINDOW] if int(w) not in pending]
    by_window = {int(r[WINDOW]): r for r in per.to_dict("records")}
    for w in target_windows:
        row = by_window[w]
        span = f"window {w} ({_iso(row['start'])} to {_iso(row['end'])})"
        if w in stored:
            if stored[w]["counts"] != keys[w]:
                raise EthicLensInputError(
                    f"late or changed rows: {span} was processed with {stored[w]['rows']:,} "
                    f"rows; {request.target} now has {int(row['rows']):,} in it",
                    column="TARGET",
                    fix="the monitor counts a window once: leave processed windows as they were "
                    "(put late rows with the next window's rows), or start a new --store to "
                    "recompute from the start",
                )
        elif w < last:
            if max(target_windows) < last:
                raise EthicLensInputError(
                    f"time went backwards: the newest row of {request.target} "
                    f"({_iso(counted.t_max)}) is older than the store's last window "
                    f"(window {last}, from {_iso(stored[last]['start'])})",
                    column=request.time,
                    fix="give rows from after the last processed window (check the clock and "
                    "the file), or a new --store",
                )
            raise EthicLensInputError(
                f"late rows: {span} comes before the last processed window ({last}) and "
                "was not processed then",
                column="TARGET",
                fix="the monitor counts a window once: put late rows with the next window's "
                "rows, or start a new --store to recompute from the start",
            )
    new = sorted(w for w in target_windows if w > last)
    if window.kind == "days" and new:
        new = (
            list(range(last + 1, max(new) + 1))
            if last >= 0
            else list(range(min(new), max(new) + 1))
        )

    run = store.next_run()
    store.begin()
    try:
        if stored_request is None:
            store.set_meta("app", APP_ID)
            store.set_meta("store_version", STORE_VERSION)
            store.set_meta("request", bound)
            store.set_meta("created", now.isoformat())
        if store.meta("origin_day") is None and counted.origin_day is not None:
            store.set_meta("origin_day", counted.origin_day)
        refs = store.meta("references") or {}
        sources = store.meta("reference_source") or {}
        groups = store.meta("groups") or {}
        per_attr = {a: _group_counts(table, a, labels) for a in cols}
        weighted = request.propensity is not None
        per_w = {a: _group_weights(table, a, labels) for a in cols} if weighted else {}
        for a in cols:
            seen = sorted({g for (w, g) in per_attr[a] if w in new})
            if a not in refs:
                if a in given_refs:
                    if given_refs[a] not in {g for (_, g) in per_attr[a]}:
                        raise EthicLensInputError(
                            "is not a group of the data",
                            column=f"--protected {a}",
                            value=given_refs[a],
                            fix=f"choose from {sorted({g for (_, g) in per_attr[a]})[:20]}",
                        )
                    refs[a], sources[a] = given_refs[a], "given"
                elif seen:
                    totals: dict[str, int] = {}
                    for (w, g), c in per_attr[a].items():
                        if w in new:
                            totals[g] = totals.get(g, 0) + c["n"]
                    refs[a] = max(sorted(totals), key=lambda g: totals[g])
                    sources[a] = "largest group in the first run"
            groups[a] = sorted(set(groups.get(a, [])) | set(seen))
        pairs = [(a, g) for a in cols for g in groups[a] if g != refs.get(a)]
        ev = Evidence(
            di_threshold=request.di_threshold,
            eo_threshold=request.eo_threshold,
            alpha=request.alpha,
            labels=labels,
            shape=(len(pairs),),
        )
        saved = []
        if pairs:  # every comparison's state, stacked on the leading axis
            fresh = Evidence(labels=labels).arrays()
            saved = [store.load_state(a, g) or fresh for a, g in pairs]
            ev.load_arrays({k: np.stack([one[k] for one in saved]) for k in fresh})
        base = _Baseline(request, labels, pairs, saved)
        alarms = store.alarms()
        fields = [f for f in COUNT_FIELDS if labels or f in ("n", "sel")]
        zero = _zero(labels)
        pending_rows = []  # (w, a, g, rows, ref_c, grp_c, tests, seqs)
        for w in new:
            if w in by_window:
                row = by_window[w]
                start, end, rows = float(row["start"]), float(row["end"]), int(row["rows"])
            else:
                start = (store.meta("origin_day") + w * window.size) * 86400.0
                end, rows = start + window.size * 86400.0, 0
            status = "PROCESSED" if rows else "NO_ROWS"
            store.add_window(w, start, end, rows, status, keys.get(w, "empty"), run)
            if not pairs:
                continue
            ref_cs = [per_attr[a].get((w, refs[a]), zero) for a, _ in pairs]
            grp_cs = [per_attr[a].get((w, g), zero) for a, g in pairs]
            scale = None
            eff = None
            if weighted:  # effective counts and the bets' cap factor
                zero_w = ({f: 0.0 for f in zero}, 1.0)
                ref_w = [per_w[a].get((w, refs[a]), zero_w) for a, _ in pairs]
                grp_w = [per_w[a].get((w, g), zero_w) for a, g in pairs]
                eff = [(r[0], q[0], min(r[1], q[1])) for r, q in zip(ref_w, grp_w, strict=True)]
                ref_v = {f: np.array([e[0][f] for e in eff], float) for f in fields}
                grp_v = {f: np.array([e[1][f] for e in eff], float) for f in fields}
                scale = np.array([e[2] for e in eff], float)
            else:
                ref_v = {f: np.array([c[f] for c in ref_cs], float) for f in fields}
                grp_v = {f: np.array([c[f] for c in grp_cs], float) for f in fields}
            ev.update(ref_v, grp_v, scale)
            log_e = {test: ev.log_evalue(test) for test in ev.nulls}
            base_e, base_info = base.update(w, ref_v, grp_v, scale)
            bounds = {name: ev.sequence(name) for name in ev.seqs}
            for k, (a, g) in enumerate(pairs):
                tests = {t: float(v[k]) for t, v in log_e.items()}
                info_k = None
                if base_info is not None and math.isfinite(base_info["di_t"][k]):
                    tests.update({f"baseline_{t}": float(v[k]) for t, v in base_e.items()})
                    info_k = {name: float(v[k]) for name, v in base_info.items()}
                seqs = {n: (float(lo[k]), float(hi[k])) for n, (lo, hi) in bounds.items()}
                pending_rows.append(
                    (w, a, g, rows, ref_cs[k], grp_cs[k], tests, seqs, info_k, eff and eff[k])
                )
                for test, value in tests.items():
                    level = 2 / request.alpha if test.startswith("baseline_") else 1 / request.alpha
                    if (a, g, test) not in alarms and value >= math.log(level):
                        store.add_alarm(a, g, test, w, value, run)
                        alarms[(a, g, test)] = {"window": w, "log_e_value": value}
        seeds = [
            int(hashlib.sha256(f"{request.seed}|{w}|{a}|{g}".encode()).hexdigest()[:12], 16)
            for w, a, g, *_ in pending_rows
        ]
        estimates = window_estimates_batch(
            [r[9][0] if r[9] else r[4] for r in pending_rows],
            [r[9][1] if r[9] else r[5] for r in pending_rows],
            seeds,
            n_draws=request.n_draws,
        )
        for item, est in zip(pending_rows, estimates, strict=True):
            w, a, g = item[:3]
            store.add_result(w, a, g, _window_body(request, *item[3:9], est, item[9]))
        for k, (a, g) in enumerate(pairs):
            arrays = {key: v[k] for key, v in ev.arrays().items()}
            arrays.update({key: v[k] for key, v in base.arrays().items()})
            store.save_state(a, g, arrays)
        store.set_meta("references", refs)
        store.set_meta("reference_source", sources)
        store.set_meta("groups", groups)
        store.add_run(run, now.isoformat(), str(request.target), len(new), counted.t_max)
        store.commit()
    except BaseException:
        store.rollback()
        raise
    info = {
        "run": run,
        "at": now.isoformat(),
        "target": str(request.target),
        "engine": counted.engine,
        "new_windows": len(new),
        "already_seen": sum(1 for w in target_windows if w in stored),
        "pending_windows": [int(w) for w in pending],
    }
    notes = []
    if len(store.windows()) == 1 and len(per) == 1:
        notes.append(
            "one window holds all the data: this is one fixed-sample look, not monitoring; "
            "choose a shorter --window"
        )
    for a in cols:
        if len(groups.get(a, [])) < 2:
            notes.append(
                f"{a} has one group so far ({', '.join(groups.get(a, [])) or 'none'}): nothing "
                "to compare yet"
            )
    if notes:
        info["note"] = notes[0]
        info["notes"] = notes
    return MonitorResult(build_report(store, request, info))


def _window_body(request, rows, ref_c, grp_c, tests, seqs, baseline, est, eff=None) -> dict:
    if rows == 0 or (ref_c["n"] == 0 and grp_c["n"] == 0):
        status, reason = "NO_ROWS", "no rows of either group in this window"
    elif ref_c["n"] == 0 or grp_c["n"] == 0:
        who = "the reference group" if ref_c["n"] == 0 else "the compared group"
        status, reason = "ONE_GROUP", f"{who} has no rows in this window: nothing to compare"
    elif min(ref_c["n"], grp_c["n"]) < request.min_group_size:
        status = "INSUFFICIENT_DATA"
        reason = (
            f"n = {min(ref_c['n'], grp_c['n'])}, below the floor of {request.min_group_size}: "
            "the window's estimate has no interval (the sequential evidence still counts it)"
        )
    else:
        status, reason = "ESTIMATED", None
    floors = {
        "selection_rate_gap": "n",
        "disparate_impact": "n",
        "tpr_gap": "pos",
        "fpr_gap": "neg",
    }
    for name, field_ in floors.items():
        floor = request.min_group_size if field_ == "n" else request.min_labels
        if name in est and field_ in ref_c and min(ref_c[field_], grp_c[field_]) < floor:
            est[name]["ci_low"] = est[name]["ci_high"] = None
    body = {
        "status": status,
        "reason": reason,
        "counts": {"reference": ref_c, "group": grp_c},
        "estimates": est,
        "tests": {t: {"log_e_value": v, "e_value": _safe_exp(v)} for t, v in tests.items()},
        "sequences": {
            n: {
                "low": lo if math.isfinite(lo) else None,
                "high": hi if math.isfinite(hi) else None,
            }
            for n, (lo, hi) in seqs.items()
        },
    }
    if eff is not None:
        body["weighted"] = {
            "reference": {k: round(v, 6) for k, v in eff[0].items()},
            "group": {k: round(v, 6) for k, v in eff[1].items()},
            "bet_cap": eff[2],
        }
    if baseline is not None:
        body["baseline"] = {
            "di_band": [baseline["di_t"], 1 / baseline["di_t"]],
            **{k: baseline[k] for k in ("tpr_eps", "fpr_eps") if k in baseline},
        }
    return body


class _Baseline:
    """The "no worse than the baseline" tests of every comparison (``--baseline-windows K``):
    the first K windows' counts are pooled, turned into bands (``baseline_bounds``, α/2) and
    tested from window K on at α/2 (alarm at e-value ≥ 2/α)."""

    def __init__(self, request, labels, pairs, saved):
        self.k = request.baseline_windows
        self.request, self.labels, self.n = request, labels, len(pairs)
        self.ev = None
        if not self.k or not pairs:
            return
        zeros = np.zeros(len(COUNT_FIELDS))
        self.ref = np.stack([one.get("base.ref", zeros) for one in saved])
        self.grp = np.stack([one.get("base.grp", zeros) for one in saved])
        self.info = {
            name: np.array([float(one.get(f"base.{name}", np.nan)) for one in saved])
            for name in ("di_t", "tpr_eps", "fpr_eps")
        }
        if np.isfinite(self.info["di_t"]).any():
            self._start()
            bets = {
                key[len("base.") :]: np.stack([one[key] for one in saved])
                for key in saved[0]
                if key.startswith("base.bet.")
            }
            if bets:
                self.ev.load_arrays(bets)

    def _start(self):
        def safe(x):
            return np.where(np.isfinite(x), x, 0.5)

        self.ev = Evidence(
            di_threshold=safe(self.info["di_t"]),
            alpha=self.request.alpha / 2,
            labels=self.labels,
            shape=(self.n,),
            sequences=False,
            tpr_eps=safe(self.info["tpr_eps"]) if self.labels else None,
            fpr_eps=safe(self.info["fpr_eps"]) if self.labels else None,
        )

    def update(self, w, ref_v, grp_v, scale=None):
        if not self.k:
            return {}, None
        if w < self.k:
            self.ref += np.stack([ref_v.get(f, np.zeros(self.n)) for f in COUNT_FIELDS], axis=1)
            self.grp += np.stack([grp_v.get(f, np.zeros(self.n)) for f in COUNT_FIELDS], axis=1)
            if w == self.k - 1:
                pooled = [
                    {f: side[:, i] for i, f in enumerate(COUNT_FIELDS) if self.labels or i < 2}
                    for side in (self.ref, self.grp)
                ]
                bounds = baseline_bounds(*pooled, self.request.alpha)
                self.info["di_t"] = np.where(self.grp[:, 0] > 0, bounds["di_t"], np.nan)
                self.info["di_t"] = np.where(self.ref[:, 0] > 0, self.info["di_t"], np.nan)
                if self.labels:
                    self.info["tpr_eps"] = bounds["tpr_eps"]
                    self.info["fpr_eps"] = bounds["fpr_eps"]
                self._start()
            return {}, None
        if self.ev is None:
            return {}, None
        self.ev.update(ref_v, grp_v, scale)
        log_e = {test: self.ev.log_evalue(test) for test in self.ev.nulls}
        info = {"di_t": self.info["di_t"]}
        if self.labels:
            info.update(tpr_eps=self.info["tpr_eps"], fpr_eps=self.info["fpr_eps"])
        return log_e, info

    def arrays(self) -> dict:
        if not self.k or not self.n:
            return {}
        out = {"base.ref": self.ref, "base.grp": self.grp}
        out.update({f"base.{k}": v for k, v in self.info.items()})
        if self.ev is not None:
            out.update({f"base.{k}": v for k, v in self.ev.arrays().items()})
        return out


def _safe_exp(x: float) -> float:
    return float(math.exp(min(x, 700.0)))


def build_report(store: Store, request: MonitorRequest, info: dict) -> dict:
    """The JSON document (``monitor.schema.json``) of everything the store holds."""
    refs = store.meta("references") or {}
    sources = store.meta("reference_source") or {}
    windows = store.windows()
    alarms = store.alarms()
    alpha = request.alpha
    t = request.di_threshold
    by = {}
    for w, a, g, body in store.results():
        by.setdefault((a, g), []).append({"window": w, **body})
    comparisons = []
    for (a, g), history in sorted(by.items()):
        lastb = history[-1]
        tests = {}
        bl = lastb.get("baseline") or {}
        band = bl.get("di_band", [float("nan")] * 2)
        values = {
            "t": t,
            "inv": 1 / t,
            "eo": request.eo_threshold,
            "bt": band[0],
            "binv": band[1],
            "btpr": bl.get("tpr_eps", float("nan")),
            "bfpr": bl.get("fpr_eps", float("nan")),
        }
        for test in lastb["tests"]:
            hit = alarms.get((a, g, test))
            tests[test] = {
                "null": NULLS[test].format(**values),
                "e_value": lastb["tests"][test]["e_value"],
                "log_e_value": lastb["tests"][test]["log_e_value"],
                "threshold": (2 if test.startswith("baseline_") else 1) / alpha,
                "alarm": hit is not None,
                "alarm_since": None
                if hit is None
                else {"window": hit["window"], "start": _iso(windows[hit["window"]]["start"])},
            }
        estimated = [h for h in history if h["status"] in ("ESTIMATED", "INSUFFICIENT_DATA")]
        comparisons.append(
            {
                "attribute": a,
                "group": g,
                "reference": refs.get(a),
                "reference_source": sources.get(a),
                "tests": tests,
                "sequences": lastb["sequences"],
                "latest": None
                if not estimated
                else {
                    "window": estimated[-1]["window"],
                    "status": estimated[-1]["status"],
                    "estimates": estimated[-1]["estimates"],
                },
                "history": history,
            }
        )
    created = store.meta("created")
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "ethiclens-monitor",
        "store": str(store.path),
        "created": created,
        "request": store.meta("request") or request.bound(),
        "method": {
            "tests": "betting e-processes on pairs from per-window counts (online Newton step "
            "bets, one step per window; composite nulls as the average of one-sided wealths); "
            "an alarm when the e-value reaches 1/alpha (Ville's inequality: valid at every look)",
            "sequences": "hedged-capital confidence sequences by betting (Waudby-Smith & Ramdas "
            "2023), running intersection over a grid",
            "window_intervals": "Jeffreys, this window alone, not corrected for repeated looks",
            "alpha": alpha,
        },
        "run": info,
        "windows": [
            {
                "window": w,
                "start": _iso(v["start"]),
                "end": _iso(v["end"]),
                "rows": v["rows"],
                "status": v["status"],
            }
            for w, v in sorted(windows.items())
        ],
        "comparisons": comparisons,
    }


def read_store_report(store_path, request: MonitorRequest) -> MonitorResult:
    """The report of a store without counting anything."""
    store = Store.open(store_path)
    try:
        return MonitorResult(build_report(store, request, {}))
    finally:
        store.close()
