"""``run_monitor``: count the new windows of a target, update the evidence, store it, report.

One run, in named steps: check the store against the request and the clock; count the target
per window (``_windows``); reconcile its windows with the store's (``_plan``: already seen,
pending, new, or refused as late); then, in one transaction, pick the references, replay the
comparisons' evidence state, add each new window's counts to it (``_Updater``), draw the
windows' estimates and save everything; finally build the report (``_report``).
"""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import hashlib
import json
import math
import re
import warnings
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import (
    argument_kinds,
    check_argument_type,
    check_member,
    did_you_mean,
    instance_kind,
    names_words,
)
from .._keywords import refusing_unknown_keywords
from .._secrets import mask_secrets
from .._text import spaced_name
from .._version import __version__
from ..errors import EthicLensInputError, in_source_words, source_noun
from ..fairness import COMPARISON_METRIC_SPECS
from ..io import _one_pass
from ._baseline import Baseline, pooled_row, reading_baseline
from ._edits import (
    attribute_tables,
    check_group_edits,
    check_single_bins,
    crossing_parts,
    plural,
    refuse_crossed_again,
)
from ._engines import count_windows, first_row_after, spellings_by_file
from ._evidence import (
    COUNT_FIELDS,
    Evidence,
    effective_counts,
    stored_bounds,
    window_estimates_batch,
)
from ._outputs import refuse_store_in_inputs
from ._render import LABELS
from ._report import MonitorResult, build_report, check_gate_level, iso, test_value
from ._request import (
    BASELINE_SOURCES,
    BOUND,
    DRAWS,
    FLAG_OF,
    OPTIONAL,
    MonitorRequest,
    check_stored_numbers,
    in_python_words,
    notes_in_python_words,
    python_words,
    refuse_bad_baseline,
    refuse_bad_database,
    setting_text,
)
from ._spelling import (
    AbsentGroupWarning,
    absent_notes,
    refuse_respelled,
    refuse_spelled_twice,
    slip,
    spelled,
    with_named,
)
from ._store import APP_ID, STORE_VERSION, Store, _refuse
from ._windows import (
    COUNT,
    LABEL,
    LABEL_VALUES,
    MAX_LABEL_TEXT,
    MAX_LABEL_VALUES,
    PMAX,
    PMIN,
    PRED,
    W2SUM,
    WINDOW,
    WSUM,
    Counted,
    NoRows,
    Window,
    count_windows_sql,
    frame_kind,
    monitor_files,
)


def _masks(t: pd.DataFrame, labels: bool) -> dict:
    """Which cells each count (``COUNT_FIELDS``) counts."""
    pred = (t[PRED] == 1).to_numpy()
    masks = {"n": np.ones(len(t), bool), "sel": pred}
    if labels:
        pos = (t[LABEL] == 1).to_numpy()
        masks.update(pos=pos, tp=pos & pred, neg=~pos, fp=~pos & pred)
    return masks


def _group_counts(table: pd.DataFrame, attr: str, labels: bool) -> dict:
    """{(window, group): {n, sel, pos, tp, neg, fp}} for one attribute."""
    frame = pd.DataFrame({WINDOW: table[WINDOW], "g": table[attr]})
    for name, mask in _masks(table, labels).items():
        frame[name] = np.where(mask, table[COUNT], 0)
    agg = frame.groupby([WINDOW, "g"], sort=True).sum()
    return {(int(w), str(g)): {k: int(v) for k, v in row.items()} for (w, g), row in agg.iterrows()}


def _group_weights(table: pd.DataFrame, attr: str, labels: bool) -> dict:
    """{(window, group): (effective counts, cap factor, the estimates' effective counts)} for
    one attribute, from the cells' Σ 1/π, Σ 1/π² and min π (``--propensity``; with
    ``--weight`` w: Σ w, Σ w², min 1/w). The bets count a rate one of whose cells drew no row
    as none (``effective_counts``); the window's estimates count its rows, as the audit does.
    The cap factor ``min π · mean(1/π)`` is the inverse of the largest normalised weight
    ρ = (1/π) / mean(1/π) among the group's rows. With ``--weight`` a group whose weights are
    all equal in the window (min 1/w = max 1/w) is the unweighted group, exactly."""
    t, masks = table, _masks(table, labels)
    frame = pd.DataFrame({WINDOW: t[WINDOW], "g": t[attr], "pmin": t[PMIN], "rows": t[COUNT]})
    extremes = {"pmin": "min"}
    if PMAX in t.columns:
        frame["pmax"], extremes["pmax"] = t[PMAX], "max"
    for name, mask in masks.items():
        frame[f"{name}.w"] = np.where(mask, t[WSUM], 0.0)
        frame[f"{name}.w2"] = np.where(mask, t[W2SUM], 0.0)
        frame[f"{name}.rows"] = np.where(mask, t[COUNT], 0)
    agg = frame.groupby([WINDOW, "g"], sort=True).agg(
        {**extremes, "rows": "sum", **{c: "sum" for c in frame.columns if "." in c}}
    )
    out = {}
    for (w, g), row in agg.iterrows():
        if row.get("pmax", math.nan) == row["pmin"]:  # equal weights: the rows as they are
            sums, cap = {name: (row[f"{name}.rows"],) * 2 for name in masks}, 1.0
        else:
            sums = {name: (row[f"{name}.w"], row[f"{name}.w2"]) for name in masks}
            cap = min(1.0, float(row["pmin"]) * float(row["n.w"]) / float(row["rows"]))
        eff, est = (
            {k: float(v) for k, v in effective_counts(sums, bet).items()} for bet in (True, False)
        )
        out[(int(w), str(g))] = (eff, cap, est)
    return out


# the weight sums' significant digits in a window's fingerprint: the same rows in another
# order, or counted by another engine, give the same fingerprint
KEY_DIGITS = 9


def _window_key(table: pd.DataFrame) -> dict[int, str]:
    """A canonical text of each window's counts: equal text = the same rows counted."""
    cols = [c for c in table.columns if c != WINDOW]
    ordered = table.sort_values([WINDOW, *cols[:-1]], kind="stable")
    shown = ordered[cols].astype(object)
    for col in [c for c in (WSUM, W2SUM) if c in cols]:
        shown[col] = [f"{v:.{KEY_DIGITS}g}" for v in ordered[col]]
    text = shown.astype(str).to_numpy().tolist()
    windows = ordered[WINDOW].to_numpy()
    bounds = np.flatnonzero(np.diff(windows)) + 1
    out = {}
    for lo, hi in zip(np.r_[0, bounds], np.r_[bounds, len(windows)], strict=True):
        out[int(windows[lo])] = hashlib.sha256(json.dumps(text[lo:hi]).encode()).hexdigest()
    return out


def _diff_message(stored: dict, now: dict) -> str:
    parts = []
    for key in (*BOUND, *DRAWS, *OPTIONAL):
        if stored.get(key) != now.get(key):
            # each value as its face writes it (--exclude-group g=A; {'g': ['A']} from Python)
            was, now_said = setting_text(key, stored.get(key)), setting_text(key, now.get(key))
            said = f"{was} there, {now_said} here"
            parts.append(f"{FLAG_OF[key]} {said}")  # a Python caller's: its field (n_draws)
    return "; ".join(parts)


def _held_references(store: Store) -> str:
    """The references the store compares with (``; the store's references: g='A' (the
    largest group in the first run)``), named when --protected differs: a store begun without
    a reference chose one."""
    refs, sources = store.meta("references") or {}, store.meta("reference_source") or {}
    held = [
        f"{spaced_name(a)}={ref!r}" + (f" ({sources[a]})" if sources.get(a) else "")
        for a, ref in refs.items()  # ' g' quoted, as the run's comparisons say it
    ]
    return "; the store's reference(s): " + ", ".join(held) if held else ""


@refusing_unknown_keywords
def run_monitor(
    request: MonitorRequest,
    store_path,
    *,
    now: dt.datetime | None = None,
    warn: bool = True,
    fail_on: str = "never",
):
    """Count ``request.target`` per window, add every window after the store's last one to the
    evidence, save it all in one transaction and return the :class:`MonitorResult`.

    ``store_path``: a SQLite file or a PostgreSQL URL (``Store.open``). ``request.target``
    may be a pandas, Dask or Spark DataFrame: counted by the engines' file code. ``warn``:
    whether a named group with no rows is also said as an ``AbsentGroupWarning`` (it is always
    in the result's notes, which the command line prints). ``fail_on``: the gate the run
    records in ``run.gate`` (``alarm``: failed when any test has alarmed; ``never``: none,
    ``run.gate`` is null), as the CLI's ``--fail-on``; ``MonitorResult.gate`` decides it."""
    with in_python_words():
        fail_on = check_gate_level(fail_on)  # refused before the store is touched
        try:  # a fix that says 'in the file' of a database's rows: its table, its query's
            result = _monitor(request, store_path, now, warn)
        except EthicLensInputError as exc:
            table, query = getattr(request, "table", None), getattr(request, "query", None)
            raise in_source_words(exc, source_noun(table, query)) from None
        notes_in_python_words(result.data["run"])  # as its refusals: store_path, hold_last=True
    if fail_on != "never":
        result.data["run"]["gate"] = result.gate(fail_on).to_dict()
    return result


@_one_pass  # its target resolved thrice (request, windows, engines): each part scanned once
def _monitor(request: MonitorRequest, store_path, now, warn) -> MonitorResult:
    if now is not None and (not isinstance(now, dt.datetime) or now is pd.NaT):
        raise EthicLensInputError(
            f"must be a datetime.datetime, not {'NaT' if now is pd.NaT else type(now).__name__}",
            column="now",
            fix="give the run's clock, e.g. now=datetime.datetime.now(datetime.UTC), or leave "
            "it out for the machine's",
            kind="argument",
        )
    problem = "must be a MonitorRequest (what to count, by which time column and window), not a"
    fix = "build one: MonitorRequest(target, time='ts', window='1d', y_pred='p', protected=['g'])"
    check_argument_type(request, MonitorRequest, column="request", problem=problem, fix=fix)
    window = request.parsed_window()
    request.attributes()  # a malformed --protected is refused before the store is touched
    refuse_bad_database(request)  # table= beside a file was ignored, the file counted
    refuse_bad_baseline(request)
    refuse_store_in_inputs(request, store_path)  # as the command line refuses it
    store = Store.open(store_path)
    try:
        result = _run(store, request, window, now, warn)
    except BaseException:
        store.close()
        _drop_if_empty(store)
        raise
    store.close()
    return result


