"""The monitor's JSON document (``monitor.schema.json``), built from everything a store holds."""

from __future__ import annotations

import datetime as dt
import json
import math
import numbers
import sys
from dataclasses import dataclass, field

from .._checks import argument_kinds, kind_refusal
from .._keywords import refusing_unknown_keywords
from .._text import one_line, spaced_key, spaced_name, threshold_text
from ._store import Store

SCHEMA_VERSION = 1
# the monitor's gate levels (``--fail-on``; ``run_monitor``'s ``fail_on``)
GATE_LEVELS = ("never", "alarm")
NULLS = {
    "disparate_impact": "DI inside [{t}, {inv}]",
    "equalized_odds": "|TPR gap| and |FPR gap| at most {eo}",
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
    "2023), running intersection over a grid; each is for a gap (a DI) constant over the "
    "windows: one that changed narrows or empties it, and until empty it covers no gap (not "
    "the old, the new or their average: it keeps the values near an average of the windows' "
    "gaps that weighs early windows more), emptying only once the pairs after the change "
    "outweigh those before (TPR/FPR gaps: labelled pairs only, so later); read a changed gap "
    "from the recent windows' estimates",
    "window_intervals": "Jeffreys, this window alone, not corrected for repeated looks",
}
# each interval's ``ci_method`` (as the audit's JSON names each interval's method), explained
# in the method block's ``ci_methods``
CI_METHODS = {"estimates": "jeffreys", "sequences": "betting"}
# (the method block's words for each: the estimates' intervals are its window_intervals)
_METHOD_KEYS = {"estimates": "window_intervals", "sequences": "sequences"}


@refusing_unknown_keywords
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

    def gate(self, fail_on: str = "alarm"):
        """The pipeline gate, as the CLI's ``--fail-on`` decides: ``alarm`` fails when any test
        has alarmed, ``never`` passes. A ``fairness.GateOutcome``: ``.passed``, ``.failures``
        (each alarm as ``attribute:group test``, :func:`gate_keys`), ``.message()``; its
        ``to_dict()`` is the JSON's ``run.gate`` (``run_monitor(..., fail_on=...)``), in the
        audit's shape."""
        from ..fairness import GateOutcome

        fail_on = check_gate_level(fail_on)
        comparisons = self.data.get("comparisons", []) if fail_on == "alarm" else []
        failures = tuple(gate_keys(comparisons))
        names = frozenset(
            str(c[k])
            for c in self.data.get("comparisons", [])
            for k in ("attribute", "group", "reference")
            if c.get(k) is not None
        )
        return GateOutcome(fail_on, failures, names=names)

    def alarm_names(self) -> str:
        """The alarms in one line as the summary's ``alarms:`` line names them, in the words
        of a comparison's lines ("g: b vs a: DI, EO"; a newline or tab written as an escape,
        any password masked): the ``--fail-on alarm`` refusal's."""
        from .._secrets import mask_secrets

        names = alarm_text(self.data.get("comparisons", []))
        return one_line(mask_secrets(names)).replace("\t", "\\t")


# a test's or estimate's label in the words people read (the terminal, the dashboard)
LABELS = {
    "disparate_impact": "DI",
    "equalized_odds": "EO",
    "baseline_disparate_impact": "DI vs baseline",
    "baseline_equalized_odds": "EO vs baseline",
    "selection_rate_gap": "selection-rate gap",
    "tpr_gap": "TPR gap",
    "fpr_gap": "FPR gap",
}


def comparison_text(c: dict) -> str:
    """A comparison's ``attribute: group vs reference`` for a line of text, each name quoted
    when whitespace is around it (:func:`ethiclens._text.spaced_name`: ``g: 'e ' vs ' d'``,
    where ``g: e  vs  d`` read as the groups 'e' and 'd'), as the audit's terminal says it."""
    names = (spaced_name(c[k]) for k in ("attribute", "group", "reference"))
    return "{}: {} vs {}".format(*names)


