"""What the monitor watches and by which policy: ``MonitorRequest``, from arguments or from an
audit spec (``--config`` and the audit's flags, as ``ethiclens monitor`` takes them)."""

from __future__ import annotations

import contextvars
import datetime as dt
import functools
import glob
import os
import re
import shlex
import weakref
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from decimal import Decimal
from numbers import Number
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import numpy as np

from .._checks import (
    ALPHA_FIX,
    BYTES_LIKE,
    LongInteger,
    beyond_text_limit,
    check_argument_type,
    check_count,
    check_di_threshold,
    check_draws,
    check_fraction,
    check_member,
    check_seed,
    check_type,
    is_number,
    plain,
)
from .._keywords import refuse_unknown, refusing_unknown_keywords
from .._secrets import holds_secret, mask_secrets
from .._text import prints_blank
from ..errors import EthicLensInputError, FaceFix, in_cli_words, note_in_words
from ..io import _DatabaseFix, _one_pass
from ..io import _quoting_dumper as quoting_dumper
from ..spec import edited_reference, note_value, refuse_engine_beside_db
from ._edits import SEP, check_intersections
from ._evidence import MIN_ALPHA
from ._store import canonical_protected, checked_store
from ._windows import (
    ENGINES,
    Columns,
    Window,
    describe_target,
    frame_kind,
    monitor_files,
    parse_window,
    refuse_unread_kind,
)

# the audit policy's settings the monitor takes as they are
_POLICY = ("di_threshold", "eo_threshold", "min_group_size", "min_labels")
# request fields a store is bound to (the target may change from run to run: today's file)
BOUND = ("time", "window", "y_pred", "y_true", "protected", "alpha", *_POLICY, "baseline_windows")
# the window intervals' draws and their seed: recorded in every new store (a store written
# before recorded neither and keeps matching), so one store never mixes differently drawn
# intervals
DRAWS = ("n_draws", "seed")
# request fields a store is bound to only when given (stores written before keep matching)
EDITS = ("pos_label", "bins", "merge_groups", "exclude_groups", "intersections")
# a separate baseline: files, or a table or query of the target's database (bound to the store
# by its counts, not by its name)
BASELINE_SOURCES = ("baseline_target", "baseline_table", "baseline_query")
# request fields a store is bound to only when given, and named when they differ
OPTIONAL = ("propensity", "weight", "baseline_period", *BASELINE_SOURCES, *EDITS)
# the monitor's own options MonitorRequest.from_spec takes besides the spec
OWN_OPTIONS = (
    "alpha",
    "hold_last",
    "baseline_windows",
    "baseline_period",
    *BASELINE_SOURCES,
    "propensity",
)
# the audit's options the monitor takes: option name -> (flag, spec section, key); a flag given
# on the command line overrides --config
SPEC_FLAGS = {
    "y_pred": ("--y-pred", "roles", "y_pred"),
    "y_true": ("--y-true", "roles", "y_true"),
    "protected": ("--protected", "roles", "protected"),
    "weight": ("--weight", "roles", "weight"),
    "di_threshold": ("--di-threshold", "policy", "di_threshold"),
    "eo_threshold": ("--eo-threshold", "policy", "eo_threshold"),
    "min_group_size": ("--min-group-size", "policy", "min_group_size"),
    "min_labels": ("--min-labels", "policy", "min_labels"),
    "engine": ("--engine", "target", "engine"),
    "scheduler": ("--scheduler", "target", "scheduler"),
    "db": ("--db", "target", "db"),
    "db_env": ("--db-env", "target", "db_env"),
    "db_table": ("--table", "target", "table"),
    "query": ("--query", "target", "query"),
    "seed": ("--seed", "policy", "seed"),
    "pos_label": ("--pos-label", "roles", "pos_label"),
    "bins": ("--bins", "groups", "bins"),
    "merge_groups": ("--merge-groups", "groups", "merge"),
    "exclude_groups": ("--exclude-group", "groups", "exclude"),
    "intersections": ("--intersect", "roles", "intersections"),
    "n_boot": ("--n-boot", "policy", "n_boot"),
    "json_out": ("--json", "outputs", "json"),
    "html_out": ("--html", "outputs", "html"),
}
_PROTECTED_FIX = "name a protected attribute: --protected race"  # --protected is required
# every key of an audit spec the monitor honours (a later key is refused until it is listed
# here or in _NOT_HONOURED); honoured with a check: y_pred (one), y_score (none), di_rule
# (two_sided), engine (the monitor's); seed null (the audit's fresh seed) is the default 0
HONOURED = frozenset(
    {"version", *(f"{section}.{key}" for _, section, key in SPEC_FLAGS.values())}
    | {"target.file", "roles.y_score", "policy.di_rule"}
)
_BENCHMARK = (
    "is a benchmark's option; the monitor watches files or a database",
    "drop it (name the files the predictions are exported to)",
)
_MODEL = (
    "describes the model for its card; the monitor writes no model card",
    "drop it (the audit writes the card: ethiclens audit --config FILE)",
)
_OUTPUT = (
    "is an output the monitor does not write (it writes outputs.json and outputs.html)",
    "drop it (the audit writes it: ethiclens audit --config FILE)",
)
_THRESHOLDS = ("is `ethiclens thresholds`'s", "drop it")
# the spec keys the monitor cannot honour: key -> (problem, fix); refused when given
_NOT_HONOURED = {
    "target.dataset": _BENCHMARK,
    "target.counts": ("a counts table has no time column to cut windows by",
                      "name the files the predictions are exported to"),
    **{f"target.{key}": _BENCHMARK for key in ("score", "states", "year", "download")},
    "policy.confidence_level": ("is not used by the monitor: its alarms keep the false-alarm "
                                "chance --alpha however often anyone looks",
                                "drop policy.confidence_level (set --alpha)"),
    "roles.positive": ("is not used by the monitor: its tests are two-sided (DI inside "
                       "[t, 1/t], TPR/FPR gaps in absolute value), so a favorable or harmful "
                       "positive label tests alike", "drop roles.positive"),
    **{f"model.{key}": _MODEL for key in ("name", "version", "intended_use", "card_info")},
    **{f"outputs.{key}": _OUTPUT for key in ("model_card", "pdf", "csv", "plot")},
    "gate.fail_on": ("the monitor's gate is its alarms (--fail-on alarm), not the audit's "
                     "verdicts", "drop gate.fail_on and give --fail-on alarm"),
    "gate.baseline": ("the monitor compares windows with a baseline of its own, not with a "
                      "previous report", "drop gate.baseline; give --baseline-windows, "
                      "--baseline-period or --baseline-target"),
    "policy.ci": ("the monitor's window intervals are Jeffreys intervals (its evidence: "
                  "e-values and confidence sequences)", "drop policy.ci (or give jeffreys)"),
    "thresholds.threshold": _THRESHOLDS,
    "thresholds.step": _THRESHOLDS,
}  # fmt: skip


# the target's column names per live request (id -> names), dropped with the request
_NAMES: dict[int, list] = {}


def _target_columns(request) -> list:
    from ..sources import file_columns, sql_columns

    target = request.target
    try:
        if request.db:
            return sql_columns(
                request.db, table=request.table, query=request.query, flag=request.db_flag
            )
        if isinstance(target, (str, os.PathLike)):
            return file_columns(str(target))
    except EthicLensInputError:
        return []
    return [str(c) for c in getattr(target, "columns", [])]


# The draws of each window's interval by default (--n-boot), named in its refusal's fix
N_DRAWS = 1000