def _drop_if_empty(store: Store) -> None:
    """Remove a refused first run's SQLite file (closed) while it is still empty: nothing was
    committed, by this run or another, and a 0-byte store left behind would only puzzle."""
    path = Path(store.path)
    if store.kind == "SQLite file" and store.db.fresh and path.exists() and not path.stat().st_size:
        path.unlink()


def _run(store: Store, request: MonitorRequest, window: Window, now, warn) -> MonitorResult:
    # the store is locked before it is read: a second run waits, then sees this run's windows
    with store.transaction():
        asked, request = request, _in_stored_order(store, request)
        request, by_text = _as_stored_label(store, request)
        stored_request = _check_store(store, request, now)
        if stored_request is not None:  # an empty file another run started while this one
            store.db.emptied = store.db.restarted = False  # waited: no note that this one did
        now = _aware(now or dt.datetime.now(dt.UTC))
        _check_clock(store, now)
        try:
            counted = _count_as_asked(store, asked, request, window, by_text)
        except NoRows as exc:
            if stored_request is None:  # no store to report on: refused as the audit does
                raise
            return _nothing_to_add(store, request, now, exc)
        _refuse_future(request, counted, now)
        counted = _reanchored(store, counted, window)
        counted.table = _one_spelling(store, request, counted.table)
        if stored_request is None:  # the edits are bound to the store with the request
            edits = (request.merge_groups, request.exclude_groups)
            check_group_edits(with_named(counted.table, request), request.roles().protected, *edits)
            check_single_bins(counted.table, request.bins)
        absent = absent_notes(counted.table, request, store.meta("groups") or {})
        # a separate baseline lacking the positive value: by the values seen, this TARGET's too
        seen = _known_label_values(store, request, counted.label_values)
        ours = _known_label_values(store, request)  # the store's: a refusal tells them apart
        baseline = _count_baseline(store, request, window, seen, ours)
        plan = _plan(store, request, counted, window, now)
        run = store.next_run()
        if stored_request is None:
            store.set_meta("app", APP_ID)
            store.set_meta("request", request.bound())
            store.set_meta("created", now.isoformat())
        store.set_meta(
            "store_version", STORE_VERSION
        )  # what this run writes (an older store's too)
        if store.meta("origin_day") is None and counted.origin_day is not None:
            store.set_meta("origin_day", counted.origin_day)
        if baseline is not None and store.meta("baseline_target") is None:
            store.set_meta("baseline_target", baseline[1])  # the baseline the store began with
        _remember_label_values(store, counted.label_values, baseline and baseline[2])
        updater = _Updater(store, request, counted.table, plan.new, baseline and baseline[0])
        for w in plan.new:
            updater.add_window(w, plan, run)
        updater.save()
        store.record_absorbed()
        store.record_replayed()  # last of the writes the replay reads
        store.set_meta("held", held_windows(plan.pending, plan.spans))
        store.add_run(run, now.isoformat(), request.target_name(), len(plan.new), counted.t_max)
    info = _run_info(request, plan, run, now, counted.engine)
    info["notes"] = [*absent, *(counted.label_notes or [])]
    for note in absent if warn else ():  # said to a Python caller too
        warnings.warn(mask_secrets(note), AbsentGroupWarning, 3)  # a group named like a URL
    for note in (counted.label_notes or []) if warn else ():  # as an audit of the rows says it
        warnings.warn(mask_secrets(note), UserWarning, 3)
    if baseline is not None:
        info["baseline_target"] = baseline[1]
    return MonitorResult(build_report(store, request, _with_notes(info, store, plan, updater)))


def _as_stored_label(store: Store, request: MonitorRequest) -> tuple[MonitorRequest, bool]:
    """(``request``, by_text): a truth's text taken for the store's label (``_truth_for_stored``)
    is checked as the store's and counted as given (``_count_as_asked``); one that
    ``_in_stored_order`` made the store's is not."""
    if not _truth_for_stored(request, store):
        return request, False
    theirs = store.meta("request").get("pos_label")
    return dataclasses.replace(request, pos_label=theirs), True


def _remember_label_values(store: Store, *seen: dict | None) -> None:
    """Add to meta ``label_values`` ({role: values}) the values each label column wrote
    beside the --pos-label in this TARGET and its separate baseline (``Counted.label_values``
    of each), so a later TARGET in which no column holds it counts as all negative when it
    writes only values seen."""
    stored = store.meta("label_values") or {}
    merged = dict(stored)
    for role, values in (item for one in seen if one for item in one.items()):
        known = list(merged.get(role, []))
        new = [v for v in values if v not in known and len(v) <= MAX_LABEL_TEXT]
        merged[role] = sorted(known + new[: max(0, MAX_LABEL_VALUES - len(known))])
    if merged != stored:
        store.set_meta("label_values", merged)


def _nothing_to_add(store: Store, request: MonitorRequest, now, exc: NoRows) -> MonitorResult:
    """The report of a run whose TARGET has no rows (a header-only export of a day without
    traffic, an empty table): nothing is added and nothing written, the store as the last run
    left it. No run is recorded, so none is numbered (``run``: null); ``engine``: the one that
    read the target."""
    plan = _Plan([], [], 0, {}, {}, 0)
    info = _run_info(request, plan, None, now, exc.engine or request.engine)
    what = exc.note or f"{request.target_name()} has no rows"
    note = f"{what}: nothing to add (the store is unchanged)"
    info.update(note=note, notes=[note])
    return MonitorResult(build_report(store, request, info))


def _check_store(
    store: Store,
    request: MonitorRequest,
    now,
    fix: str = "give the same options as the runs before, or a new --store",
) -> dict | None:
    """The request the store was written for (None: a new store); another one is refused
    (``fix``: what the refusal tells the user to do)."""
    bound = request.bound()
    stored_request = store.meta("request")
    if stored_request is not None:
        check_stored_numbers(store, stored_request)
        stored_request = _canonical_request(stored_request, request)
    for name in BASELINE_SOURCES:
        if stored_request and stored_request.get(name) and bound.get(name):
            # a separate baseline is bound by its counts (checked once counted), not its name
            bound[name] = stored_request[name]
    for name in DRAWS if stored_request is not None else ():
        if name not in stored_request:  # a store written before recorded no draws
            del bound[name]
    if stored_request is not None and stored_request != bound:
        message = _diff_message(stored_request, bound)
        if stored_request.get("protected") != bound.get("protected"):
            message += _held_references(store)
        raise _refuse("was written by another request: " + message, str(store.path), fix)
    return stored_request


def _in_stored_order(store: Store, request: MonitorRequest) -> MonitorRequest:
    """``request`` with what means what the store's request means in the store's words: its
    --protected attributes in the store's order when they are the same ones (each with the same
    reference: given, or the one the store chose, ``race=White`` beside a store's ``race`` whose
    reference is White, and the reverse) in another order: the comparisons are the same, and the
    windows' counts are kept in the store's column order; a --pos-label meaning the store's
    (``1``, ``1.0`` or ``True``, or none: the 0/1 labels' 1)."""
    stored_request = store.meta("request") or {}
    stored = _canonical_request(stored_request, request).get("protected")
    changes = {}
    theirs = stored_request.get("pos_label") if isinstance(stored_request, dict) else None
    # a new store has no words of its own: its first request keeps its --pos-label ('1' on
    # text labels '0'/'1' is what makes them labels)
    truths = _holds_truths(theirs, store.meta("label_values"))
    same = stored_request and _label_key(theirs, truths) == _label_key(request.pos_label, truths)
    if theirs != request.pos_label and same:
        changes["pos_label"] = theirs
    ours = list(request.protected)
    if isinstance(stored, list) and stored != ours:
        if sorted(map(str, stored)) == sorted(map(str, ours)) or _same_references(
            request, stored, store.meta("references") or {}
        ):
            changes["protected"] = tuple(stored)
    return dataclasses.replace(request, **changes) if changes else request


def _label_key(label, truths: bool = False):
    """A --pos-label as a key: a number by its value, none as 1 (labels 0/1, or False/True:
    1 names True), a Python truth as its number (it matches 0/1 labels), a truth's text as
    itself (refused on 0/1 labels, as the audit refuses it), or as its number with
    ``truths`` (true/false label columns, where the audit names True by True, 'true' in any
    case and 1 alike). Text keeps its spaces, as the audit and the counts keep a text
    label's (' >50K.' is not '>50K.'); Decimal reads a number's around it (' 1' is 1)."""
    if label is None or isinstance(label, bool):
        return Decimal(1 if label is None else int(label))
    text = str(label)
    if text.casefold() in ("true", "false"):
        truth = text.casefold() == "true"
        return Decimal(int(truth)) if truths else ("truth", truth)
    try:
        value = Decimal(text)
    except ArithmeticError:
        return text
    return value if value.is_finite() else text


def _holds_truths(label, label_values) -> bool:
    """Whether the store's label columns are true/false ones: its --pos-label ``label`` is a
    truth's text (the audit refuses one on 0/1 labels), or every value they wrote (meta
    ``label_values``) is a truth. There 'True' (a flag's text) and True (a YAML or Python
    truth) name one label, as the audit counts them (``fairness``' boolean match)."""
    if isinstance(label, str) and label.casefold() in ("true", "false"):
        return True
    values = label_values if isinstance(label_values, dict) else {}
    seen = [v for vs in values.values() if isinstance(vs, list) for v in vs]
    return bool(seen) and all(str(v).casefold() in ("true", "false") for v in seen)


def _count_as_asked(store: Store, asked: MonitorRequest, request: MonitorRequest, window, by_text):
    """``_count`` of ``request``; with ``by_text``, a --pos-label 'true' taken for the store's
    label (``_truth_for_stored``) counts by the text as ``asked``: on 0/1 labels, where the
    audit refuses it, the refusal is the store's, another request (as before it was counted);
    so is a column the text reads otherwise than the store's label (``_read_otherwise``). A
    refusal's hint to declare a positive label the store was not started with names the new
    store that request needs (``_declared_in_a_new_store``)."""
    try:
        if not by_text:
            return _count(store, request, window)
        given = dataclasses.replace(request, pos_label=asked.pos_label)
        try:
            counted = _count(store, given, window)
            if _read_otherwise(counted, asked.pos_label):
                raise EthicLensInputError("", value=asked.pos_label)
            return counted
        except EthicLensInputError as exc:
            if exc.value != asked.pos_label or isinstance(exc, NoRows):
                raise
            _check_store(store, given, None)  # raises: another request
            raise
    except EthicLensInputError as exc:
        if isinstance(exc, NoRows) or store.meta("request") is None:
            raise  # (a new store: any --pos-label starts it)
        said = _declared_in_a_new_store(exc, request.pos_label)
        if said is exc:
            raise
        raise said from None


