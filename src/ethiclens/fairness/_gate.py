"""Gates a pipeline can use: ``--fail-on`` levels and a baseline report a run must not regress
from. Decided here, once, for every face (``AuditResult.gate``, ``ModelComparison.gate``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from .._checks import check_member
from ..errors import EthicLensInputError
from ..io import read_config_file
from ._policy import FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, PASS, UNDEFINED

# --fail-on level -> the comparison statuses that fail it (each level includes the previous).
FAIL_LEVELS = {
    "never": (),
    "flagged": (FLAGGED,),
    "inconclusive": (FLAGGED, INCONCLUSIVE),
    "insufficient": (FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, UNDEFINED),
}
# How bad a verdict is: a move up this order is a regression.
_RANK = {PASS: 0, INCONCLUSIVE: 1, INSUFFICIENT_DATA: 1, UNDEFINED: 1, FLAGGED: 2}
GATED_METRICS = ("disparate_impact", "equalized_odds_difference")
_REPORT = "JSON report written by ethiclens audit --json"
MAX_REPORT_BYTES = 200_000_000  # a report of thousands of groups is megabytes, not hundreds
# Parts of a baseline's spec that must equal the run's for the two to be comparable.
_SAME = {
    "target": ("dataset", "table", "query", "score", "states", "year"),
    "roles": ("y_true", "protected", "intersections", "positive", "pos_label"),
    "groups": ("bins", "merge", "exclude"),
    "policy": ("di_rule", "di_threshold", "eo_threshold", "min_group_size", "min_labels", "ci"),
}


@dataclass(frozen=True)
class GateOutcome:
    """Whether a run passed its gate, and every reason it did not."""

    fail_on: str
    failures: tuple = ()  # "race:Asian (INSUFFICIENT_DATA)"
    regressions: tuple = ()  # "race:Other: verdict PASS -> FLAGGED"
    baseline: str | None = None
    notes: tuple = field(default=())  # improvements beyond both intervals (never fail)

    @property
    def passed(self) -> bool:
        return not (self.failures or self.regressions)

    def message(self) -> str:
        parts = []
        if self.failures:
            n = len(self.failures)
            parts.append(
                f"--fail-on {self.fail_on}: {n} comparison{'s' if n > 1 else ''}: "
                + ", ".join(self.failures)
            )
        if self.regressions:
            parts.append(
                f"--baseline {self.baseline}: worse than the baseline: "
                + "; ".join(self.regressions)
            )
        return "exit 1 because of " + " | ".join(parts) if parts else "gate passed"

    @classmethod
    def from_dict(cls, data: dict) -> GateOutcome:
        """The outcome a report's ``run.gate`` records."""
        keys = ("fail_on", "failures", "regressions", "baseline", "notes")
        return cls(
            **{k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in keys}
        )

    def to_dict(self) -> dict:
        return {
            "passed": self.passed,
            "fail_on": self.fail_on,
            "failures": list(self.failures),
            "baseline": self.baseline,
            "regressions": list(self.regressions),
            "notes": list(self.notes),
        }


def check_fail_on(fail_on: str, flag: str = "fail_on") -> str:
    check_member(fail_on, list(FAIL_LEVELS), column=flag, problem="unknown gate level")
    return fail_on


def gate(report: dict, fail_on: str = "flagged", baseline=None) -> GateOutcome:
    """The gate of an audit report (``AuditResult.to_dict()``).

    ``fail_on``: ``flagged`` fails on FLAGGED comparisons, ``inconclusive`` also on
    INCONCLUSIVE ones, ``insufficient`` also on any comparison that could not be judged
    (INSUFFICIENT_DATA, UNDEFINED); ``never`` only checks the baseline. ``baseline``: a previous
    report (a path or its dict) of the same data and spec; the gate fails when a comparison's
    verdict got worse, or its DI or EO moved for the worse beyond both intervals (the new value
    outside the baseline's interval and the baseline's value outside the new one).
    """
    check_fail_on(fail_on)
    bad = FAIL_LEVELS[fail_on]
    failures = tuple(
        f"{c['attribute']}:{c['group']} ({c['status']})"
        for c in report["comparisons"]
        if c["status"] in bad or (fail_on != "never" and c.get("flagged"))
    )
    if baseline is None:
        return GateOutcome(fail_on, failures)
    name, old = _read_baseline(baseline)
    check_comparable(old, report, name)
    regressions, notes = _regressions(old, report)
    return GateOutcome(fail_on, failures, tuple(regressions), name, tuple(notes))


def _read_baseline(baseline) -> tuple[str, dict]:
    if isinstance(baseline, dict):
        return "baseline", baseline
    path = Path(baseline)
    data = read_config_file(path, "--baseline", _REPORT, suffixes=None, limit=MAX_REPORT_BYTES)
    if not isinstance(data, dict) or "comparisons" not in data:
        raise EthicLensInputError(
            f"{path.name} is not an audit report",
            column="--baseline",
            fix=f"give a {_REPORT}",
        )
    return str(path), data


