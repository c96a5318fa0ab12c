"""Show a monitor report: terminal summary, HTML dashboard with one trend plot per comparison.

Reads the JSON document only (``MonitorResult.to_dict()``); every user string in HTML is
escaped.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import functools
import html
import importlib
import io
import logging
import math
import sys
import threading
import warnings
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

from .._checks import argument_kinds, each_kind, instance_kind
from .._secrets import mask_secrets
from .._text import (
    beside,
    distinct_numbers,
    html_safe,
    literal_figure,
    one_line,
    percent,
    short_labels,
    spaced_name,
    threshold_text,
)
from ..errors import EthicLensInputError
from ._edits import plural
from ._report import (
    LABELS,
    alarm_text,
    comparison_text,
    e_value_text,
    gate_keys,
    sequence_text,
)

# the report's parts the exported renderers read (a report JSON's dicts), declared once: a
# wrong kind (None, a set, text) refused naming the argument, never a TypeError from inside
_DOC = instance_kind(dict, "the monitor's report (a dict)", "e.g. json.load(open('m.json'))")
_COMPARISON = instance_kind(
    dict, "one of the report's comparisons (a dict)", "e.g. report['comparisons'][0]"
)
_COMPARISONS = each_kind(
    _COMPARISON,
    "the report's comparisons (a list of dicts)",
    "e.g. report['comparisons']",
    empty=True,
)
_REQUEST = instance_kind(dict, "the report's request (a dict)", "e.g. report['request']")
_RUN = instance_kind(dict, "the report's run (a dict)", "e.g. report['run']", optional=True)


def level_text(alpha: float) -> str:
    """The confidence level 1 - ``alpha`` as a percentage, exactly as given: 99.9%, 99.5%,
    97.5%, 95% (never rounded to 100% or 98%)."""
    return percent(1 - Decimal(repr(float(alpha))))


def _num(x, digits=3, edges=()) -> str:
    """``x`` to ``digits`` places, or as many more as put it on its side of the nearest of
    ``edges`` (the policy thresholds it is judged against: :func:`~ethiclens._text.beside`)."""
    if x is None:
        return "—"
    return beside(x, edges, digits) if edges else f"{x:z.{digits}f}"


def _edges(request: dict, metric: str) -> tuple:
    """The policy thresholds the monitor tests ``metric`` against: DI's band [t, 1/t], each
    signed gap's ±EO limit; none for another estimate (or a request without a policy)."""
    t, eo = request.get("di_threshold"), request.get("eo_threshold")
    if metric == "disparate_impact" and t:
        return (t, 1 / t)
    if metric in ("tpr_gap", "fpr_gap") and eo is not None:
        return (-eo, eo)
    return ()


def _interval(d: dict | None, edges: tuple = ()) -> str:
    """An estimate and its interval; a bound beside one of ``edges`` on its side of it."""
    if d and d.get("value") is None and d.get("ci_low") is not None:  # a DI unbounded
        low = _num(d["ci_low"], edges=edges)
        return f"unbounded [{low}, ∞) ({d['reason'].removeprefix('unbounded: ')})"
    if d and d.get("reason"):
        return d["reason"]
    if not d or d.get("value") is None:
        return "undefined"
    if d.get("ci_low") is None:
        return f"{_num(d['value'])} (no interval: below the floor)"
    low, high = _num(d["ci_low"], edges=edges), _num(d["ci_high"], edges=edges)
    return f"{_num(d['value'], edges=edges)} [{low}, {high}]"


# how each weighting is stated: request key -> what its column holds
_WEIGHTING = {
    "weight": "each row's survey weight",
    "propensity": "each row's sampling probability, inverse-propensity weighted",
}


@argument_kinds(request=_REQUEST, run=_RUN)
def request_lines(request: dict, run: dict | None = None) -> list[str]:
    """The weighting, the baseline, the positive label, the bins and the group edits of the
    request, stated as the audit states them (the baseline target's rows: this run's count,
    where ``run`` counted it): the terminal's, the dashboard's and the web page's lines."""
    run = run or {}
    out = []
    for key, holds in _WEIGHTING.items():
        if request.get(key):
            out.append(f"weighted: --{key} {request[key]} ({holds})")
    out += _baseline_lines(request, run.get("baseline_target"))
    if request.get("pos_label") is not None:
        out.append(f"positive label: {request['pos_label']!r}")
    for attr, edges in (request.get("bins") or {}).items():
        out.append(f"binned: {spaced_name(attr)} at {', '.join(distinct_numbers(edges))}")
    for attr, merges in (request.get("merge_groups") or {}).items():
        out += [
            f"merged: {spaced_name(attr)} {spaced_name(new)} = {' + '.join(map(spaced_name, olds))}"
            for new, olds in merges.items()
        ]
    for attr, groups in (request.get("exclude_groups") or {}).items():  # ' ?', ' g' quoted
        out.append(f"left out: {spaced_name(attr)} {', '.join(map(spaced_name, groups))}")
    return out


