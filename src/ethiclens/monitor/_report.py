"""The monitor's JSON document (``monitor.schema.json``), built from everything a store holds."""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import dataclass, field

from ._store import Store

SCHEMA_VERSION = 1
NULLS = {
    "disparate_impact": "DI inside [{t:.2f}, {inv:.2f}]",
    "equalized_odds": "|TPR gap| and |FPR gap| at most {eo:.2f}",
    "baseline_disparate_impact": "DI no further from 1 than in the baseline {bsrc}: inside "
    "[{bt:.3f}, {binv:.3f}]",
    "baseline_equalized_odds": "gaps no larger than in the baseline {bsrc}: |TPR gap| at most "
    "{btpr:.3f}, |FPR gap| at most {bfpr:.3f}",
}
METHOD = {
    "tests": "betting e-processes on pairs from per-window counts (online Newton step "
    "bets, one step per window; composite nulls as the average of one-sided wealths); "
    "an alarm when the e-value reaches 1/alpha (Ville's inequality: valid at every look)",
    "sequences": "hedged-capital confidence sequences by betting (Waudby-Smith & Ramdas "
    "2023), running intersection over a grid",
    "window_intervals": "Jeffreys, this window alone, not corrected for repeated looks",
}


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


def iso(seconds) -> str | None:
    """Epoch seconds as ISO 8601 UTC (``…Z``); None for None or a non-finite value."""
    if seconds is None or not math.isfinite(seconds):
        return None
    return dt.datetime.fromtimestamp(float(seconds), dt.UTC).isoformat().replace("+00:00", "Z")


def plural(n: int, noun: str) -> str:
    """``1 row``, ``2 rows``, ``1,200 rows``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def safe_exp(x: float) -> float:
    return float(math.exp(min(x, 700.0)))


def build_report(store: Store, request, info: dict) -> dict:
    """The JSON document (``monitor.schema.json``) of everything the store holds."""
    windows = store.windows()
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "ethiclens-monitor",
        "store": str(store.path),
        "created": store.meta("created"),
        "request": store.meta("request") or request.bound(),
        "method": {**METHOD, "alpha": request.alpha},
        "run": info,
        "windows": [
            {
                "window": w,
                "start": iso(v["start"]),
                "end": iso(v["end"]),
                "rows": v["rows"],
                "status": v["status"],
            }
            for w, v in sorted(windows.items())
        ],
        "comparisons": _comparisons(store, request, windows),
    }


def _comparisons(store: Store, request, windows: dict) -> list[dict]:
    """Per comparison: its tests and sequences after the last window, the latest estimates and
    the whole history."""
    refs = store.meta("references") or {}
    sources = store.meta("reference_source") or {}
    alarms = store.alarms()
    by = {}
    for w, a, g, body in store.results():
        by.setdefault((a, g), []).append({"window": w, **body})
    out = []
    for (a, g), history in sorted(by.items()):
        estimated = [h for h in history if h["status"] in ("ESTIMATED", "INSUFFICIENT_DATA")]
        latest = estimated[-1] if estimated else None
        out.append(
            {
                "attribute": a,
                "group": g,
                "reference": refs.get(a),
                "reference_source": sources.get(a),
                "tests": _tests(
                    history[-1],
                    {t: alarms.get((a, g, t)) for t in history[-1]["tests"]},
                    request,
                    windows,
                ),  # fmt: skip
                "sequences": history[-1]["sequences"],
                "latest": None
                if latest is None
                else {k: latest[k] for k in ("window", "status", "estimates")},
                "history": history,
            }
        )
    return out


def _tests(last: dict, alarms: dict, request, windows: dict) -> dict:
    """Each test's null (worded with the policy's or the baseline's numbers), e-value, threshold
    and alarm."""
    bl = last.get("baseline") or {}
    band = bl.get("di_band", [float("nan")] * 2)
    t = request.di_threshold
    values = {
        "t": t,
        "inv": 1 / t,
        "eo": request.eo_threshold,
        "bt": band[0],
        "binv": band[1],
        "btpr": bl.get("tpr_eps", float("nan")),
        "bfpr": bl.get("fpr_eps", float("nan")),
        "bsrc": _baseline_kind(request),
    }
    tests = {}
    for test, hit in alarms.items():
        tests[test] = {
            "null": NULLS[test].format(**values),
            "e_value": last["tests"][test]["e_value"],
            "log_e_value": last["tests"][test]["log_e_value"],
            "threshold": (2 if test.startswith("baseline_") else 1) / request.alpha,
            "alarm": hit is not None,
            "alarm_since": None
            if hit is None
            else {"window": hit["window"], "start": iso(windows[hit["window"]]["start"])},
        }
    return tests


def _baseline_kind(request) -> str:
    """What the baseline nulls compare with: the baseline ``target`` (files), ``table`` or
    ``query`` (the database), or ``windows`` (the target's own)."""
    flag, _ = request.baseline_source() or ("--baseline-windows", None)
    return flag.removeprefix("--baseline-")


def read_store_report(store_path, request) -> MonitorResult:
    """The report of a store without counting anything."""
    store = Store.open(store_path)
    try:
        return MonitorResult(build_report(store, request, {}))
    finally:
        store.close()