_DECLARE = re.compile(r", or declare (the positive label: |which value is the positive label \()")


def _declared_in_a_new_store(exc: EthicLensInputError, theirs) -> EthicLensInputError:
    """``exc`` whose fix ends "or declare the positive label: --pos-label yes on the command
    line, pos_label='yes' in Python" (the audit's words, ``_checks.label_fix``) with that
    label another request than the store's (--pos-label ``theirs``): the hint names the new
    store it needs, which the store's own refusal ("was written by another request") would
    say only once followed. ``exc`` itself when the hint names the store's label."""
    fix = exc.fix if isinstance(exc.fix, str) else ""
    found = _DECLARE.search(fix)
    if found is None:
        return exc
    label = re.search(r"pos_label=(.*) in Python", fix[found.end() :])
    try:
        named = ast.literal_eval(label.group(1)) if label else ...
    except (ValueError, SyntaxError):
        named = ...
    if named is not ... and _label_key(named) == _label_key(theirs):
        return exc  # (1.00 on a store of 0/1: its own request)
    declare = fix[found.start() :].replace(
        " on the command line", " with a new --store on the command line"
    )
    declare = declare.replace(" in Python", " with a new store_path in Python")
    head = ", or, as another request than this store's, declare "
    new = fix[: found.start()] + head + declare[len(", or declare ") :]
    cls = type(exc) if type(exc).__init__ is EthicLensInputError.__init__ else EthicLensInputError
    said = cls(exc.problem, column=exc.column, value=exc.value, fix=new, kind=exc.kind)
    own = ("problem", "column", "value", "fix", "kind")
    said.__dict__.update({k: v for k, v in vars(exc).items() if k not in own})
    return said


def _read_otherwise(counted, label: str) -> bool:
    """Whether a label column counted by a truth's text ``label`` ('True', any case) holds
    a value the store's label (none, True or 1; False or 0) reads as that truth though the text
    does not: '1' or '1.0' ('0', '0.0' for 'false') beside 'True' and 'False', which the text
    counts as a negative: such a column is counted by the store's label, another request."""
    truth = int(label.casefold() == "true")
    values = [v for vs in (counted.label_values or {}).values() for v in vs]
    return any(
        LABEL_VALUES.get(str(v).strip()) == truth and str(v).casefold() not in ("true", "false")
        for v in values
    )


def _truth_for_stored(asked: MonitorRequest, store: Store) -> bool:
    """Whether ``asked``'s --pos-label is the text 'true' or 'false' (any case) on a store
    started with the label it may name but whose words do not tell it: none ('true' only), or a
    truth or number
    naming the same one (True or 1 for 'true', False or 0 for 'false': a Python or YAML
    label), the label values the store remembers (meta ``label_values``) not all truths, which
    ``_in_stored_order`` takes as the same. On true/false labels the audit counts the two
    alike, on 0/1 ones it refuses the text. A store that remembers no label values (a
    version-1 store, one started without --pos-label) or mixed ones (0/1 and true/false, from
    TARGETs that wrote the column either way) cannot tell, so that run counts the TARGET by
    the text: true/false labels count as under the store's label, 0/1 ones are refused in the
    audit's words; a store whose remembered values are all 0/1 refuses it as another request."""
    label = asked.pos_label
    if not (isinstance(label, str) and label.casefold() in ("true", "false")):
        return False
    stored = store.meta("request")
    if not isinstance(stored, dict):
        return False
    theirs, truth = stored.get("pos_label"), label.casefold() == "true"
    if isinstance(theirs, str) or (theirs is None and not truth):
        return False
    if theirs is not None and _label_key(theirs) != Decimal(int(truth)):
        return False
    values = store.meta("label_values") or {}
    seen = [v for vs in values.values() if isinstance(vs, list) for v in vs]
    return not seen or any(str(v).casefold() in ("true", "false") for v in seen)


def _same_references(request: MonitorRequest, stored: list, refs: dict) -> bool:
    """Whether the store's --protected items name ``request``'s attributes with the same
    references, a reference given on one side only being the one the store compares with."""
    try:
        theirs = dataclasses.replace(request, protected=tuple(stored)).columns()
    except EthicLensInputError:
        return False
    (cols, given), (their_cols, their_given) = request.columns(), theirs
    if sorted(cols) != sorted(their_cols):
        return False
    for col in cols:
        one, other = given.get(col), their_given.get(col)
        if one != other and {str(r) for r in (one, other) if r is not None} != {str(refs.get(col))}:
            return False
    return True


def store_request(store: Store, request: MonitorRequest) -> MonitorRequest:
    """``request`` as the store's report reads it (``read_store_report``): each bound field it
    leaves at its default (``alpha``, the thresholds, a baseline, ...) is the store's, and a
    field it gives must mean what the store's means, as a run's must; one that differs is
    refused naming it, the report never worded by numbers the store was not written for."""
    stored = store.meta("request")
    if not isinstance(stored, dict):  # no run wrote it yet: nothing to differ from
        return request
    check_stored_numbers(store, stored)
    fix = (
        "give the request the store was written for, or leave out what differs (a field "
        "left at its default reads as the store's)"
    )
    # each field with a default that the request leaves at it (None, or the default itself)
    # and the store holds a value of: the store's (fields no store keeps, engine, hold_last,
    # the database, are never in ``stored``)
    omitted = {
        f.name: stored[f.name]
        for f in dataclasses.fields(MonitorRequest)
        if f.default is not dataclasses.MISSING
        and stored.get(f.name) is not None
        and _left_at_default(getattr(request, f.name), f.default)
    }
    if "intersections" in omitted:
        omitted["intersections"] = tuple(map(tuple, omitted["intersections"]))
    try:
        whole = dataclasses.replace(request, **omitted)
    except EthicLensInputError:  # the store's settings do not go with the ones given
        given = {k: v for k, v in request.bound().items() if k not in omitted}
        message = _diff_message({k: stored.get(k) for k in given}, given)
        if not message:  # nothing given differs: the store's own settings are refused, as
            raise  # read_store (the web page) refuses them, never an empty "another request"
        raise _refuse("was written by another request: " + message, str(store.path), fix) from None
    whole = _in_stored_order(store, whole)
    _check_store(store, whole, None, fix)
    return whole


def _left_at_default(value, default) -> bool:
    """Whether a request's field ``value`` is left at its ``default``: None, or the default
    itself, of the default's type (``alpha=0.05`` reads as left out, as documented)."""
    return value is None or (type(value) is type(default) and value == default)


@refusing_unknown_keywords
def read_store_report(store_path, request) -> MonitorResult:
    """The report of a store without counting anything, in the words of the request the
    store was written for: a field ``request`` leaves at its default (``alpha``, a threshold,
    a baseline, ...) is the store's; one it gives that differs from the store's is refused
    naming it, as a run refuses it."""
    from .._checks import check_argument_type
    from ._store import EMPTY_STORE, READ_FIX, as_written_fix, checked_store, is_store_url

    if not callable(getattr(request, "bound", None)):  # a MonitorRequest (its module imports us)
        problem = "must be a MonitorRequest (the request the store was written for), not a"
        fix = "give the MonitorRequest of the runs that wrote the store"
        # no type given: refused, in the words of every argument of a wrong type
        check_argument_type(request, (), column="request", problem=problem, fix=fix)
    # the store named by this argument (store_path), the differing settings by their fields
    with in_python_words():
        path = checked_store(store_path)  # a store read, never made: none there is refused
        if not is_store_url(path) and not Path(path).is_file():
            fix = as_written_fix(path, READ_FIX)  # read_store's words
            raise _refuse("is not a file (a monitor store)", path, fix)
        if not is_store_url(path) and Path(path).stat().st_size == 0:  # as read_store says it
            raise _refuse(EMPTY_STORE, path, READ_FIX)
        store = Store.open(store_path, read_only=True)  # a PostgreSQL schema read, never made
        try:
            request = store_request(store, request)
            return MonitorResult(build_report(store, request, {}))
        finally:
            store.close()


def _canonical_request(stored: dict, request: MonitorRequest) -> dict:
    """A stored request with its ``protected`` items in the form a request keeps them: a store
    an older run wrote as race="White" (from a spec file) resumes as race=White."""
    protected = stored.get("protected")
    if not isinstance(protected, list) or not all(isinstance(i, str) for i in protected):
        return stored
    return {**stored, "protected": request.canonical(protected)}


def _aware(moment: dt.datetime) -> dt.datetime:
    """``moment`` with its zone; one without is the machine's local time, as Python reads a
    naive ``datetime.now()`` (``timestamp()``, ``astimezone()``): a caller's clock, unlike a
    row's time, is the machine's (round 27 review: read as UTC, a naive now in New York
    refused rows 30 minutes old as from the future)."""
    return moment if moment.tzinfo is not None else moment.astimezone()


def _check_clock(store: Store, now: dt.datetime) -> None:
    """Refuse a run whose clock is before the store's last run's, compared as instants: the
    two may carry different offsets (a DST change, another zone), or none (local time)."""
    last_run = store.last_run()
    if not last_run:
        return
    try:
        last_at = _aware(dt.datetime.fromisoformat(last_run["at"]))
    except ValueError:
        raise store.damaged(f"runs.at holds {last_run['at']!r}, not a time") from None
    if last_at > now:
        raise _refuse(
            f"the system clock went backwards: this run at {now.isoformat()} is before the "
            f"store's last run at {last_run['at']}",
            str(store.path),
            "correct the machine's clock, then rerun",
        )


# how far a row's time may run ahead of this run's clock (two machines' clocks disagree a
# little); a later time is a wrong one: its window has not even begun
CLOCK_SKEW = dt.timedelta(minutes=5)


def _refuse_future(request: MonitorRequest, counted: Counted, now: dt.datetime) -> None:
    """Refuse rows stamped after ``now`` (beyond ``CLOCK_SKEW``): their windows, and every
    empty day before them, would be sealed before they happened and the real rows refused as
    late. Named by the first such row's file and line (files and DataFrames) on every engine."""
    limit = (now + CLOCK_SKEW).timestamp()
    if counted.t_max is None or counted.t_max <= limit:
        return
    where = "" if request.db else first_row_after(request.target, request.roles(), limit)
    raise EthicLensInputError(
        f"{request.target_name()} holds rows stamped after this run's clock "
        f"({iso(int(now.timestamp()))}, with {CLOCK_SKEW.seconds // 60} minutes' leeway)"
        f"{where}, the latest at {iso(counted.t_max)}",
        column=request.time,
        fix="correct the time column (a local time needs its offset, e.g. +02:00) or drop "
        "those rows, then rerun; nothing was written",
    )