def _baseline_lines(request: dict, counted: dict | None) -> list[str]:
    """The baseline: a separate target (its path, or its table or query in the database, and,
    when this run counted it, its rows), a period, or the first K windows."""
    for name in ("baseline_target", "baseline_table", "baseline_query"):
        if request.get(name):
            rows = f" ({plural(counted['rows'], 'row')})" if counted else ""
            named = f"--{name.replace('_', '-')} {counted['target'] if counted else request[name]}"
            if counted and counted.get("source"):  # a table or query: in which database
                named = counted["source"]
            return [f"baseline: {named}{rows}"]
    if request.get("baseline_period"):
        return [f"baseline: --baseline-period {request['baseline_period']}"]
    if request.get("baseline_windows"):
        return [f"baseline: --baseline-windows {request['baseline_windows']} (the first windows)"]
    return []


@argument_kinds(doc=_DOC)
def baseline_pending_text(doc: dict) -> str | None:
    """Why a report of ``--baseline-windows K`` or ``--baseline-period`` has no baseline test
    yet: the baseline is still being pooled (or its period lies after every window), so its
    tests have not started; None once a window after the baseline is in the store, or without
    such a baseline. The terminal, the dashboard and the web page say it alike."""
    request, windows = doc.get("request") or {}, doc.get("windows") or []
    k, period = request.get("baseline_windows"), request.get("baseline_period")
    if k and len(windows) <= k:
        pooled = f"first {k} windows are" if k > 1 else "first window is"  # not "1 window are"
        return (
            f"no baseline test yet: the {pooled} pooled as the baseline ({len(windows)} in the "
            f"store so far); its tests start with window {k}"
        )
    if period and ".." in str(period):
        last = dt.date.fromisoformat(str(period).split("..")[1][:10])
        after = f"{last + dt.timedelta(days=1)}T00:00:00Z"
        if not any(str(w.get("start", "")) >= after for w in windows):
            return (
                f"no baseline test yet: the windows inside --baseline-period {period} are "
                f"pooled as the baseline; its tests start with the first window after {last}"
            )
    return None


_DOC_FIX = "pass a monitor report: run_monitor(...).to_dict() or json.load of its --json file"


def _check_doc(doc, keys: tuple) -> None:
    """``doc``, a monitor report's document (``MonitorResult.to_dict()``), holds ``keys``;
    None, a result object, another mapping are refused naming the argument, never the
    KeyError or TypeError of the first key read."""
    if not isinstance(doc, dict):
        given = "None" if doc is None else type(doc).__name__
        problem = f"must be a monitor report's document (a dict), not {given}"
        raise EthicLensInputError(problem, column="doc", kind="argument", fix=_DOC_FIX)
    if missing := [k for k in keys if k not in doc]:
        raise EthicLensInputError(
            f"is no monitor report's document: it has no key {missing[0]!r}",
            column="doc",
            kind="argument",
            fix=_DOC_FIX,
        )