def gate_keys(comparisons: list) -> list[str]:
    """The alarmed tests as the gate's failures name them (``g:b disparate_impact``; the JSON's
    ``run.gate.failures``), each name quoted when whitespace is around it as the fairness
    gate's failures say it (:func:`ethiclens._text.spaced_key`: ``g:'b ' disparate_impact``,
    where ``g:b  disparate_impact`` read as the group 'b'). The dashboard's gate line finds its
    comparisons' words (:func:`alarm_text`) by these same keys."""
    return [
        f"{spaced_key(c['attribute'], c['group'])} {t}"
        for c in comparisons
        for t, v in c["tests"].items()
        if v["alarm"]
    ]


def alarm_text(comparisons: list) -> str:
    """The alarmed tests in the words a comparison's lines use: "g: b vs a: DI, EO; g: c vs
    a: DI" (its header, its tests' labels), "" when none alarmed. The terminal's ``alarms:``
    line, the ``--fail-on alarm`` refusal and the dashboard's gate line say them so; the
    JSON's ``run.gate.failures`` keeps each test's key (:func:`gate_keys`)."""
    said = []
    for c in comparisons:
        tests = [LABELS.get(t, t) for t, v in c["tests"].items() if v["alarm"]]
        if tests:
            said.append(f"{comparison_text(c)}: {', '.join(tests)}")
    return "; ".join(said)


def check_gate_level(fail_on) -> str:
    """``fail_on`` when it is one of the monitor's gate levels (``GATE_LEVELS``), else refused
    naming the argument ``fail_on`` (the CLI's ``--fail-on`` is a choice click checks)."""
    from .._checks import check_member

    problem = "unknown gate level of the monitor: must be one of " + ", ".join(GATE_LEVELS)
    fix = "use one of " + ", ".join(GATE_LEVELS)  # _checks.choice_error's words, as --fail-on's
    return check_member(
        fail_on, GATE_LEVELS, column="fail_on", problem=problem, fix=fix, kind="argument"
    )


def iso(seconds) -> str | None:
    """Epoch seconds as ISO 8601 UTC (``…Z``); None for None or a non-finite value."""
    if seconds is None or not math.isfinite(seconds):
        return None
    return dt.datetime.fromtimestamp(float(seconds), dt.UTC).isoformat().replace("+00:00", "Z")


def e_value_of(log_e: float) -> float | None:
    """``exp(log_e)``, or None when it does not fit a double (beyond about 1.8e308, or below
    the smallest normal double): then ``log_e_value`` alone carries the evidence, never a
    capped or rounded-to-zero number."""
    try:
        value = math.exp(log_e)
    except OverflowError:
        return None
    return value if value >= sys.float_info.min else None


def _log_kind(value, name: str) -> None:
    """An argument kind: a real number a double holds, or None (undefined): a set raised
    math's TypeError, a 10**5000 its OverflowError, from inside."""
    if value is None:
        return
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            float(value)
            return
        except OverflowError:
            pass
    raise kind_refusal(value, name, "must be a number a float holds, or None", "e.g. 2.3")


@argument_kinds(log_e=_log_kind, threshold=_log_kind)
def e_value_text(log_e: float | None, threshold: float | None = None) -> str:
    """An e-value as every face shows it, from its log: ``3.2``, ``1.01e+304``, and beyond a
    double ``8.95e+2494`` (mantissa and exponent from log10 = log / ln 10). An undefined
    (None, NaN) log is ``—``, never a number; a log of -inf is the e-value 0. With the test's
    ``threshold`` (its alarm level) it prints with as many more digits as keep it on its side
    of the level, as the tests compare it (log e >= log threshold): 19.96 against 20 is
    ``19.96``, never ``20``."""
    if log_e is None or math.isnan(log_e):
        return "—"
    if log_e == -math.inf:
        return "0"
    value = e_value_of(log_e)
    if value is not None:
        return _beside_level(value, log_e, threshold)
    log10 = log_e / math.log(10)
    exponent = math.floor(log10)
    mantissa = round(10 ** (log10 - exponent), 2)
    if mantissa >= 10:  # 9.996 rounds to 10.00: written 1.00 with the next power
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.2f}e{exponent:+d}"