@dataclass(frozen=True)
class MonitorRequest:
    """What to watch and by which policy. ``protected``: ``COL`` or ``COL=REFERENCE``.
    ``target``: a file, a glob or a folder; from Python also a pandas DataFrame (counted by
    DuckDB or pandas, as a file is), a Dask or a Spark DataFrame (by its engine)."""

    # the monitor's own options from_spec takes besides the spec (the CLI's flags of them)
    OWN_OPTIONS: ClassVar[tuple] = OWN_OPTIONS

    target: object  # a path, or a DataFrame (not stored: see target_name)
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
    scheduler: str | None = None  # the Dask scheduler or Spark master (--engine dask, spark)
    hold_last: bool = False
    n_draws: int = N_DRAWS
    seed: int = 0
    baseline_windows: int | None = None
    # the baseline as a period of UTC dates, START..END (both included): see baseline_span()
    baseline_period: str | None = None
    # the baseline as a separate target (a file, folder or glob) counted as the target is: every
    # window is tested against its pooled counts (bound to the store by its counts, not its path)
    baseline_target: str | None = None
    # the baseline as a table or a query of the target's database (--db), counted as the target
    baseline_table: str | None = None
    baseline_query: str | None = None
    db: str | None = field(default=None, repr=False)  # a database URL (never stored)
    # how a refusal names the database: --db (its URL masked) or --db-env NAME
    db_flag: str = field(default="--db", repr=False)
    table: str | None = None
    query: str | None = None
    # each row's probability of having been sampled: inverse-propensity-weighted evidence
    propensity: str | None = None
    # each row's survey weight (the number of rows it stands for): weighted evidence, as 1/π
    weight: str | None = None
    # the audit's label and group rules: the positive value when labels are not 0/1, groups
    # audited as one ({attr: {new: [old, ...]}}) and groups left out ({attr: [group, ...]})
    pos_label: str | int | float | bool | None = None
    # numeric attributes counted in the audit's bins ({attr: [e0, e1, ...]}), before the merges
    bins: dict | None = None
    merge_groups: dict | None = None
    exclude_groups: dict | None = None
    # crossed attributes compared as one more attribute each: (("race", "sex"), ...)
    intersections: tuple | None = None

    @_one_pass  # its checks resolve the target twice: each part scanned once
    def __post_init__(self):
        # "argument 'di_threshold'", "argument 'engine'"; the command line (from_spec within
        # config_keys_named) keeps its flags, a config file its keys
        with in_python_words():
            self._checked()

    def _checked(self) -> None:
        _check_python_types(self)
        _check_numbers(self)
        if not self.protected:
            fix = FaceFix("name a protected attribute: e.g. protected=('race',)", _PROTECTED_FIX)
            raise EthicLensInputError("is required", column="--protected", fix=fix)
        _resolve_edits(self)  # before the items take their one form: read as typed
        # one form per item (race="White", race=White, race = White: one request), the form
        # the store keeps, compares and names
        object.__setattr__(self, "protected", tuple(self.canonical(self.protected)))
        parse_window(self.window)
        for name in ("merge_groups", "exclude_groups"):
            object.__setattr__(self, name, _sorted_edits(getattr(self, name)))
        if self.intersections:
            crossed = tuple(tuple(map(str, combo)) for combo in self.intersections)
            object.__setattr__(self, "intersections", crossed)
        _refuse_both(self)
        _refuse_shared_columns(self)
        if self.db is not None:  # as the audit refuses it, in Python as on the command line
            refuse_engine_beside_db(self.engine, self.db_flag)
        if self.bins:
            object.__setattr__(self, "bins", _checked_bins(self.bins, self.columns()[0]))
        if self.baseline_period is not None:
            first, last = _period_days(self.baseline_period)  # kept as YYYY-MM-DD..YYYY-MM-DD
            object.__setattr__(self, "baseline_period", f"{first}..{last}")

    @classmethod
    def from_spec(cls, spec, *, time: str, window: str, **options) -> MonitorRequest:
        """The monitor's request from an ``AuditSpec`` (its target, roles and policy) plus the
        time column, the window and the monitor's own ``options`` (``OWN_OPTIONS``: alpha,
        hold_last, baseline_windows, baseline_period, baseline_target, baseline_table,
        baseline_query, propensity). What the
        monitor cannot honour yet is refused by name rather than ignored."""
        refuse_unknown("MonitorRequest.from_spec", options, ["time", "window", *OWN_OPTIONS])
        t, r, g, p = spec.target, spec.roles, spec.groups, spec.policy
        db = _database_url(t)
        _refuse_unsupported(spec)
        _refuse_not_honoured(spec)
        return cls(
            target=t.describe() if db else t.file,
            db=db,
            db_flag=f"--db-env {t.db_env}" if t.db_env else "--db",
            **{key: getattr(t, key) for key in ("table", "query", "engine", "scheduler")},
            time=time,
            window=window,
            y_pred=r.y_pred[0],
            y_true=r.y_true,
            protected=tuple(r.protected),
            weight=r.weight,
            **{key: getattr(p, key) for key in _POLICY},
            n_draws=p.n_boot or 1000,
            seed=0 if p.seed is None else p.seed,
            pos_label=r.pos_label,
            bins=g.bins or None,
            merge_groups=g.merge or None,
            exclude_groups=g.exclude or None,
            intersections=tuple(map(tuple, r.intersections)) or None,
            **options,
        )

    @staticmethod
    def checked_store(store) -> str:
        """``--store`` as a run opens it (``_store.checked_store``)."""
        return checked_store(store)

    def baseline_span(self) -> tuple[float, float] | None:
        """``baseline_period`` as epoch seconds [first day's midnight, the day after the last
        day's midnight) in UTC; None without one."""
        if self.baseline_period is None:
            return None
        first, last = _period_days(self.baseline_period)
        midnight = dt.datetime.combine(first, dt.time(), dt.UTC).timestamp()
        return midnight, midnight + ((last - first).days + 1) * 86400.0

    def baseline_source(self) -> tuple[str, str] | None:
        """The separate baseline as (its option, its value): ``--baseline-target`` and its
        path, ``--baseline-table`` and the table, ``--baseline-query`` and the SQL; None
        without one."""
        for name in BASELINE_SOURCES:
            if getattr(self, name) is not None:
                return "--" + _flag(name), str(getattr(self, name))
        return None

    def parsed_window(self) -> Window:
        return parse_window(self.window)

    def columns(self) -> tuple[list, dict]:
        """(columns, {column: reference given}): ``COL=REFERENCE`` read as the audit reads it
        (``spec.parse_protected``: a column whose name holds "=" matched against the target's
        columns, where they can be read without counting)."""
        from ..spec import parse_protected, refuse_blank_columns

        items = [str(item) for item in self.protected]
        names = self._names()
        for item in items:
            col, sep, ref = item.partition("=")
            # a reference that prints as nothing (' ', a zero-width space) names no group; a
            # blank column is parse_protected's to refuse, in the audit's words
            if not prints_blank(col) and sep and prints_blank(ref) and item not in names:
                raise EthicLensInputError(
                    "must be COL or COL=REFERENCE",
                    column="--protected",
                    value=item,
                    fix="e.g. --protected race or --protected race=White",
                )
            if sep and holds_secret(ref) and item not in names:  # kept in the store, the JSON
                raise EthicLensInputError(  # as a group value so written is refused
                    f"the reference group of {col!r} holds a password or a secret key's value, "
                    "which EthicLens never writes into a report or a store",
                    column="--protected",
                    value=item,
                    fix="name the reference group as the data writes it (plain group names)",
                )
        cols, given = parse_protected(items, columns=names or None)
        refuse_blank_columns(cols)  # a column of the target named ' ', as the audit refuses it
        edits = (self.merge_groups, self.exclude_groups)
        return cols, {col: edited_reference(col, ref, *edits) for col, ref in given.items()}

    def canonical(self, protected) -> list:
        """``protected`` items (this request's, or a store's) in the one form a store keeps
        (``_store.canonical_protected``), read against the target's columns."""
        return canonical_protected(protected, self._names() or None)

    def _names(self) -> list:
        """The target's column names (headers, a frame's columns or the database's result
        columns) where a --protected value holds "=", prints as nothing or has whitespace
        around it (a column so named is matched whole, as the audit matches ``' g'``; else
        none are needed); empty where they cannot be read (counting then says why)."""
        if not any(_needs_names(str(item)) for item in self.protected):
            return []
        if id(self) not in _NAMES:  # read once per request (a run asks several times)
            _NAMES[id(self)] = _target_columns(self)
            weakref.finalize(self, _NAMES.pop, id(self), None)
        return _NAMES[id(self)]

    def attributes(self) -> tuple[list, dict]:
        """The compared attributes: the protected columns, then each intersection
        (``race&sex``), with the references given (an intersection's: its parts' joined, when
        every part has one given, as in the audit)."""
        cols, refs = self.columns()
        check_intersections(self.intersections or (), cols)
        names = list(cols)
        for combo in self.intersections or ():
            names.append(SEP.join(combo))
            if all(a in refs for a in combo):
                refs[SEP.join(combo)] = SEP.join(refs[a] for a in combo)
        return names, refs

    def roles(self) -> Columns:
        """Which column plays which part (the protected columns without their references)."""
        same = {
            f.name: getattr(self, f.name)
            for f in fields(Columns)
            if f.name not in ("protected", "held", "label_values", "stored_label_values")
        }
        return Columns(protected=tuple(self.columns()[0]), **same)

    def target_name(self) -> str:
        """How the report and messages name the target: its path (a database: its masked
        description), or ``a pandas DataFrame (N rows)``, ``a Dask DataFrame``, ..."""
        return describe_target(self.target)

    def bound(self) -> dict:
        """The fields a store is bound to, normalised."""
        d = {name: getattr(self, name) for name in (*BOUND, *DRAWS, *OPTIONAL)}  # not the target
        d["window"] = str(self.parsed_window())
        if isinstance(d.get("baseline_target"), os.PathLike):  # a Python caller's Path: as text
            d["baseline_target"] = os.fspath(d["baseline_target"])
        d["protected"] = list(self.protected)
        d["intersections"] = [list(c) for c in self.intersections] if self.intersections else None
        out = {k: d[k] for k in (*BOUND, *DRAWS)}
        # only when given: stores written before keep matching
        return out | {name: d[name] for name in OPTIONAL if getattr(self, name) is not None}