def _reanchored(store: Store, counted: Counted, window: Window) -> Counted:
    """``counted`` with rows from before the store's first day while the store holds no window
    yet (its first run held back every window it counted): the day windows anchored that many
    whole windows earlier, the held windows renumbered with them, as if the first run had seen
    those rows. A store with a processed window refuses them (``_plan``)."""
    origin = store.meta("origin_day")
    if window.kind != "days" or origin is None or counted.windows.empty or store.windows():
        return counted
    shift = -int(counted.windows[WINDOW].min())
    if shift <= 0:
        return counted
    counted.table[WINDOW] += shift
    counted.windows[WINDOW] += shift  # (each window's start and end stay as they were)
    counted.origin_day = origin - shift * window.size
    store.set_meta("origin_day", counted.origin_day)
    held = store.meta("held") or {}
    store.set_meta("held", {str(int(w) + shift): span for w, span in held.items()})
    return counted


def _one_spelling(store: Store, request: MonitorRequest, table: pd.DataFrame) -> pd.DataFrame:
    """The batch's groups keyed as the store keys them (``_spelling``): a number by its value
    (``1.0`` as the store's ``1``, or ``1.0``), a known text group with other spaces or case
    refused."""
    known = store.meta("groups") or {}
    _refuse_spelled_twice(table, request, known, request.target, bool(request.db))
    table = spelled(table, request, known)
    refuse_respelled(table, request, known, store.meta("references") or {})
    return table


def _refuse_spelled_twice(table, request, known: dict, target, db: bool) -> None:
    """Refuse ``table`` (TARGET's or a baseline's counts) whose group column writes one value
    two ways where the audit of ``target`` compares them as two groups: one file or table
    (a database's table or query with ``db``, a DataFrame, a file, a folder or glob of one
    file), whose column has one type, so two kinds of spelling in it are text; and CSV files
    (one, or a folder's or glob's: read as text, every spelling is the audit's own group,
    the refusal naming the file writing each). A database's group keys are its own distinct
    values (a typed column's equal values, -0.0 and 0.0 or numeric 1 and 1.0, are one key
    there), so two spellings from it are text the audit keeps apart: refused as CSV text's. A
    folder of typed (Parquet) files may differ in type from file to file: keyed by value, the
    documented merge."""
    files, kind = [], ""
    if not db and frame_kind(target) is None:
        try:
            files, kind = monitor_files(str(target), config=False)[:2]
        except EthicLensInputError:
            return  # refused as it is read
    if db or frame_kind(target) is not None or len(files) == 1 or kind == "csv":
        where = None
        if len(files) > 1:  # (a folder's files: where each spelling is written)
            where = lambda col, texts: spellings_by_file(target, col, texts)  # noqa: E731
        text = db or kind == "csv" or _text_columns(target, request.roles().protected)
        refuse_spelled_twice(table, request, known, text=text, where=where)


def _text_columns(target, protected) -> set:
    """The ``protected`` columns of a DataFrame ``target`` holding text only (as a CSV's: the
    audit keeps each spelling its own group, ``-0`` beside ``0``): a pandas or Dask column of
    text values only (Dask's ``string`` dtype, or an ``object`` one read partition by
    partition), a Spark string/varchar/char column; none for any other target."""
    kind = frame_kind(target)
    cols = [c for c in getattr(target, "columns", ()) if str(c) in set(protected)]
    if kind == "spark":
        types = {f.name: f.dataType.typeName() for f in target.schema.fields}
        return {str(c) for c in cols if types.get(c) in ("string", "varchar", "char")}
    if kind == "dask":
        return {str(c) for c in cols if _dask_text(target[c])}
    if kind != "pandas":
        return set()
    infer = pd.api.types.infer_dtype
    return {str(c) for c in cols if infer(target[c], skipna=True) == "string"}


def _dask_text(column) -> bool:
    """Whether a Dask column holds text only: its dtype says so (``string``), or, an
    ``object`` one, each partition's values are text (or none)."""
    if isinstance(column.dtype, pd.StringDtype):
        return True
    if isinstance(column.dtype, pd.ArrowDtype):  # pd.ArrowDtype(pa.string()), large_string
        import pyarrow as pa

        arrow = column.dtype.pyarrow_dtype
        return pa.types.is_string(arrow) or pa.types.is_large_string(arrow)
    if column.dtype != object:
        return False
    infer = pd.api.types.infer_dtype
    kinds = column.map_partitions(
        lambda part: pd.Series([infer(part, skipna=True)]), meta=(column.name, object)
    ).compute()
    return "string" in set(kinds) and set(kinds) <= {"string", "empty"}


def _count(store: Store, request: MonitorRequest, window: Window) -> Counted:
    roles, origin_day = request.roles(), store.meta("origin_day")
    if window.kind == "days":  # each engine also counts the rows in the held rows' spans
        held = (store.meta("held") or {}).values()
        spans = tuple(
            (float(h["tmin"]), float(h["tmax"])) for h in held if {"tmin", "tmax"} <= h.keys()
        )
        roles = dataclasses.replace(roles, held=spans)
    if store.meta("request") is not None:  # (a new store: the audit's rule and words)
        roles = dataclasses.replace(roles, label_values=_known_label_values(store, request))
    if request.db:
        where = {"table": request.table, "query": request.query, "flag": request.db_flag}
        return count_windows_sql(request.db, roles, window, origin_day=origin_day, **where)
    how = {"engine": request.engine, "scheduler": request.scheduler}
    return count_windows(request.target, roles, window, origin_day=origin_day, **how)


def _known_label_values(store: Store, request: MonitorRequest, *more: dict | None):
    """Under --pos-label, the values the store has seen its label columns write beside it
    (meta ``label_values``, every role; a version-1 store: none yet) and those of ``more``
    ({role: values}: this run's TARGET), as ``Columns.label_values``; None without it. Under
    a truth's text ('True', any case) only the truths among them: the text names a value of
    true/false labels only (the audit refuses it on 0/1 ones), so a 0 or 1 a store started with
    pos_label=True has seen (``_truth_for_stored``) is no negative of it; a store started with
    the text itself (--pos-label True) keeps every value its TARGETs wrote beside it ('0')."""
    label = request.pos_label
    if label is None:
        return None
    seen = [store.meta("label_values") or {}, *(m for m in more if m)]
    values = dict.fromkeys(v for s in seen for r in ("y_pred", "y_true") for v in s.get(r, []))
    stored = store.meta("request")
    theirs = stored.get("pos_label") if isinstance(stored, dict) else ""
    if (
        isinstance(label, str)
        and label.casefold() in ("true", "false")
        and not isinstance(theirs, str)
    ):
        return tuple(v for v in values if str(v).casefold() in ("true", "false"))
    return tuple(values)


def _count_baseline(store: Store, request: MonitorRequest, window: Window, seen=None, ours=None):
    """(counts table, {target, rows, counts fingerprint}, label values) of the separate
    baseline (None without one: ``--baseline-target``, or ``--baseline-table``/
    ``--baseline-query`` in the target's database, which adds its ``source``), counted with the
    target's roles, window size and engine from its own first day; a store started with
    another baseline (other counts) is refused. ``seen``: the label values a column lacking
    the --pos-label may write to be all negative, as in the TARGET (``Columns.label_values``):
    the store's and this run's TARGET's (``ours``: the store's, which a refusal tells apart)."""
    source = request.baseline_source()
    if source is None:
        return None
    flag, value = source
    with reading_baseline(value, flag):  # its errors name its option
        counted, info = _count_baseline_rows(request, window, seen, ours)
        known = store.meta("groups") or {}  # a value written two ways: as TARGET's
        _refuse_spelled_twice(counted.table, request, known, value, flag != "--baseline-target")
    counted.table = spelled(counted.table, request, store.meta("groups") or {})
    keys = _window_key(counted.table)
    fingerprint = hashlib.sha256(json.dumps(sorted(keys.items())).encode()).hexdigest()
    rows = int(counted.table[COUNT].sum())
    info.update(rows=rows, counts=fingerprint)
    stored = store.meta("baseline_target")
    if stored is not None and stored["counts"] != fingerprint:
        raise EthicLensInputError(
            f"is another baseline than the store's: the store was started with "
            f"{_baseline_name(stored)} ({stored['rows']:,} rows, counts "
            f"{stored['counts'][:12]}); {_baseline_name(info)} has {rows:,} rows, counts "
            f"{fingerprint[:12]}",
            column=flag,
            value=value,
            fix="give the baseline the store was started with (its rows unchanged), or a new "
            "--store",
        )
    return counted.table, info, counted.label_values


def _count_baseline_rows(
    request: MonitorRequest, window: Window, seen, ours=None
) -> tuple[Counted, dict]:
    """The separate baseline's windows, and how the report names it: files are counted by the
    file engines (with ``--db``: DuckDB or pandas), a table or query by the target's database
    (read-only, with its statement timeout)."""
    roles = dataclasses.replace(request.roles(), label_values=seen, stored_label_values=ours)
    if request.baseline_target is not None:
        counted = count_windows(
            request.baseline_target,
            roles,
            window,
            engine="auto" if request.db else request.engine,
            scheduler=None if request.db else request.scheduler,
        )
        return counted, {"target": str(request.baseline_target)}
    from ..sources import mask_url

    table, query = request.baseline_table, request.baseline_query
    counted = count_windows_sql(
        request.db, roles, window, table=table, query=query, flag=request.db_flag
    )
    where = f"table {table}" if table else "query"
    return counted, {"target": table or query, "source": f"{where} in {mask_url(request.db)}"}


def _baseline_name(info: dict) -> str:
    return info.get("source") or info["target"]


@dataclass
class _Plan:
    """The target's windows against the store's: ``new`` ones to process (in order, days
    without rows included), ``pending`` ones held back, how many were ``already_seen``, each
    window's counts fingerprint (``keys``) and span (``spans``)."""

    new: list
    pending: list
    already_seen: int
    keys: dict
    spans: dict
    windows_in_target: int


