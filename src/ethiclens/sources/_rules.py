"""One rule for reading rows, the same on every engine (docs/engines.md).

The pandas path (``ethiclens.audit`` on the rows pandas reads) is the reference. Every engine
(pandas, DuckDB, Dask, Spark) reads CSV/Parquet files by the same rule and checks what it read
with the same code here, on its small GROUP BY result, so one input gets one answer: the same
counts, or the same message (column, value, row where a file can be re-read, and the fix).

- **CSV is text.** Every engine reads the role columns of a CSV as text; this module types them
  the way pandas types a CSV column: labels are integers when every value is an integer, else
  floats, else booleans (``True/TRUE/true``, ``False/FALSE/false``), else text (which
  ``audit`` refuses unless ``pos_label`` names the positive value). Nobody reads ``yes``/``no``
  as booleans.
- **Missing** in a CSV is an empty field or one of pandas' missing words (``NA``, ``NULL``,
  ``nan``, …: :data:`NA_TEXT`); in Parquet a null (or a float NaN). A missing label, score,
  weight or group is refused, naming the first row.
- **Groups are text as written** (``01`` stays ``01``). A CSV group column whose every value is a
  number written canonically (``25``, ``0.5``: the text Python prints for that number) is also
  typed as numbers, so the "looks continuous" check and ``--bins`` apply; the group labels are the
  same text either way.
- **Parquet categories** that no row uses are refused (as ``audit`` refuses them).
- **Files of a folder or glob** are matched by column name, never by position; a CSV row with
  more fields than its header is refused with its line; a row with fewer has its last fields
  missing (as pandas reads it).
"""

from __future__ import annotations

import difflib
import functools
import numbers as numbers_abc
import os
import re
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote

import numpy as np
import pandas as pd
import pyarrow as pa

from .._checks import (
    argument_kinds,
    check_label_lengths,
    check_labels_print_apart,
    empty_fix,
    float_of_text,
    instance_kind,
    kind_refusal,
    long_label_mask,
    names_words,
    not_numbers,
    whole_kind,
)
from .._optional import (  # the address rules experiments share
    _odd_character,
    check_dask_address,
    check_scheduler_text,
)
from .._text import formatted_number_fix, one_line, printed_floats, prints_blank
from ..errors import (
    SHOWN_DIGITS,
    DataFileError,
    EmptyInputError,
    EthicLensInputError,
    plain_text,
    with_found,
)
from ..fairness import (
    PosLabelAbsent,
    as_binary,
    as_binary_columns,
    as_weights,
    blank_groups_error,
    groups_without_rows,
    typed_numbers_error,
)
from ..io import (
    COMPRESSED,
    INT_TEXT,
    INTERVAL_PROBLEM,
    NUMBER_TEXT,
    _delimiter_error,
    _file_name,
    _named_below,
    _object_starts,
    _path_exists,
    _Shown,
    blank_line,
    csv_head,
    csv_rows,
    interval_text_fix,
    is_interval_field,
    path_kind,
    ragged_error,
    refuse_missing,
    refuse_repeated_header,
    require_columns,
    type_groups,
)
from ._names import COUNT, SCORE_BIN, Y_PRED, Y_TRUE, roles_type_error

ENGINE_ATTR = "ethiclens_engine"  # who counted: "pandas", "duckdb", "dask", "spark", "sql"

# pandas' default missing-value words for CSV (pandas._libs.parsers.STR_NA_VALUES), fixed here so
# every engine uses the same list whatever pandas version is installed.
NA_TEXT = (
    "",
    "#N/A",
    "#N/A N/A",
    "#NA",
    "-1.#IND",
    "-1.#QNAN",
    "-NaN",
    "-nan",
    "1.#IND",
    "1.#QNAN",
    "<NA>",
    "N/A",
    "NA",
    "NULL",
    "NaN",
    "None",
    "n/a",
    "nan",
    "null",
)
_NA = frozenset(NA_TEXT)
TRUE_TEXT, FALSE_TEXT = ("True", "TRUE", "true"), ("False", "FALSE", "false")

# Diagnostic columns an engine's GROUP BY adds (never part of a counts table).
EXTRA_FIELDS = "_extra_fields"  # rows with more CSV fields than the header
WEIGHT_BAD = "_weight_bad"  # weights missing, infinite or negative
WEIGHT_TEXT = "_weight_text"  # weights that are not numbers
WEIGHT_MAX = "_weight_max"  # a cell's largest weight (all 0, or too large or small to square)
NOT_A_NUMBER = -2  # the score bin of a score that is not a number (-1: outside [0, 1])
EXTRA_NAME = "ethiclens extra field"  # the CSV column that catches surplus fields
# The file a CSV row came from, a key of the GROUP BY over several files: pandas types the
# labels of each file on its own (0/1 in one, true/false in another are both labels).
FILE_NAME = "ethiclens file"

# What a raw score or weight is: a database's counting query sorts its values so.
NUMBER, MISSING, NOT_NUMBER = 0, 1, 2


def record_engine(table: pd.DataFrame, engine: str) -> pd.DataFrame:
    """Record in ``table.attrs`` which engine counted it (written into a counts file too)."""
    table.attrs[ENGINE_ATTR] = engine
    return table


@argument_kinds(engine=instance_kind(str, "an engine's name (text)", "e.g. 'dask' or 'spark'"))
def check_scheduler(engine: str, scheduler: str | None) -> None:
    """``--scheduler`` is the Dask scheduler or the Spark master: refused with another engine
    (``sql``: a database, which counts where it is). A blank one is refused first, in every
    command's words (``' '`` reached Dask or Spark); then one its text shows Spark cannot start
    on or Dask cannot reach ('x y', 'local[0]', 'tcp://'), before a JVM or a cluster starts."""
    check_scheduler_text(scheduler, "--scheduler")
    if scheduler and engine == "spark" and (refused := spark_master_refusal(scheduler)):
        raise refused
    if scheduler and engine == "dask":
        check_dask_address(scheduler)
    if not scheduler or engine in ("dask", "spark"):
        return
    if engine == "sql":
        runs = "in the database"
        fix = "drop --scheduler (Dask and Spark read files: to use one, name a file instead of "
        fix += "the database)"
    else:
        runs = f"on {engine}"
        fix = "drop --scheduler, or count with --engine dask (a Dask scheduler address or "
        fix += "local-cluster) or --engine spark (a Spark master) instead"
    raise EthicLensInputError(
        f"only --engine dask and --engine spark use a scheduler; this count runs {runs}",
        column="--scheduler",
        value=scheduler,
        fix=fix,
    )


SPARK_MASTER_FIX = (
    "give a Spark master such as local[2], local[*] or spark://host:7077, or drop --scheduler "
    "(local[2])"
)
_HOST = r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
_PORT = r"([0-9]+)"
# Spark 4's masters (SparkSubmit, SparkContext.createTaskScheduler): (form, what its numbers are)
_SPARK_FORMS = [
    (r"local", ""),
    (r"local\[([0-9]+|\*)\]", "threads"),
    (r"local\[([0-9]+|\*)\s*,\s*([0-9]+)\]", "threads"),
    (r"local-cluster\[\s*([0-9]+)\s*,\s*([0-9]+)\s*,\s*([0-9]+)\s*\]", "sizes"),
    (rf"spark://{_HOST}:{_PORT}(?:,{_HOST}:{_PORT})*", "ports"),
    (r"yarn", ""),
    (rf"k8s://(?:https?://)?{_HOST}(?::{_PORT})?(?:/[!-~]*)?", "ports"),
]


def spark_master_error(master: str) -> str | None:
    """Why Spark cannot start on ``master``, seen from the text alone (None: it may start):
    the forms Spark takes, the numbers they hold in range, yarn's configuration folder."""
    match, kind = next(
        (m, kind)
        for form, kind in [*_SPARK_FORMS, (r".*", None)]
        if (m := re.fullmatch(form, master, re.ASCII | re.DOTALL))
    )
    if kind is None:
        return _odd_character(master, ascii_only=True) or (
            "Could not parse Master URL (Spark's words): Spark takes local, local[N], local[*], "
            "local[N,F], local-cluster[N,C,M], spark://HOST:PORT, yarn or k8s://HOST"
        )
    numbers = [int(n) for n in match.groups() if n is not None and n != "*"]
    if kind == "ports" and any(not 1 <= n <= 65535 for n in numbers):
        return "a port must be 1 to 65535"
    if kind in ("threads", "sizes") and any(not 1 <= n < 2**31 for n in numbers):
        return "each number in [] must be 1 to 2147483647"
    # local[N]: Spark starts N threads at once (its dispatcher's), local-cluster[N,C,M] N
    # worker JVMs with C cores: local[99999] spent 100 s failing to start 32,000 threads
    most = max(1024, 4 * (os.cpu_count() or 1))
    started = {"threads": match.groups()[:1], "sizes": match.groups()[:2]}.get(kind, ())
    if any(n != "*" and int(n) > most for n in started):
        return f"more than {most} threads or workers, which Spark starts all at once"
    if master == "yarn" and not (
        os.environ.get("HADOOP_CONF_DIR") or os.environ.get("YARN_CONF_DIR")
    ):
        return "yarn needs HADOOP_CONF_DIR or YARN_CONF_DIR set to the cluster's configuration"
    return None