# MonitorRequest(label=..., y_tru=...) refused with one refusal and its near miss, as audit()'s
# and run()'s, not the dataclass's bare TypeError; a role's other name points to the role
refusing_unknown_keywords(MonitorRequest, init=True)


def _flag(name: str) -> str:
    return name.replace("_", "-")


# options that exclude each other: (option, other, problem, fix); refused naming the first
_EXCLUSIVE = (
    ("weight", "propensity",
     "give --weight or --propensity, not both (a weight already stands for 1/π)",
     "drop one, or export one column holding weight / propensity and give it as --weight"),
    ("baseline_target", "baseline_windows",
     "give the baseline as a separate target or as the target's windows (--baseline-windows), "
     "not both", "drop --baseline-windows or --baseline-target"),
    ("baseline_target", "baseline_period",
     "give the baseline as a separate target or as the target's windows (--baseline-period), "
     "not both", "drop --baseline-period or --baseline-target"),
    ("baseline_period", "baseline_windows",
     "give the baseline as windows or as a period, not both",
     "drop --baseline-windows or --baseline-period"),
)  # fmt: skip
# a baseline in the database excludes every other baseline (and the other of table and query)
_EXCLUSIVE += tuple(
    (name, other, f"give one baseline, not both (--{_flag(name)} and --{_flag(other)})",
     f"drop --{_flag(other)} or --{_flag(name)}")
    for name in ("baseline_table", "baseline_query")
    for other in ("baseline_target", "baseline_windows", "baseline_period", "baseline_query")
    if other != name
)  # fmt: skip


def _refuse_both(request: MonitorRequest) -> None:
    for name, other, problem, fix in _EXCLUSIVE:
        value = getattr(request, name)
        if value is not None and getattr(request, other):
            raise EthicLensInputError(problem, column="--" + _flag(name), value=value, fix=fix)


def _refuse_file_beside_db(request: MonitorRequest) -> None:
    """A database (``db=``) beside a target that is data itself (a DataFrame, a path object, or
    a text naming a file, folder or glob that exists) names two targets: refused naming both,
    as the command line refuses TARGET beside --db, never the file silently left unread (the
    database counted). With ``db=``, ``target`` is only the report's name of it."""
    target = request.target
    if request.db is None or target is None:
        return
    if isinstance(target, os.PathLike):
        kind = "file"
    elif isinstance(target, str):
        name = os.path.expanduser(target)
        found = os.path.exists(name) or (glob.has_magic(name) and glob.glob(name))
        if not found or _same_file(name, request.db):  # the SQLite file db= reads: one target
            return
        kind = "folder" if os.path.isdir(name) else "file"
    elif hasattr(target, "columns"):  # a pandas, Dask or Spark DataFrame
        kind = "DataFrame"
    else:
        return
    shown = os.fspath(target) if kind != "DataFrame" else None
    raise EthicLensInputError(
        f"names a {kind} while argument 'db' names a database: 2 targets ({kind}, db)",
        column="target",
        value=shown,
        fix="keep one of them: a run monitors one target (beside db=, give target= only as "
        "the report's name of it, e.g. target='db'; or drop db=, table= and query= to read "
        f"the {kind})",
        kind="argument",
    )


def _same_file(name: str, url: str) -> bool:
    """Whether ``url`` is a SQLite URL of the file ``name`` (``sqlite:///NAME``)."""
    if not str(url).startswith("sqlite") or ":///" not in str(url):
        return False
    path = str(url).partition(":///")[2].partition("?")[0]
    return bool(path) and os.path.realpath(name) == os.path.realpath(path)


def _refuse_shared_columns(request: MonitorRequest) -> None:
    """One column plays one role: refused naming the options given that share it."""
    roles = [("--time", request.time), ("--y-pred", request.y_pred), ("--y-true", request.y_true)]
    roles += [("--protected", col) for col in request.columns()[0]]
    roles += [("--propensity", request.propensity), ("--weight", request.weight)]
    flags_of: dict = {}
    for flag, col in roles:
        if col is not None:
            flags_of.setdefault(col, []).append(flag)
    for col, flags in flags_of.items():
        if len(flags) > 1:
            named = ", ".join(flags[:-1]) + " and " + flags[-1]
            raise EthicLensInputError(
                f"{named} {'both' if len(flags) == 2 else 'all'} name {col!r}: one column "
                "plays two roles",
                column=flags[0],
                value=col,
                fix="give each of " + named + " its own column",
            )


def refuse_bad_database(request: MonitorRequest) -> None:
    """A run's database names, checked where the target is read (as the command line's spec
    refuses them): a table or a query without a database (a Python caller's ``table=`` beside
    a file was ignored, the file counted), a database with neither or both."""
    if request.db is None:
        given = [(n, v) for n, v in (("table", request.table), ("query", request.query)) if v]
        if given:
            name, value = given[0]
            kind = "DataFrame" if frame_kind(request.target) is not None else "file"
            raise EthicLensInputError(
                f"a {name} is read from a database, not from a {kind} target",
                column=f"--{name}",
                value=value,
                fix=FaceFix(
                    "add db='sqlite:///FILE' (a database URL), or drop table/query to read the "
                    "target",
                    "add --db URL (or --db-env NAME), or drop --table/--query to read the file",
                ),
            )
    elif request.table and request.query:
        raise EthicLensInputError("give --table or --query, not both", column="--query",
                                  value=request.query, fix="drop --table or --query")  # fmt: skip
    elif not (request.table or request.query):  # the audit's words (its URL never shown)
        flag = request.db_flag.partition(" ")[0]
        raise EthicLensInputError(
            f"{flag} needs --table NAME or --query SQL",
            column=flag,
            fix=FaceFix(
                "e.g. table='predictions', or query='SELECT ...'", "e.g. --table predictions"
            ),
        )
    else:
        _refuse_file_beside_db(request)


