"""The "no worse than the baseline" tests of every comparison (``--baseline-windows``,
``--baseline-period``, ``--baseline-target``, ``--baseline-table``, ``--baseline-query``): the
baseline's counts pooled per comparison, turned into bands (``baseline_bounds``, α/2) and
tested at α/2 (alarm at e-value ≥ 2/α)."""

from __future__ import annotations

import re
from contextlib import contextmanager

import numpy as np

from .._text import spaced_key, spaced_name
from ..errors import EthicLensInputError, FaceFix
from ..io import _DatabaseFix
from ._evidence import BASELINE_INFO, COUNT_FIELDS, Evidence, baseline_bounds
from ._report import iso


class Baseline:
    """The baseline tests of every comparison. The baseline windows' counts (the first K with
    ``--baseline-windows K``; those inside the dates of ``--baseline-period``) are pooled, turned
    into bands and tested on every later window (with a period: those starting after it). With
    ``--baseline-target`` (or a table or query of the database) the separate target's counts
    come ``pooled`` (two arrays: reference
    and group, one row per comparison, ``COUNT_FIELDS`` columns) and every window is tested."""

    def __init__(self, request, labels, pairs, saved, pooled=None):
        self.k, self.period = request.baseline_windows, request.baseline_span()
        self.days = request.parsed_window().kind == "days"
        self.target = pooled is not None
        self.request, self.labels, self.n = request, labels, len(pairs)
        self.ev, self.missing, self.pairs = None, [], pairs
        if not self.on or not pairs:
            return
        zeros = np.zeros(len(COUNT_FIELDS))
        self.ref = np.stack([one.get("base.ref", zeros) for one in saved])
        self.grp = np.stack([one.get("base.grp", zeros) for one in saved])
        self.info = {
            name: np.array([float(one.get(f"base.{name}", np.nan)) for one in saved])
            for name in BASELINE_INFO
        }
        # a store written before: a baseline that selected no one in a group kept 1e-9 (a
        # band [1e-9, 1e9] where there is none); its pooled counts say so: no band (0)
        di_t = self.info["di_t"]  # (NaN until the baseline is complete: left so)
        self.info["di_t"] = np.where(np.isfinite(di_t) & self._unselected(), 0.0, di_t)
        if self.target:  # the same counts on every run (the store checks their fingerprint)
            self.ref, self.grp = pooled
            self._check_target_rows(pairs)
            self._close()
        elif np.isfinite(self.info["di_t"]).any():
            self._start()
        if self.ev is not None:
            self._load_bets(saved)

    @property
    def on(self) -> bool:
        return bool(self.k or self.period or self.target)

    def _start(self):
        def safe(x, default=0.5):
            return np.where(np.isfinite(x), x, default)

        for name in BASELINE_INFO[1:]:  # a store written before: NaN where a rate had no rows
            self.info[name] = safe(self.info[name], 1.0)

        di_t = self.info["di_t"]  # no band (0: nobody selected in a group): its bet unused
        self.ev = Evidence(
            di_threshold=safe(np.where(di_t > 0, di_t, np.nan)),
            alpha=self.request.alpha / 2,
            labels=self.labels,
            shape=(self.n,),
            sequences=False,
            tpr_eps=safe(self.info["tpr_eps"]) if self.labels else None,
            fpr_eps=safe(self.info["fpr_eps"]) if self.labels else None,
        )

    def _load_bets(self, saved) -> None:
        """The bets' state as the store left it; a comparison without one (new) starts fresh."""
        fresh = self.ev.arrays()
        state = {}
        for key, start in fresh.items():
            state[key] = np.stack([one.get(f"base.{key}", start[i]) for i, one in enumerate(saved)])
        self.ev.load_arrays(state)

    def _role(self, w: int, span) -> str | None:
        """``base`` (pooled), ``test`` or None (a window before the period, or one that
        straddles its end). A day window's end is exclusive, a row window's its last row's."""
        if self.target:
            return "test"
        if self.k:
            return "base" if w < self.k else "test"
        (start, end), (first, after) = span, self.period
        if start >= first and (end <= after if self.days else end < after):
            return "base"
        return "test" if start >= after else None

    def _close(self) -> None:
        """The pooled baseline turned into each comparison's bands; the tests start."""
        pooled = [
            {f: side[:, i] for i, f in enumerate(COUNT_FIELDS) if self.labels or i < 2}
            for side in (self.ref, self.grp)
        ]
        bounds = baseline_bounds(*pooled, self.request.alpha)
        both = (self.grp[:, 0] > 0) & (self.ref[:, 0] > 0)  # a DI band needs rows of both
        self.info["di_t"] = np.where(both, bounds["di_t"], np.nan)
        if self.labels:
            self.info.update(tpr_eps=bounds["tpr_eps"], fpr_eps=bounds["fpr_eps"])
        self._start()

    def update(self, w, span, ref_v, grp_v, scale=None):
        role = self._role(w, span) if self.on and self.n else None
        if role == "base":
            self.ref += pooled_row(ref_v, self.n)
            self.grp += pooled_row(grp_v, self.n)
            if self.k and w == self.k - 1:
                self._close()
            return {}, None
        if role == "test" and self.ev is None and self.period:
            self._check_period_rows(w, span)
            self._close()  # the first window after the period
        if role != "test" or self.ev is None:
            return {}, None
        self.ev.update(ref_v, grp_v, scale)
        log_e = {test: self.ev.log_evalue(test) for test in self.ev.nulls}
        info = {k: self.info[k] for k in BASELINE_INFO[: 3 if self.labels else 1]}
        return log_e, {**info, "di_reason": self.di_reasons()}

    def _unselected(self) -> np.ndarray:
        """Per comparison: the pooled baseline has rows of both sides and selected no one in
        one of them (or both), so it has no DI band (its DI 0, unbounded or 0/0)."""
        ref, grp = self.ref, self.grp
        rows = (ref[:, 0] > 0) & (grp[:, 0] > 0)
        return rows & ((ref[:, 1] <= 0) | (grp[:, 1] <= 0))

    def di_reasons(self) -> list[str | None]:
        """Per comparison, why the baseline has no DI band (None where it has one): it selected
        no one in a group, so a window's DI cannot be compared with it."""
        source = self.request.baseline_source()
        named = (
            source[0]
            if source
            else f"--baseline-windows {self.k}"
            if self.k
            else f"--baseline-period {self.request.baseline_period}"
        )
        out = []
        for di_t, ref_sel, grp_sel in zip(
            self.info["di_t"], self.ref[:, 1], self.grp[:, 1], strict=True
        ):
            if not di_t == 0:  # a band, or no rows (NaN: no baseline test at all)
                out.append(None)
                continue
            side, di = (
                ("either group", "undefined (0/0)")
                if ref_sel <= 0 and grp_sel <= 0
                else ("the reference group", "unbounded")
                if ref_sel <= 0
                else ("the compared group", "0")
            )
            out.append(
                f"cannot compare: the baseline ({named}) selected no one in {side}, so its DI "
                f"is {di} and has no band to test a window's DI against"
            )
        return out

    def _check_target_rows(self, pairs) -> None:
        """A baseline target that no comparison of an attribute can use (no rows of its
        reference, or of any compared group) is refused; the comparisons without a baseline
        test among usable ones are kept in ``missing`` (the run's notes say them)."""
        ref_rows, grp_rows = self.ref[:, 0] > 0, self.grp[:, 0] > 0
        refs = self.request.attributes()[1]
        flag, value = self.request.baseline_source()
        for attr in dict.fromkeys(a for a, _ in pairs):
            mine = np.array([a == attr for a, _ in pairs])
            if (ref_rows & grp_rows & mine).any():
                continue
            side = "reference group" if not (ref_rows & mine).any() else "compared groups"
            if side == "reference group" and attr in refs:
                side = f"reference group {refs[attr]!r}"
            said = spaced_name(attr)  # ' g' quoted, as the run's notes and comparisons say it
            raise EthicLensInputError(
                f"holds no rows of {said}'s {side}: no window could be tested against it",
                column=flag,
                value=value,
                fix=f"give a baseline with TARGET's {said} groups, spelled as in TARGET (e.g. "
                f"{', '.join(repr(g) for a, g in pairs if a == attr)}), or drop {flag}",
            )
        usable = ref_rows & grp_rows
        self.missing = [pair for pair, ok in zip(pairs, usable, strict=True) if not ok]

    def notes(self) -> list[str]:
        """The comparisons without a baseline test: those a baseline target holds no rows of
        (reference or group); once the baseline windows or period are pooled, those they held
        no rows of (a group first seen after them among them)."""
        if self.target:
            flag = self.request.baseline_source()[0] if self.missing else None
            return [
                f"{spaced_key(a, g)} has no baseline test: {flag} holds no rows of it or its "
                "reference"
                for a, g in self.missing
            ]
        if self.ev is None:  # no baseline, or one still being pooled
            return []
        named = (
            f"--baseline-windows {self.k}"
            if self.k
            else f"--baseline-period {self.request.baseline_period}"
        )
        return [
            f"{spaced_key(a, g)} has no baseline test: the baseline ({named}) held no rows of it "
            "or its reference (a group first seen after the baseline has none)"
            for (a, g), di_t in zip(self.pairs, self.info["di_t"], strict=True)
            if not np.isfinite(di_t)
        ]

    def _check_period_rows(self, w: int, span) -> None:
        """The first window after ``--baseline-period``: a period that pooled no row (it lies
        before the data, or holds no whole window) is refused rather than never used."""
        if self.ref[:, 0].any() or self.grp[:, 0].any():
            return
        where = "the data's first window" if w == 0 else f"window {w}, the first after it,"
        start = iso(span[0])[:10] if self.days else iso(span[0])  # a day window: its day
        raise EthicLensInputError(
            f"holds no whole window with rows: {where} starts {start}, and the "
            f"baseline tests would never start",
            column="--baseline-period",
            value=self.request.baseline_period,
            fix="give a period that holds whole windows of the data (a day window: whole UTC "
            "days), or --baseline-windows K",
        )

    def arrays(self) -> dict:
        if not self.on or not self.n:
            return {}
        out = {"base.ref": self.ref, "base.grp": self.grp}
        out.update({f"base.{k}": v for k, v in self.info.items()})
        if self.ev is not None:
            out.update({f"base.{k}": v for k, v in self.ev.arrays().items()})
        return out