def spark_master_refusal(master: str, why: str | None = None) -> EthicLensInputError | None:
    """The refusal of a Spark master Spark cannot start on (:func:`spark_master_error`), made
    before a JVM starts: 'x y' stopped Spark's launcher with a traceback, 'local[0]' failed in
    the JVM; ``why``: the reason Spark gave when it refused to start on it. None: it may start."""
    if not (why := why or spark_master_error(master)):
        return None
    return EthicLensInputError(
        f"Spark cannot start on this master: {why}",
        column="--scheduler",
        value=master,
        fix=SPARK_MASTER_FIX,
    )


def engine_of(table: pd.DataFrame) -> str | None:
    """The engine that counted ``table`` ("duckdb", "dask", "spark", ...), if recorded."""
    return (getattr(table, "attrs", None) or {}).get(ENGINE_ATTR)


# -- files ----------------------------------------------------------------------------------


def csv_header(path) -> list[str]:
    """The column names of a CSV file as pandas names them (an empty name is ``Unnamed: i``).
    A blank first line is refused: pandas would take the first data row for the header (one
    that prints as nothing, a zero-width space or U+3164, is as blank). The whole first line is
    read, however long (up to ``io.MAX_HEADER_BYTES``)."""
    path = Path(path)
    header = csv_head(path, size=0)[0]  # a BOM is no name
    if not header or all(prints_blank(name) for name in header):
        raise DataFileError(
            f"{_file_name(path)}: its first line (the header) is empty",
            fix="put the column names on the first line (remove blank lines above them)",
        )
    if len(header) == 1 and (err := _delimiter_error(path, header[0])):
        raise err  # the words read_table and the file engines say
    return [name if name else f"Unnamed: {i}" for i, name in enumerate(header)]


def header_groups(files, headers) -> list[tuple[list[str], list[str]]]:
    """Files grouped by their exact header (name order): each group is read with its own
    names, so files whose columns are in another order are matched by name."""
    groups: dict[tuple, list[str]] = {}
    for f in files:
        groups.setdefault(tuple(headers[f]), []).append(f)
    return [(list(names), fs) for names, fs in groups.items()]


def surplus_column(names) -> str:
    """The name a CSV read gives its column of surplus fields: ``EXTRA_NAME``, with ``_`` added
    while a header column has it."""
    extra = EXTRA_NAME
    while extra in names:
        extra += "_"
    return extra


def check_frame(frame, frame_type, what: str, fix: str, roles) -> None:
    """Refuse anything but a ``frame_type`` (``what`` names it) or a frame without the role
    columns: the start of every in-memory engine (Dask, Spark)."""
    if not isinstance(frame, frame_type):
        raise frame_type_error(frame, what, fix, roles)
    _refuse_empty_names(roles)
    check_columns(list(frame.columns), roles, "the frame")
    refuse_repeated_roles(list(frame.columns), roles)


def frame_type_error(frame, what: str, fix: str, roles) -> EthicLensInputError:
    """The refusal of the argument ``frame`` that is no ``what`` (a Dask or Spark DataFrame):
    an argument, not a column; a pandas DataFrame pointed to ``ethiclens.audit``, which takes
    its columns' values (``audit_frame`` counts on a cluster)."""
    if not isinstance(frame, pd.DataFrame):
        return EthicLensInputError(
            f"must be {what}, not {type(frame).__name__}", column="frame", kind="argument", fix=fix
        )
    y_true = getattr(roles, "y_true", None)
    said = ["None" if y_true is None else f"df[{y_true!r}]", f"df[{roles.y_pred!r}]"]
    groups = list(roles.protected)
    said.append(f"df[{groups[0]!r}]" if len(groups) == 1 else f"df[{groups!r}]")
    for key, role in (("y_score", "y_score"), ("sample_weight", "weight")):
        if (column := getattr(roles, role, None)) is not None:
            said.append(f"{key}=df[{column!r}]")
    return EthicLensInputError(
        f"must be {what}, not a pandas DataFrame",
        column="frame",
        kind="argument",
        fix=f"audit a pandas DataFrame with ethiclens.audit, which takes its columns' values: "
        f"ethiclens.audit({', '.join(said)}); or {fix}",
    )


def refuse_repeated_roles(columns: list, roles) -> None:
    """A role's column that the frame holds twice (pandas, Dask and Spark keep both of a
    join's or a concat's equal names) refused as a file's header naming one twice is: which
    one was meant? Selecting it crashed ('DataFrame' object has no attribute 'dtype')."""
    for name in dict.fromkeys(roles.columns):
        if sum(type(c) is type(name) and c == name for c in columns) > 1:
            raise EthicLensInputError(
                f"the frame has two columns named {plain_text(name)!r}",
                fix="rename the columns so each name is unique",
            )


def _refuse_empty_names(roles) -> None:
    """A role named '' refused as ``ethiclens.audit`` refuses it ("must not be empty"): a
    frame's column named '' (a Parquet file may hold one) was counted by Dask and Spark
    (``audit_frame(ddf, protected=[''])``; ``y_true=''`` read as no labels at all) where every
    file engine refuses the name, and DuckDB could not quote it. (A file's roles reach no
    frame's check: ``thresholds`` counts with ``y_pred=''``, no prediction, on purpose.)"""
    if not hasattr(roles, "columns"):  # no Roles (a dict): check_columns refuses it by type
        return
    given = {"y_pred": [roles.y_pred], "protected": list(roles.protected)}
    given |= {"y_true": [roles.y_true], "y_score": [roles.y_score], "sample_weight": [roles.weight]}
    for keyword, names in given.items():
        if any(isinstance(name, str) and name == "" for name in names):
            fix = empty_fix(keyword)
            raise EthicLensInputError(
                "must not be empty", column=keyword, value="", kind="argument", fix=fix
            )


def check_columns(columns, roles, target, layout=None) -> None:
    """Every role column exists (the pandas path's message and near misses); with the
    ``layout`` of Parquet files, no label or group column holds lists or structs
    (:func:`refuse_nested_columns`). ``roles`` naming no columns (a dict) are refused."""
    if not hasattr(roles, "columns"):  # the spec's reader passes its own, with columns
        raise roles_type_error(roles, "each counting function")
    require_columns(pd.DataFrame(columns=list(columns)), roles.columns, str(target))
    if layout is not None:
        refuse_missing_in_files(layout, roles.columns)
        refuse_nested_columns(layout, roles)
        refuse_hive_default(layout, roles)


def refuse_missing_in_files(layout, columns) -> None:
    """The first of ``columns`` (those a request reads) that a file of ``layout`` lacks (nor
    names as a hive folder key), refused naming that file: columns no request reads may
    differ between files (one added over time), a read one may not (no engine would count it
    as missing there; DuckDB would take a renamed ``Race`` for ``race``)."""
    if not all(isinstance(f, (str, Path)) for f in layout.files):
        return  # in-memory frames: no files
    headers = getattr(layout, "headers", None) or {}
    for column in columns:
        for f in layout.files:
            names = headers.get(f) or _file_names(f, layout.kind)
            keys = _hive_keys(f, layout.target) if layout.hive else {}
            if names is not None and column not in names and column not in keys:
                raise missing_in_file_error(f, column, names)


def _file_names(path, kind) -> list[str]:
    """The column names of one CSV or Parquet file (its header line or footer)."""
    if kind == "parquet":
        import pyarrow.parquet as pq

        return list(pq.read_schema(path).names)
    return csv_header(path)


def _read_columns(roles) -> list:
    """The columns a request reads: a ``Roles``' columns, or the monitor's (its time, roles and
    propensity or weight)."""
    if hasattr(roles, "columns"):
        return list(roles.columns)
    return [roles.time, *roles.roles, *roles.weighted_by]


def missing_in_file_error(path, column: str, names) -> DataFileError:
    """A file of several (or the one file read) that lacks ``column``, which the request reads;
    a name of the file's that differs from it only in case or spelling is named as renamed."""
    name = _file_name(path)
    others = [str(n) for n in names if str(n) != column]
    near = [n for n in others if n.lower() == column.lower()]
    near = near or difflib.get_close_matches(column, others, n=1, cutoff=0.75)
    renamed = f" (it has {near[0]!r}: renamed?)" if near else ""
    return DataFileError(
        f"the file {name} has no column {column!r}{renamed}, which the request reads",
        column=column,
        fix=f"add the column {column!r} to {name} (or name it so again), or read that file "
        "apart from the others",
    )


# The folder value Hive (and Spark) write for a missing partition key, which DuckDB, pyarrow
# and Spark read back as a null
HIVE_DEFAULT = "__HIVE_DEFAULT_PARTITION__"


def _files_layout(value, name: str) -> None:
    """An argument kind: a target's files as the rule reads them (a :class:`FileLayout`)."""
    if not all(hasattr(value, a) for a in ("files", "kind", "hive", "target")):
        raise kind_refusal(value, name, "must be a FileLayout", "e.g. file_layout('d.csv')[1]")


def _request_roles(value, name: str) -> None:
    """An argument kind: the columns a request reads (a ``Roles``, the monitor's columns)."""
    if not hasattr(value, "protected") or not (hasattr(value, "columns") or hasattr(value, "time")):
        fix = "e.g. Roles(y_true='y', y_pred='pred', protected=['race'])"
        raise kind_refusal(value, name, "must be the request's roles (a Roles)", fix)