def _plan(store: Store, request: MonitorRequest, counted: Counted, window: Window, now) -> _Plan:
    per = counted.windows
    if window.kind == "days" and (per[WINDOW] < 0).any():
        first = per.loc[per[WINDOW] < 0].iloc[0]
        raise EthicLensInputError(
            f"time went backwards: rows from {iso(first['tmin'])} are older than the store's "
            "first window",
            column=request.time,
            fix="the monitor only moves forward: give rows from after the last processed window "
            "(or a new --store to start over)",
        )
    pending = per.loc[~per["complete"], WINDOW].tolist() if window.kind == "rows" else []
    if window.kind == "rows" and len(per):  # rows of the newest time may still come: a window
        newest = per.loc[per["tmax"] >= per["tmax"].max(), WINDOW].tolist()  # holding it waits
        pending = sorted(set(pending) | set(newest))
    if window.kind == "days":  # a day window is sealed once it has ended, never before
        pending = per.loc[per["end"] > now.timestamp(), WINDOW].tolist()
    if request.hold_last and len(per):
        pending = sorted(set(pending) | {int(per[WINDOW].max())})
    keys = _window_key(counted.table)
    stored = store.windows()
    # a stored window is never held back: its rows are checked against the store's as any
    # processed window's are (late or changed rows refused)
    pending = [int(w) for w in pending if int(w) not in stored]
    target_windows = [int(w) for w in per[WINDOW] if int(w) not in pending]
    spans = {int(r[WINDOW]): r for r in per.to_dict("records")}
    _reconcile(store, request, counted, target_windows, stored, keys, spans)
    _check_held(store, request, window, pending, stored, spans)
    last = max(stored) if stored else -1
    new = sorted(w for w in target_windows if w > last)
    if window.kind == "days" and new:  # days without rows in between are windows too
        new = list(range(last + 1 if last >= 0 else min(new), max(new) + 1))
    _check_new_windows(request, counted, len(new))
    seen = sum(1 for w in target_windows if w in stored)
    return _Plan(new, [int(w) for w in pending], seen, keys, spans, len(per))


def held_windows(pending: list, spans: dict) -> dict:
    """The windows a run held back, as the store keeps them (meta ``held``): each one's span
    and rows, for the next run to find them again."""
    # (tmin, tmax: its first and last row's time, between which a later run must still hold
    # as many rows)
    return {
        str(w): {k: float(spans[w][k]) for k in ("start", "end", "tmin", "tmax")}
        | {"rows": int(spans[w]["rows"])}
        for w in pending
    }


def _check_held(store, request, window: Window, pending: list, stored: dict, spans: dict) -> None:
    """A window the last run held back (``--hold-last``, or a row window not yet full or ending
    on the newest time) must come back whole: TARGET holds at least its rows then (and a row
    window starts where it did, once the store holds a window), else the rows the last run saw
    would never be counted."""
    for key, was in sorted((store.meta("held") or {}).items(), key=lambda kv: int(kv[0])):
        w = int(key)
        if w in stored:
            continue
        row = spans.get(w)
        now = int(row["rows"]) if row is not None else 0
        # (while the store holds no window, rows before the held ones only renumber them)
        moved = (
            row is not None
            and window.kind == "rows"
            and bool(stored)
            and _moved(was, row, ("start",))
        )
        # a day's held rows are gone when its first row is (as many new rows hide it: a batch
        # of new rows alone); a store written before keeps no tmin
        late = window.kind == "days" and row is not None and "tmin" in was
        late = late and _moved(was, row, ("tmin",)) and float(row["tmin"]) > float(was["tmin"])
        # and fewer rows between its first and last than it held (late rows of the day hid
        # its first row's loss): a store written before keeps no tmax
        inside = _rows_inside(was, row)
        short = not late and inside is not None and inside < int(was["rows"])
        if now >= int(was["rows"]) and not moved and not late and not short:
            continue
        found = (
            f"{request.target_name()} has none of its rows"
            if row is None
            else f"{request.target_name()} has {now:,} rows in it"
            + (f", from {iso(row['start'])}" if moved else "")
            + (
                f", none before {iso(row['tmin'])} (its held rows begin {iso(was['tmin'])})"
                if late
                else ""
            )
            + (
                f", {inside:,} of them from {iso(was['tmin'])} to {iso(was['tmax'])} (its held "
                "rows' span)"
                if short
                else ""
            )
        )
        raise _held_lost(store, request, window, (w, was), found)


def _held_lost(store, request, window: Window, held: tuple, found: str) -> EthicLensInputError:
    """The refusal of held window ``held`` (its number, its meta) that TARGET no longer holds
    whole (``found``: what TARGET holds of it), with why the last run held it back."""
    w, was = held
    where = f"window {w} ({iso(was['start'])} to {iso(was['end'])})"
    why = "not yet full or ending on the newest time, or --hold-last"
    if window.kind == "days":  # why the last run held it, not what this run asks
        why = "not yet ended" if was["end"] > _last_run_at(store) else "--hold-last"
    ended = "drop --hold-last" if request.hold_last or why == "--hold-last" else ""
    ended = ended or "run once the window has ended"
    return EthicLensInputError(
        f"held rows lost: {where} was held back by the last run ({why}) with "
        f"{int(was['rows']):,} rows; {found}, so the rows seen then would never be counted",
        column="TARGET",
        fix=(
            "a held window is counted by a later run, from that run's TARGET: give a TARGET "
            "that still holds the held window's rows (a growing folder or table, or the "
            "held day's file together with the new one); with one file of whole days per "
            f"run, {ended}"
            if window.kind == "days"
            else _ROWS_FIX
        ),
    )


def _rows_inside(was: dict, row) -> int | None:
    """The rows TARGET holds in the span of the rows the last run held in a day window (its
    first to its last: the engines' ``held`` count); None when unknown (a store written before
    keeps no last time, or an engine counted none)."""
    if (
        row is None
        or not {"tmin", "tmax"} <= was.keys()
        or "held" not in row
        or pd.isna(row["held"])
    ):
        return None
    return int(row["held"])


def _last_run_at(store) -> float:
    """When the last run ran (epoch seconds; -inf for none): a day that had ended by then was
    held back by --hold-last, one that had not by its end still to come."""
    last = store.last_run()
    return dt.datetime.fromisoformat(last["at"]).timestamp() if last else -math.inf


# the most windows one run adds: more is mostly a stray row dated years away (and a store
# anchored there); a real backlog is processed in parts
MAX_NEW_WINDOWS = 10_000


def _check_new_windows(request: MonitorRequest, counted: Counted, n_new: int) -> None:
    window = request.parsed_window()
    if n_new > MAX_NEW_WINDOWS and window.kind == "rows":  # numbered over the whole history
        raise EthicLensInputError(
            f"{request.target_name()} would add {n_new:,} windows of {window.size:,} "
            f"row{'s' * (window.size > 1)} (more than {MAX_NEW_WINDOWS:,} in one run)",
            column="--window",
            fix="choose a larger --window, or give the history in parts, oldest rows first: a "
            "TARGET of its first rows, then one that holds them and the next",
        )
    if n_new > MAX_NEW_WINDOWS:
        raise EthicLensInputError(
            f"{request.target_name()} would add {n_new:,} windows of {request.window} (more than "
            f"{MAX_NEW_WINDOWS:,} in one run): its times run from {iso(counted.t_min)} to "
            f"{iso(counted.t_max)}",
            column=request.time,
            fix="drop stray rows whose times lie far from the rest (e.g. a placeholder date), "
            "or process a long backlog in parts (one TARGET per period, oldest first)",
        )


# the count fields as the late-rows refusal names them
_FIELD_NAMES = {"n": "rows", "sel": "selected", "pos": "positive labels", "tp": "true "
                "positives", "neg": "negative labels", "fp": "false positives"}  # fmt: skip


def _changed_counts(store: Store, request, table: pd.DataFrame, w: int) -> str:
    """What changed in processed window ``w`` whose row count did not: the first group count
    that differs from the store's (``group B of g: selected 97 → 98``), or, none found among
    the compared groups, what else can differ."""
    labels = request.y_true is not None
    before: dict[tuple[str, str], dict] = {}
    refs = store.meta("references") or {}
    for window, a, g, body in store.results():
        if window == w:
            before[(a, g)] = body["counts"]["group"]
            if a in refs:
                before[(a, refs[a])] = body["counts"]["reference"]
    if before:
        tables = attribute_tables(table[table[WINDOW] == w], request)
        now = {}
        for a in {a for a, _ in before}:
            now.update({(a, g): c for (_, g), c in _group_counts(tables[a], a, labels).items()})
        for a, g in sorted(before.keys() | {k for k in now if k[0] in refs}):
            old, new = before.get((a, g), {}), now.get((a, g), {})
            for field, name in _FIELD_NAMES.items():
                was, got = old.get(field, 0), new.get(field, 0)
                if was != got:
                    return f"group {spaced_name(g)} of {spaced_name(a)}: {name} {was:,} → {got:,}"
    return "its labels, predictions, groups or weights differ"


# how far apart two runs may put a row window's first or last time (seconds): a store written
# by one engine is read by another, and SQLite keeps milliseconds
_SPAN_SLACK = 1e-3

_ROWS_FIX = (
    "row windows are numbered over the whole history: TARGET must hold every row since the "
    "store's first (a growing folder or table, not only the new rows) and no late or changed "
    "rows; or start a new --store to recompute from the start"
)
_LATE_FIX = (
    "the monitor counts a window once, and a row belongs to the window of its own time: leave "
    "processed windows as they were (take the late or changed rows out of TARGET), or start a "
    "new --store to recompute from the start"
)

# the way out when the late or changed rows are the last processed window's: it was counted
# before all its rows had come (a week of 5 days' rows, processed once its end had passed)
_HOLD_LAST_FIX = (
    "window {w} is the last one processed: if it was counted while rows of it were still to "
    "come, start a new --store and monitor with --hold-last, which holds the newest window "
    "until a later window has rows"
)


def _tie_fix(store: Store, w: int, last: int, was: dict, spans: dict) -> str:
    """The fix of a processed row window whose rows changed: ``_ROWS_FIX``, or, when rows of
    the time it ended on have come since and tie across its end (the next window starts at that
    time) and that time is the newest the store has seen, why: it was the last processed window
    and ended on its target's newest time, which a store written before round 45 processed as
    final (a run now holds such a window until a later time has come); its rows are not late,
    and no TARGET can give it back as counted."""
    after, seen = spans.get(w + 1), (store.last_run() or {}).get("t_max")
    end = float(was["end"]) + _SPAN_SLACK
    if w != last or after is None or float(after["start"]) > end or seen is None or seen > end:
        return _ROWS_FIX
    when = iso(was["end"])
    return (
        f"rows of {when}, the time window {w} ended on, have come since it was processed, and "
        "rows of one time are ordered among themselves, not by when they came: it was "
        "processed while the newest time could still grow (a store written before round 45 "
        "processed a row window ending on its target's newest time; a run now holds it until "
        "a later time has come). Start a new --store over the whole history, which TARGET "
        "holds (nothing is lost)"
    )


def _moved(stored: dict, row: dict, ends=("start", "end")) -> bool:
    """Whether a row window's first or last time (``ends``) differs from the store's
    (renumbered rows)."""
    return any(abs(float(stored[k]) - float(row[k])) > _SPAN_SLACK for k in ends)