def _beside_level(value: float, log_e: float, threshold: float | None) -> str:
    """``value`` to 3 significant digits, or as many more as print it on the side of
    ``threshold`` that its log lies on (within a double's rounding: the nearest double there)."""

    def text(digits: int) -> str:
        return f"{value:.{digits}g}" if value < 1e6 else f"{value:.{digits - 1}e}"

    if threshold is None or not 0 < threshold < math.inf:
        return text(3)
    reached = log_e >= math.log(threshold)
    for digits in range(3, 18):
        if (float(text(digits)) >= threshold) == reached:
            return text(digits)
    return f"{threshold if reached else math.nextafter(threshold, 0):.17g}"


def empty_sequence_reason(history: list[dict], name: str) -> str:
    """Why the confidence sequence ``name`` is empty after the last window of ``history``:
    the quantity pooled over those windows is undefined (a rate with no rows, or a DI whose
    reference was never selected), lies outside the sequence's grid, or — the value inside
    the grid — the gap was not constant."""
    return _empty_why(name, _pooled(history, name))


def _pooled(history: list[dict], name: str) -> list[float]:
    """The reference's rows and hits, then the group's, of ``name`` summed over ``history``."""
    _, rows, hits, _ = _sequence(name)
    return [
        sum(h["counts"][side].get(f, 0) for h in history) for side in _SIDES for f in (rows, hits)
    ]


def _sequence(name: str) -> tuple:
    from ._evidence import SEQUENCES

    return next(s for s in SEQUENCES if s[0] == name)


def _empty_why(name: str, pooled: list[float]) -> str:
    from ._evidence import families

    kind = _sequence(name)[3]
    n_ref, x_ref, n_grp, x_grp = pooled
    if min(n_ref, n_grp) == 0:
        return "undefined: one of the groups had no rows to rate"
    if kind == "ratio" and x_ref == 0:
        return "undefined: the reference group was never selected"
    value = x_grp / n_grp / (x_ref / n_ref) if kind == "ratio" else x_grp / n_grp - x_ref / n_ref
    grid = families()[kind].grid  # the monitor's grid: a value outside cannot be covered
    if not grid[0] <= value <= grid[-1]:
        return (
            f"outside the grid [{grid[0]:g}, {grid[-1]:g}]: all windows together give {value:.3g}"
        )
    return "the gap was not constant"


_SIDES = ("reference", "group")


def _unbounded_reason(history: list[dict], name: str) -> str:
    """Why the ratio sequence ``name`` has no upper bound, from the windows the group and the
    reference shared (the only ones bet on): none; the reference never selected in them (the
    ratio undefined so far); their pooled ratio beyond the grid's top; or, inside the grid, too
    few rows yet to exclude the values above it."""
    rows = _sequence(name)[1]
    shared = [h for h in history if min(h["counts"][s].get(rows, 0) for s in _SIDES) > 0]
    return _unbounded_why(name, _pooled(shared, name) if shared else None)


def _unbounded_why(name: str, shared: list[float] | None) -> str:
    from ._evidence import families

    if shared is None:
        return "no upper bound: the group and the reference never shared a window yet"
    n_ref, x_ref, n_grp, x_grp = shared
    if x_ref == 0:
        return "no upper bound: undefined, the reference group was never selected"
    value = x_grp / n_grp / (x_ref / n_ref)
    top = families()[_sequence(name)[3]].grid[-1]
    pooled = f"the windows they shared give {value:.3g}"
    if value > top:
        return f"no upper bound: above {top:g}, the grid's top ({pooled})"
    return f"no upper bound: too few rows to bound it yet ({pooled})"