def refuse_bad_baseline(request: MonitorRequest) -> None:
    """A run's baseline, checked where it is read (a request that only reads a store back,
    ``read_store``, needs none of its files or database): ``--baseline-target`` files that
    exist and are none of TARGET's; ``--baseline-table``/``--baseline-query`` from the
    target's database, a table that is not the watched one."""
    if request.baseline_target is not None:
        _refuse_baseline_as_target(request)
    flag, value = request.baseline_source() or (None, None)
    if flag in ("--baseline-table", "--baseline-query") and not request.db:
        problem = "reads the baseline from the target's database, and there is none: give --db "
        problem += "(or --db-env)"
        fix = "add --db URL with --table or --query, or give the baseline as files: "
        fix += "--baseline-target PATH"
    elif flag == "--baseline-table" and value == request.table:
        problem = "names the watched table (--table): the data would be tested against itself"
        fix = "give the table of an earlier period (last quarter's rows), or "
        fix += "--baseline-windows K for the target's first K windows"
    else:
        return
    raise EthicLensInputError(problem, column=flag, value=value, fix=fix)


def _check_python_types(request: MonitorRequest) -> None:
    """The fields' shapes, as a Python caller may get them wrong: ``protected`` as one name
    (taken as one item); text that is not a str, the group edits not dicts, ``intersections``
    not a tuple of tuples, the target or ``baseline_target`` not a path, refused by name
    (rather than failing deep inside)."""
    _protected_items(request)
    _check_text(request)
    for name, shape in _SHAPES.items():
        if (value := getattr(request, name)) is not None:
            problem = "must be a dict, not a"
            check_argument_type(value, Mapping, column=name, problem=problem, fix=shape)
    _refuse_long_ints(request)
    _check_edit_shapes(request)
    crossed = request.intersections
    if crossed is not None and (
        not isinstance(crossed, (tuple, list))
        or not all(isinstance(c, (tuple, list)) for c in crossed)
    ):
        raise EthicLensInputError(
            "must be a tuple of tuples of column names",
            column="intersections",
            fix='e.g. intersections=(("race", "sex"),)',
            kind="argument",
        )
    if (base := request.baseline_target) is not None:
        problem = "must be a path (a file, a folder or a glob), not a"
        fix = "write the baseline's rows to a file and give its path"
        column = "baseline_target"
        check_argument_type(base, (str, os.PathLike), column=column, problem=problem, fix=fix)
    if base is not None and not str(base).strip():  # not the working directory's files
        raise EthicLensInputError("must not be empty", column="--baseline-target", value=base,
                                  fix="give the baseline's file, folder or glob")  # fmt: skip
    refuse_bad_target(request.target)


def refuse_bad_target(target) -> None:
    """A Python caller's ``target`` (of ``MonitorRequest`` or ``count_windows``) that is no
    path and no DataFrame, or an empty path (not the working directory's files), refused."""
    if isinstance(target, str) and not target:  # not the working directory
        raise EthicLensInputError("must not be empty", column="target", value="", kind="argument",
                                  fix="give the path the predictions are exported to")  # fmt: skip
    if not isinstance(target, (str, os.PathLike)) and frame_kind(target) is None:
        raise EthicLensInputError(
            "must be a path (a file, a folder or a glob) or a pandas, Dask or Spark DataFrame",
            column="target",
            value=type(target).__name__,
            fix="give the path the predictions are exported to",
            kind="argument",
        )


# the fields given as text (column names, the window, the database's names): required, optional
_REQUIRED_TEXT = ("time", "window", "y_pred")
_TEXT = (*_REQUIRED_TEXT, "y_true", "scheduler", "db", "table", "query", "propensity",
         "weight", "baseline_period", "baseline_table", "baseline_query")  # fmt: skip


def _protected_items(request: MonitorRequest) -> None:
    """``protected`` as a tuple of its items: one name (a str) is one item; a list, set,
    generator, NumPy array or pandas Index is its items (a generator was read up by the first
    look: 'sensitive_features: no protected attribute given'; an Index was a ValueError). A
    dict (whose references would be lost: its keys only were read), a number or None is
    refused naming the argument."""
    given = request.protected
    zero_d = getattr(given, "ndim", None) == 0  # np.array('sex'): iterating it raises
    if isinstance(given, (Mapping, *BYTES_LIKE)) or not isinstance(given, Iterable) or zero_d:
        raise EthicLensInputError(
            f"must be a column name or a tuple of them, not {_a(given)}",
            column="protected",
            fix="e.g. protected=('race', 'sex=Female'): a reference as COL=REFERENCE",
            kind="argument",
        )
    items = (given,) if isinstance(given, str) else tuple(given)
    object.__setattr__(request, "protected", items)


def _check_text(request: MonitorRequest) -> None:
    """The text fields as str (as the command line gives them), the engine one the monitor has,
    ``hold_last`` a bool and ``pos_label`` a value a label column can hold."""
    for name in _TEXT:
        value = getattr(request, name)
        example = "'...'"
        if isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
            example = f"{value[0]!r} (one column, not a list"  # y_pred=['p', 'q']: what to write
            example += (
                ": one monitor per model, each with its own store)" if name == "y_pred" else ")"
            )
        if value is not None or name in _REQUIRED_TEXT:
            check_type(value, str, column="--" + _flag(name), problem="must be text (a str)",
                       fix=f"give {name} as a str, e.g. {name}={example}")  # fmt: skip
        if value == "" and name not in _REQUIRED_TEXT:  # as the audit's flags refuse it
            fix = "give a value, or leave it out for its default"
            raise EthicLensInputError(
                "must not be empty", column="--" + _flag(name), value="", fix=fix
            )
    if request.db and prints_blank(request.db):  # ' ', a zero-width space: as the audit's --db
        fix = "give a database URL (e.g. postgresql+psycopg://user@host/db), or leave it out"
        raise EthicLensInputError(
            "must not be empty (it is only blanks)", column="--db", value=request.db, fix=fix
        )
    check_member(
        request.engine,
        ENGINES,
        column="--engine",
        problem="the monitor counts files with DuckDB, pandas, Dask or Spark (a database in SQL)",
        fix=FaceFix(
            "use engine='auto', 'duckdb', 'pandas', 'dask' or 'spark'",
            "use --engine auto, duckdb, pandas, dask or spark",
        ),
    )
    if isinstance(request.hold_last, np.bool_):  # NumPy's True (a mask's item), as Python's
        object.__setattr__(request, "hold_last", bool(request.hold_last))
    check_type(request.hold_last, bool, column="--hold-last", problem="must be True or False",
               fix="hold_last=True leaves the newest window for a later run")  # fmt: skip
    label = request.pos_label
    _refuse_nan_label(label)
    if isinstance(label, np.generic):
        label = label.item()  # numpy's 1 or True, as the audit takes it (its JSON crashed)
        object.__setattr__(request, "pos_label", label)
    if label is not None and not (isinstance(label, str | bool) or is_number(label)):
        raise EthicLensInputError(
            "must be a label value (text, a number or a bool)",
            column="--pos-label",
            value=type(label).__name__,
            fix="e.g. pos_label='approved' or pos_label=1",
        )
    for item in request.protected:
        check_type(item, str, column="--protected", problem="must be column names (str)",
                   fix="e.g. protected=('race', 'sex=Female')")  # fmt: skip


def _refuse_nan_label(label) -> None:
    """A NaN ``pos_label`` (float, NumPy's, Decimal's) in the audit's words (``fairness``'s
    ``check_pos_label``): it names no value a label column holds, and was refused at count
    time as absent from column 'p (y_pred)', where the audit names the argument."""
    if isinstance(label, Decimal):
        nan = label.is_nan()
    else:
        nan = isinstance(label, float | np.floating) and bool(np.isnan(label))
    if nan:
        raise EthicLensInputError(
            "must be one label: a string, number or boolean",
            column="pos_label",
            value=label,
            fix="give the single value of the labels that is positive, e.g. pos_label=1",
            kind="argument",  # the caller's keyword, as the audit names it
        )


def _check_numbers(request: MonitorRequest) -> None:
    """The numbers as the command line checks them (``ethiclens._checks``: one range and one
    message for every face; booleans are not numbers), kept as Python's int and float (an
    integral float is no whole number: ``seed=5.0`` would draw other intervals than 5)."""
    for name, value in _checked_numbers(request).items():
        object.__setattr__(request, name, value)