def _reconcile(store, request, counted, target_windows, stored, keys, spans) -> None:
    """A processed window must come back with the same counts (a row window also with the same
    first and last time); none may come before the store's last one."""
    last = max(stored) if stored else -1
    rows_kind = request.parsed_window().kind == "rows"
    fix = _ROWS_FIX if rows_kind else _LATE_FIX
    for w in target_windows:
        row = spans[w]
        span = f"window {w} ({iso(row['start'])} to {iso(row['end'])})"
        if w == last and not rows_kind:  # a week counted while it still filled
            fix = f"{_LATE_FIX}; {_HOLD_LAST_FIX.format(w=w)}"
        if w in stored:
            was, now, name = stored[w], int(row["rows"]), request.target_name()
            processed = f"was processed with {was['rows']:,} rows; "
            if rows_kind and _moved(was, row):
                what = f"{processed}in {name} window {w} now runs from {iso(row['start'])} to "
                what += f"{iso(row['end'])} ({now:,} rows)"
            elif was["counts"] == keys[w]:
                continue
            elif now != was["rows"]:
                what = f"{processed}{name} now has {now:,} in it"
            else:
                what = f"still has {now:,} rows in {name}, but not the counts it was processed "
                what += "with: " + _changed_counts(store, request, counted.table, w)
            was_span = f"window {w} ({iso(was['start'])} to {iso(was['end'])})"
            raise EthicLensInputError(
                f"late or changed rows: {was_span} {what}",
                column="TARGET",
                fix=_tie_fix(store, w, last, was, spans) if rows_kind else fix,
            )
        elif w < last:
            if max(target_windows) < last:
                raise EthicLensInputError(
                    f"time went backwards: the newest row of {request.target_name()} "
                    f"({iso(counted.t_max)}) is older than the store's last window "
                    f"(window {last}, from {iso(stored[last]['start'])})",
                    column=request.time,
                    fix="give rows from after the last processed window (check the clock and "
                    "the file), or a new --store",
                )
            raise EthicLensInputError(
                f"late rows: {span} comes before the last processed window ({last}) and "
                "was not processed then",
                column="TARGET",
                fix="the monitor counts a window once, and a row belongs to the window of its "
                "own time: take the late rows out of TARGET, or start a new --store to "
                "recompute from the start",
            )


@dataclass
class _Row:
    """One comparison in one window: its counts, e-values, sequences, baseline band and (with
    --propensity/--weight) effective counts (the bets', the estimates') and bet cap."""

    window: int
    attribute: str
    group: str
    rows: int
    ref: dict
    grp: dict
    tests: dict
    seqs: dict
    baseline: dict | None
    eff: tuple | None


class _Sides:
    """A counts table per attribute and (window, group): the rows' counts and, weighted, the
    effective counts and cap factor; read per window for given comparisons (``of``).
    ``windows``: the only windows read weighted (those this run absorbs; None: all), so an
    empty cell of a window an earlier run absorbed is not warned of again."""

    def __init__(self, table: pd.DataFrame, request: MonitorRequest, labels: bool, windows=None):
        cols = request.attributes()[0]
        tables = attribute_tables(table, request)
        self.labels = labels
        self.per_attr = {a: _group_counts(tables[a], a, labels) for a in cols}
        weighted = bool(request.propensity or request.weight)
        if windows is not None:
            tables = {a: t.loc[t[WINDOW].isin(windows)] for a, t in tables.items()}
        self.crossed = crossing_parts(tables, request)  # {a&b: {crossed group: its parts}}
        self.per_w = {a: _group_weights(tables[a], a, labels) for a in cols} if weighted else {}
        self.fields = [f for f in COUNT_FIELDS if labels or f in ("n", "sel")]

    def of(self, w: int, pairs: list, refs: dict):
        """Window ``w``'s counts of each comparison's reference and group (dicts), the arrays
        the evidence takes (effective counts when weighted), the bets' cap and the effective
        counts per comparison."""
        zero = dict.fromkeys(self.fields, 0)
        ref_cs = [self.per_attr[a].get((w, refs[a]), zero) for a, _ in pairs]
        grp_cs = [self.per_attr[a].get((w, g), zero) for a, g in pairs]
        if not self.per_w:
            return ref_cs, grp_cs, self._arrays(ref_cs), self._arrays(grp_cs), None, None
        zero_w = ({f: 0.0 for f in zero}, 1.0, {f: 0.0 for f in zero})
        ref_w = [self.per_w[a].get((w, refs[a]), zero_w) for a, _ in pairs]
        grp_w = [self.per_w[a].get((w, g), zero_w) for a, g in pairs]
        eff = [(r[0], q[0], min(r[1], q[1]), r[2], q[2]) for r, q in zip(ref_w, grp_w, strict=True)]
        ref_v, grp_v = (self._arrays([e[side] for e in eff]) for side in (0, 1))
        return ref_cs, grp_cs, ref_v, grp_v, np.array([e[2] for e in eff], float), eff

    def _arrays(self, counts: list) -> dict:
        return {f: np.array([c[f] for c in counts], float) for f in self.fields}

    def pooled(self, pairs: list, refs: dict) -> tuple[np.ndarray, np.ndarray]:
        """Every window's counts of each comparison summed in window order (reference, group),
        as a baseline pools its windows."""
        ref, grp = np.zeros((2, len(pairs), len(COUNT_FIELDS)))
        for w in sorted({w for counts in self.per_attr.values() for (w, _) in counts}):
            ref_v, grp_v = self.of(w, pairs, refs)[2:4]
            ref += pooled_row(ref_v, len(pairs))
            grp += pooled_row(grp_v, len(pairs))
        return ref, grp


class _Updater:
    """The comparisons of this run (each group against its attribute's reference), their
    evidence state as the store left it, and the windows' rows waiting to be stored.
    ``baseline``: the counts table of ``--baseline-target`` (None without one)."""

    def __init__(self, store: Store, request: MonitorRequest, table, new: list, baseline=None):
        self.store, self.request = store, request
        self.labels = request.y_true is not None
        cols, given_refs = request.attributes()
        self.sides = _Sides(table, request, self.labels, new)
        self.per_attr = self.sides.per_attr
        # one crossed name, one crossing: across runs (the store's) and beside the baseline
        known = store.meta("groups") or {}
        where = "this store's earlier windows"
        self.crossed = refuse_crossed_again(store.meta("crossed"), known, self.sides.crossed, where)
        self._references(cols, given_refs, new)
        self.pairs = [  # an attribute waiting for its reference (one group seen) has none
            (a, g) for a in cols if a in self.refs for g in self.groups[a] if g != self.refs[a]
        ]
        policy = {k: getattr(request, k) for k in ("di_threshold", "eo_threshold", "alpha")}
        self.ev = Evidence(labels=self.labels, shape=(len(self.pairs),), **policy)
        saved = []
        if self.pairs:  # every comparison's state, stacked on the leading axis
            fresh = Evidence(labels=self.labels).arrays()
            saved = [store.load_state(a, g) or fresh for a, g in self.pairs]
            self.ev.load_arrays({k: np.stack([one[k] for one in saved]) for k in fresh})
        pooled = None
        if baseline is not None:
            sides = _Sides(baseline, request, self.labels)
            refuse_crossed_again(self.crossed, {}, sides.crossed, "TARGET", store=False)
            pooled = sides.pooled(self.pairs, self.refs) if self.pairs else None
        self.base = Baseline(request, self.labels, self.pairs, saved, pooled)
        self.alarms = store.alarms()
        self.rows: list[_Row] = []

    def _references(self, cols, given_refs, new) -> None:
        """Each attribute's reference (given, or the largest group of the first run that has
        seen two groups) and the groups seen so far."""
        self.refs = self.store.meta("references") or {}
        self.sources = self.store.meta("reference_source") or {}
        self.groups = self.store.meta("groups") or {}
        # a group's first window with rows: it is compared from there on (a group the runs
        # before saw, from this run's first window), however the stream was fed
        self.first: dict[tuple[str, str], int] = {}
        for a in cols:
            counts = self.per_attr[a]
            seen = sorted({g for (w, g) in counts if w in new})
            for g in seen:
                if g not in self.groups.get(a, []):
                    self.first[(a, g)] = min(w for (w, h) in counts if h == g and w in new)
            if a not in self.refs:
                if a in given_refs:
                    groups = sorted({g for (_, g) in counts})
                    fix = f"use one of {names_words(groups[:20])}"  # a near miss first, as audit
                    ref = str(given_refs[a])  # a slip or a typo ('Whtie') is refused: a
                    # reference is the largest group, seldom one a batch lacks
                    if slip(ref, groups) is not None or did_you_mean(ref, groups):
                        check_member(given_refs[a], groups, column=f"--protected {a}",
                                     problem="unknown reference group", fix=fix)  # fmt: skip
                    if seen:  # bound once a window is processed (a held one binds nothing);
                        # a group of the data, even if not yet in a processed window
                        self.refs[a], self.sources[a] = given_refs[a], "given"
                        seen = sorted(set(seen) | {given_refs[a]})
                elif seen and len(set(self.groups.get(a, [])) | set(seen)) > 1:
                    self._largest(a, counts, new)
            self.groups[a] = sorted(set(self.groups.get(a, [])) | set(seen))

    def _largest(self, a: str, counts: dict, new: list) -> None:
        """Attribute ``a``'s reference without a given one: the largest group of this run's
        windows, chosen once, in the first run that has seen two groups (a run that saw only
        one waits: how the rows were split into runs does not fix a reference)."""
        totals: dict[str, int] = {}
        for (w, g), c in counts.items():
            if w in new:
                totals[g] = totals.get(g, 0) + c["n"]
        self.refs[a] = max(sorted(totals), key=lambda g: totals[g])
        earlier = self.groups.get(a)  # the one group the runs before saw
        self.sources[a] = (
            "largest group in the first run with two groups (the runs before saw only "
            f"{earlier[0]})"
            if earlier
            else "largest group in the first run"
        )

    def add_window(self, w: int, plan: _Plan, run: int) -> None:
        """Store window ``w`` and add its counts to every comparison's evidence."""
        if w in plan.spans:
            span = plan.spans[w]
            start, end, rows = float(span["start"]), float(span["end"]), int(span["rows"])
        else:
            size = self.request.parsed_window().size
            start = (self.store.meta("origin_day") + w * size) * 86400.0
            end, rows = start + size * 86400.0, 0
        status = "PROCESSED" if rows else "NO_ROWS"
        self.store.add_window(w, start, end, rows, status, plan.keys.get(w, "empty"), run)
        if not self.pairs:
            return
        ref_cs, grp_cs, ref_v, grp_v, scale, eff = self.sides.of(w, self.pairs, self.refs)
        self.ev.update(ref_v, grp_v, scale)
        log_e = {test: self.ev.log_evalue(test) for test in self.ev.nulls}
        base_e, base_info = self.base.update(w, (start, end), ref_v, grp_v, scale)
        bounds = {name: self.ev.sequence(name) for name in self.ev.seqs}
        for k, (a, g) in enumerate(self.pairs):
            if w < self.first.get((a, g), w):  # the group has no rows yet: no entry
                continue
            tests = {t: float(v[k]) for t, v in log_e.items()}
            info_k = None
            if base_info is not None and math.isfinite(base_info["di_t"][k]):
                # no DI band (nobody selected in a group of the baseline): no DI test
                banded = base_info["di_t"][k] > 0
                tests.update(
                    {f"baseline_{t}": float(v[k]) for t, v in base_e.items()
                     if banded or t != "disparate_impact"}
                )  # fmt: skip
                info_k = {name: v[k] for name, v in base_info.items()}
            seqs = {n: (float(lo[k]), float(hi[k])) for n, (lo, hi) in bounds.items()}
            row = _Row(w, a, g, rows, ref_cs[k], grp_cs[k], tests, seqs, info_k, eff and eff[k])
            self.rows.append(row)
            self._raise_alarms(row, run)

    def _raise_alarms(self, row: _Row, run: int) -> None:
        for test, value in row.tests.items():
            level = (2 if test.startswith("baseline_") else 1) / self.request.alpha
            key = (row.attribute, row.group, test)
            if key not in self.alarms and value >= math.log(level):
                self.store.add_alarm(*key, row.window, value, run)
                self.alarms[key] = {"window": row.window, "log_e_value": value}

    def save(self) -> None:
        """The windows' estimates and results, every comparison's state, the references."""
        seeds = [
            int(hashlib.sha256(f"{self.request.seed}|{r.window}|{r.attribute}|{r.group}"
                               .encode()).hexdigest()[:12], 16)
            for r in self.rows
        ]  # fmt: skip
        estimates = window_estimates_batch(
            [r.eff[3] if r.eff else r.ref for r in self.rows],  # the estimates' counts
            [r.eff[4] if r.eff else r.grp for r in self.rows],
            seeds,
            n_draws=self.request.n_draws,
        )
        for row, est in zip(self.rows, estimates, strict=True):
            body = _window_body(self.request, row, est)
            try:
                self.store.add_result(row.window, row.attribute, row.group, body)
            except ValueError:  # a NaN or an infinity: the JSON refuses it
                where = f"window {row.window}"
                raise _not_finite(self.request, row.attribute, row.group, where) from None
        for k, (a, g) in enumerate(self.pairs):
            arrays = {key: np.asarray(v[k]) for key, v in self.ev.arrays().items()}
            if any(v.dtype.kind == "f" and np.isnan(v).any() for v in arrays.values()):
                raise _not_finite(self.request, a, g, "its evidence")
            # (a baseline's state holds NaN until its baseline is complete)
            arrays.update({key: v[k] for key, v in self.base.arrays().items()})
            self.store.save_state(a, g, arrays)
        self.store.set_meta("references", self.refs)
        self.store.set_meta("reference_source", self.sources)
        self.store.set_meta("groups", self.groups)
        if self.crossed:
            self.store.set_meta("crossed", self.crossed)