def _sequence_reasons(history: list[dict]) -> None:
    """A sequence bound that is null carries why in the JSON, as the terminal says it: an
    empty sequence (``empty: …``) and a ratio's missing upper end (``no upper bound: …``),
    from the counts of the windows up to each one (running sums: a long store costs one pass)."""
    pooled, shared = {}, {}
    for entry in history:
        for name, bounds in entry["sequences"].items():
            _, rows, hits, _ = _sequence(name)
            sides = [entry["counts"][side].get(f, 0) for side in _SIDES for f in (rows, hits)]
            pooled[name] = [a + b for a, b in zip(pooled.get(name, [0] * 4), sides, strict=True)]
            if min(sides[0], sides[2]) > 0:
                was = shared.get(name) or [0] * 4
                shared[name] = [a + b for a, b in zip(was, sides, strict=True)]
            if bounds.get("reason"):
                continue
            if bounds.get("low") is None:
                bounds["reason"] = "empty: " + _empty_why(name, pooled[name])
            elif bounds.get("high") is None:
                bounds["reason"] = _unbounded_why(name, shared.get(name))


def sequence_text(history: list[dict], name: str) -> str:
    """The confidence sequence ``name`` after the last window of ``history``: ``[low, high]``,
    or ``empty (why)``."""
    bounds = history[-1]["sequences"].get(name) if history else None
    if not bounds:
        return "—"
    reason = bounds.get("reason") or ""
    if reason and bounds.get("low") is None and not reason.startswith("empty: "):
        return f"— ({reason})"  # no window bet on: undefined
    if bounds.get("low") is None:
        return f"empty ({empty_sequence_reason(history, name)})"
    if bounds.get("high") is None:  # a ratio beyond its grid's top: no upper bound
        return f"[{bounds['low']:z.3f}, ∞) ({_unbounded_reason(history, name)})"
    return f"[{bounds['low']:z.3f}, {bounds['high']:z.3f}]"


def build_report(store: Store, request, info: dict) -> dict:
    """The JSON document (``monitor.schema.json``) of everything the store holds."""
    windows = store.windows()
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "ethiclens-monitor",
        "store": str(store.path),
        "created": store.meta("created"),
        "request": store.meta("request") or request.bound(),
        "method": {
            **METHOD,
            "alpha": request.alpha,
            "ci_methods": {name: METHOD[_METHOD_KEYS[k]] for k, name in CI_METHODS.items()},
        },
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
        tests = {t: test_value(v["log_e_value"]) for t, v in body["tests"].items()}
        for key, name in CI_METHODS.items():  # every interval names its method
            for interval in body[key].values():
                interval["ci_method"] = name
        by.setdefault((a, g), []).append({"window": w, **body, "tests": tests})
    for history in by.values():
        _clamped_bands(history)
        _undefined_gaps(history)
        _undefined_estimates(history)
        _sequence_reasons(history)
    out = []
    for (a, g), history in sorted(by.items()):
        estimated = [h for h in history if h["status"] in ("ESTIMATED", "INSUFFICIENT_DATA")]
        latest = (
            {k: estimated[-1][k] for k in ("window", "status", "estimates")} if estimated else None
        )
        last = history[-1]
        hits = {t: alarms.get((a, g, t)) for t in last["tests"]}
        out.append(
            {
                "attribute": a,
                "group": g,
                "reference": refs.get(a),
                "reference_source": sources.get(a),
                "tests": _tests(last, hits, request, windows, history),
                "sequences": last["sequences"],
                "latest": latest,
                "history": history,
            }
        )
    return out


# a gap sequence's rows: what both sides need in a window for it to be bet on
_GAP_ROWS = {
    "selection_rate_gap": ("n", "rows"),
    "tpr_gap": ("pos", "rows with a positive label"),
    "fpr_gap": ("neg", "rows with a negative label"),
}