@argument_kinds(layout=_files_layout, roles=_request_roles)
def refuse_hive_default(layout, roles) -> None:
    """A group (or label) column that is a folder key with a ``KEY=__HIVE_DEFAULT_PARTITION__``
    folder (Hive's name for a missing value) refused before any engine reads: its rows'
    values are missing, counted from the files of those folders and the first folder named,
    the same words on every engine (pandas would read the name as a group). First, a column
    read that a file lacks is refused (:func:`refuse_missing_in_files`)."""
    refuse_missing_in_files(layout, _read_columns(roles))
    if not layout.hive:
        return
    labels = {getattr(roles, "y_pred", None): Y_PRED, getattr(roles, "y_true", None): Y_TRUE}
    for column in [*roles.protected, *[c for c in labels if c]]:
        files = [
            f for f in layout.files if _hive_keys(f, layout.target).get(column) == HIVE_DEFAULT
        ]
        if not files:
            continue
        n = sum(file_line(f, 1 << 62, layout.kind)[1] for f in files)
        parts = Path(files[0]).relative_to(layout.target).parts
        depth = next(i for i, part in enumerate(parts) if part.partition("=")[0] == column)
        folder = "/".join(parts[: depth + 1])
        where = f" (the folder {one_line(folder)}/, Hive's name for a missing value)"
        fix = f"rename the folder to give those rows an explicit value (e.g. {column}=Unknown)"
        if column in roles.protected:
            exc = missing_groups_error(n, where, column)
        else:
            exc = missing_values_error(n, where, _label(column, labels[column]))
        raise EthicLensInputError(exc.problem, column=exc.column, fix=fix)


def _kind_of(type_name: str) -> str:
    """What a nested cell is called in a refusal: ``list`` for a list or array, else its
    Python type (``dict`` for a struct)."""
    return "list" if type_name in ("ndarray", "list") else type_name


def _is_nested(value) -> bool:
    return isinstance(value, list | tuple | dict | set | np.ndarray)


def _interval_error(column: str, role) -> EthicLensInputError:
    """io's words for a column of pandas Intervals (``probe make-counterfactuals`` says them
    too), with the audit's own fix: bin the raw numbers here."""
    name = column if role is None else _label(column, role)
    fix = f"{interval_text_fix(column)}, or save the raw numbers and bin them here (--bins "
    fix += f"{column}=EDGES; bins= in Python)"
    return EthicLensInputError(INTERVAL_PROBLEM, column=name, fix=fix)


def interval_refusal(schemas, column, role=None) -> EthicLensInputError | None:
    """The refusal of ``column`` if the Parquet ``schemas`` (one per file) store it as pandas
    Intervals, else None: the words ``audit``, ``counts`` and the monitor say alike (``role``:
    ``y_pred``/``y_true`` for a label column, None for a group)."""
    fields = [s.field(column) for s in schemas if column and column in s.names]
    return _interval_error(column, role) if any(map(is_interval_field, fields)) else None


def refuse_nested_columns(layout, roles) -> None:
    """A Parquet prediction, label or group column holding lists, structs or maps, refused
    from the files' schemas before any engine counts (Dask cannot group by them), in the
    audit's words with the first such row (from 1): the same refusal on every engine, by
    ``audit`` and ``counts`` alike. Scores and weights are refused as not numbers."""
    if layout.kind != "parquet":
        return
    import pyarrow.parquet as pq

    schemas = [pq.read_schema(f) for f in layout.files]
    pred, role = getattr(roles, "y_pred", None), getattr(roles, "y_pred_role", Y_PRED)
    labels = [(pred, role), (getattr(roles, "y_true", None), Y_TRUE)]
    for column, role in labels + [(c, None) for c in roles.protected]:
        if (error := interval_refusal(schemas, column, role)) is not None:
            raise error
        fields = [s.field(column) for s in schemas if column and column in s.names]
        if not any(pa.types.is_nested(f.type) for f in fields):
            continue
        where, value = layout.first(column, lambda s: s.map(_is_nested).to_numpy(dtype=bool))
        value = value.tolist() if isinstance(value, np.ndarray) else value
        if role is None:
            raise EthicLensInputError(
                "group values must be scalars (found a list, tuple "
                "or other cell that is not one value), "
                f"first at {where}",
                column=column,
                value=value,
                fix="give one group label per row, e.g. a string",
            )
        raise EthicLensInputError(
            f"values must be single labels, found a {_kind_of(type(value).__name__)} at {where}",
            column=_label(column, role),
            value=value,
            fix="give one label per row (flatten or recode the column)",
        )


def parquet_categories(files, column, n_found: int | None = None) -> list | None:
    """The categories pandas gives a Parquet column it reads as categorical, else None.

    Only footers are read when every file declares ``n_found`` categories (the number of
    distinct values counted: then none is unused); else the column's dictionaries. Files whose
    categories differ are concatenated by pandas as plain values (None: nothing to check).
    """
    import pyarrow.parquet as pq

    declared = []
    for f in files:
        schema = pq.read_schema(f)
        if column not in schema.names or not pa.types.is_dictionary(schema.field(column).type):
            return None
        meta = schema.pandas_metadata or {}
        entry = next((c for c in meta.get("columns", []) if c.get("name") == column), {})
        if entry.get("pandas_type", "categorical") != "categorical":
            return None  # (pandas reads a dictionary column another writer wrote as categories)
        declared.append((entry.get("metadata") or {}).get("num_categories"))
    if n_found is not None and all(k == n_found for k in declared):
        return []  # as many categories as values found: none is unused
    lists = []
    for f in files:
        cats: list = []
        for chunk in pq.read_table(f, columns=[column]).column(column).chunks:
            cats += [v for v in chunk.dictionary.to_pylist() if v not in cats]
        lists.append(cats)
    return None if any(c != lists[0] for c in lists[1:]) else lists[0]


class FileLayout:
    """A target's files as the rule reads them: their kind, hive layout and each file's header
    (``sources._duckdb.file_layout`` makes one). Checks what an engine counted in them, and
    finds the first row (in the order they are counted) whose raw value of a column passes a
    test: the row the pandas path names. Only read once a check failed."""

    def __init__(self, files, kind, headers=None, hive=False, target=None):
        self.files, self.kind, self.headers, self.hive = list(files), kind, headers or {}, hive
        self.target = target  # the file, glob or folder named (for the no-rows refusal)
        # the folder a folder's or glob's files are named below (year=2024/part.csv): many
        # partitions share one file name; a file given alone is named by its name
        self.base = _below(target)
        # the columns that are folder keys (z=1/): their values are text, never a missing word
        self.hive_keys = {k for f in self.files for k in _hive_keys(f, target)} if hive else set()

    def check(self, raw: pd.DataFrame, roles) -> pd.DataFrame:
        """:func:`check_counts` of an engine's GROUP BY result over these files (CSV keys read
        as text), a refusal naming the first offending row; no row at all is refused as the
        pandas path refuses it (:func:`no_rows_error`), before any other check."""
        if not int(pd.to_numeric(raw[COUNT]).sum()):
            raise no_rows_error(self.target if self.target is not None else self.files[0])
        if self.kind == "csv":
            keys = {name: c for c, name in roles._keys() if c not in self.hive_keys}
            refuse_header_line(raw, keys, self.files)
        return check_counts(raw, roles, text=self.kind == "csv", locator=self, files=self.files)

    def first(self, column, test):
        """(where, raw value) of the first row where ``test(Series) -> mask`` holds (where:
        :func:`row_place`), else None."""
        for f in self.files:
            offset = 0
            try:
                for chunk in self._chunks(f, column):
                    mask = np.asarray(test(chunk), dtype=bool)
                    if mask.any():
                        i = int(np.flatnonzero(mask)[0])
                        return self._place(f, offset + i), chunk.iloc[i]
                    offset += len(chunk)
            except pd.errors.ParserError as exc:  # an engine read what pandas cannot
                raise ragged_error([f]) or DataFileError(
                    f"cannot read {_file_name(f, self.base)}: {str(exc).strip()}",
                    fix="check the file's format (comma-separated, UTF-8, one header line)",
                ) from None
        return None

    def place(self, index: int) -> str | None:
        """:func:`row_place` of row ``index`` (0-based, in the order the files are read, as
        the pandas path concatenates them); None past the last row."""
        for f in self.files:
            where = self._place(f, index)
            if isinstance(where, str):
                return where
            index -= where
        return None

    def _place(self, f, index: int) -> str | int:
        return _file_place(f, _file_name(f, self.base), index, self.kind)

    def typed_values(self, column) -> pd.Series | None:
        """What :func:`refuse_typed_numbers` reads of a Parquet score or weight column stored
        as text (its first distinct values, in row order) or true/false in every file; None
        for a CSV (typed by the reader) or a number column."""
        if self.kind != "parquet":
            return None
        import pyarrow.parquet as pq

        register_pandas_types()  # a Period column: its type, not its int64 ordinals
        kinds = {}
        for f in self.files:
            schema = pq.read_schema(f)
            if column in schema.names:  # not a hive key
                kind = schema.field(column).type
                kinds[f] = kind.value_type if pa.types.is_dictionary(kind) else kind
        text = [f for f, k in kinds.items() if _is_text_or_bytes(k)]
        if text:
            return first_distinct(chunk for f in text for chunk in self._chunks(f, column))
        times = [f for f, k in kinds.items() if _is_time(k)]
        if times:  # typed as pandas types them: "holds dates or times/durations", its words
            chunks = (chunk for f in times for chunk in self._chunks(f, column))
            return pd.Series(first_distinct(chunks).tolist())
        if kinds and all(pa.types.is_boolean(k) for k in kinds.values()):
            return pd.Series([True])
        return None

    def _chunks(self, f, column):
        if self.kind == "parquet":
            import pyarrow.parquet as pq

            pf = pq.ParquetFile(f)
            if column not in pf.schema_arrow.names:  # a hive key: the same value on every row
                n = pf.metadata.num_rows
                yield pd.Series([_hive_keys(f, self.target).get(column)] * n, dtype=object)
                return
            for batch in pf.iter_batches(columns=[column], batch_size=1 << 18):
                yield batch.column(0).to_pandas()
            return
        if (header := self.headers.get(f)) is not None and column not in header:
            n = sum(len(c) for c in self._chunks(f, header[0]))
            yield pd.Series([_hive_keys(f, self.target).get(column)] * n, dtype=object)
            return
        reader = pd.read_csv(
            f,
            usecols=[column],
            dtype=str,
            keep_default_na=False,
            na_filter=False,
            chunksize=1 << 18,
            encoding="utf-8-sig",
            index_col=False,
        )
        with reader:
            for chunk in reader:
                yield chunk[column].astype(object)