def _not_finite(request, attribute: str, group: str, where: str) -> EthicLensInputError:
    """The last guard: evidence that is not a number is never stored (the run writes nothing).
    Only a run with weights or propensities is told to check them (a store's own numbers are
    checked when it is opened)."""
    column = request.propensity or request.weight
    check = (
        f"check the rows' {'propensities' if request.propensity else 'weights'} ({column}) for "
        "extreme values, and report this with the data if they look ordinary"
        if column
        else "report this with the data and the store"
    )
    return EthicLensInputError(
        f"the comparison {spaced_name(attribute)}: {spaced_name(group)} came out not a number in "
        f"{where}; nothing was stored",
        column="--store",
        fix=check,
    )


def _run_info(request: MonitorRequest, plan: _Plan, run: int | None, now, engine: str) -> dict:
    return {
        "run": run,
        "at": now.isoformat(),
        "ethiclens_version": __version__,
        "target": request.target_name(),
        "engine": engine,
        "new_windows": len(plan.new),
        "already_seen": plan.already_seen,
        "pending_windows": plan.pending,
        "gate": None,  # run_monitor's fail_on: MonitorResult.gate's to_dict()
    }


def _with_notes(info: dict, store: Store, plan: _Plan, updater: _Updater) -> dict:
    """What the run should tell: one window so far, windows sealed without rows, an attribute
    with one group."""
    notes = list(info.pop("notes", []))  # a named group without rows in this batch
    if getattr(store.db, "restarted", False):
        notes.append(
            "the store was an empty file left by a first run stopped before its first commit "
            "(killed): no history was lost, the store was started by this run"
        )
    if getattr(store.db, "emptied", False):
        notes.append(
            f"the store {store.path} was an empty file (0 bytes, no journal): it held no "
            "windows, so this run started it; if runs had written it before (a disk or a copy "
            "emptied it), their history is only in a backup"
        )
    windows = store.windows()
    if len(windows) == 1 and plan.windows_in_target == 1:
        notes.append(ONE_WINDOW_NOTE)
    sealed = [w for w in plan.new if w not in plan.spans]
    if sealed:
        days = ", ".join(iso(windows[w]["start"])[:10] for w in sealed[:5])
        more = f" and {len(sealed) - 5:,} more" if len(sealed) > 5 else ""
        notes.append(
            f"{len(sealed):,} window(s) without rows sealed as NO_ROWS (starting {days}{more}): "
            "rows of those days given later are refused as late rows (a missed file's rows can "
            "only enter a new --store)"
        )
    notes.extend(_held_notes(updater.request, plan))
    notes.extend(_open_window_notes(updater.request, plan))
    notes.extend(_tie_notes(updater.request, windows, plan))
    held_rows = sum(int(plan.spans[w]["rows"]) for w in plan.pending)
    given = updater.request.attributes()[1]
    for a in updater.per_attr:
        groups = updater.groups.get(a, [])
        if len(groups) < 2:
            chosen = a in updater.refs or a in given
            wait = "" if chosen else "; the reference is chosen when a second group is seen"
            notes.append(_too_few_groups(a, groups, held_rows) + wait)
    notes.extend(_missing_code_notes(updater))
    if updater.base is not None:
        notes.extend(updater.base.notes())
    span, period = updater.request.baseline_span(), updater.request.baseline_period
    if info["run"] == 1 and span and span[1] > dt.datetime.fromisoformat(info["at"]).timestamp():
        notes.append(  # said once, by the run that begins the store
            f"--baseline-period {period} ends after this run's clock: the baseline tests start "
            f"with the first window after {period[-10:]}; until then its windows are pooled"
        )
    if notes:
        info.update(note=notes[0], notes=notes)
    return info


# a store of one window: said by the run that counts it and by a page that reads the store
ONE_WINDOW_NOTE = (
    "the store holds one window so far: one fixed-sample look; monitoring begins as later "
    "runs add windows (if TARGET is all the data there will be, choose a shorter --window)"
)


@argument_kinds(report=instance_kind(dict, "read_store's result", "e.g. read_store(path)"))
def store_notes(report: dict) -> list[str]:
    """The notes a run says of its store that hold while the store is as it left it, for a
    page that reads a store (``report``: :func:`read_store`'s, the web's Monitoring page): one
    window so far (none held back), and each attribute's groups named like a missing value
    (:func:`missing_code_notes`), in the command line's words, as the run said them."""
    doc = report.get("report", report)  # a stored report itself too: its windows, no held
    one = len(report.get("windows") or ()) == 1 and not report.get("held")
    comparisons = {"comparisons": doc.get("comparisons") or []}
    crossed = (report.get("request") or doc.get("request") or {}).get("intersections")
    groups = _stored_groups(comparisons)
    return [
        *[ONE_WINDOW_NOTE] * one,
        *missing_code_notes(report=comparisons),
        *look_alike_notes(groups, crossed),
    ]


def look_alike_notes(groups: dict, intersections=None, words: dict | None = None) -> list[str]:
    """The audit's note on each attribute's groups written alike ('Male' beside 'male', '01'
    beside '1': ``fairness.look_alike_notes``), counted apart, plus that a merge changes what
    the store's windows were counted with: a new --store. ``groups``: attribute -> its group
    names; an intersection's crossings (``intersections``) are not noted again."""
    from ..fairness import look_alike_notes as noted

    attrs = {a: (list(names), None) for a, names in groups.items()}
    return [
        f"{text}, in a new --store (this store's windows counted them apart)"
        for text in noted(attrs, intersections, words)
    ]


def _stored_groups(report: dict) -> dict:
    """Attribute -> its group names, by a stored report's comparisons' groups and references."""
    groups: dict = {}
    for c in report["comparisons"]:
        groups.setdefault(c["attribute"], {}).update(dict.fromkeys((c["reference"], c["group"])))
    return groups


def _missing_code_notes(updater: _Updater) -> list[str]:
    """The note on the store's groups named like a missing value (:func:`missing_code_notes`),
    said by every run while the store holds such a group: in the terminal, the HTML summary
    and the JSON's run.notes."""
    groups = {a: updater.groups.get(a, []) for a in updater.per_attr}
    words, crossed = python_words(), updater.request.intersections
    return [*missing_code_notes(groups, words=words), *look_alike_notes(groups, crossed, words)]


@argument_kinds(
    groups=instance_kind(
        dict, "a dict of attribute -> its group names", "e.g. {'race': ['a', '?']}", optional=True
    ),
    report=instance_kind(dict, "a stored report (read_store's)", "e.g. read_store(path)[0]"),
)
def missing_code_notes(groups=None, *, report=None, words: dict | None = None) -> list[str]:
    """The audit's note on each attribute's groups named like a missing value ('?', 'NA': a
    code no reader takes for missing), as every audit says it, plus that either fix changes
    what the store's windows were counted with: a new --store. ``groups``: each attribute's
    group names (a run's); or ``report``, a stored report (``read_store``'s: the web's
    Monitoring page), by its comparisons' groups and references. ``words``: how the face
    names the flags (``fairness.in_face_words``; None: the command line's)."""
    from ..fairness import missing_value_codes, missing_value_codes_text

    if report is not None:
        groups = _stored_groups(report)
    notes = []
    for a, names in (groups or {}).items():
        if codes := missing_value_codes(names):
            text = missing_value_codes_text(a, codes, words=words)
            them = "it" if len(codes) == 1 else "them"
            notes.append(
                f"{text}, in a new --store (this store's windows were counted with {them})"
            )
    return notes