def _undefined_gaps(history: list[dict]) -> None:
    """A gap sequence no window has bet on yet (no window held rows of both the reference and
    the group for its rate; with --propensity/--weight, effective rows) is undefined: its
    bounds null, with the reason. A store holds such a sequence as the whole grid, its edges
    ±0.998 (every store, of every version: the replay check compares them), which is no bound:
    the edges are dropped here, where the report is built, so the JSON, the terminal and the
    HTML page all say undefined."""
    from ._evidence import families

    grid = families()["gap"].grid
    edges = (float(grid[0]), float(grid[-1]))
    shared = dict.fromkeys(_GAP_ROWS, False)
    had = dict.fromkeys(_GAP_ROWS, False)  # rows of both, bet on or not (weighted: one cell)
    weighted = any("weighted" in entry for entry in history)
    for entry in history:
        counts = entry.get("weighted") or entry["counts"]
        for name, (rows, words) in _GAP_ROWS.items():
            sides = (counts["reference"].get(rows, 0), counts["group"].get(rows, 0))
            shared[name] = shared[name] or min(sides) > 0
            plain = (entry["counts"][side].get(rows, 0) for side in ("reference", "group"))
            had[name] = had[name] or min(plain) > 0
            bounds = entry["sequences"].get(name)
            if shared[name] or not bounds or (bounds["low"], bounds["high"]) != edges:
                continue
            why = (
                _NOT_BET_ON.format(words=words)
                if weighted and had[name]
                else f"no window yet had {'effective ' * weighted}{words} in both the group and "
                "the reference (a gap is bet on only in such windows)"
            )
            bounds.update(low=None, high=None, reason=f"undefined: {why}")


# a weighted gap sequence whose windows all had rows of both sides, none bet on
_NOT_BET_ON = (
    "no window yet was bet on: each window with {words} in both the group and the reference "
    "had, in one of them, all its weighted {words} in one cell (none predicted positive, or "
    "all), and a weighted rate from one cell alone is not bet on"
)


# a store written before a baseline without a DI band was said: its band clamped to [1e-9, 1e9]
_CLAMPED_REASON = (
    "cannot compare: the baseline selected no one in a group, so its DI has no band to test a "
    "window's DI against (this store was written with the band [1e-9, 1e9] in its place)"
)


def _clamped_bands(history: list[dict]) -> None:
    """A baseline DI band an earlier version clamped to [1e-9, 1e9] (the baseline selected no
    one in a group: no band) is read as none: null, with why, and its test, bet against that
    made-up band, is not given."""
    for entry in history:
        band = (entry.get("baseline") or {}).get("di_band")
        if band is not None and band[0] <= 1e-9:
            entry["baseline"] = {**entry["baseline"], "di_band": None}
            entry["baseline"]["di_reason"] = _CLAMPED_REASON
            entry["tests"].pop("baseline_disparate_impact", None)


def _undefined_estimates(history: list[dict]) -> None:
    """A window estimate with no value carries why, from the window's rows (weighted, its
    effective rows: a side has some exactly where it has rows): a side without the rows it
    rates (a TPR gap where a group has no positive label; any estimate of a ONE_GROUP window),
    as a DI whose groups were neither selected says it. A store keeps the DI's reason only, so
    the reason is added here, where the report is built, for the windows of every store alike:
    the JSON, the terminal, the HTML page and the web page all give it."""
    from ._evidence import undefined_reason

    for entry in history:
        # the rows' counts: weights are positive, so a side has effective rows (of a label,
        # selected) exactly where it has rows; ``weighted`` holds the bets' counts, 0 for a
        # rate not bet on (one empty cell) however many rows it has
        counts, weighted = entry["counts"], "weighted" in entry
        for name, estimate in entry["estimates"].items():
            if estimate.get("value") is not None or estimate.get("reason"):
                continue
            reason = undefined_reason(name, counts["reference"], counts["group"], weighted)
            if reason or weighted:
                estimate["reason"] = reason or _ONE_CELL_BEFORE


# a weighted window estimate a store written before round 44 left without a value: its rate
# was read from the bets' counts, 0 where one of its two cells drew no row
_ONE_CELL_BEFORE = (
    "not estimated in this store: the EthicLens that wrote it gave no estimate where a group's "
    "weighted rows all fall in one cell (no predicted positive row, say); a new store gives it"
)