def refuse_header_line(frame: pd.DataFrame, keys: dict, files) -> None:
    """``io.refuse_repeated_header`` of the rows (text as read) or cells of CSV ``files``:
    ``keys``, the columns of ``frame`` -> the source columns they hold. A column named as a
    missing word (``NA``), read as missing by pandas and as text by the others, stops it."""
    if not any(name in _NA for name in keys.values()):
        refuse_repeated_header(frame, files, keys)


def no_rows_error(target) -> DataFileError:
    """The refusal of a file, glob or folder whose files hold no data row (header-only CSVs,
    zero-row Parquet files), the same words on every engine and for every kind of file."""
    what = f"file {one_line(target)}" if Path(target).is_file() else one_line(target)
    return EmptyInputError(f"{what} has no data rows", fix="export the data again")


@argument_kinds(path=path_kind())
@argument_kinds(
    path=path_kind(),
    index=whole_kind(0, fix="e.g. 0 (the first data row)"),
    kind=instance_kind(str, "the file's kind", "e.g. 'csv' or 'parquet'"),
)
def row_place(path, index: int, kind: str) -> str | int:
    """Where data row ``index`` (0-based, as pandas reads the file) lies: ``FILE line L`` of a
    CSV file, ``FILE row R`` of a Parquet one (:func:`file_line`). Past the file's last row:
    its number of rows. A file that is not there is refused as every reader refuses it."""
    try:  # never os's FileNotFoundError from the line count
        refuse_missing(path)
    except DataFileError as exc:
        raise DataFileError(exc.problem, column="path", kind="argument", fix=exc.fix) from None
    return _file_place(path, Path(path).name, index, kind)


# A JSON file's name (JSON lines when group 1 is set), compressed or not
JSON_NAME = re.compile(r"\.json(l)?(\.\w+)?$", re.I)


def json_record_line(path, index: int, starts=_object_starts) -> str | None:
    """``FILE line L``, the line record ``index`` (0-based) of the JSON file ``path`` starts on
    where each record starts a line of its own (JSON lines, blank lines counted; a list of
    records one a line or indented), as a repeated key is named; else None (records sharing a
    line, no list of records, text ``json`` does not parse). ``starts``: io's record finder."""
    path = str(path)
    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as h:
        text = h.handle.read()
    lines = bool(JSON_NAME.search(path).group(1))
    if not (lines or text.lstrip().startswith("[")):
        return None  # no list of records ({column: [values]})
    found, last = [1], 0  # each record's line, counted on from the last (a million)
    try:
        for at in starts(text, lines):
            found.append(found[-1] + text.count("\n", last, at))
            last = at
    except (ValueError, RecursionError):  # pandas read what json does not: no line
        return None
    found = found[1:]
    if index >= len(found) or len(set(found)) < len(found):
        return None  # records sharing a line: no line names one
    return f"{_file_name(path)} line {found[index]}"


def json_row_place(path, index: int, starts=_object_starts) -> str:
    """Where record ``index`` (0-based) of the JSON file ``path`` lies: its line
    (:func:`json_record_line`), else ``FILE row R`` counted from 1 (records sharing a line, a
    {column: [values]} table), as a Parquet file's row is named: one rule for a file's rows."""
    return json_record_line(path, index, starts) or f"{_file_name(path)} row {index + 1}"


def table_place(path, index: int) -> str:
    """Where row ``index`` (0-based, as read) of the one table file ``path`` lies, as the row
    audit names a refused row: ``FILE line L`` of a CSV (compressed too) or of a JSON file
    whose records start lines of their own, else ``FILE row R`` (counted from 1) of a Parquet
    or JSON one; past the file's last row its number of rows. Its
    type is the reader's (io): ``c.json.csv`` is a CSV, ``c.json.parquet`` a Parquet file."""
    suffix, inner = Path(path).suffix.lower(), Path(Path(path).stem).suffix.lower()
    if suffix in (".json", ".jsonl") or (suffix in COMPRESSED and inner in (".json", ".jsonl")):
        return json_row_place(path, index)
    return str(row_place(path, index, "parquet" if suffix in (".parquet", ".pq") else "csv"))


def _file_place(path, name: str, index: int, kind: str) -> str | int:
    """:func:`row_place` naming the file ``name``."""
    number = file_line(path, index, kind)
    if isinstance(number, tuple):
        return number[1]
    return f"{name} {'row' if kind == 'parquet' else 'line'} {number}"


def named_below(func):
    """``func(target, ...)`` with io's refusals of TARGET's files (a folder's or glob's: a NUL
    byte, a row with surplus fields) naming each by its path below it, as :class:`FileLayout`
    names its rows; a file given alone by its name."""

    @functools.wraps(func)
    def named(target, *args, **kwargs):
        if not isinstance(target, str | os.PathLike):  # None, 5, bytes: named, no TypeError
            refuse_missing(target, "TARGET")
        target = os.fspath(target)  # a pathlib.Path read as its text (a glob's too)
        _path_exists(target, "TARGET")  # a name too long: refused as such, not by is_file
        with _named_below(_below(target)):
            return func(target, *args, **kwargs)

    return named


def _below(target) -> Path | None:
    """The folder TARGET's files are named below: None for a file given alone."""
    return None if target is None or Path(target).is_file() else _glob_base(target)


def _glob_base(target) -> Path:
    """The folder TARGET names, or the folder of a glob's parts before its first wildcard."""
    parts = Path(target).parts
    fixed = next((i for i, p in enumerate(parts) if any(c in p for c in "*?[")), len(parts))
    return Path(*parts[:fixed]) if fixed else Path()


def file_line(path, index: int, kind: str) -> int | tuple[None, int]:
    """The line of data row ``index`` (0-based, as pandas reads the file) of a CSV file (the
    header is line 1; blank lines, which pandas skips, and quoted line breaks counted), the row
    number (from 1) of a Parquet one; past the file's last row ``(None, its number of rows)``.
    Reads the file (only once a row is refused)."""
    path = Path(path)
    if kind == "parquet":
        import pyarrow.parquet as pq

        n = pq.ParquetFile(path).metadata.num_rows
        return index + 1 if index < n else (None, n)
    with csv_rows(path) as rows:
        next(rows, None)
        start, seen = rows.line_num + 1, 0
        for row in rows:
            if not blank_line(row):
                if seen == index:
                    return start
                seen += 1
            start = rows.line_num + 1
    return None, seen


# "first at row N" of a check; "found a ndarray at row N" of the audit's list-label refusal
_FIRST_ROW = re.compile(r"(first|found a (\w+)) at row (\d+)")


def name_file_rows(exc: EthicLensInputError, layout: FileLayout) -> EthicLensInputError:
    """``exc`` with its "first at row N" (N counted from 0 over the rows read) naming the
    file and line instead (:meth:`FileLayout.place`): the refusal of a check run on the rows
    the pandas path read from ``layout``'s files, as the other engines word it."""
    if (found := _FIRST_ROW.search(exc.problem)) is None and exc.problem.startswith(BLANK_GROUPS):
        # the audit names blank group names without a row (on counts they are cells): the
        # first row holding one, as the engines' check names it
        hit = layout.first(exc.column, blank_text)
        where = f", first at {hit[0]}" if hit and isinstance(hit[0], str) else ""
        problem = exc.problem + where
    else:
        where = layout.place(int(found.group(3))) if found else None
        if where is None:
            return exc
        # a Parquet list cell reaches pandas as an ndarray: named as the files' check names it
        said = "first" if found.group(2) is None else f"found a {_kind_of(found.group(2))}"
        problem = exc.problem[: found.start()] + f"{said} at {where}" + exc.problem[found.end() :]
        problem += _missing_text(exc, layout) if found.group(2) is None else ""
    value = _number_as_written(exc, layout)
    return type(exc)(problem, column=exc.column, value=value, fix=exc.fix, kind=exc.kind)


# the refusals of a score or weight that is a number, but not one the audit takes
_NUMBER_REFUSALS = ("weights must be finite and >= 0;", "scores must lie in [0, 1];")


def _number_as_written(exc: EthicLensInputError, layout):
    """``exc``'s value, a CSV's score or weight text read as a number (-3.0), as written
    (-3), as the counting engines show it (:meth:`_GroupByCheck.first_number`)."""
    value = exc.value
    if getattr(layout, "kind", None) != "csv" or not isinstance(value, float):
        return value
    if not np.isfinite(value):  # inf and nan as read, whatever their spelling (' Infinity')
        return value
    if not exc.problem.startswith(_NUMBER_REFUSALS):
        return value
    column = re.sub(r" \((y_score|sample_weight)\)$", "", str(exc.column))
    # the first bad row is the first holding its value (an earlier one would be bad too)
    hit = layout.first(column, lambda s: numbers(s, True)[0] == value)
    if not hit or not isinstance(hit[1], str) or len(hit[1].strip()) > SHOWN_DIGITS:
        return value
    return _Shown(hit[1].strip())