def _tie_notes(request: MonitorRequest, windows: dict, plan: _Plan) -> list[str]:
    """Row windows this run processed cut from inside a long tie of times: rows of one time,
    ordered by their values (label, prediction, group) where the window is cut, so the
    windows are no sample of the stream and the tests' false-alarm chance is not kept
    (docs/monitoring.md, ``--window N``). A tie is long where the times are dates without a
    time of day, or where a window beside the cut lies within one time; two rows of one
    second at a cut (times to the second, a busy stream) are not noted."""
    if request.parsed_window().kind != "rows":
        return []
    ends = [t for v in windows.values() for t in (v["start"], v["end"]) if t is not None]
    dates = all(float(t) % 86400 == 0 for t in ends)  # every window starts and ends at 0:00

    def long_tie(w: int) -> bool:
        one_time = [v["start"] == v["end"] for v in (windows[w - 1], windows[w])]
        return windows[w]["start"] == windows[w - 1]["end"] and (dates or any(one_time))

    cut = [w for w in plan.new if w - 1 in windows and long_tie(w)]
    if not cut:
        return []
    return [
        f"{len(cut):,} row window(s) begin among rows of the time the window before ends with "
        f"(first: window {cut[0]} at {iso(windows[cut[0]]['start'])}): rows of one time are "
        "ordered by their label, prediction and group, so these windows are no sample of the "
        "stream and the false-alarm chance alpha does not hold for them; give times that tell "
        "rows apart, or day windows (--window 1d)"
    ]


def _held_notes(request: MonitorRequest, plan: _Plan) -> list[str]:
    """Which windows this run held back, their span and rows, and when they are processed:
    a day window once it has ended, a row window once full (``--hold-last``: the last window
    until a later one has rows)."""
    if not plan.pending:
        return []
    window = request.parsed_window()
    shown = [
        f"window {w} ({iso(s['start'])} to {iso(s['end'])}, {plural(int(s['rows']), 'row')})"
        for w, s in ((w, plan.spans[w]) for w in plan.pending[:3])
    ]
    more = f" and {len(plan.pending) - 3:,} more" if len(plan.pending) > 3 else ""
    if request.hold_last:
        when = "held by --hold-last until a later window has rows"
    elif window.kind == "days":
        when = "held back until it has ended: the first run after its end processes it"
    elif all(int(plan.spans[w]["rows"]) < window.size for w in plan.pending):
        when = f"held back until it holds {plural(window.size, 'row')}: a later run processes it"
    else:  # full, but its last rows are of the target's newest time, which may still grow
        when = (
            f"held back until it holds {plural(window.size, 'row')} and rows of a later time than "
            "its last have come (rows of the newest time may still come, and would renumber it): "
            "a later run processes it"
        )
    return [f"{', '.join(shown)}{more}: {when}"]


def _open_window_notes(request: MonitorRequest, plan: _Plan) -> list[str]:
    """The last day window this run processed when whole days of it come after the data's last
    row (5 days' rows in a week): it is counted as it stands, and the rest of its rows, given
    later, would be refused as late; ``--hold-last`` holds it until a later window has rows. A
    window whose rows run into its last day (every 1d window) is not noted."""
    if request.parsed_window().kind != "days" or not plan.new:
        return []
    w = max(plan.new)
    span = plan.spans.get(w)
    if span is None or max(plan.spans) > w:  # the data goes on past it (held windows)
        return []
    last_day = math.floor(float(span["tmax"]) / 86400.0) * 86400.0
    if last_day + 86400.0 >= float(span["end"]):
        return []
    return [
        f"window {w} ({iso(span['start'])} to {iso(span['end'])}) ends after the data's last "
        f"row ({iso(span['tmax'])}): it is counted as it stands, and rows of it given later are "
        "refused as late rows; if more rows for it will come, use --hold-last to hold the "
        f"newest window until a later window has rows (from a new --store: this one has "
        f"counted window {w})"
    ]


def _too_few_groups(attribute: str, groups: list, held_rows: int = 0) -> str:
    """The note of an attribute with fewer than two groups counted: none (every window held
    back, or no rows yet), or the one it has; a name with whitespace around it quoted
    (``' e'``, as every note and comparison says it)."""
    attribute = spaced_name(attribute)
    if not groups and held_rows:
        return (
            f"{attribute}: its {plural(held_rows, 'row')} are all in held-back windows: nothing "
            "to compare yet"
        )
    if not groups:
        return f"{attribute} has no group counted yet: nothing to compare yet"
    return f"{attribute} has one group so far ({spaced_name(groups[0])}): nothing to compare yet"


def _window_status(request: MonitorRequest, row: _Row) -> tuple[str, str | None]:
    ref_c, grp_c = row.ref, row.grp
    if row.rows == 0 or (ref_c["n"] == 0 and grp_c["n"] == 0):
        return "NO_ROWS", "no rows of either group in this window"
    if ref_c["n"] == 0 or grp_c["n"] == 0:
        who = "the reference group" if ref_c["n"] == 0 else "the compared group"
        return "ONE_GROUP", f"{who} has no rows in this window: nothing to compare"
    if min(ref_c["n"], grp_c["n"]) < request.min_group_size:
        return "INSUFFICIENT_DATA", (
            f"n = {min(ref_c['n'], grp_c['n']):,}, below the floor of {request.min_group_size:,}: "
            "the window's estimate has no interval (the sequential evidence still counts it)"
        )
    short = _below_label_floor(request, row)
    if short:
        clauses: dict[str, list[str]] = {}
        for name, why in short.items():
            clauses.setdefault(why, []).append(LABELS[name])  # the summary's names
        return "INSUFFICIENT_DATA", "; ".join(
            f"{why}: the {' and the '.join(names)} {'have' if len(names) > 1 else 'has'} no "
            "interval"
            for why, names in clauses.items()
        ) + " (the sequential evidence still counts the window)"
    return "ESTIMATED", None


# each window estimate and the audit metric whose floor it takes (``needs_labels`` of
# ethiclens.fairness: False the --min-group-size rows, "positive"/"negative" that label's
# --min-labels, True both labels'): the TPR gap is the audit's equal opportunity, the FPR gap
# its FPR balance
_AUDIT_METRIC = {
    "selection_rate_gap": "statistical_parity_difference",
    "disparate_impact": "disparate_impact",
    "tpr_gap": "equal_opportunity_difference",
    "fpr_gap": "fpr_balance",
}


def _below_label_floor(request: MonitorRequest, row: _Row) -> dict[str, str]:
    """{estimate: why} of the window's label estimates whose groups miss the audit's label
    floor (--min-labels) for the audit metric it is (none without labels)."""
    if "pos" not in row.ref:
        return {}
    pos = min(row.ref["pos"], row.grp["pos"])
    neg = min(row.ref["neg"], row.grp["neg"])
    floor = request.min_labels
    out = {}
    for name, metric in _AUDIT_METRIC.items():
        needs = COMPARISON_METRIC_SPECS[metric].needs_labels
        if needs == "positive" and pos < floor:
            out[name] = f"{pos:,} positive label{'s' * (pos != 1)}, below the floor of {floor:,}"
        elif needs == "negative" and neg < floor:
            out[name] = f"{neg:,} negative label{'s' * (neg != 1)}, below the floor of {floor:,}"
        elif needs is True and min(pos, neg) < floor:
            out[name] = (
                f"{pos:,} positive / {neg:,} negative labels, below the floor of {floor:,} each"
            )
    return out


# a rate's (rows, positives) fields, its name, and its two cells' names (positives, others)
_CELLS = (
    ("n", "sel", "selection rate", "predicted positive", "predicted negative"),
    ("pos", "tp", "TPR", "positive predicted positive", "positive predicted negative"),
    ("neg", "fp", "FPR", "negative predicted positive", "negative predicted negative"),
)


def _not_bet_on(row: _Row) -> str | None:
    """Why some weighted rates of the window were not bet on (``effective_counts``: a side's
    rate with rows whose one cell drew none has no effective rows), or None."""
    parts = []
    for side, counts, eff in (("reference", row.ref, row.eff[0]), ("group", row.grp, row.eff[1])):
        for rows, pos, rate, yes, no in _CELLS:
            if counts.get(rows, 0) > 0 and eff.get(rows, 0.0) == 0.0:
                parts.append(f"the {side}'s {rate} (no {yes if counts[pos] == 0 else no} row)")
    if not parts:
        return None
    return (
        f"not bet on in this window (evidence multiplier 1): {', '.join(parts)}; a rate from "
        "one cell alone may be biased when rows are weighted"
    )


def _window_body(request: MonitorRequest, row: _Row, est: dict) -> dict:
    """One comparison's stored result for one window (the report's history entry)."""
    status, reason = _window_status(request, row)
    short = set(_below_label_floor(request, row))
    if min(row.ref["n"], row.grp["n"]) < request.min_group_size:
        short |= set(_AUDIT_METRIC)
    for name in short & set(est):
        est[name]["ci_low"] = est[name]["ci_high"] = None
    body = {
        "status": status,
        "reason": reason,
        "counts": {"reference": row.ref, "group": row.grp},
        "estimates": est,
        "tests": {t: test_value(v) for t, v in row.tests.items()},
        "sequences": {n: stored_bounds(n, lo, hi) for n, (lo, hi) in row.seqs.items()},
    }
    if row.eff is not None:
        body["weighted"] = {
            "reference": {k: round(v, 6) for k, v in row.eff[0].items()},
            "group": {k: round(v, 6) for k, v in row.eff[1].items()},
            "bet_cap": row.eff[2],
            "source": "propensity" if request.propensity else "weight",
            "column": request.propensity or request.weight,
        }
        unbet = _not_bet_on(row)
        if unbet:
            body["weighted"]["reason"] = unbet
    if row.baseline is not None:
        di_t = float(row.baseline["di_t"])
        body["baseline"] = {
            # no band where the baseline selected no one in a group: null, with why
            "di_band": [di_t, 1 / di_t] if di_t > 0 else None,
            **({} if di_t > 0 else {"di_reason": row.baseline["di_reason"]}),
            # a label the baseline held no rows of has no bound (its bet uses 0.5): left out
            **{
                k: float(row.baseline[k])
                for k in ("tpr_eps", "fpr_eps")
                if k in row.baseline and np.isfinite(row.baseline[k])
            },
        }
    return body