def summary_lines(doc: dict) -> list[str]:
    """The terminal summary: per comparison the latest window, the sequences and the tests."""
    _check_doc(doc, ("method", "windows", "comparisons"))  # the keys always read
    run = doc.get("run") or {}
    _check_doc(doc, ("store",) if run else ())  # named by the run's line
    windows = doc["windows"]
    alpha = doc["method"]["alpha"]
    lines = []
    if run:
        seen = run.get("already_seen", 0)
        lines.append(
            f"monitor: {run['new_windows']} new window(s) added"
            + (f", {seen} already in the store (not counted again)" if seen else "")
            + (f", {len(run['pending_windows'])} held back" if run.get("pending_windows") else "")
            + f"; store {doc['store']}"
        )
    lines += [f"note: {note}" for note in run.get("notes", [])]
    lines += request_lines(doc.get("request") or {}, run)
    if pending := baseline_pending_text(doc):
        lines.append(pending)
    if windows:
        last = windows[-1]
        # the baseline tests' own threshold, as the JSON's ``threshold`` and the docs state it
        based = has_baseline_tests(doc["comparisons"])
        lines.append(
            f"{plural(len(windows), 'window')} in the store, the last from {last['start']} "
            f"({plural(last['rows'], 'row')}, {last['status']}); alarm when an e-value reaches "
            f"1/alpha = {1 / alpha:g}" + (f" (a baseline test's 2/alpha = {2 / alpha:g})" * based)
        )
    for c in doc["comparisons"]:
        lines += ["", *_comparison_lines(c, doc.get("request") or {}, alpha)]
    # in the words of the lines above (a comparison's header, its tests' labels), as the
    # gate's line below them and the dashboard's gate line say them (alarm_text)
    lines += ["", "alarms: " + (alarm_text(doc["comparisons"]) or "none")]
    # a group named like a DB URL shown without its password (as the page and the audit's
    # terminal table show it)
    return [_one_line(mask_secrets(line)) for line in lines]


def _comparison_lines(c: dict, request: dict, alpha: float) -> list[str]:
    """One comparison's terminal lines: its latest window, its sequences and its tests."""
    lines = [comparison_text(c)]
    if latest := c.get("latest"):
        est = latest["estimates"]
        parts = [f"{LABELS[k]} {_interval(v, _edges(request, k))}" for k, v in est.items()]
        lines.append(f"  latest window ({latest['window']}): " + "; ".join(parts))
    lines += [f"  {text}" for text in (absent_text(c), untested_text(c)) if text]
    seqs = "; ".join(f"{LABELS[k]} {sequence_text(c['history'], k)}" for k in c["sequences"])
    level = f"{level_text(alpha)}, every look, for a constant gap"  # else narrow or empty
    lines.append(f"  confidence sequences ({level}): {seqs}")
    for test, t in c["tests"].items():
        state = "ALARM" if t["alarm"] else "no alarm"
        since = ""
        if t["alarm_since"]:
            since = f" since window {t['alarm_since']['window']} ({t['alarm_since']['start']})"
        shown = e_value_text(t["log_e_value"], t.get("threshold"))  # on its side of it
        held = f" ({t['held']})" if t.get("held") else ""  # why it has not moved
        lines.append(f"  {LABELS[test]}: e-value {shown} against {t['null']}: {state}{since}{held}")
    return lines


@argument_kinds(comparison=_COMPARISON)
def absent_text(comparison: dict) -> str | None:
    """``B has no rows in window 7 (ONE_GROUP)``: the group (or the reference) without rows in
    the comparison's last windows, which the latest estimates (an earlier window's) do not
    show, each window's side as its ``reason`` names it (``B has no rows in window 1, A in
    window 2``); None when its last window compared both."""
    trailing = []
    for h in reversed(comparison.get("history") or []):
        if h.get("status") != "ONE_GROUP":
            break
        trailing.insert(0, (_absent_side(comparison, h), h["window"]))
    if not trailing:
        return None
    # (who, its windows) of each run of windows one side has no rows in, in window order
    runs = [(who, [w for _, w in run]) for who, run in groupby(trailing, key=itemgetter(0))]
    spans = [f"window {w[0]}" if w[0] == w[-1] else f"windows {w[0]} to {w[-1]}" for _, w in runs]
    said = [f"{runs[0][0]} has no rows in {spans[0]}"]
    said += [f"{who} in {span}" for (who, _), span in zip(runs[1:], spans[1:], strict=True)]
    return ", ".join(said) + " (ONE_GROUP)"


@argument_kinds(comparison=_COMPARISON)
def untested_text(comparison: dict) -> str | None:
    """``DI vs baseline: not tested: cannot compare: the baseline (--baseline-target) selected
    no one in either group, ...``: the baseline DI test a comparison has not, since its
    baseline has no DI band (its last window's ``baseline.di_band`` null, with why); None when
    it has one, or no baseline."""
    for h in reversed(comparison.get("history") or []):
        if "baseline" in h:
            band = h["baseline"]
            if band.get("di_band") is None:
                return f"{LABELS['baseline_disparate_impact']}: not tested: {band['di_reason']}"
            return None
    return None