def pooled_row(sides: dict, n: int) -> np.ndarray:
    """One window's counts of ``n`` comparisons ({field: array}) as (n, COUNT_FIELDS) rows,
    zeros for the fields without labels: what a baseline pools."""
    return np.stack([sides.get(f, np.zeros(n)) for f in COUNT_FIELDS], axis=1)


@contextmanager
def reading_baseline(target, flag: str = "--baseline-target"):
    """Errors raised while reading the baseline (``flag``: ``--baseline-target``, or
    ``--baseline-table``/``--baseline-query`` in the database) name it (not TARGET): a data
    column's problem is said to be the baseline's."""
    try:
        yield
    except EthicLensInputError as exc:
        column, problem, value = exc.column, exc.problem, exc.value
        # "target": the readers' argument guard (io.path_kind) names the path by its argument
        source = column in ("TARGET", "target", *_DATABASE_FLAGS) or str(column).startswith("--db ")
        named = getattr(exc, "missing_column", None)
        where = "" if str(target) in problem else f" ({target})"
        if named is not None:  # "column 'label' (--y-true) of the baseline (t): not found in"
            said = f"column {str(named)!r}"
            problem = problem.replace(
                f"{said} not", f"{said} ({column}) of the baseline{where}: not"
            )
        elif column == "--pos-label":  # no row of the baseline's label column holds it
            problem = problem.replace(" holds it", f" of the baseline{where} holds it", 1)
        elif column not in (None, flag) and not source:
            problem = f"column {column!r} of the baseline{where}: {problem}"
        value = target if value is None or source else value
        fix = _fixed_rows_fix(exc)
        if isinstance(fix, _DatabaseFix):  # a URL as the baseline: the target's database's
            fix = "give a baseline in the target's database by --baseline-table or "
            fix += "--baseline-query; a file by its local path"
        if fix and flag in ("--baseline-table", "--baseline-query"):
            # the shared SQL checks name the target's options; here they are the baseline's
            fix = _baseline_flags(fix)
        raise type(exc)(problem, column=flag, value=value, fix=fix) from None


