"""The counterfactual probe of a benchmark's standard model or of your own model: what
``ethiclens probe counterfactual`` runs (the command only parses and prints)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from .._checks import (
    argument_kinds,
    check_name_argument,
    check_output_arguments,
    check_seed,
    first_row,
    instance_kind,
    names_words,
    naming_file,
)
from .._keywords import refusing_unknown_keywords
from .._text import plural
from ..errors import EthicLensInputError, FaceFix, plain_text
from ._counterfactual import (
    ENCODER_FIX,
    SOURCE,
    TARGET,
    UNSEEN_GROUP,
    analyze_counterfactuals,
    check_settings,
    counterfactual,
)
from ._entry import load_entry_point


@refusing_unknown_keywords
def probe_benchmark(name: str, *, attribute=None, favorable=None, n_boot=1000, seed=0):
    """Probe a benchmark's standard logistic model, trained WITH the protected attributes.

    ``favorable``: the favourable prediction (0 or 1); default the benchmark's declared
    direction. Returns ``(CounterfactualResult, intro)``: the result and one line saying what
    was probed.
    """
    from .. import datasets
    from .._checks import check_member

    fix = f"use one of {names_words(sorted(datasets.DATASETS))}, or --model with --data"
    check_member(name, datasets.DATASETS, column="TARGET", problem="unknown dataset", fix=fix)
    _refuse_no_model(datasets.get_entry(name))  # bios: no standard model (was a traceback)
    _check_run(1 if favorable is None else favorable, n_boot, seed)  # before the training
    check_seed(seed, "seed")  # train_standard_model's check: None has no model to train
    ds = datasets.load(name)
    if ds.text:  # a registered text dataset that says it is audited: still no model for it
        _refuse_no_model(datasets.get_entry(name), "a text dataset")
    from ..models import train_standard_model  # scikit-learn: seconds to import

    known = list(ds.protected.columns)
    attribute = attribute or known[0]
    problem = f"is not a protected attribute of {name}"
    check_member(attribute, known, column="attribute", kind="argument", problem=problem)
    run = train_standard_model(ds, seed=seed, include_protected=True)
    fav = (1 if ds.positive_is_favorable else 0) if favorable is None else favorable
    result = counterfactual(
        run.model, run.X_test, attribute, favorable_label=fav, n_boot=n_boot, random_state=seed
    )
    return result, (
        f"Counterfactual probe of {name}'s standard logistic regression, trained WITH "
        f"the protected attributes {known} as features (the audit model excludes them), on "
        f"its {len(run.X_test):,} test records; favourable prediction = {fav}."
    )


def _refuse_no_model(entry, what: str = "") -> None:
    """A dataset the audit does not train its standard model on (``bios``, a text dataset) is
    refused as the audit refuses it, before its data is read."""
    what = what or ("" if entry.audited else entry.not_audited)
    if entry.audited and not what:
        return
    problem = f"{entry.name} {f'is {what} without a' if what else 'has no'} standard audit model"
    fix = FaceFix(
        "probe your own model on its records: counterfactual(model, X, attribute)",
        cli="probe your own model on its records: --model MODULE:FUNCTION --data records.csv",
    )
    raise EthicLensInputError(problem, column="TARGET", fix=fix)


@refusing_unknown_keywords
def probe_model(
    entry_point: str, data, attribute, *, favorable=1, n_boot=1000, seed=0, name_rows=None
):
    """Probe your model (``module:function`` returning a fitted model with ``predict``) on
    your records (a CSV/Parquet path). Returns ``(CounterfactualResult, intro)``. A refused
    record is named as in :func:`analyze_scored`."""
    from ..io import read_table

    _check_run(favorable, n_boot, seed)  # before the model is loaded or the records read
    if not data:
        raise EthicLensInputError(
            "is needed with --model: your records to probe",
            column="--data",
            fix="add --data records.csv (CSV or Parquet, with the protected column)",
        )
    if not attribute:
        with naming_file("--data"):
            columns = list(map(str, read_table(data).columns))[:20]
        raise EthicLensInputError(
            "is needed with --model: the protected column of --data to flip",
            column="--attribute",
            fix=f"add --attribute COLUMN, one of {names_words(columns)}",
        )
    model = load_entry_point(entry_point)  # a bad --model is named before a bad --data
    with naming_file("--data"):
        X = read_groups_as_written(data, [attribute])
    _require_columns(X, {"attribute": attribute}, data)
    try:
        result = counterfactual(
            model, X, attribute, favorable_label=favorable, n_boot=n_boot, random_state=seed
        )
    except EthicLensInputError as exc:
        if exc.column != "model":
            raise _in_file(exc, data, name_rows) from None
        fix = exc.fix
        if exc.problem.startswith(UNSEEN_GROUP):  # --data's groups are those flipped to
            fix = (
                "drop from --data the records of groups the model was not trained on (every "
                f"group in --data is flipped to), or {ENCODER_FIX}"
            )
        raise EthicLensInputError(
            f"{exc.problem} (loaded by {entry_point})", column="--model", fix=fix
        ) from None
    return result, f"Counterfactual probe of {entry_point} on {data} ({plural(len(X), 'record')})"


def _require_columns(frame: pd.DataFrame, named: dict, source) -> None:
    """Each column ``named`` by an argument (None: not given) is in ``frame``; else the audit's
    refusal of it (:func:`io.column_not_found`: the near miss, the file's columns), named by
    the argument that gave it, as the audit names its roles: "argument 'y_pred': column
    'nope' not found in s.csv" (on the command line, option '--y-pred')."""
    from ..io import column_not_found

    for argument, col in named.items():
        if col is not None and col not in frame.columns:
            exc = column_not_found(col, frame.columns, str(source))
            problem = f"column {plain_text(col)!r} {exc.problem}"
            raise EthicLensInputError(problem, column=argument, fix=exc.fix, kind="argument")


def _column_kind(fix: str, *, optional: bool = False):
    """An argument kind (``_checks.argument_kinds``): one column name (None too when
    ``optional``): a set, a dict, a list, a 0-d array or a frame is refused naming the argument
    (:func:`check_name_argument`), never Python's "unhashable type" from the lookup."""

    def check(value, argument: str) -> None:
        if not (optional and value is None):
            check_name_argument(value, argument, fix)

    return check


# name_rows is called only when a row is refused: anything else but a function crashed there
_NAME_ROWS = instance_kind(
    Callable,
    "a function (refusal, path) -> refusal, or None",
    "leave it out (rows are named as rows of the file), or pass ethiclens.sources.name_rows",
    optional=True,
)


@refusing_unknown_keywords
@argument_kinds(
    y_pred=_column_kind("name the predictions' column of the scored file, e.g. 'pred'"),
    y_score=_column_kind("name the scores' column, e.g. 'score', or leave it out", optional=True),
    name_rows=_NAME_ROWS,
)
def analyze_scored(
    scored, y_pred: str, y_score=None, *, favorable=1, seed=0, n_boot=1000, name_rows=None
):
    """Flip rates from your predictions (column ``y_pred``, optionally scores ``y_score``) on a
    scored :func:`make_counterfactuals` table (a CSV/Parquet path): flip rates with exact
    Jeffreys intervals, mean score shifts of 30 or more records with a bootstrap of ``n_boot``
    draws (fewer: Student t). Returns ``(CounterfactualResult, intro)``. A refused row is
    named as a row of the file, or by ``name_rows(exc, path)`` where given (the CLI names the
    file's line, as ``audit`` does: ``sources.name_rows``)."""
    from ..io import read_table

    _check_run(favorable, n_boot, seed)  # before the file is read
    with naming_file("SCORED"):
        frame = read_table(scored)
    if groups := _typed_groups(frame, scored, (y_pred, y_score)):  # 01 read as 1: read again
        frame = read_groups_as_written(scored, groups)
    _require_columns(frame, {"y_pred": y_pred, "y_score": y_score}, scored)
    try:
        result = analyze_counterfactuals(
            frame,
            frame[y_pred],
            frame[y_score] if y_score is not None else None,
            favorable_label=favorable,
            n_boot=n_boot,
            random_state=seed,
        )
    except EthicLensInputError as exc:
        raise _in_file(exc, scored, name_rows) from None
    return result, f"Counterfactual analysis of {scored}"


def _typed_groups(frame: pd.DataFrame, path, scored: tuple) -> list:
    """A CSV counterfactual table's group columns (_cf_source, _cf_target and the flipped
    column, equal to _cf_target on every row) where pandas typed them as numbers; [] else."""
    target = frame[TARGET] if TARGET in frame.columns else None
    csv = ".csv" in [x.lower() for x in Path(str(path)).suffixes[-2:]]
    if not csv or not isinstance(target, pd.Series) or pd.api.types.is_object_dtype(target):
        return []
    found = []
    for col in frame.columns.unique():
        values = frame[col]
        if col in (SOURCE, TARGET) or (
            col not in scored and isinstance(values, pd.Series) and values.eq(target).all()
        ):
            found.append(col)
    return found


def read_groups_as_written(path, columns: list) -> pd.DataFrame:
    """``read_table(path)`` with a CSV's group ``columns`` as ``audit`` reads them: text as
    written, so ``01``, ``1`` and ``1.0`` stay three groups (pandas' guessed numbers merged them
    into the group 1, and make-counterfactuals wrote ``01`` as ``1``); a column whose every
    value is a number written canonically (``1``, ``2``, ``0.5``: the text Python prints for
    it) is typed as numbers, the labels unchanged. Other files keep their types."""
    from ..io import read_table, type_groups

    _refuse_intervals(path, columns)
    frame = read_table(path, csv_dtype=dict.fromkeys(columns, str))
    for col in columns:
        if col in frame.columns and not isinstance(frame[col], pd.DataFrame):
            try:
                frame[col] = type_groups(frame[col])  # the audit's own rule
            except TypeError:  # a JSON list cell: refused as no group by the probe's check
                pass
    return frame


def _refuse_intervals(path, columns: list) -> None:
    """A Parquet group column of pandas Intervals (pd.cut's bins) refused in the words
    ``audit``, ``counts`` and the monitor say (``io.INTERVAL_PROBLEM``): it was read as the
    text '(0, 30]' in one process and as {left, right} pairs in another."""
    from ..io import INTERVAL_PROBLEM, interval_text_fix, is_interval_field

    if not isinstance(path, str | os.PathLike) or not str(path).lower().endswith(".parquet"):
        return  # anything else is read_table's to refuse
    try:
        import pyarrow.parquet as pq

        schema = pq.read_schema(path)
    except Exception:  # no pyarrow, or no Parquet file after all: read_table's own refusal
        return
    for col in [c for c in columns if c in schema.names]:
        if is_interval_field(schema.field(col)):
            raise EthicLensInputError(INTERVAL_PROBLEM, column=col, fix=interval_text_fix(col))


def _check_run(favorable, n_boot, seed) -> None:
    """The probe's settings, each named by its keyword here (``favorable``, ``seed``), checked
    before any work: a bad one is refused at once, not after a model was trained."""
    try:
        check_settings(favorable, n_boot, seed)
    except EthicLensInputError as exc:
        names = {"favorable_label": "favorable", "random_state": "seed"}
        raise exc.renamed(names, kind=exc.kind) from None


def _in_file(exc: EthicLensInputError, path, name_rows=None) -> EthicLensInputError:
    """``exc``, a refusal of rows read from ``path`` ("first at row N", N counted from 0),
    naming the row by ``name_rows(exc, path)`` (a file's line) where given, else as a row
    of ``path``."""
    if first_row(0)[:-1] not in exc.problem:
        return exc
    if name_rows:
        return name_rows(exc, path)
    problem = re.sub(r"first at row \d+", lambda m: f"{m.group(0)} of {path}", exc.problem, count=1)
    return EthicLensInputError(
        problem, column=exc.column, value=exc.value, fix=exc.fix, kind=exc.kind
    )


# The format each probe output is written in: its name must say so, or the next command (or
# the user's tools) would read it as something else (a table named .txt is refused as input).
OUTPUT_SUFFIXES = {
    "--out": (".csv", "the counterfactual table (a CSV file)"),
    "--json": (".json", "the JSON report"),
}


_PATH_LIKE = (str, bytes, os.PathLike)


def check_probe_outputs(
    outputs: dict, inputs=(), *, suffixes: bool = True, example: str = "probe"
) -> None:
    """Refuse, before any work, the outputs (flag -> path, None: not asked) of a probe command
    that could not be written: standard output ('-', the report is printed there already; the
    fix names ``example`` plus the format's suffix, the command's own file), an input or
    another output overwritten, an unwritable place, then (``suffixes``) a name without the
    format's suffix (:func:`check_out_suffix`)."""
    from ..io import _refuse_no_path, check_outputs, check_writable

    check_output_arguments(outputs, inputs)
    for flag, path in outputs.items():
        if path is not None:  # '', 3, Path(''), '/': named with the format's file name
            name = f"{example}{OUTPUT_SUFFIXES[flag][0]}"
            _refuse_no_path(path, flag, f"pass the file to write, e.g. {flag} {name}")
        if path == "-":
            raise EthicLensInputError(
                "cannot go to standard output ('-'): the command prints its summary there",
                column=flag,
                value=path,
                fix=f"give {flag} a file name, e.g. {flag} {example}{OUTPUT_SUFFIXES[flag][0]}",
            )
    # the inputs that are paths ('' and None are none); anything else (a frame, whose truth
    # value pandas refuses to guess) is its reader's to refuse, by its flag
    check_outputs(outputs, inputs=[i for i in inputs if isinstance(i, _PATH_LIKE) and os.fspath(i)])
    for flag, path in outputs.items():
        if path:
            check_writable(path, flag=flag)
    if suffixes:
        check_out_suffix(outputs)


def check_out_suffix(outputs: dict) -> None:
    """Refuse an output named without the suffix of the format it is written in."""
    from ..io import check_suffix

    for flag, path in outputs.items():
        check_suffix(path, flag, *OUTPUT_SUFFIXES[flag])


@argument_kinds(
    protected=_column_kind("name one column of the data, e.g. 'sex'"), name_rows=_NAME_ROWS
)
@refusing_unknown_keywords
def write_counterfactuals(data, protected: str, out, name_rows=None) -> int:
    """``probe make-counterfactuals``: the records in ``data`` (a CSV/Parquet path), once as
    observed and once per other group of ``protected``, written to ``out`` (a .csv); the
    number of rows written. A column the file lacks is named with the file's columns; a bad
    input is refused before a bad output name, as a command refuses its arguments in order; a
    refused record is named as in :func:`analyze_scored`. Cells are written as the records hold
    them, formula-like text (``=cmd``, ``@g``, ``+x``, ``-x``) included, never with a ``'`` in
    front as ``release.csv`` writes one: the table is the model's input, and a changed value
    would be scored as another record (docs/probes.md)."""
    from ..io import _refuse_no_path, write_atomic
    from ._counterfactual import _protected_column, _target_groups, make_counterfactuals

    _refuse_no_path(out, "--out", "pass the file to write, e.g. --out flipped.csv")  # None too
    check_probe_outputs({"--out": out}, inputs=[data], suffixes=False, example="flipped")
    with naming_file("DATA"):
        records = read_groups_as_written(data, [protected])
    _require_columns(records, {"protected": protected}, data)
    try:  # the input first
        _target_groups(_protected_column(records, protected), protected, None)
    except EthicLensInputError as exc:
        raise _in_file(exc, data, name_rows) from None
    check_out_suffix({"--out": out})  # then the name, before the table is built or written
    frame = make_counterfactuals(records, protected)
    write_atomic(out, frame.to_csv(index=False))
    return len(frame)