def check_stored_numbers(store, stored: dict) -> None:
    """A store's request whose numbers fail the request's own checks (a seed of -5 or 2**32)
    is damage: no run writes it, and no options given again could match it; so is one edited
    after the store was created (``Store.check_request_digest``); so is one that lacks a
    setting every store records (a run that resumed it asked for 'the same options as the
    runs before', which no option could give)."""
    lacking = [k for k in BOUND if k not in stored]
    if lacking:
        raise store.damaged(f"meta 'request' lacks {', '.join(lacking)}")
    numbers = {f.name: f.default for f in fields(MonitorRequest) if f.name in _NUMBERS}
    numbers.update({k: v for k, v in stored.items() if k in _NUMBERS})
    try:
        _checked_numbers(SimpleNamespace(**numbers))
    except EthicLensInputError as error:  # named by the stored key, not the option
        key = "n_draws" if error.column == "--n-boot" else error.column[2:].replace("-", "_")
        raise store.damaged(
            f"meta 'request' holds the {key} {error.value!r}, which {error.problem}"
        ) from None
    store.check_request_digest(stored)


def _checked_numbers(request) -> dict:
    """``request``'s numbers checked (``_check_numbers``), by field."""
    checked = {
        "alpha": check_fraction(request.alpha, "--alpha", fix=ALPHA_FIX),
        "di_threshold": check_di_threshold(request.di_threshold, "--di-threshold"),
        "eo_threshold": check_fraction(request.eo_threshold, "--eo-threshold", fix="e.g. 0.1"),
        "min_group_size": check_count(request.min_group_size, "--min-group-size"),
        "min_labels": check_count(request.min_labels, "--min-labels"),
        "n_draws": check_draws(request.n_draws, "--n-boot", default=N_DRAWS),
        "seed": check_seed(request.seed, "--seed"),
    }
    if request.baseline_windows is not None:
        windows = check_count(request.baseline_windows, "--baseline-windows", fix=_WINDOWS_FIX)
        checked["baseline_windows"] = windows
    if checked["alpha"] < MIN_ALPHA:  # the smallest alpha the evidence can use
        problem = f"is below {MIN_ALPHA:g}: an e-value would have to pass 1/alpha, beyond what "
        problem += "the evidence can show"
        fix = "e.g. 0.05, or 0.001 for a stricter alarm"
        raise EthicLensInputError(problem, column="--alpha", value=request.alpha, fix=fix)
    return checked


# the fields _checked_numbers checks
_NUMBERS = ("alpha", *_POLICY, "n_draws", "seed", "baseline_windows")


_WINDOWS_FIX = "give a whole number ≥ 1 (the first K windows are the baseline)"


# how each dict field is written (for the refusal of another type)
_SHAPES = {
    "bins": "e.g. bins={'age': [0, 30, 50, 100]}",
    "merge_groups": "e.g. merge_groups={'race': {'Other': ['Asian', 'Native American']}}",
    "exclude_groups": "e.g. exclude_groups={'race': ['Other']}",
}


def _check_edit_shapes(request: MonitorRequest) -> None:
    """The merges' and exclusions' insides, as a spec file's ``groups`` are checked:
    attribute -> new group -> a list of groups, and attribute -> a list of groups."""

    def refuse(name: str, where: str, what: str, value) -> None:
        problem = f"{name}{where} must be {what}, not {_a(value)}"
        raise EthicLensInputError(problem, column=name, fix=_SHAPES[name], kind="argument")

    lists = [("exclude_groups", f"[{a!r}]", v) for a, v in (request.exclude_groups or {}).items()]
    for attr, merges in (request.merge_groups or {}).items():
        if not isinstance(merges, Mapping):
            refuse("merge_groups", f"[{attr!r}]", "a dict (new group -> its groups)", merges)
        lists += [("merge_groups", f"[{attr!r}][{new!r}]", v) for new, v in merges.items()]
    for name, where, groups in lists:
        if not isinstance(groups, (list, tuple)):
            refuse(name, where, "a list of groups", groups)
        for group in groups:
            if not isinstance(group, (str, Number)):
                refuse(name, f"{where} item {group!r}", "a group (text or a number)", group)


def _refuse_baseline_as_target(request: MonitorRequest) -> None:
    """``--baseline-target`` names files (refused by its name when it matches none), none of
    them one of TARGET's files: those rows would be tested against themselves."""
    from ..sources import resolve_files
    from ._baseline import reading_baseline

    with reading_baseline(request.baseline_target):
        refuse_unread_kind(request.baseline_target, frame=False)  # a path, never a DataFrame
        base = {os.path.realpath(f) for f in monitor_files(request.baseline_target, False)[0]}
    if not isinstance(request.target, (str, os.PathLike)) or request.db:
        return
    try:
        files = {os.path.realpath(f) for f in resolve_files(str(request.target))[0]}
    except EthicLensInputError:
        return  # refused, by TARGET, when the target is counted
    shared = sorted(files & base)
    if shared:
        if files == base:
            own = "names TARGET's own files"
        else:
            own = f"shares {len(shared)} of TARGET's files (first: {shared[0]!r})"
        raise EthicLensInputError(
            f"{own}: the data would be tested against itself",
            column="--baseline-target",
            value=request.baseline_target,
            fix="give the files of an earlier period (last quarter's export), or "
            "--baseline-windows K for the target's first K windows",
        )


def _checked_bins(bins: dict | None, columns: list) -> dict | None:
    """``--bins`` as the audit checks it (``fairness.check_bins``), attributes in name order."""
    from ..fairness import check_bins

    checked = check_bins(bins, columns)
    return {str(attr): checked[attr] for attr in sorted(checked)}


def _refuse_long_ints(request) -> None:
    """A whole number past ``str()``'s 4,300 digits as a name in bins, merges, exclusions or
    intersections (``bins={10**5000: [0, 1]}``, a group so given) refused by its field, shown
    shortened: each is named by its text (``str()`` of it raised ValueError), and no column
    or group has it. (A bin edge so long is refused by the edges' check.)"""
    names = {
        "bins": list(request.bins or ()),
        "merge_groups": request.merge_groups,
        "exclude_groups": request.exclude_groups,
        "intersections": request.intersections,
    }
    for name, value in names.items():
        found = _long_int_in(value)
        if found is not None:
            raise EthicLensInputError(
                "holds a whole number too long to name a column or group",
                column=FLAG_OF.get(name, name),
                value=LongInteger.of(found),
                fix="give each column and group by its name, as text (a str)",
            )


def _long_int_in(value):
    """The first int past ``str()``'s limit among ``value``'s keys and items, or None."""
    if beyond_text_limit(value):
        return value
    items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
    if isinstance(items, list | tuple | set | frozenset):
        return next((f for v in items if (f := _long_int_in(v)) is not None), None)
    return None


def _resolve_edits(request) -> None:
    """The request's group edits under the columns its protected items name, as the audit
    reads them (``spec.resolved_edits``): ``--exclude-group ' g=c'`` of ``--protected ' g'``
    names the column g where the target has no ``' g'``."""
    from ..spec import resolved_edits

    names = ("exclude_groups", "merge_groups", "bins")
    given = {kind: getattr(request, name) for kind, name in zip(_KINDS, names, strict=True)}
    items = [str(item) for item in request.protected]
    groups = resolved_edits(given, items, request._names() or None)
    for kind, name in zip(_KINDS, names, strict=True):
        object.__setattr__(request, name, groups[kind])


_KINDS = ("exclude", "merge", "bins")


def _sorted_edits(edits: dict) -> dict | None:
    """A spec's merges or exclusions in one order (None: none), so that the same edits given
    in another order are the same request to a store."""
    if not edits:
        return None
    return {  # keys in their text's order (1 beside 'x'); an attribute without merges: none
        str(attr): sorted(map(str, v)) if isinstance(v, (list, tuple)) else _sorted_edits(v)
        for attr, v in sorted(edits.items(), key=lambda item: str(item[0]))
        if v or isinstance(v, (list, tuple))
    } or None