# How the refusal of a missing label or group value begins (:func:`missing_values_error`)
_MISSING_REFUSAL = re.compile(r"\d+ missing (group )?value\(s\), first at row \d+$")


def _missing_text(exc: EthicLensInputError, layout) -> str:
    """`` ('NA', read as missing)``: for a refusal of a missing label or group value in the
    rows read from CSV files, the text its first row held, as the counting engines show it
    (:func:`read_as_missing`); '' otherwise. A label's column is named ``y (y_true)``."""
    if not _MISSING_REFUSAL.match(exc.problem) or getattr(layout, "kind", None) != "csv":
        return ""
    for column in dict.fromkeys([str(exc.column), re.sub(r" \([^()]*\)$", "", str(exc.column))]):
        if column in layout.hive_keys:  # a folder's name: text, never a missing word
            return ""
        if layout.headers and not any(column in h for h in layout.headers.values()):
            continue  # no column of the files as written: 'y (y_true)', 'yhat2 (pred_b)'
        try:
            hit = layout.first(column, lambda s: missing_mask(s, True))
        except (ValueError, KeyError):  # the same, in a file read without its header known
            continue
        return read_as_missing(hit[1]) if hit else ""
    return ""


# How the audit's refusal of whitespace-only group names begins (``fairness``: every such
# spelling named, no row); an empty name alone ('', Parquet or a database) is its own message.
BLANK_GROUPS = "holds blank group names"


def blank_text(values) -> np.ndarray:
    """Values that are text of whitespace only (' ', a tab, a no-break space) or empty."""
    s = pd.Series(values, dtype=object) if not isinstance(values, pd.Series) else values
    return s.map(lambda v: isinstance(v, str) and prints_blank(v)).to_numpy(dtype=bool)


def refuse_blank_groups(values, column, where_of) -> None:
    """Refuse group names of whitespace only among ``values`` in the audit's words
    (``fairness.encode_groups`` builds them: every such name, up to five), the first row
    holding one added by ``where_of(test)`` (", first at FILE line L", or ""). An empty name
    alone is left to the audit: its words name no row on any engine."""
    try:  # each distinct value once: a million rows hold a handful of groups
        distinct = pd.unique(pd.Series(values, dtype=object))
    except TypeError:  # a list or dict cell (refused later, by the audit's own check)
        distinct = [v for v in values if isinstance(v, str)]
    blank = sorted({v for v in distinct if isinstance(v, str) and prints_blank(v)})
    if not blank or blank == [""]:
        return
    exc = blank_groups_error(blank, column)
    raise EthicLensInputError(
        exc.problem + where_of(blank_text), column=exc.column, value=exc.value, fix=exc.fix
    )


# -- values -----------------------------------------------------------------------------------


def missing_mask(values, text: bool) -> np.ndarray:
    """Missing values: nulls, NaN, and for CSV text an empty field or an NA word."""
    s = pd.Series(values, dtype=object) if not isinstance(values, pd.Series) else values
    miss = s.isna().to_numpy()
    if text:
        miss = miss | s.astype(object).isin(_NA).to_numpy()
    return miss