def check_comparable(old: dict, new: dict, name: str = "baseline") -> None:
    """Refuse a baseline of other data or another spec, naming every difference."""
    diffs = []
    old_spec = (old.get("run") or {}).get("spec")
    new_spec = (new.get("run") or {}).get("spec")
    if old_spec is None or new_spec is None:
        missing = name if old_spec is None else "this run"
        raise EthicLensInputError(
            f"{missing} has no spec to compare (a report made before EthicLens recorded one)",
            column="--baseline",
            fix="re-run the baseline audit with this EthicLens version and gate against that",
        )
    kinds = [_target_kind(s) for s in (old_spec, new_spec)]
    if kinds[0] != kinds[1]:
        diffs.append(f"target {kinds[0]} -> {kinds[1]}")
    for section, keys in _SAME.items():
        for key in keys:
            a = old_spec.get(section, {}).get(key)
            b = new_spec.get(section, {}).get(key)
            if a != b:
                diffs.append(f"{section}.{key} {a!r} -> {b!r}")
    old_keys = {(c["attribute"], c["group"], c["reference"]) for c in old["comparisons"]}
    new_keys = {(c["attribute"], c["group"], c["reference"]) for c in new["comparisons"]}
    if old_keys != new_keys and not diffs:
        gone = sorted(f"{a}:{g} vs {r}" for a, g, r in old_keys - new_keys)
        added = sorted(f"{a}:{g} vs {r}" for a, g, r in new_keys - old_keys)
        diffs.append(f"comparisons only in the baseline {gone}, only in this run {added}")
    if diffs:
        raise EthicLensInputError(
            f"{name} is from other data or another spec: " + "; ".join(diffs),
            column="--baseline",
            fix="gate against a report of the same target, roles, group edits and policy",
        )


def _target_kind(spec: dict) -> str:
    t = spec.get("target", {})
    return next((k for k in ("dataset", "file", "counts") if t.get(k)), "db")


def _regressions(old: dict, new: dict) -> tuple[list[str], list[str]]:
    before = {(c["attribute"], c["group"]): c for c in old["comparisons"]}
    out, notes = [], []
    for c in new["comparisons"]:
        b = before.get((c["attribute"], c["group"]))
        if b is None:
            continue
        key = f"{c['attribute']}:{c['group']}"
        if _RANK.get(c["status"], 0) > _RANK.get(b["status"], 0):
            out.append(f"{key}: verdict {b['status']} -> {c['status']}")
        for metric in GATED_METRICS:
            moved = _moved(b["metrics"].get(metric), c["metrics"].get(metric), metric)
            if moved:
                text = f"{key}: {metric} {moved[1]}"
                (out if moved[0] == "worse" else notes).append(text)
    return out, notes


def _moved(old, new, metric):
    """("worse"|"better", words) when each value lies outside the other's interval."""
    if not old or not new:
        return None
    values = [old.get("value"), new.get("value")]
    bounds = [old.get("ci_low"), old.get("ci_high"), new.get("ci_low"), new.get("ci_high")]
    if any(v is None for v in values + bounds):
        return None
    (a, b), (alo, ahi, blo, bhi) = values, bounds
    if alo <= b <= ahi or blo <= a <= bhi:
        return None

    def badness(x):
        if metric == "disparate_impact":
            return abs(math.log(x)) if x > 0 else math.inf
        return x

    way = "worse" if badness(b) > badness(a) else "better"
    return way, (
        f"moved {a:.3f} [{alo:.3f}, {ahi:.3f}] -> {b:.3f} [{blo:.3f}, {bhi:.3f}], "
        f"beyond both intervals ({way})"
    )


def gate_comparison(report: dict, fail_on: str = "flagged") -> GateOutcome:
    """The release gate of a model comparison (``ModelComparison.to_dict()``): is the candidate
    B worse than production A?

    ``failures``: comparisons whose verdict under B fails ``fail_on`` (as for an audit).
    ``regressions`` (any ``fail_on`` but ``never``): a verdict worse under B than under A, or a
    paired B − A interval that shows B worse (EO larger; DI further from 1 on the same side).
    """
    check_fail_on(fail_on)
    if fail_on == "never":
        return GateOutcome(fail_on)
    bad = FAIL_LEVELS[fail_on]
    a, b = report["models"]["a"], report["models"]["b"]
    failures, worse = [], []
    for v in report["verdicts"]:
        key = f"{v['attribute']}:{v['group']}"
        if v["status_b"] in bad:
            failures.append(f"{key} under {b} ({v['status_b']})")
        if _RANK.get(v["status_b"], 0) > _RANK.get(v["status_a"], 0):
            worse.append(f"{key}: verdict {v['status_a']} under {a} -> {v['status_b']} under {b}")
    for d in report["differences"]:
        iv, key = d["difference"], f"{d['attribute']}:{d['group']}"
        if d["metric"] not in GATED_METRICS or iv["ci_low"] is None:
            continue
        va, vb = d["value_a"], d["value_b"]
        if d["metric"] == "equalized_odds_difference":
            hit = iv["ci_low"] > 0
        elif va is None or vb is None:
            hit = False
        else:  # DI further from 1, on the same side of 1
            hit = (va >= 1 and vb >= 1 and iv["ci_low"] > 0) or (
                va <= 1 and vb <= 1 and iv["ci_high"] < 0
            )
        if hit:
            worse.append(
                f"{key}: {d['metric']} {b} - {a} = {iv['value']:.3f} "
                f"[{iv['ci_low']:.3f}, {iv['ci_high']:.3f}] (worse under {b})"
            )
    return GateOutcome(fail_on, tuple(failures), tuple(worse), baseline=f"{a} (model A)")