def _a(value) -> str:
    """``a dict``, ``an int``: the article and the name of ``value``'s type."""
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _period_days(text) -> tuple[dt.date, dt.date]:
    """The first and last day of ``START..END`` (ISO dates, both included)."""
    start, sep, end = str(text).partition("..")
    days = []
    for part in (start, end) if sep else ():
        try:
            days.append(dt.date.fromisoformat(part.strip()))
        except ValueError:
            problem = f": {part.strip()!r} is not a date (YYYY-MM-DD, a real day)"
            break
    else:
        problem = ", the end not before the start" if sep else ""
    if len(days) < 2 or days[1] < days[0]:
        raise EthicLensInputError(
            "must be two dates START..END" + problem,
            column="--baseline-period",
            value=text,
            fix="e.g. --baseline-period 2024-01-01..2024-01-31 (UTC days, both included)",
        )
    return days[0], days[1]


def _database_url(target) -> str | None:
    """A database target's URL (``--db``, or the variable ``--db-env`` names); None for files;
    other targets refused."""
    if target.kind == "db":
        from ..sources import checked_db_url, env_db_url  # a malformed URL masked

        return checked_db_url(target.db) if target.db else env_db_url(target.db_env)
    if target.kind is None:
        fix = "name the CSV/Parquet file, glob or folder the predictions are exported to, or "
        raise EthicLensInputError("nothing to monitor", column="TARGET", fix=fix + "--db")
    if target.kind != "file":
        raise EthicLensInputError(
            f"the monitor reads files (a file, a glob or a folder), not a {target.kind} target",
            column="TARGET",
            value=target.describe(),
            fix="name the CSV/Parquet file, glob or folder the predictions are exported to",
        )
    return None


def _refuse_unsupported(spec) -> None:
    """What an audit spec may say and the monitor cannot honour yet, refused by its flag, or
    by its key where the monitor has no such flag (only a config gives a score or a rule)."""
    r, p = spec.roles, spec.policy
    if r.y_score:
        raise EthicLensInputError(
            "is not supported by the monitor yet (its evidence is counts of labels and "
            "predictions per group)",
            column="roles.y_score",
            value=r.y_score,
            fix="drop roles.y_score from the config (the monitor watches predictions, not scores)",
        )
    if len(r.y_pred) != 1:
        # what to write: one of the columns given, e.g. --y-pred pred (a config's user is
        # shown it as config: roles: {y_pred: pred})
        plain = [c for c in map(str, r.y_pred) if re.fullmatch(r"\w[\w.]*", c)] or ["pred"]
        raise EthicLensInputError(
            "the monitor watches one prediction column",
            column="--y-pred",
            value=list(r.y_pred),
            fix=f"give --y-pred once, one column, not a list: e.g. --y-pred {plain[0]} "
            "(run one monitor per model, each with its own --store)",
        )
    problem = "the monitor's DI null is the two-sided band [t, 1/t]"
    fix = "drop policy.di_rule from the config (or set it to two_sided)"
    check_member(p.di_rule, ["two_sided"], column="policy.di_rule", problem=problem, fix=fix)


def _refuse_not_honoured(spec, sections=None) -> None:
    """Every key the spec gives (other than its default) is honoured or refused, never
    ignored: refused by its key, with why and the fix (``sections``: only those, e.g. the
    target's kind, checked before any missing role is asked for)."""
    for section, values in spec.to_dict(minimal=True).items():
        if sections is not None and section not in sections:
            continue
        for key in values if isinstance(values, dict) else ():
            path = f"{section}.{key}"
            if path in HONOURED:
                continue
            problem, fix = _NOT_HONOURED.get(
                path, ("is not honoured by the monitor", f"drop {path}")
            )
            raise EthicLensInputError(problem, column=path, value=values[key], fix=fix)


KEYS = ("table", "query")


def monitor_spec(target: str | None, config: str | None, flags: dict, *, notes=None, fail_on=None):
    """The audit spec of a monitor run: ``config`` (a spec file, if any), then the audit
    options in ``flags`` (``SPEC_FLAGS``'s names; None = not given), then ``target``. An error
    about a spec key names the flag that set it. --y-pred and --protected are required.
    ``notes`` (a list): each flag that overrode a value of ``config`` is said there, as the
    audit says it ("note: --n-boot 500 overrides policy.n_boot = 2000 from audit.yaml").
    ``fail_on``: the ``--fail-on`` given (None: not given), which a refused ``gate.fail_on``'s
    fix names rather than tell the user to give it."""
    from ..spec import (
        AuditSpec,
        checked_spec_file,
        override_note,
        replaced_table_or_query,
        target_key,
    )

    _check_flags(flags)
    flags = {name: _plain(value) for name, value in flags.items()}
    # the file checked on its own first: a flag replaces a value, never hides a bad one
    data = _checked_config(config, checked_spec_file, fail_on) if config is not None else {}
    if not isinstance(data, dict):
        AuditSpec.from_dict(data, source=str(config))  # refused: a spec is a mapping
    _refuse_gate(data, fail_on)
    data = {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}
    replaced = _replace_target(data, target, flags)
    # each flag as typed, as the audit's notes say it (--protected a --protected b, --y-pred p)
    typed = {f"{s}.{k}": _typed_flag(f, flags[n]) for n, (f, s, k) in SPEC_FLAGS.items()
             if flags.get(n) not in (None, ())}  # fmt: skip
    given = {p: said for p, said in typed.items() if p.startswith("target.")}
    replaced += replaced_table_or_query(data.get("target"), given)  # --query over a table
    by_flag, overridden = _apply_flags(data, flags)
    replaced += [(path, old, typed[path]) for path, old in overridden.items()]
    for path, old, given in replaced if notes is not None else ():
        notes.append(mask_secrets(override_note(path, old, given, config)))  # no password
    if target:
        # the monitor reads files only: an existing path is the file, never a dataset's name
        data.setdefault("target", {})[target_key(target, os.path.lexists(target))] = target
    try:
        spec = AuditSpec.from_dict(data, source=str(config) if config else "command line")
    except EthicLensInputError as exc:
        key = str(exc.column or "").split("[")[0]
        # an item's key (roles.intersections.0) is named by its list's flag
        flag = next((f for k, f in by_flag.items() if key == k or key.startswith(k + ".")), None)
        if flag is None and "/" in key:  # TARGET and --db: each by its flag (the audit's words)
            named = [{"target.file": target and "TARGET", **by_flag}.get(k) for k in key.split("/")]
            flag = "/".join(named) if all(named) else None
        if flag is None:
            raise
        raise EthicLensInputError(
            exc.problem, column=flag, value=exc.value, fix=exc.fix, kind="option"
        ) from None
    _refuse_target_kind(spec, target)
    _require(spec, config)
    return spec


def _gate_fix(fail_on) -> str:
    """A refused gate.fail_on's fix: drop it, and give --fail-on alarm, or where --fail-on was
    given (``fail_on``), that it is the monitor's gate."""
    if fail_on is None:
        return _NOT_HONOURED["gate.fail_on"][1]
    fix = f"drop gate.fail_on: --fail-on {fail_on}, given, is the monitor's gate"
    return fix if fail_on == "alarm" else fix + " (--fail-on alarm exits 1 on an alarm)"


def _refuse_gate(data: dict, fail_on) -> None:
    """An audit level in a config's gate.fail_on, refused with :func:`_gate_fix`."""
    level = (data.get("gate") or {}).get("fail_on") if isinstance(data.get("gate"), dict) else None
    if level is not None and level != "never":
        problem = _NOT_HONOURED["gate.fail_on"][0]
        raise EthicLensInputError(
            problem, column="gate.fail_on", value=level, fix=_gate_fix(fail_on), kind="key"
        )


def _checked_config(config, checked_spec_file, fail_on=None) -> dict:
    """``config`` checked as an audit spec file, but a gate level there that the audit's spec
    does not know (the monitor's own ``gate.fail_on: alarm``, a typo) refused in the monitor's
    words, as every other gate.fail_on is: not told to use an audit level the monitor refuses
    next."""
    try:
        return checked_spec_file(config)
    except EthicLensInputError as exc:
        if exc.column == "gate.fail_on":  # alarm, or no level at all
            problem = (
                "the monitor's gate (--fail-on alarm) is given on the command line: a config "
                "file's gate.fail_on is the audit's (its verdicts), which the monitor does not use"
            )
            raise EthicLensInputError(
                problem, column="gate.fail_on", value=exc.value, fix=_gate_fix(fail_on), kind="key"
            ) from None
        _refuse_flags_only(exc, config)
        raise