def numbers(values, text: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, missing, not a number) of each raw value of a score or weight column."""
    s = values if isinstance(values, pd.Series) else pd.Series(values)
    if pd.api.types.is_bool_dtype(s.dtype):
        s = s.astype(float)
    missing = missing_mask(s, text)
    if pd.api.types.is_numeric_dtype(s.dtype):
        v = s.to_numpy(dtype=float, na_value=np.nan)
        notnum = np.zeros(len(s), dtype=bool)
    else:
        obj = s.astype(object).where(~missing, None)
        v = pd.to_numeric(obj, errors="coerce").to_numpy(dtype=float, na_value=np.nan).copy()
        notnum = np.isnan(v) & ~missing
        if notnum.any():  # text pd.to_numeric leaves that the audit's float() reads: ' inf'
            read = [float_of_text(x) for x in obj[notnum]]
            v[notnum] = [np.nan if x is None else x for x in read]
            notnum[notnum] = [x is None for x in read]
    missing = missing | (np.isnan(v) & ~notnum)
    return v, missing, notnum


def text_kind(text: str) -> int:
    """What a score's or weight's text stored in a typed column (Parquet, a database) is, as
    :func:`numbers` reads it there: ``NUMBER``, ``MISSING`` (``nan``) or ``NOT_NUMBER`` ('2abc',
    'heavy', '': only a CSV's empty field is missing); '+nan' and 'iNf' too, as the audit
    reads them."""
    if (value := float_of_text(text)) is None:
        return NOT_NUMBER
    return MISSING if np.isnan(value) else NUMBER


def text_number(text: str) -> float | None:
    """The number the text of a score or weight holds, None when :func:`text_kind` is not
    ``NUMBER``."""
    return float_of_text(text) if text_kind(text) == NUMBER else None


def score_bins(values, n_bins: int, text: bool) -> np.ndarray:
    """Each score's bin: NaN when missing, -2 not a number, -1 outside [0, 1], else
    b with ``b/k <= s < (b+1)/k`` (1 in bin k - 1): ``floor(s * k)`` moved by one where the
    product's rounding crossed an edge (0.57 in bin 57 of 100, though 0.57 * 100 is
    56.99999999999999), as numpy, SQL and Spark compute it; a float32 score as the decimal it
    prints as (0.7 in bin 7 of 10, as in a CSV)."""
    v, missing, notnum = numbers(printed_floats(values), text)
    with np.errstate(invalid="ignore"):
        b = np.floor(v * n_bins)
        b = b + (v >= (b + 1) / n_bins) - (v < b / n_bins)
        out = np.minimum(b, n_bins - 1)
        out = np.where((v < 0) | (v > 1), -1.0, out)
    out = np.where(notnum, float(NOT_A_NUMBER), out)
    return np.where(missing, np.nan, out)


def type_labels(values: pd.Series) -> pd.Series:
    """CSV label text typed as pandas types the column: integers, else floats, else booleans,
    else the text itself (no missing values here: they were refused)."""
    codes, uniques = pd.factorize(values, use_na_sentinel=False)
    if not (present := [v for v in uniques if isinstance(v, str)]):
        return values
    if all(INT_TEXT.fullmatch(v) for v in present):
        mapping = {v: int(v) for v in present}
    elif all(NUMBER_TEXT.fullmatch(v) for v in present):
        mapping = {v: float(v) for v in present}
    elif all(v in TRUE_TEXT + FALSE_TEXT for v in present):
        mapping = {v: v in TRUE_TEXT for v in present}
    else:
        return values.astype(object)
    if len(present) == len(uniques):  # text only: each value is the one text it factorized to
        typed = np.empty(len(uniques), dtype=object)
        typed[:] = [mapping[v] for v in uniques]
        return pd.Series(typed[codes].tolist(), index=values.index)
    return pd.Series([mapping.get(v, v) for v in values], index=values.index)


# -- the one check of an engine's GROUP BY -----------------------------------------------------


def _label(name, role) -> str:
    return f"{name} ({role})" if name is not None and str(name) != role else role


def read_as_missing(value) -> str:
    """The text a CSV reader took for a missing value, as a refusal shows it beside the first
    row holding it: `` ('NA', read as missing)``, `` (an empty field)``; '' for a value that
    was no text (a Parquet or database null, a DataFrame's NaN)."""
    if not isinstance(value, str):
        return ""
    return " (an empty field)" if value == "" else f" ({value!r}, read as missing)"


def missing_values_error(n: int, where: str, column) -> EthicLensInputError:
    """``n`` missing labels (or predictions) in ``column``, ``where`` naming the first row."""
    return EthicLensInputError(
        f"{n} missing value(s){where}",
        column=column,
        fix="drop or impute those rows before auditing",
    )


def missing_groups_error(n: int, where: str, column) -> EthicLensInputError:
    """``n`` missing group values in ``column``, ``where`` naming the first row."""
    return EthicLensInputError(
        f"{n} missing group value(s){where}",
        column=column,
        kind="column",  # a data column, also when spelled like an argument (TARGET)
        fix="drop those rows or give the missing values an explicit group (e.g. 'Unknown')",
    )


@dataclass(frozen=True)
class _GroupByCheck:
    """What every step of :func:`check_counts` reads: the roles, how the keys were read, each
    cell's row count, and (files only) how to find the first offending row."""

    roles: object
    text: bool
    count: np.ndarray
    locator: object = None
    files: object = None

    def row_of(self, column, test) -> tuple[str, object]:
        """(", first at FILE line N" or "", that row's value) of the first row where ``test``
        holds."""
        hit = None if self.locator is None else self.locator.first(column, test)
        if not hit:
            return "", None
        return (f", first at {hit[0]}" if hit[0] else ""), hit[1]

    def first_number(self, column, test) -> tuple[str, float | None]:
        """Like :meth:`row_of` for a numeric column whose values ``test`` rejects (``test``
        gets the values as numbers); the value as a float."""

        def rejected(s):
            v, _, _ = numbers(s, self.text)
            with np.errstate(invalid="ignore"):
                return test(v)

        where, value = self.row_of(column, rejected)
        if value is None:
            return where, None
        number = float(numbers(pd.Series([value]), self.text)[0][0])
        if isinstance(value, str) and len(value.strip()) <= SHOWN_DIGITS and np.isfinite(number):
            return where, _Shown(value.strip())  # a CSV's text, as written: -3, not -3.0
        if isinstance(value, numbers_abc.Integral) and not isinstance(value, bool | np.bool_):
            return where, int(value)  # a whole-number column's -3, as the arrays API shows it
        return where, number


def check_counts(raw: pd.DataFrame, roles, *, text: bool, locator=None, files=None):
    """Check an engine's GROUP BY result by the rule and type its keys; returns the cells.

    ``raw`` has the key columns (protected…, ``y_true``, ``y_pred``, ``score_bin``) as the
    engine read them (text for CSV), ``count``, the sums, and the diagnostic columns. Problems
    are refused in the order ``audit`` checks them, with its words; ``locator`` (files only)
    names the first offending row.
    """
    raw = raw.reset_index(drop=True)
    count = pd.to_numeric(raw[COUNT]).to_numpy(dtype=np.int64)
    check = _GroupByCheck(roles, text, count, locator, files)
    raw = _without_extra_fields(raw, files)
    _check_labels(raw, check)
    raw = _merge_equal_cells(raw.drop(columns=FILE_NAME, errors="ignore"), roles)
    check = replace(check, count=pd.to_numeric(raw[COUNT]).to_numpy(dtype=np.int64))
    _check_scores(raw, check)
    _check_key_scores(raw, check)
    raw = _check_weights(raw, check)
    _check_groups(raw, check)
    return raw


def _without_extra_fields(raw: pd.DataFrame, files) -> pd.DataFrame:
    """Refuse CSV rows with surplus fields (naming the line), then drop the diagnostic."""
    if EXTRA_FIELDS not in raw.columns:
        return raw
    if int(pd.to_numeric(raw[EXTRA_FIELDS]).fillna(0).sum()) and files:
        if err := ragged_error(files):
            raise err
    return raw.drop(columns=EXTRA_FIELDS)


def _check_labels(raw: pd.DataFrame, check: _GroupByCheck) -> None:
    """No missing prediction or label; CSV labels typed as pandas types them; for an audit
    given no ``--pos-label``, no label it refuses (:func:`refuse_as_audit`), in its order."""
    roles, text, counted = check.roles, check.text, check.count > 0
    audit, passed, labels = getattr(roles, "binary_labels", False) == "audit", [], {}
    for key, source, role in (
        (Y_PRED, roles.y_pred, roles.y_pred_role),  # "y_true" where the labels are counted so
        (Y_TRUE, roles.y_true, Y_TRUE),
    ):
        if key not in raw.columns:
            continue
        miss = missing_mask(raw[key], text) & counted
        if miss.any():
            refuse_as_audit(passed)  # the audit checks the columns before this one first
            where, value = check.row_of(source, lambda s: missing_mask(s, text))
            where += read_as_missing(value) if text else ""  # 'NA', 'null', an empty field
            raise missing_values_error(int(check.count[miss].sum()), where, _label(source, role))
        if text:
            raw[key] = _type_labels_by_file(raw, key)
        # 1 and '1' (a database column, files of two types): no pos_label makes them one label
        check_labels_print_apart(_uniques(raw[key][counted]), _label(source, role))
        _refuse_stray_labels(raw[key], check, source, role)
        if audit:
            passed.append((raw[key][counted], check.count[counted], source, role))
        values = raw[key][counted].rename(source).reset_index(drop=True)
        refuse_pos_label(labels, values, role, roles, check.count[counted])
    refuse_as_audit(passed)

    def keys(column):  # a second model's values, typed as the labels are (CSV: file by file)
        values = _type_labels_by_file(raw, column) if text else raw[column]
        return values[counted].rename(column).reset_index(drop=True)

    refuse_pos_label(labels, None, None, roles, check.count[counted], keys)


def _refuse_stray_labels(values: pd.Series, check: _GroupByCheck, source, role) -> None:
    """Labels (predictions) that no ``--pos-label`` reads as meant, refused at source with the
    first row: see :func:`stray_labels_error`."""
    counted = check.count > 0
    if not getattr(check.roles, "binary_labels", False):
        return
    uniques = _uniques(values[counted])
    if not stray_labels(uniques):
        return
    odd = ~values.map(_zero_one_text).to_numpy(dtype=bool) & counted
    where, value = check.row_of(source, lambda s: ~s.map(_zero_one_text).to_numpy(dtype=bool))
    n, total = int(check.count[odd].sum()), int(check.count[counted].sum())
    audit = check.roles.binary_labels == "audit"
    raise stray_labels_error(
        uniques, n, where, value, _label(source, role), role, total=total, audit=audit
    )


def refuse_pos_label(labels: dict, values, role, roles, counts, keys=None) -> None:
    """``roles.pos_label`` refused where the audit refuses it, in its words and order
    (``fairness.as_binary_columns``): the label column ``values`` (named by its source column,
    ``counts`` rows each) writing it otherwise at once; one that never holds it once every label
    column is in ``labels`` (``values`` None), unless the other column writes it. Checked before
    any score, weight or group, as the audit checks them. The refusal carries the label
    columns and a second model's (``keys``: column -> its values) for the spec's own check."""
    if (pos_label := getattr(roles, "pos_label", None)) is None:
        return
    if values is None:
        try:
            as_binary_columns(labels, pos_label, counts=counts)
        except PosLabelAbsent as exc:  # the spec's check names both columns (spec._run)
            exc.columns = {v.name: v for v in reversed(labels.values())}  # labels first
            for col, key_role in getattr(roles, "key_roles", {}).items():
                if key_role.startswith("y_pred") and keys is not None:  # model B
                    exc.columns[col] = keys(col)
            raise
        return
    labels[role] = values
    try:
        as_binary(values, role, pos_label, counts=counts)
    except PosLabelAbsent:
        pass  # the audit says so once every label column is read


def refuse_as_audit(passed: list) -> None:
    """Labels that each read as 0/1 to the rows' check but that an audit given no
    ``--pos-label`` refuses ('true' among 0/1, text '0.0', yes/no), refused in its words
    (``fairness.as_binary``): ``passed``, the (values, their counts or None, source column,
    role) of the label columns that check passed, predictions first, as the audit checks
    them. The pandas path refuses them so, before any score, weight or group."""
    for values, counts, source, role in passed:
        try:
            as_binary(pd.Series(values.to_numpy(dtype=object), name=source), role, counts=counts)
        except EthicLensInputError as exc:
            raise EthicLensInputError(
                exc.problem, column=_label(source, role), fix=exc.fix
            ) from None


def _counted_values(value, name: str) -> None:
    """An argument kind: a database's counted keys in their rows' order (a list, an index)."""
    if value is None or isinstance(value, str | bytes | set | frozenset | dict):
        raise kind_refusal(value, name, "must be the counted values in order", "e.g. ['0', '1']")
    if not hasattr(value, "__len__"):
        raise kind_refusal(value, name, "must be the counted values in order", "e.g. ['0', '1']")


@argument_kinds(
    values=_counted_values,
    column=instance_kind(str, "the column's name", "e.g. 'pred'"),
    role=instance_kind(str, "the column's role", "e.g. 'y_pred'"),
)
def refuse_stray_counted(values, counts, column: str, role: str = Y_PRED) -> None:
    """Stray labels among counted ``values`` (a database's GROUP BY keys, ``counts`` rows
    each) refused in :func:`stray_labels_error`'s words, naming no row (a table has no line):
    how many rows hold them and the first such value, as a database's labels are refused."""
    uniques = list(values)
    listed = isinstance(counts, list | tuple | np.ndarray | pd.Series)
    if not listed or np.shape(counts) != (len(uniques),):  # one count a value, in order
        fix = "e.g. counts.to_numpy() of the same GROUP BY"
        problem = f"must be {len(uniques)} row counts, one a value"
        raise kind_refusal(counts, "counts", problem, fix)
    if not stray_labels(uniques):
        return
    counts = np.asarray(counts)
    odd = np.array([not _zero_one_text(u) for u in uniques])
    value = uniques[int(odd.argmax())]
    n, total = int(counts[odd].sum()), int(counts.sum())
    raise stray_labels_error(uniques, n, "", value, column, role, total=total, audit=True)


def stray_labels(uniques) -> bool:
    """0/1 mixed with other values (one stray word, a 0.7), or numbers other than 0/1 (scores,
    codes): labels no ``--pos-label`` reads as meant. Text labels only ('yes'/'no', a
    database's 'true'/'false') are not: ``audit --counts --pos-label`` reads them."""
    odd = [u for u in uniques if not _zero_one_text(u)]
    return bool(odd) and any(_zero_one_text(u) or _number(u) for u in uniques)


def stray_labels_error(
    uniques, n: int, where: str, value, column, role: str = Y_PRED, *, total=None, audit=False
) -> EthicLensInputError:
    """The refusal of :func:`stray_labels` in ``audit``'s words (``fairness.as_binary``'s:
    "is not binary 0/1: found values …", or "looks like scores …"; a stray 0.5 among the
    ``total`` rows is scores only when many rows hold it), with the facts a count has: how
    many rows hold values that are not 0/1 (text '0'/'1' are) and the first (``where``, its
    ``value``). Its fix fits ``ethiclens counts``, which has no ``--pos-label``: recode, or
    audit the same data (a file, a database's table) with ``--pos-label``; with ``audit`` (an
    audit given no ``--pos-label``, which refuses these values on every engine before
    counting) the fix is the audit's own."""
    uniques = list(uniques)
    odd_mask = [not _zero_one_text(u) for u in uniques]
    k = sum(odd_mask)
    # the rows split evenly among the values: the audit's rule reads only the two sums
    counts = None
    if total is not None and 0 < k < len(uniques):
        counts = [n / k if o else (total - n) / (len(uniques) - k) for o in odd_mask]
    name = str(column).rsplit(" (", 1)[0]  # 'p (y_pred)': the audit's fix recodes df['p']
    try:
        as_binary(pd.Series(uniques, dtype=object, name=name), role, counts=counts)
    except EthicLensInputError as exc:
        audit_words = exc
    else:  # not reached: stray labels are never all 0/1
        raise AssertionError(uniques)
    scores = audit_words.problem.startswith("looks like scores")
    if audit and scores:  # a column of scores: no row is to blame, every engine says so
        said = EthicLensInputError(audit_words.problem, column=column, fix=audit_words.fix)
        return with_found(said, audit_words)
    # a decimal as the audit reads it, a float (0.50 is 0.5): one text on every engine
    odd = sorted(
        str(float(u) if isinstance(u, Decimal) else u) for u in uniques if not _zero_one_text(u)
    )
    # else listed already
    held = names_words(odd[:10]) if len(odd) < len(uniques) else "such values"
    shown = f" (value {str(value)!r})" if value is not None else ""
    said = "" if audit else "without a positive label a counted label must be 0/1: "
    if audit:
        fix = audit_words.fix
    elif scores:
        fix = f"{audit_words.fix}, then count again"
    else:
        fix = (
            "recode it to 0/1, then count again (ethiclens counts has no --pos-label: to audit "
            "these values as they are, run ethiclens audit on the same data with --pos-label)"
        )
    refusal = EthicLensInputError(
        f"{audit_words.problem}; {said}{n} row(s) hold {held}{where}{shown}",
        column=column,
        fix=fix,
    )
    return with_found(refusal, audit_words)


def _zero_one(value) -> bool:
    return isinstance(value, bool | np.bool_) or (_number(value) and value in (0, 1))


def _number(value) -> bool:
    """A number, a decimal too (a Parquet or database DECIMAL: 1.00 is 1, as the audit and
    DuckDB read it); not true/false."""
    number = int | float | np.integer | np.floating | Decimal
    return isinstance(value, number) and not isinstance(value, bool | np.bool_)


def _zero_one_text(value) -> bool:
    """A raw value (a CSV's text, a Parquet or database value) that reads as 0/1."""
    if isinstance(value, str):
        text = value.strip()
        if text in TRUE_TEXT + FALSE_TEXT:
            return True
        try:  # ASCII digits only: '١' is text, as every engine reads it
            return bool(NUMBER_TEXT.fullmatch(text)) and float(text) in (0.0, 1.0)
        except ValueError:
            return False
    return _zero_one(value)


def _type_labels_by_file(raw: pd.DataFrame, key: str) -> pd.Series:
    """The labels of ``key`` typed as pandas types them: each file's on its own (its
    ``FILE_NAME`` key), when the engine counted several files, then joined as pandas joins
    the files (one file's integers among another's floats are floats)."""
    if FILE_NAME not in raw.columns:
        return type_labels(raw[key])
    # the files' typed labels joined as pandas joins the files' frames (pd.concat): 0/1 in one
    # file and 0.0/1.0 in another are floats 0.0/1.0 on every engine, whichever file an engine
    # happened to count first
    parts = [type_labels(rows) for _, rows in raw.groupby(FILE_NAME, sort=False)[key]]
    return pd.concat(widen_numbers(parts)).reindex(raw.index).astype(object)


def join_files(parts: list, columns) -> pd.DataFrame:
    """The frames ``parts`` (of files, or of the files that store each column as one type)
    joined as one, the same whatever the order of the files: in each of ``columns`` (labels,
    groups) the booleans, integers and floats of different parts as :func:`widen_numbers`
    joins them. pandas' own join keeps booleans before floats as booleans, and names a group
    1 beside 1.0 and text by whichever file came first. One frame is returned as it is."""
    if len(parts) == 1:
        return parts[0]
    # a file with no rows (a header only) has no values to join: its types decide nothing
    parts = [p.copy() for p in parts if len(p)] or [p.copy() for p in parts[:1]]
    for col in columns:
        holding = [p for p in parts if col in p.columns]
        for p, values in zip(holding, widen_numbers([p[col] for p in holding]), strict=True):
            p[col] = values
    return pd.concat(parts, ignore_index=True)


def joined_columns(roles, *, counted: bool) -> list:
    """The prediction, label and group columns of ``roles`` for :func:`join_files`: as read
    from the files (every column but a score or weight), or (``counted``) as an engine's
    GROUP BY names them (``y_pred``, ``y_true``, the groups)."""
    if not counted:
        numbers = {getattr(roles, "y_score", None), getattr(roles, "weight", None)}
        return [c for c in roles.columns if c not in numbers or c in roles.protected]
    return [Y_PRED, Y_TRUE, *roles.protected]


def widen_numbers(parts: list) -> list:
    """The Series ``parts`` of one column, its booleans, integers and floats the widest of
    them in every part (True is 1, 1 is 1.0), as pandas joins number columns; but where a
    part holds text (or other values) that a narrower number prints as (1 and '1', True and
    'True'), every equal number is written as that narrower one, so the join is refused as
    such values are, whichever file came first."""
    kinds = [
        {"b": 0, "i": 1, "u": 1, "f": 2}.get(p.dtype.kind, -1) if len(p) else None for p in parts
    ]
    wide = max((k for k in kinds if k is not None), default=-1)
    narrow = sorted((k, i) for i, k in enumerate(kinds) if k is not None and 0 <= k < wide)
    if not narrow:
        return parts
    first: dict = {}  # each number as its narrowest part writes it
    for _, i in narrow:
        for v in parts[i].dropna().unique():
            first.setdefault(v, v)
    shown = {str(v) for p, k in zip(parts, kinds, strict=True) if k == -1 for v in _uniques(p)}
    if shown & set(map(str, first.values())):  # refused as 1 and '1' are, wherever they lie
        numeric = [i for i, k in enumerate(kinds) if k is not None and k >= 0]
        return [
            p.astype(object).map(lambda v: first.get(v, v)) if i in numeric else p
            for i, p in enumerate(parts)
        ]

    def widened(p):  # a nullable boolean's missing value stays missing among integers
        return p.astype(np.float64 if wide == 2 else "Int64" if p.hasnans else np.int64)

    low = {i for _, i in narrow}
    return [widened(p) if i in low else p for i, p in enumerate(parts)]


def _uniques(values: pd.Series) -> list:
    try:
        return list(pd.unique(values))
    except Exception:  # a list, a Series, a __hash__ that raises: refused in the audit's words
        return []


def _merge_equal_cells(raw: pd.DataFrame, roles) -> pd.DataFrame:
    """Cells whose labels were written two ways (``1`` and ``1.0``, ``true`` and ``TRUE``,
    `` 1``) are one label once typed, as pandas reads them: their rows are added up."""
    keys = list(roles.protected) + [k for k in (Y_TRUE, Y_PRED, SCORE_BIN) if k in raw.columns]
    try:
        if not raw.duplicated(keys).any():
            return raw
    except TypeError:  # a list or mapping as a key: the group and label checks refuse it
        return raw
    merged = raw.groupby(keys, sort=False, dropna=False, observed=True).sum()
    return merged.reset_index()[list(raw.columns)]


def _check_scores(raw: pd.DataFrame, check: _GroupByCheck) -> None:
    """Scores are numbers, none missing, all in [0, 1]."""
    if SCORE_BIN not in raw.columns:
        return
    b = pd.to_numeric(raw[SCORE_BIN]).to_numpy(dtype=float)
    _refuse_scores(check.roles.y_score, b == NOT_A_NUMBER, np.isnan(b), b == -1, check)


def _check_key_scores(raw: pd.DataFrame, check: _GroupByCheck) -> None:
    """Scores counted as a key (``Roles.key_roles``): checked from their values as read."""
    for col, role in check.roles.key_roles.items():
        if role == "y_score" and col in raw.columns:
            v, miss, notnum = numbers(raw[col], check.text)
            with np.errstate(invalid="ignore"):
                _refuse_scores(col, notnum, miss, (v < 0) | (v > 1), check)


def _refuse_scores(source, notnum, miss, out, check: _GroupByCheck) -> None:
    """Refuse the cells (masks) whose scores are not numbers, missing or outside [0, 1], in
    that order, naming the first row of ``source`` as the pandas path does."""
    count = check.count
    column = _label(source, "y_score")
    n = int(count[notnum & (count > 0)].sum())
    _refuse_not_numbers(
        check, source, "y_score", n, "scores must be numbers in [0, 1]", "pass probabilities"
    )
    miss = miss & (count > 0)
    if miss.any():
        where, _ = check.row_of(source, lambda s: numbers(s, check.text)[1])
        raise EthicLensInputError(
            f"{int(count[miss].sum())} missing score(s){where}",
            column=column,
            fix="drop or impute those rows",
        )
    out = out & (count > 0)
    if out.any():
        where, value = check.first_number(source, lambda v: (v < 0) | (v > 1))
        raise EthicLensInputError(
            f"scores must lie in [0, 1]; {int(count[out].sum())} do not{where}",
            column=column,
            value=value,
            fix="pass calibrated probabilities (e.g. predict_proba[:, 1]), not logits or ranks",
        )


def _refuse_not_numbers(check: _GroupByCheck, source, role, n: int, words: str, fix: str) -> None:
    """Refuse the ``n`` values of a score or weight column ``source`` that are not numbers,
    naming the first (a true/false column in the audit's words first), then a column typed
    as text though every value is a number (:func:`refuse_typed_numbers`)."""
    if n:
        refuse_typed_numbers(check.locator, source, role, true_false=True)
        where, value = check.row_of(source, lambda s: numbers(s, check.text)[2])
        raise EthicLensInputError(
            not_numbers(words, n, where),
            column=_label(source, role),
            value=value,
            fix=formatted_number_fix(value, fix),  # '0,73': a number, written with a comma
        )
    refuse_typed_numbers(check.locator, source, role)


def refuse_typed_numbers(locator, column: str, role: str, *, true_false: bool = False) -> None:
    """Refuse a score or weight ``column`` stored as text or true/false, as the audit refuses
    that column read by pandas (``fairness.typed_numbers_error``, the same words and first
    text values): DuckDB, Dask and Spark cast it to numbers unseen. ``locator``'s
    ``typed_values(column)`` says what the column's type is (a Parquet file's, an in-memory
    frame's, a database's); a CSV's columns are typed by the reader. Called once every value
    was found to be a number; with ``true_false``, before values found not to be numbers are
    refused, for a true/false column only (a database's BOOLEAN, which its count does not
    read as numbers)."""
    typed_values = getattr(locator, "typed_values", None)
    values = typed_values(column) if typed_values else None
    early = values is not None and (
        pd.api.types.is_bool_dtype(values)
        or values.dtype.kind in "mM"
        or isinstance(values.dtype, pd.PeriodDtype)  # Periods: dates, read as such by Dask
        or _holds_bytes(values)
    )  # bytes (a BLOB of b'1'): text that no count reads as numbers
    if values is None or (true_false and not early):
        return
    if (err := typed_numbers_error(values, _label(column, role), role)) is not None:
        raise err


def _is_text_or_bytes(kind) -> bool:
    """An Arrow string or binary type (pandas reads binary as bytes: text, not numbers)."""
    return any(
        is_(kind)
        for is_ in (
            pa.types.is_string,
            pa.types.is_large_string,
            pa.types.is_binary,
            pa.types.is_large_binary,
        )
    )


def _holds_bytes(values) -> bool:
    """Whether ``values`` (a column's first distinct values) holds bytes."""
    return pd.api.types.is_object_dtype(values.dtype) and any(
        isinstance(v, bytes | bytearray) for v in values
    )


def _is_time(kind) -> bool:
    """An Arrow date, timestamp or duration type (pandas reads it as datetime64/timedelta64),
    or pandas' Period type (a month, a quarter: :func:`register_pandas_types`)."""
    if is_pandas_period(kind):
        return True
    return pa.types.is_date(kind) or pa.types.is_timestamp(kind) or pa.types.is_duration(kind)


def is_pandas_period(kind) -> bool:
    """Whether the Arrow type ``kind`` is pandas' Period type (:func:`register_pandas_types`)."""
    return isinstance(kind, pa.BaseExtensionType) and kind.extension_name == "pandas.period"


def register_pandas_types() -> None:
    """pandas' Arrow type of the Period columns it writes (``pandas.period``, stored as int64
    ordinals), registered as ``pandas.read_parquet`` registers it, so a schema read here names
    the type pandas reads: DuckDB, Spark and the monitor's DuckDB windows, which read the
    ordinals, named the groups 200, 201 where pandas and Dask say 2020Q1, 2020Q2 (and called
    120 periods 'numeric values', not dates). Registered again if it was taken away."""
    try:
        from pandas.core.arrays.arrow.extension_types import ArrowPeriodType
    except ImportError:  # another pandas: a Period's own conversion registers it
        pa.array(pd.array([], dtype="period[D]"))
        return
    try:
        pa.register_extension_type(ArrowPeriodType("D"))
    except pa.ArrowKeyError:
        pass  # registered already (pandas did, converting a Period)


def first_distinct(chunks, n: int = 3) -> pd.Series:
    """The first ``n`` distinct non-null values of a column's ``chunks``, in row order."""
    found: dict = {}
    for chunk in chunks:
        found.update(dict.fromkeys(chunk.dropna().astype(object)))
        if len(found) >= n:
            break
    return pd.Series(list(found)[:n], dtype=object)


class FrameTypes:
    """The locator of an in-memory Dask or Spark frame: no row to name (its rows have no
    file line), its score and weight columns' types for :func:`refuse_typed_numbers`:
    ``is_bool(column)``, ``is_text(column)``; ``head(column)``: chunks of its values;
    ``categories(column)``: a categorical group column's categories, else None."""

    def __init__(self, is_bool, is_text, head, categories=lambda column: None):
        self.is_bool, self.is_text, self.head = is_bool, is_text, head
        self.categories = categories

    def first(self, column, test):
        return None

    def typed_values(self, column) -> pd.Series | None:
        if self.is_bool(column):
            return pd.Series([True])
        return first_distinct(self.head(column)) if self.is_text(column) else None


def _check_weights(raw: pd.DataFrame, check: _GroupByCheck) -> pd.DataFrame:
    """Weights are numbers, finite and >= 0; the diagnostics dropped."""
    roles = check.roles
    if not (roles.weight and WEIGHT_BAD in raw.columns):
        return raw
    column = _label(roles.weight, "sample_weight")
    texts = int(pd.to_numeric(raw[WEIGHT_TEXT]).fillna(0).sum()) if WEIGHT_TEXT in raw else 0
    words, fix = "weights must be numbers", "pass a numeric weight column"
    _refuse_not_numbers(check, roles.weight, "sample_weight", texts, words, fix)
    if bad := int(pd.to_numeric(raw[WEIGHT_BAD]).fillna(0).sum()):
        where, value = check.first_number(roles.weight, lambda v: ~np.isfinite(v) | (v < 0))
        raise EthicLensInputError(
            f"weights must be finite and >= 0; {bad} are not{where}",
            column=column,
            value=value,
            fix="drop those rows or give them a valid weight",
        )
    if WEIGHT_MAX in raw.columns:
        # the pandas path's words: each cell's largest weight holds the largest weight, and
        # they are all 0 when every weight is
        largest = pd.to_numeric(raw[WEIGHT_MAX]).fillna(0.0).astype(float)
        as_weights(largest.rename(roles.weight), len(largest))
    diagnostics = (WEIGHT_BAD, WEIGHT_TEXT, WEIGHT_MAX)
    return raw.drop(columns=[c for c in diagnostics if c in raw.columns])


def _check_groups(raw: pd.DataFrame, check: _GroupByCheck) -> None:
    """No missing group value, no unused Parquet category; CSV groups typed by the rule."""
    text, count = check.text, check.count
    key_roles = check.roles.key_roles
    hive_keys = getattr(check.locator, "hive_keys", set())
    for col in check.roles.protected:
        # a folder key is the folder name's text: g=NA is the group 'NA', not a CSV's NA word
        key_text = text and col not in hive_keys
        miss = missing_mask(raw[col], key_text) & (count > 0)
        if miss.any():
            where, value = check.row_of(col, lambda s, t=key_text: missing_mask(s, t))
            where += read_as_missing(value) if key_text else ""  # 'NA', 'null', an empty field
            n = int(count[miss].sum())
            if col in key_roles:  # a second model's predictions (scores: checked before)
                raise missing_values_error(n, where, _label(col, key_roles[col]))
            raise missing_groups_error(n, where, col)
        check_label_lengths(
            raw[col].to_numpy(),
            col,
            lambda _, col=col: check.row_of(col, long_label_mask)[0],
            counts=check.count,
        )
        refuse_blank_groups(
            raw.loc[count > 0, col], col, lambda test, col=col: check.row_of(col, test)[0]
        )
        if text:
            raw[col] = type_groups(raw[col])
        else:
            labels = {str(v) for v in raw.loc[count > 0, col]}
            cats = _declared_categories(check, col, len(labels))
            if empty := [str(c) for c in ([] if cats is None else cats) if str(c) not in labels]:
                raise groups_without_rows(empty, col)  # the audit's own words
        if isinstance(raw[col].dtype, pd.CategoricalDtype):
            raw[col] = raw[col].astype(object)


def _declared_categories(check: _GroupByCheck, column, n_found: int):
    """The categories of a group ``column`` whose type declares them (an in-memory frame's
    categorical, :func:`parquet_categories` of Parquet files), else None."""
    if hasattr(check.locator, "categories"):
        return check.locator.categories(column)
    if check.files and str(check.files[0]).lower().endswith((".parquet", ".pq")):
        return parquet_categories(check.files, column, n_found)
    return None


@argument_kinds(path=path_kind(), target=path_kind("give the folder read as text"))
def _hive_keys(path, target) -> dict:
    """The hive keys of a file under TARGET (``race=Native%20American/``): each value the text
    of its folder name, URL-decoded (``Native American``) as pyarrow and DuckDB decode it."""
    out = {}
    for part in Path(path).relative_to(target).parts[:-1]:
        key, eq, value = part.partition("=")
        if eq:
            out[key] = unquote(value)
    return out