def _absent_side(comparison: dict, entry: dict) -> str:
    """The group a ONE_GROUP window has no rows of: as its reason says, else by its counts."""
    reason = entry.get("reason") or ""
    side = "reference"
    if reason.startswith("the compared group"):
        side = "group"
    elif not reason.startswith("the reference group"):
        group_n = ((entry.get("counts") or {}).get("group") or {}).get("n")
        side = "group" if group_n == 0 else "reference"
    return spaced_name(comparison[side])  # ' a' quoted, as comparison_text says it


def _one_line(text: str) -> str:
    """A summary line as one line, whatever the names in it hold: newlines, tabs and control
    characters written as visible escapes (as error messages write them)."""
    return one_line(text).replace("\t", "\\t")


# -- plots ---------------------------------------------------------------------------------------


# matplotlib is not thread-safe, Figure objects too: its mathtext parser (a log axis's 10^k
# tick labels) and font caches are shared, and two plots drawn at once raised ParseException
_DRAWING = threading.Lock()


@argument_kinds(doc=_DOC, comparison=_COMPARISON)
def trend_png(doc: dict, comparison: dict) -> bytes:
    """One comparison's trend: DI and the TPR/FPR gaps per window with intervals, the
    confidence sequence bands, the policy band, and alarm markers; the e-values below.

    Safe from any thread: one plot is drawn at a time."""
    with _DRAWING:
        return _trend_png(doc, comparison)


def _trend_png(doc: dict, comparison: dict) -> bytes:
    figure = _matplotlib_figure()  # not pyplot: the caller's backend and figures stay
    request = doc["request"]
    labels = "y_true" in request and request["y_true"] is not None
    panels = 3 if labels else 2
    fig = figure.Figure(figsize=(8, 2.6 * panels), layout="none")  # laid out once, below
    _agg_canvas()(fig)  # the drawing's renderers reused from the last plot of its size
    axes = fig.subplots(panels, 1, sharex=True)
    _di_panel(axes[0], comparison, request["di_threshold"])
    if labels:
        _gap_panel(axes[1], comparison, request["eo_threshold"])
    _evalue_panel(axes[-1], comparison, doc["method"]["alpha"])
    fig.suptitle(chart_title(comparison))
    literal_figure(fig, mask=mask_secrets)  # '$5_$10' is a group's name, not mathtext; no password
    buf = io.BytesIO()
    with _no_glyph_warning():
        _tight_layout(fig)
        fig.savefig(buf, format="png", dpi=90)
    return buf.getvalue()


def _tight_layout(fig) -> None:
    """``fig.tight_layout()``'s layout, leaving no layout engine on ``fig``.

    ``Figure.tight_layout`` leaves a placeholder engine behind, and ``savefig`` of a figure
    with an engine draws it whole once (its renderer's output turned off) before drawing its
    PNG: each trend plot was drawn twice. The same engine run by itself sets the same subplot
    parameters; the figure has none (``layout="none"``, whatever the rc's autolayout), so
    ``savefig`` draws it once, the PNG the same."""
    from matplotlib.layout_engine import TightLayoutEngine

    TightLayoutEngine(rect=None).execute(fig)  # as tight_layout(): its default rect is None