# the monitor's own settings: flags only (a config file is an audit spec, the audit's too)
_FLAGS_ONLY = {"time": "--time", "time_col": "--time", "window": "--window", "store": "--store"}
_FLAGS_ONLY |= {"fail_on": "--fail-on", **{n: f"--{_flag(n)}" for n in OWN_OPTIONS}}


def _refuse_flags_only(exc: EthicLensInputError, config) -> None:
    """An unknown key of ``config`` that is the monitor's own setting (``monitor: {time: t,
    window: 1d}``, ``roles.time``, a top-level ``window``) refused as a flag only, with the
    flags to give (the spec's 'unknown key' named no way to give them); any other unknown key
    keeps the spec's refusal."""
    from shlex import quote

    from ..spec import read_spec_file

    if exc.problem != "unknown key" or not isinstance(exc.column, str):
        return
    node, keys = read_spec_file(config), exc.column.split(".")
    for key in keys:
        node = node.get(key) if isinstance(node, dict) else None
    given = node if keys == ["monitor"] and isinstance(node, dict) else {keys[-1]: node}
    flags = {_FLAGS_ONLY[k]: v for k, v in given.items() if k in _FLAGS_ONLY}
    if not flags:
        return
    typed = [
        f if v is True else f"{f} {quote(note_value(v))}"
        for f, v in flags.items()
        if v is not False
    ]
    what = "holds the monitor's own settings" if len(flags) > 1 else "is the monitor's own setting"
    problem = (
        f"{what} ({', '.join(flags)}), given on the command line only: a config file is an "
        "audit spec (target, roles, policy, ...), which the audit reads too"
    )
    fix = f"drop {exc.column} from {Path(str(config)).name} and give {' '.join(typed)}"
    raise EthicLensInputError(problem, column=exc.column, fix=mask_secrets(fix), kind="key")


def _refuse_target_kind(spec, target) -> None:
    """A target the monitor cannot read (a dataset, a counts table) is refused before a
    missing role is asked for (no role would make it readable): named as TARGET when given
    on the command line, by its key (``target.dataset``) when a config gave it."""
    if spec.target.kind in ("file", "db"):
        return
    if target:
        _database_url(spec.target)
    _refuse_not_honoured(spec, ("target",))


def _check_flags(flags) -> None:
    """``flags``: a dict keyed by :data:`SPEC_FLAGS`' names; None, a list or an unknown name
    refused naming the argument, never an AttributeError or a KeyError."""
    fix = "e.g. {'y_pred': 'pred', 'protected': ['sex']}"
    problem = "must be a dict of audit options by name, not a"
    check_argument_type(flags, Mapping, column="flags", problem=problem, fix=fix)
    if unknown := [name for name in flags if name not in SPEC_FLAGS]:
        raise EthicLensInputError(
            "names no audit option of the monitor",
            column="flags",
            kind="argument",
            value=unknown[0],
            fix=f"use the names {', '.join(SPEC_FLAGS)}",
        )


def _plain(value):
    """A flag's numpy number (``np.int64(30)``, from a frame or an array) as the Python number
    it holds (:func:`~ethiclens._checks.plain`), in a list or tuple too: compared with ``()``
    and written in a note as typed, never numpy's elementwise comparison ('truth value of an
    empty array is ambiguous')."""
    return type(value)(map(plain, value)) if isinstance(value, list | tuple) else plain(value)


def _replace_target(data: dict, target, flags: dict) -> list:
    """A target on the command line replaces the config's (as `ethiclens audit` does): the
    config's target keys are dropped; returns (path, old value, what replaced it) for each."""
    to_db = flags.get("db") or flags.get("db_env")
    section = data.get("target")
    if not (target or to_db) or not isinstance(section, dict):
        return []
    value = target or to_db
    name = "TARGET" if target else "--db" if flags.get("db") else "--db-env"
    given = f"{name} {note_value(str(value))}"  # a line break escaped: never a note of its own
    replaced = []
    for kind in ("dataset", "file", "counts", "db", "db_env", *(() if to_db else KEYS)):
        old = section.pop(kind, None)  # a file on top has no table or query
        if old is not None and old != str(value):
            replaced.append((f"target.{kind}", old, given))
    return replaced


# within config_keys_named: the command line's run, whose refusals keep its flags' words
_CLI_RUN = contextvars.ContextVar("monitor_cli_run", default=False)
# the flags a Python caller's refusal names by the request's field: its columns, group edits
# and numbers; the others keep their words (tests pin them: the round-32 review's report)
_FIELDS = {"--intersect": "intersections", "--exclude-group": "exclude_groups"}
_FIELDS |= {f"--{_flag(f)}": f for f in ("time", "y_pred", "y_true", "protected", "propensity")}
_FIELDS |= {f"--{_flag(f)}": f for f in ("weight", "pos_label", "bins", "merge_groups")}
# the request's own checks of its numbers (_checked_numbers), as MonitorRequest(...) is made
_FIELDS |= {f"--{_flag(f)}": f for f in ("alpha", *_POLICY, "seed", "baseline_windows")}
_FIELDS |= {"--n-boot": "n_draws"}
# the request's other checks (types, the window, the engine, hold-last, the database's names,
# the baseline's sources) as MonitorRequest(...) is made: a Python caller gave no flag
_FIELDS |= {f"--{_flag(f)}": f for f in ("window", "engine", "hold_last", "scheduler", "db")}
_FIELDS |= {f"--{_flag(f)}": f for f in ("table", "query", *BASELINE_SOURCES, "baseline_period")}
# each bound field's flag: "was written by another request" names the differing settings so
# (--n-boot, not n_draws), the Python caller's refusal by its field again (in_python_words),
# a config file's user's by its key (config_keys_named)
FLAG_OF = {field: flag for flag, field in _FIELDS.items()}
# within config_keys_named: the flags the command line gave, and whether a config file was
_CLI_GIVEN = contextvars.ContextVar("monitor_cli_given", default=((), False))


def setting_text(field: str, value) -> str:
    """A request's setting as "another request" shows it, in the words of the face that gave
    it: ``not given`` (None); a Python caller's repr (``{'g': ['A']}``); on the command line a
    repeatable flag's values as typed (``g=A and g=B``); a config file's key's in YAML
    (``{g: [A]}``, ``Ethnicité`` as written, not ``"Ethnicit\\xE9"``). Text holding a line
    break or another character that does not print is written with its escapes, on one line."""
    if value is None:
        return "not given"
    if not isinstance(value, list | tuple | dict) or not _CLI_RUN.get():
        return repr(value)
    given, config = _CLI_GIVEN.get()
    if config and FLAG_OF.get(field) not in given:  # from the file: as its key holds it
        import yaml

        flow = dict(default_flow_style=True, width=10**6, allow_unicode=True, sort_keys=False)
        return yaml.dump(value, Dumper=_one_line_dumper(), **flow).strip()
    typed = _typed(field, value)
    return " and ".join(shlex.quote(t) if t.isprintable() else repr(t) for t in typed)


@functools.cache
def _one_line_dumper():
    """The YAML dumper of a config's value in one line: the config writer's (a text that
    reads as a number quoted), text that does not print double-quoted with its escapes
    (``"a\\nb"``: a line break never folds the refusal over lines)."""

    class OneLine(quoting_dumper()):
        pass

    def text(dumper, s: str):
        style = None if s.isprintable() else '"'
        return dumper.represent_scalar("tag:yaml.org,2002:str", s, style=style)

    OneLine.add_representer(str, text)
    return OneLine


def _needs_names(item: str) -> bool:
    """Whether a --protected value is read against the target's columns: it holds "=", prints
    as nothing or has whitespace around it (the column ``' g'``, which stripped reads ``g``)."""
    return "=" in item or prints_blank(item) or item != item.strip()