def _tests(last: dict, alarms: dict, request, windows: dict, history: list) -> dict:
    """Each test's null (worded with the policy's or the baseline's numbers), e-value, threshold,
    alarm, and why it has not moved (``held``) where its last windows left it unchanged."""
    bl = last.get("baseline") or {}
    band = bl.get("di_band") or [float("nan")] * 2  # null: no band, and no test of it
    t = request.di_threshold
    values = {
        "t": threshold_text(t),
        "inv": threshold_text(1 / t),
        "eo": threshold_text(request.eo_threshold),
        "bt": band[0],
        "binv": band[1],
        "btpr": bl.get("tpr_eps", float("nan")),
        "bfpr": bl.get("fpr_eps", float("nan")),
        "bsrc": _baseline_kind(request),
    }
    tests = {}
    for test, hit in alarms.items():
        level = (2 if test.startswith("baseline_") else 1) / request.alpha
        tests[test] = {
            "null": NULLS[test].format(**values),
            "e_value": e_value_of(last["tests"][test]["log_e_value"]),
            "log_e_value": last["tests"][test]["log_e_value"],
            "threshold": level,
            "alarm": hit is not None,
            "alarm_since": None
            if hit is None
            else {"window": hit["window"], "start": iso(windows[hit["window"]]["start"])},
            "held": held_text(history, test, level),
        }
    return tests


def held_text(history: list, test: str, threshold: float | None = None) -> str | None:
    """Why the test's e-value is the same number window after window (None where its last
    window moved it): nothing was staked in those windows. A window is bet on with what the
    windows before it showed (the bet is predictable), and the bet stays 0 while they sat inside
    the band; a window without pairs (a group without rows) stakes nothing either. Without this
    a frozen e-value (0.72 in six windows, the first window's mixed bet's cost) read as a
    measured amount of evidence, or as a bet that never updates. An e-value that moved by less
    than the digits every face shows (``e_value_text`` beside ``threshold``) reads as frozen
    too: it is said to have barely moved, the windows having staked little (they sat near the
    band's edge), never that nothing was staked."""
    seen = [(h["window"], h["tests"][test]["log_e_value"]) for h in history if test in h["tests"]]
    k = _same_since(seen, lambda log_e: log_e)
    if k < len(seen) - 1:
        why = "nothing was staked in {where} (a window is bet on with what the windows before "
        why += "it showed; the bet stays 0 while they sit inside the band, and a window without "
        text = f"unchanged since window {seen[k][0]}: {why}pairs stakes nothing)"
    else:
        k = _same_since(seen, lambda log_e: e_value_text(log_e, threshold))
        if k >= len(seen) - 1:
            return None
        text = (
            f"barely moved since window {seen[k][0]}, by less than the digits shown: {{where}} "
            "staked little (a window is bet on with what the windows before it showed; the bet "
            "is small while they sit near the band's edge, and 0 inside it)"
        )
    first, last = seen[k + 1][0], seen[-1][0]
    text = text.format(where=f"window {first}" if first == last else f"windows {first} to {last}")
    if seen[-1][1] < 0:
        text += "; an e-value below 1 is no evidence against the band"
    return text


def _same_since(seen: list, shown) -> int:
    """The index of the first of ``seen``'s last (window, log e-value) pairs that ``shown`` of
    the log e-value gives alike (``len(seen) - 1``: the last window changed it)."""
    k = len(seen) - 1
    while k > 0 and shown(seen[k - 1][1]) == shown(seen[-1][1]):
        k -= 1
    return k


def test_value(log_e: float) -> dict:
    """A test's stored value: its log e-value and the e-value (None beyond a double)."""
    return {"log_e_value": log_e, "e_value": e_value_of(log_e)}


def _baseline_kind(request) -> str:
    """What the baseline nulls compare with: the baseline ``target`` (files), ``table`` or
    ``query`` (the database), or ``windows`` (the target's own)."""
    flag, _ = request.baseline_source() or ("--baseline-windows", None)
    return flag.removeprefix("--baseline-")