def _baseline_flags(fix: str) -> str:
    """``fix`` naming the baseline's --baseline-table/--baseline-query for the target's
    --table/--query; a :class:`FaceFix` kept one, its command line's words so named too."""
    named = re.sub(r"--(table|query)\b", r"--baseline-\1", fix)
    cli = getattr(fix, "cli", None)
    return named if not isinstance(fix, FaceFix) else FaceFix(named, cli and _baseline_flags(cli))


def _fixed_rows_fix(exc: EthicLensInputError):
    """``exc``'s fix, said of a separate baseline: a label column's refusal that tells a TARGET
    to wait for rows holding the positive value (``stream_fix``: "run again once rows holding
    'yes' have come", a version-1 store's "or now on these rows with a window the store has
    counted") names a baseline's rows instead. A baseline is a period given whole, older than
    the windows it is tested against: no rows come to it, and the store's windows are another
    period than its."""
    fix, wait = exc.fix, getattr(exc, "stream_fix", None)
    if not (isinstance(fix, str) and isinstance(wait, str) and wait in fix):
        return fix
    label = exc.value
    return fix.replace(
        wait,
        f"give a baseline whose rows hold {label!r} (its rows are the period given: no later "
        "rows come to it; a store started with this baseline: with a new --store)",
    )


# what a database's errors name besides columns (and "--db URL"): the table or query read
_DATABASE_FLAGS = ("--db", "--table", "--query", "--table/--query")