def _typed(field: str, value) -> list[str]:
    """Each value of a repeatable flag as the command line types it (``--bins age=0,30,100``)."""

    def num(v) -> str:
        return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)

    if field == "intersections":
        return [",".join(map(str, pair)) for pair in value]

    from ..spec import typed_group  # ' ?', 'a,b': in double quotes, as the flag reads it back

    if field == "exclude_groups":
        return [f"{a}={typed_group(g)}" for a, groups in value.items() for g in groups]
    if field == "bins":
        return [f"{a}={','.join(map(num, edges))}" for a, edges in value.items()]
    if field == "merge_groups":
        merges = [(a, new, olds) for a, m in value.items() for new, olds in m.items()]
        return [
            f"{a}={','.join(typed_group(g, True) for g in olds)}:{typed_group(new, True)}"
            for a, new, olds in merges
        ]
    return [str(v) for v in (value.items() if isinstance(value, dict) else value)]


# what a refusal's problem and fix say to a Python caller instead of the command line's words:
# the request's fields (n_draws, not --n-boot; hold_last=True, as it is given), run_monitor's
# store_path (--store), the request's target (TARGET): late rows' "start a new store_path and
# monitor with hold_last=True"
_PY_WORDS = {**_FIELDS, "--hold-last": "hold_last=True", "--store": "store_path"}
_PY_WORDS["TARGET"] = "target"

# a URL given as a Python caller's target: the request's own fields, not the command line's flags
_DB_FIX = (
    "give a database by db=URL (os.environ['NAME'] reads it from a variable) with table= or "
    "query=; a file by its local path"
)


@contextmanager
def in_python_words():
    """Within it (``run_monitor``), a refusal of a request's option names the
    :class:`MonitorRequest` field that set it, as the audit names its keywords ("argument
    'exclude_groups'", not "option '--exclude-group'"); the command line's run keeps its flags
    (:func:`config_keys_named`)."""
    try:
        yield
    except EthicLensInputError as exc:
        head = str(exc.column).partition(" ")[0]
        if _CLI_RUN.get():
            raise
        if exc.column == "TARGET" and exc.kind == "argument":
            if isinstance(exc.fix, _DatabaseFix):  # a URL as the target: where its database goes
                exc.fix = _DB_FIX
            raise exc.renamed({"TARGET": "target"}, "argument", _PY_WORDS) from None  # its field
        if exc.column == "--store":  # the store: run_monitor's argument
            raise exc.renamed({"--store": "store_path"}, "argument", _PY_WORDS) from None
        if exc.kind != "option" or head not in _FIELDS:  # its text still in the fields' words
            if (said := _in_fields(exc)) is exc:
                raise
            raise said from None
        raise exc.renamed({exc.column: _FIELDS[head]}, "argument", _PY_WORDS) from None


def python_words() -> dict | None:
    """How this run's face names the command line's flags in its notes: a Python caller's
    run by the request's fields (:data:`_PY_WORDS`, as its refusals, :func:`in_python_words`);
    None for the command line's run, which keeps its flags."""
    return None if _CLI_RUN.get() else _PY_WORDS


def notes_in_python_words(run: dict) -> None:
    """A run's notes (``run.note``, ``run.notes``) in a Python caller's words, as its
    refusals say them ("in a new store_path", "use hold_last=True"); the command line's
    run keeps its flags."""
    words = python_words()
    if words is None:
        return
    for key in ("note", "notes"):
        if isinstance(run.get(key), str):
            run[key] = note_in_words(run[key], words)
        elif isinstance(run.get(key), list):
            run[key] = [note_in_words(n, words) if isinstance(n, str) else n for n in run[key]]


def _in_fields(exc: EthicLensInputError) -> EthicLensInputError:
    """``exc`` (any column: a late row's 'target', a weight column) with the command line's
    words in its problem and fix said as a Python caller gives them (:data:`_PY_WORDS`), its
    class and what it carries (a NoRows's ``note``) kept; ``exc`` itself when nothing changes."""
    said = exc.renamed({}, None, _PY_WORDS)
    if said is exc or type(said) is not type(exc):
        return exc
    own = ("problem", "column", "value", "fix", "kind")
    said.__dict__.update({k: v for k, v in vars(exc).items() if k not in own})
    return said


@contextmanager
def config_keys_named(flags: dict, config):
    """Within it, an error naming an audit flag (``--bins``) that was not given names the key
    of ``config`` its value came from (``groups.bins``) instead. ``flags``: as
    ``monitor_spec`` takes them (None or ``()``: not given)."""
    # flags["TARGET"]: the key of config that gave the target (target.file), None if TARGET did
    given = {
        SPEC_FLAGS[n][0]
        for n, v in flags.items()
        if n in SPEC_FLAGS and _plain(v) not in (None, ())
    }
    token, said = _CLI_RUN.set(True), _CLI_GIVEN.set((given, bool(config)))
    try:
        yield
    except EthicLensInputError as exc:
        keys = {f: f"{section}.{key}" for f, section, key in SPEC_FLAGS.values()}
        if not config:
            raise
        exc = in_cli_words(exc)  # its fix in the command line's words, renamed below
        words = {f: k for f, k in keys.items() if f not in given}  # the flags in its words too
        names = {exc.column: keys[exc.column]} if exc.column in words else {}
        flag, _, rest = str(exc.column).partition(" ")  # "--db URL", "--protected sex"
        if rest and flag in words:  # as the audit names them: target.db URL, roles.protected.sex
            names = {exc.column: words[flag] + ("." if flag == "--protected" else " ") + rest}
        if exc.column == "TARGET" and exc.kind == "argument" and flags.get("TARGET"):
            names = {"TARGET": flags["TARGET"]}  # the file's target: its key, target.file
        raise exc.renamed(names, "key" if names else None, words) from None
    finally:
        _CLI_RUN.reset(token)
        _CLI_GIVEN.reset(said)


def _typed_flag(flag: str, value) -> str:
    """A flag as typed: each value of a repeatable one (``--bins a=0,1 --bins b=2,3``)."""
    values = value if isinstance(value, list | tuple) else (value,)
    return " ".join(f"{flag} {note_value(v)}" for v in values)


def _apply_flags(data: dict, flags: dict) -> tuple[dict, dict]:
    """Write the given flags into the spec's sections; returns ({section.key: flag},
    {section.key: the value a flag replaced})."""
    from ..spec import attribute_names, flag_value

    given = flags.get("protected") or (data.get("roles") or {}).get("protected") or ()
    attributes = attribute_names(given if isinstance(given, (list, tuple)) else ())
    by_flag, overridden = {}, {}
    for name, value in flags.items():
        if value is None or value == ():
            continue
        flag, section, key = SPEC_FLAGS[name]
        # the audit's parse (spec.flag_value); the monitor's --y-pred is one column
        value = [value] if key == "y_pred" else flag_value(key, value, flag, attributes)
        old = data.setdefault(section, {}).get(key)
        if old is not None and old != value and [old] != value:
            overridden[f"{section}.{key}"] = old
        data[section][key] = value
        by_flag[f"{section}.{key}"] = flag
    return by_flag, overridden


def _require(spec, config) -> None:
    """--y-pred and --protected, named by their keys where a config file was given (it can
    hold them: ``roles.y_pred``), as the audit names them there."""
    for given, flag, fix, key, in_file in (
        (spec.roles.y_pred, "--y-pred", "name the prediction column: --y-pred pred",
         "roles.y_pred", "roles: {y_pred: pred}"),
        (spec.roles.protected, "--protected", _PROTECTED_FIX,
         "roles.protected", "roles: {protected: [race]}"),
    ):  # fmt: skip
        if given:
            continue
        if config is None:
            raise EthicLensInputError("is required", column=flag, fix=fix)
        fix = f"{fix.split(': ')[0]}: {in_file} in {config}, or {fix.split(': ')[1]}"
        raise EthicLensInputError("is required", column=key, kind="key", fix=fix)