@functools.cache
def _agg_canvas():
    """An Agg canvas class whose renderer (one per pixel size and dpi) is reused by every trend
    plot of that size, kept in :func:`_renderer`.

    matplotlib caches the size of each text and each parsed mathtext label (a log axis's 10^k)
    per renderer, and made two new ones per plot (its tight layout's at 100 dpi, its PNG's at
    90): each plot measured and parsed its labels again. A renderer holds no state of the
    figure it drew (each draw clears it first) and plots are drawn one at a time
    (:data:`_DRAWING`), so the PNG is the same, byte for byte."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    class Canvas(FigureCanvasAgg):
        def get_renderer(self):
            w, h = self.get_width_height(physical=True)
            self.renderer = _renderer(w, h, self.figure.dpi)
            self._lastKey = (w, h, self.figure.dpi)
            return self.renderer

    return Canvas


@functools.lru_cache(maxsize=8)
def _renderer(width: int, height: int, dpi: float):
    """The Agg renderer of ``width`` x ``height`` pixels at ``dpi`` that trend plots share."""
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(width, height, dpi)


@contextlib.contextmanager
def _no_glyph_warning():
    """A group name in a script the font lacks is drawn as boxes, without matplotlib's warning;
    in the main thread only: catch_warnings() sets the process's filters, and from a worker
    thread (the web app's) it put back filters the main thread had changed meanwhile."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing", category=UserWarning)
        yield


# What matplotlib logs on import where HOME cannot be written (it then makes a temporary config
# folder itself, harmlessly): on every --html of a service account's run, noise; filtered only
# while it is imported, its other messages shown.
_FOLDER_NOTES = ("mkdir -p failed", "Matplotlib created a temporary")


def _matplotlib_figure(name: str = "matplotlib.figure"):
    """The module ``name`` (matplotlib's figure), imported without :data:`_FOLDER_NOTES`."""
    if name not in sys.modules:
        log = logging.getLogger(name.partition(".")[0])
        log.addFilter(_not_a_folder_note)
        try:
            importlib.import_module(name)
        finally:
            log.removeFilter(_not_a_folder_note)
    return sys.modules[name]


def _not_a_folder_note(record) -> bool:
    return not str(record.msg).startswith(_FOLDER_NOTES)


# The characters of each name in a trend plot's title (attribute, group, reference) before it is
# cut in its middle, as the report's charts cut them: whole, a 250-character group ran past the
# figure's edges and hid the reference; the heading above the plot keeps every name whole.
TITLE_ROOM = 24


def chart_title(comparison: dict) -> str:
    """'attribute: group vs reference' of a trend plot: each name on one line (a newline as
    ``\\n``) and cut in its middle past :data:`TITLE_ROOM` characters while the group and the
    reference still read apart; a name with whitespace around it quoted (``' a'``), as the
    heading above it says it (:func:`comparison_text`)."""
    names = [_one_line(spaced_name(comparison[k])) for k in ("attribute", "group", "reference")]
    attribute, group, reference = short_labels(names[:1], TITLE_ROOM, mask_secrets) + short_labels(
        names[1:], TITLE_ROOM, mask_secrets
    )
    return f"{attribute}: {group} vs {reference}"


def _nan_for_none(values) -> list[float]:
    return [float("nan") if v is None else v for v in values]


def _draw_metric(ax, hist: list, metric: str, color: str, label: str) -> None:
    """A metric's window estimates with their intervals, and its confidence-sequence band."""
    x = [h["window"] for h in hist]

    def series(key):
        return _nan_for_none([(h["estimates"].get(metric) or {}).get(key) for h in hist])

    def gap(p, q):
        return [
            0.0 if math.isnan(a) or math.isnan(b) else max(a - b, 0.0)
            for a, b in zip(p, q, strict=True)
        ]

    v, lo, hi = series("value"), series("ci_low"), series("ci_high")
    ax.errorbar(x, v, yerr=[gap(v, lo), gap(hi, v)], fmt="o", ms=3, color=color, alpha=0.7,
                lw=0.8, label=f"{label}: window estimate, 95% interval")  # fmt: skip
    slo = _nan_for_none([h["sequences"].get(metric, {}).get("low") for h in hist])
    shi = _nan_for_none([h["sequences"].get(metric, {}).get("high") for h in hist])
    ax.fill_between(x, slo, shi, color=color, alpha=0.2, step="mid",
                    label=f"{label}: confidence sequence")  # fmt: skip


def _alarm_lines(ax, comparison: dict, test: str) -> None:
    for name, ls in ((test, "--"), (f"baseline_{test}", ":")):
        since = comparison["tests"].get(name, {}).get("alarm_since")
        if since:
            ax.axvline(since["window"], color="crimson", lw=1.2, ls=ls,
                       label=f"alarm ({LABELS[name]})")  # fmt: skip


def _legend_beside(ax) -> None:
    """The panel's legend beside it, right of the plot: inside (loc='best'), it covered the
    estimates, bands and alarm lines wherever matplotlib found the least data (a DI near the
    band's top, an e-value curve crossing 1/alpha)."""
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def _di_panel(ax, comparison: dict, t: float) -> None:
    band = f"policy band [{threshold_text(t)}, {threshold_text(1 / t)}]"
    ax.axhspan(t, 1 / t, color="green", alpha=0.08, label=band)
    _draw_metric(ax, comparison["history"], "disparate_impact", "tab:blue", "DI")
    _alarm_lines(ax, comparison, "disparate_impact")
    ax.set_ylabel("DI")
    ax.set_yscale("log")
    _legend_beside(ax)


def _gap_panel(ax, comparison: dict, eps: float) -> None:
    ax.axhspan(-eps, eps, color="green", alpha=0.08, label=f"policy band ±{threshold_text(eps)}")
    _draw_metric(ax, comparison["history"], "tpr_gap", "tab:orange", "TPR gap")
    _draw_metric(ax, comparison["history"], "fpr_gap", "tab:purple", "FPR gap")
    _alarm_lines(ax, comparison, "equalized_odds")
    ax.set_ylabel("gap (group − reference)")
    _legend_beside(ax)


def _evalue_panel(ax, comparison: dict, alpha: float) -> None:
    hist = comparison["history"]
    for test, color, ls in (
        ("disparate_impact", "tab:blue", "-"),
        ("equalized_odds", "tab:orange", "-"),
        ("baseline_disparate_impact", "tab:blue", ":"),
        ("baseline_equalized_odds", "tab:orange", ":"),
    ):
        if test in comparison["tests"]:
            seen = [h for h in hist if test in h["tests"]]
            ev = [h["tests"][test]["log_e_value"] / math.log(10) for h in seen]
            ax.plot([h["window"] for h in seen], ev, color=color, ls=ls,
                    label=f"{LABELS[test]} e-value")  # fmt: skip
    ax.axhline(math.log10(1 / alpha), color="crimson", lw=1, label=f"1/alpha = {1 / alpha:g}")
    if any(t.startswith("baseline_") for t in comparison["tests"]):
        ax.axhline(math.log10(2 / alpha), color="crimson", lw=1, ls=":",
                   label=f"baseline tests: 2/alpha = {2 / alpha:g}")  # fmt: skip
    ax.set_ylabel("log10 e-value")
    ax.set_xlabel("window")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # windows are numbered 1, 2, ...
    _legend_beside(ax)


def _missing_text(hist: list, metric: str) -> str:
    """The windows without an estimate of ``metric``, counted by why: a DI whose reference
    was never selected is unbounded (the JSON's reason), not undefined."""
    reasons = [(h["estimates"].get(metric) or {}) for h in hist]
    reasons = [str(d.get("reason") or "") for d in reasons if d.get("value") is None]
    unbounded = sum(r.startswith("unbounded") for r in reasons)
    said = [f"unbounded in {plural(unbounded, 'window')}"] if unbounded else []
    if len(reasons) > unbounded:
        said.append(f"undefined in {plural(len(reasons) - unbounded, 'window')}")
    return "".join(f", {x}" for x in said)


def _metric_text(comparison: dict, metric: str, edges: tuple) -> str:
    """A plotted metric in words: its lowest and highest window estimates (rounded as the
    tables round them) and its confidence sequence after the last window."""
    hist = comparison["history"]
    seen = [(h["window"], (h["estimates"].get(metric) or {}).get("value")) for h in hist]
    seen = [(w, v) for w, v in seen if v is not None]
    if not seen:
        shown = f"no window estimate{_missing_text(hist, metric)}"
    else:
        (lw, lv), (hw, hv) = min(seen, key=itemgetter(1)), max(seen, key=itemgetter(1))
        shown = f"window estimates from {_num(lv, edges=edges)} (window {lw}) to "
        shown += f"{_num(hv, edges=edges)} (window {hw})"
        shown += _missing_text(hist, metric)
    # for a DI (a gap) constant over the windows, as the terminal says: not the estimates' range
    kind = "DI" if metric == "disparate_impact" else "gap"
    sequence = f"confidence sequence for a constant {kind} {sequence_text(hist, metric)}"
    return f"{LABELS[metric]} {shown}; {sequence}"


@argument_kinds(doc=_DOC, comparison=_COMPARISON)
def trend_text(doc: dict, comparison: dict) -> str:
    """What :func:`trend_png` draws, in words (its "Chart as text"): the windows, each
    plotted metric against its policy band, each test's e-value against its threshold and
    its alarm. The numbers are rounded as the summary and the tables round them."""
    request, hist = doc["request"], comparison["history"]
    title = _one_line(comparison_text(comparison))
    if not hist:
        return f"Trend plot of {title}: no window yet."
    first, last = hist[0]["window"], hist[-1]["window"]
    where = f"window {first}" if first == last else f"windows {first} to {last}"
    t = request["di_threshold"]
    lines = [f"Trend plot of {title} over {plural(len(hist), 'window')} ({where})"]
    band = f"[{threshold_text(t)}, {threshold_text(1 / t)}]"
    di = _metric_text(comparison, "disparate_impact", _edges(request, "disparate_impact"))
    lines.append(f"{di} (policy band {band})")
    if request.get("y_true") is not None:
        eo = threshold_text(request["eo_threshold"])
        for metric in ("tpr_gap", "fpr_gap"):
            lines.append(f"{_metric_text(comparison, metric, _edges(request, metric))} "
                         f"(policy band ±{eo})")  # fmt: skip
    for test, v in comparison["tests"].items():
        since = v.get("alarm_since")
        state = f"ALARM since window {since['window']}" if since else "no alarm"
        shown = e_value_text(v["log_e_value"], v.get("threshold"))
        at = "" if v.get("threshold") is None else f" (alarm at {v['threshold']:g})"
        held = f" ({v['held']})" if v.get("held") else ""
        lines.append(f"{LABELS[test]} e-value {shown}{at}: {state}{held}")
    return mask_secrets(". ".join(lines) + ".")


def _trend_img(doc: dict, comparison: dict, title: str) -> str:
    """The comparison's trend plot as an ``<img>``; one that matplotlib fails to draw is a
    warning and a one-line note in its place (as in the audit's report): the tables below it
    and the other outputs are still written."""
    e = _escape
    try:
        png = base64.b64encode(trend_png(doc, comparison)).decode("ascii")
    except Exception as exc:  # noqa: BLE001 - any drawing failure; the dashboard goes on
        why = f"{type(exc).__name__}: {one_line(exc)}"
        warnings.warn(f"the {title} trend could not be drawn ({why})", RuntimeWarning, 2)
        return f"<p>The trend plot could not be drawn ({e(why)}); the table lists every test.</p>"
    words = e(trend_text(doc, comparison))  # what the plot draws, as the audit's charts say it
    return (
        f"<figure><img alt='{e(title, quote=True)} trend' src='data:image/png;base64,{png}'>"
        f"<details><summary>Chart as text</summary><p>{words}</p></details></figure>"
    )


def _methods_html(method: dict) -> str:
    """Each interval's method, by the name its ``ci_method`` gives it in the JSON: the
    confidence sequences (at 1 - alpha, every look) and the window estimates' intervals."""
    e = html.escape
    return (
        f"<p>Confidence sequences ({level_text(method['alpha'])}, every look; ci_method "
        f"betting): {e(method['sequences'])}. Window intervals (95%, each window alone; "
        f"ci_method jeffreys): {e(method['window_intervals'])}.</p>"
    )


def request_text(request: dict) -> str:
    """The request as ``key: value`` lines (YAML, as a spec file writes it), the options not
    given (null) left out."""
    from ..io import dump_yaml

    return dump_yaml({k: v for k, v in request.items() if v is not None}).rstrip("\n")


def _escape(text, quote: bool = True) -> str:
    """``html.escape`` of the page's text with every password shown as ``***``
    (:func:`ethiclens._secrets.mask_secrets`, as the audit's report masks its page): a group
    named like a database URL is shown without its password; the plots mask their own."""
    return html.escape(mask_secrets(str(text)), quote)


def _shown_request(request: dict) -> str:
    """The request's text with every password in a value or key shown as ``***``; a protected
    entry ``COL=REFERENCE`` is masked side by side (a column named ``pwd`` is a column, not a
    secret key: ``pwd=yes`` is kept, a password in either name is not)."""

    def shown(value):
        if isinstance(value, str):
            return mask_secrets(value)
        if isinstance(value, list | tuple):
            return [shown(v) for v in value]
        if isinstance(value, dict):
            return {shown(k): shown(v) for k, v in value.items()}
        return value

    masked = {k: shown(v) for k, v in request.items()}
    if request.get("protected"):
        masked["protected"] = [
            "=".join(mask_secrets(part) for part in str(p).split("=", 1))
            for p in request["protected"]
        ]
    return request_text(masked)


# The dashboard draws at most this many trend plots (as the audit's charts are capped): one
# takes about 0.15 s and 30 KB, so an ID-like attribute's thousands of groups took minutes and
# a page of hundreds of MB; the summary and each comparison's table still list every one.
MAX_PLOTS = 60


@argument_kinds(comparisons=_COMPARISONS)
def has_baseline_tests(comparisons: list[dict]) -> bool:
    """Whether any comparison of a monitor report runs a baseline test, which alarms at 2/alpha
    (every face that states the alarm level says so beside 1/alpha)."""
    return any(t.startswith("baseline_") for c in comparisons for t in c["tests"])


@argument_kinds(comparisons=_COMPARISONS)
def plotted_comparisons(comparisons: list[dict]) -> set[int]:
    """The comparisons (by index) whose trend is drawn: all, or the ``MAX_PLOTS`` that alarm
    first, then those with the largest e-value (the dashboard's and the web page's choice)."""
    if len(comparisons) <= MAX_PLOTS:
        return set(range(len(comparisons)))

    def rank(i: int) -> tuple:
        tests = comparisons[i]["tests"].values()
        return (
            not any(t["alarm"] for t in tests),
            -max((t["log_e_value"] for t in tests), default=-math.inf),
            i,
        )

    return set(sorted(range(len(comparisons)), key=rank)[:MAX_PLOTS])


def gate_text(run: dict, comparisons: list | None = None) -> str | None:
    """The run's gate outcome (the JSON's ``run.gate``) in one line, its names masked: "Gate
    (fail on alarm): failed: 2 alarmed tests: g: b vs a: DI, EO" (``comparisons``' words,
    :func:`alarm_text`, when they are the failures; else the failures' keys) or "...
    passed"; None without a gate (``--fail-on never``, a store read back)."""
    gate = run.get("gate")
    if not gate:
        return None
    said = "passed"
    if not gate["passed"]:
        n = len(gate["failures"])
        named = ", ".join(gate["failures"])  # a gate not of these comparisons: its own keys
        if comparisons and gate_keys(comparisons) == list(gate["failures"]):
            named = alarm_text(comparisons)
        said = f"failed: {plural(n, 'alarmed test')}: {named}"
    return _one_line(mask_secrets(f"Gate (fail on {gate['fail_on']}): {said}"))


def render_html(doc: dict) -> str:
    """The dashboard: the summary, then per comparison its plot and its tests (escaped)."""
    _check_doc(doc, ("store", "request", "method", "comparisons"))
    e = _escape
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>EthicLens monitor</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
        ".alarm{color:#b00;font-weight:bold}h2,p,td{overflow-wrap:anywhere}"
        "pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head><body>",
        "<h1>EthicLens monitor</h1>",
        f"<p>Store: <code>{e(doc['store'])}</code>. Request (the options not given left out):"
        f"</p><pre>{html.escape(_shown_request(doc['request']))}</pre>",
        f"<p>{e(doc['method']['tests'])}.</p>",
        _methods_html(doc["method"]),
        "<pre>" + e("\n".join(summary_lines(doc))) + "</pre>",
    ]
    if gate := gate_text(doc.get("run") or {}, doc["comparisons"]):
        failed = "" if doc["run"]["gate"]["passed"] else " class='alarm'"
        parts.append(f"<p{failed}>{e(gate)}</p>")
    plotted, total = plotted_comparisons(doc["comparisons"]), len(doc["comparisons"])
    left_out = (
        f"Trend plots of {len(plotted)} of {total:,} comparisons (those that alarm first, then "
        "the largest e-values): the tables list every one, the JSON (--json) every window."
    )
    if len(plotted) < total:
        parts.append(f"<p>{e(left_out)}</p>")
    for i, c in enumerate(doc["comparisons"]):
        # one line: a name's newline shown as \n, as the summary above (a page folds it)
        title = _one_line(comparison_text(c))  # a spaced name quoted: ' a' never as 'a'
        parts.append(f"<h2>{e(title)}</h2>")
        if absent := absent_text(c):
            parts.append(f"<p>{e(_one_line(absent))}</p>")
        if untested := untested_text(c):
            parts.append(f"<p>{e(_one_line(untested))}</p>")
        if i in plotted:
            parts.append(_trend_img(doc, c, title))
        else:
            parts.append(f"<p>Trend plot not drawn. {e(left_out)}</p>")
        parts.append("<table><tr><th>test</th><th>null</th><th>e-value</th><th>alarm</th></tr>")
        for test, t in c["tests"].items():
            since = t["alarm_since"]
            alarm = (
                f"<span class='alarm'>ALARM since window {since['window']} "
                f"({e(str(since['start']))})</span>"
                if since
                else "no alarm"
            )
            shown = e_value_text(t["log_e_value"], t.get("threshold"))
            held = f" ({e(t['held'])})" if t.get("held") else ""  # why it has not moved
            parts.append(
                f"<tr><td>{e(LABELS[test])}</td><td>{e(t['null'])}</td>"
                f"<td>{shown}</td><td>{alarm}{held}</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>")
    return html_safe("\n".join(parts))  # controls and bidi overrides shown, as in the reports
