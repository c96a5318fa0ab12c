"""Counting on a Dask DataFrame: one groupby on the cluster, only the cells come back.

Files are read by the rule of docs/engines.md (CSV as text, files matched by column name) and
the cells checked by the same code as every engine (``_rules.check_counts``).
"""

from __future__ import annotations

import functools
import logging
import warnings
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

import numpy as np
import pandas as pd
import pyarrow as pa

from .._checks import (
    BYTES_LIKE,
    argument_kinds,
    iterable_kind,
    kind_refusal,
    refuse_bools_in_frames,
)
from .._optional import (
    DASK_ADDRESS_FIX,
    check_scheduler_text,
    forget_local_cluster,
    log_handlers,
    require,
)
from .._secrets import masked_cut
from .._text import is_utf8, one_line, printed_floats
from ..errors import DataFileError, EthicLensInputError
from ..fairness import audit_counts, check_score_bins
from ..io import _read_parquet, quoted_line_break
from ._counts_table import Roles, _refuse_not_one_value, finish_counts, refusing_roles_keywords
from ._duckdb import _same_types, file_layout
from ._names import COUNT, SCORE_BIN, SCORE_SUM, WEIGHT_SQ_SUM, WEIGHT_SUM
from ._rules import (
    EXTRA_FIELDS,
    EXTRA_NAME,
    FILE_NAME,
    WEIGHT_BAD,
    WEIGHT_MAX,
    WEIGHT_TEXT,
    FileLayout,
    FrameTypes,
    _hive_keys,
    check_columns,
    check_dask_address,
    check_frame,
    frame_type_error,
    header_groups,
    join_files,
    joined_columns,
    named_below,
    numbers,
    ragged_error,
    score_bins,
)


def _cells(pdf: pd.DataFrame, roles: Roles, text: bool) -> pd.DataFrame:
    """One partition's rows as keys (as read) and the values the groupby sums."""
    out = pd.DataFrame({name: _values(pdf[c]) for c, name in roles._keys()}, index=pdf.index)
    if FILE_NAME in pdf.columns:
        out[FILE_NAME] = pdf[FILE_NAME].astype(str)
    out["_one"] = np.ones(len(pdf), dtype=np.int64)
    if EXTRA_NAME in pdf.columns:  # a CSV row whose last field is empty (maybe not there)
        out[EXTRA_FIELDS] = pdf[EXTRA_NAME].to_numpy(dtype=bool).astype(np.int64)
    s = None
    if roles.y_score:
        out[SCORE_BIN] = score_bins(pdf[roles.y_score], int(roles.n_bins), text)
        # a float32 score summed as the decimal it prints as (as it is binned)
        v, miss, notnum = numbers(printed_floats(pdf[roles.y_score]), text)
        s = np.where(miss | notnum | np.isnan(v), 0.0, v)
    if roles.weight:
        w, miss, notnum = numbers(printed_floats(pdf[roles.weight]), text)  # float32 as printed
        with np.errstate(invalid="ignore"):
            bad = ~notnum & (miss | ~np.isfinite(w) | (w < 0))
        with np.errstate(over="ignore"):  # a weight too large to square: refused by the rule
            out["_w"], out["_w2"] = w, w * w
        out[WEIGHT_MAX] = np.where(miss | notnum, np.nan, w)
        out[WEIGHT_BAD] = bad.astype(np.int64)
        out[WEIGHT_TEXT] = notnum.astype(np.int64)
        if s is not None:
            s = w * s
    if s is not None:
        out["_s"] = s
    return out


def _values(column: pd.Series) -> pd.Series:
    """A categorical key as its values (objects): the files of a folder may store one column as
    categories in one file and plain strings in another, which Dask cannot join as keys. Unused
    categories are refused from the files themselves (``_rules.parquet_categories``). An
    interval key too (pd.cut's bins): Dask's groupby cannot build one (a TypeError traceback)."""
    if isinstance(column.dtype, (pd.CategoricalDtype, pd.IntervalDtype)):
        return column.astype(object)
    if column.dtype == np.float16:  # pandas cannot group float16: as every engine, float32
        return column.astype(np.float32)
    return column


def _count(ddf, roles: Roles, text: bool) -> pd.DataFrame:
    meta = _cells(ddf._meta, roles, text)
    frame = ddf.map_partitions(_cells, roles, text, meta=meta)
    # one key per column: a group named twice (protected=['g', 'g']) was a ValueError traceback
    # ('cannot insert g'); every other engine counts it once
    keys = list(dict.fromkeys(name for _, name in roles._keys()))
    keys += [c for c in (SCORE_BIN, FILE_NAME) if c in meta.columns]
    agg = {COUNT: ("_one", "sum")}
    if EXTRA_FIELDS in meta.columns:
        agg[EXTRA_FIELDS] = (EXTRA_FIELDS, "sum")
    if roles.weight:
        agg[WEIGHT_SUM] = ("_w", "sum")
        agg[WEIGHT_SQ_SUM] = ("_w2", "sum")
        agg[WEIGHT_BAD] = (WEIGHT_BAD, "sum")
        agg[WEIGHT_TEXT] = (WEIGHT_TEXT, "sum")
        agg[WEIGHT_MAX] = (WEIGHT_MAX, "max")
    if roles.y_score:
        agg[SCORE_SUM] = ("_s", "sum")
    # Dask's groupby swaps the process-wide warning filters inside its worker threads
    # (check_observed_deprecation's catch_warnings): two at once can leave one's "ignore"
    # installed for good; the filters are put back as they were once every thread is done
    with warnings.catch_warnings():
        # weights whose sum overflows (two of 1e308) are refused by the rule after the count,
        # as every engine refuses them; pandas' groupby in the worker threads (where np.errstate
        # set here does not reach) printed "overflow encountered in reduceat" first
        warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)
        out = frame.groupby(keys, dropna=False, observed=True).agg(**agg).compute()
    return out.reset_index()


@refusing_roles_keywords
def dask_counts(ddf, roles: Roles):
    """The counts table of a Dask DataFrame (computed where its partitions live).

    Its columns keep their types (no file to re-read, so messages count rows instead of
    naming the first one). ``table.attrs["ethiclens_engine"]`` is ``"dask"``.
    """
    dd = require("dask.dataframe", extra="dask")
    fix = "pass dask.dataframe.from_pandas(...) or dd.read_parquet(...)"
    check_frame(ddf, dd.DataFrame, "a dask DataFrame", fix, roles)
    for frame in dask_pandas_frames(ddf):  # a list cell: Dask counts its text ('[1]') as a group
        keys = frame[[c for c, _ in roles._keys() if c in frame.columns]]
        renamed = keys.rename(columns=dict(roles._keys())).reset_index(drop=True)
        _refuse_not_one_value(renamed, roles)  # the pandas audit's refusal, by row and value
    refuse_bools_in_frames(dask_pandas_frames(ddf), roles.protected)  # as audit does
    # the weights and scores too: an object column of floats was turned into text and refused
    values = [c for c in (roles.weight, roles.y_score) if c is not None]
    ddf, firsts = dask_as_built(ddf, [*(c for c, _ in roles._keys()), *values])
    raw = _count(ddf, roles, text=False)
    for column, name in roles._keys():  # equal values (1, 1.0, True) as the first row writes
        if first := firsts.get(column):  # them, whichever partition Dask's groupby kept
            raw[name] = [_first(first, v) for v in raw[name]]
    return finish_counts(raw, roles, "dask", locator=_frame_types(ddf))


def _dask_frame(value, name: str) -> None:
    """An argument kind: a Dask DataFrame (told by its module: Dask is imported only here)."""
    if not type(value).__module__.startswith("dask.") or not hasattr(value, "partitions"):
        fix = "e.g. dd.from_pandas(frame, npartitions=2)"
        raise kind_refusal(value, name, "must be a Dask DataFrame", fix)


@argument_kinds(
    ddf=_dask_frame, columns=iterable_kind("a list of column names", "e.g. ['y', 'race']")
)
def dask_as_built(ddf, columns) -> tuple:
    """(``ddf`` with the ``columns`` of its ``dd.from_pandas`` frames as those frames hold
    them, {column: {value: its first row's value}} of those columns): Dask turns an object
    column into text (``dataframe.convert-string``), which split 1, 1.0 and True (equal: one
    group in pandas and SQL) into three groups and merged 1 with '1' (refused by every other
    engine). A frame whose ``columns`` are not all text is read unconverted, so Dask groups
    the values as ``ethiclens.audit`` does (docs/engines.md); one holding a cell that cannot
    be grouped (a list) keeps Dask's text, as before. Every engine counting a Dask DataFrame
    (the audit's, the monitor's) writes each value as its first row does (the map given)."""
    try:
        from dask.dataframe.dask_expr._collection import new_collection
    except ImportError:  # another Dask layout: its frames as they are
        return ddf, {}
    names = set(columns)
    expr, firsts = ddf.expr, {}
    for leaf, frame in _from_pandas(ddf):
        columns = frame.columns if isinstance(frame, pd.DataFrame) else []
        kinds = {c: _kind(frame[c]) for c in columns if c in names and frame[c].dtype == object}
        if leaf.pyarrow_strings_enabled and "mixed" in kinds.values():
            if "unhashable" in kinds.values():
                continue
            expr = expr.substitute(
                leaf, leaf.substitute_parameters({"pyarrow_strings_enabled": False})
            )
            for c in (c for c, kind in kinds.items() if kind == "mixed"):
                first = firsts.setdefault(c, {})
                for v in pd.unique(frame[c].to_numpy()):
                    first.setdefault(v, v)
    return (ddf if expr is ddf.expr else new_collection(expr)), firsts


def _from_pandas(ddf) -> list[tuple]:
    """(leaf, its pandas frame) of each ``dd.from_pandas`` a Dask DataFrame was made from."""
    try:
        from dask.dataframe.dask_expr.io.io import FromPandas
    except ImportError:  # another Dask layout
        return []
    leaves = list(ddf.expr.find_operations(FromPandas))
    return [(leaf, getattr(leaf.frame, "_data", leaf.frame)) for leaf in leaves]  # Dask wraps it


def dask_pandas_frames(ddf) -> list[pd.DataFrame]:
    """The pandas frames a Dask DataFrame was made from (``dd.from_pandas``): where a cell
    that is not one value (a list) is found and refused in the pandas frame's words."""
    return [f for _, f in _from_pandas(ddf) if isinstance(f, pd.DataFrame)]


def _first(first: dict, value):
    try:
        return first.get(value, value)
    except TypeError:  # pd.NA's ambiguous equality: the value as counted
        return value


def _kind(column: pd.Series) -> str:
    """ "text" (all text, or empty), "unhashable" (a list or dict cell, or a tuple holding one:
    Dask's groupby would end in a TypeError traceback) or "mixed" (other objects). Each cell
    hashed at C speed (5,000,000 cells: 0.13 s; an isinstance loop took 3.2 s)."""
    if pd.api.types.infer_dtype(column, skipna=True) in ("string", "empty"):
        return "text"
    try:
        pd.unique(column.to_numpy())
    except TypeError:  # unhashable type
        return "unhashable"
    return "mixed"


def _frame_types(ddf) -> FrameTypes:
    """A Dask frame's score and weight column types (``_rules.refuse_typed_numbers``). A
    categorical column is judged by its values, as ``audit`` judges it: Dask may not know its
    categories (``.astype("category")``), and true/false or text ones were counted as numbers."""
    return FrameTypes(
        lambda c: pd.api.types.is_bool_dtype(ddf[c].dtype),
        lambda c: (
            isinstance(ddf[c].dtype, pd.CategoricalDtype)
            or pd.api.types.is_string_dtype(ddf[c].dtype)
        ),
        lambda c: [ddf[c].dropna().head(1000, npartitions=-1)],
        lambda c: ddf[c].cat.categories if _known_categories(ddf[c]) else None,
    )


def _known_categories(column) -> bool:
    """A categorical column whose categories Dask knows (its unused ones refused as pandas
    refuses them)."""
    return isinstance(column.dtype, pd.CategoricalDtype) and column.cat.known


@refusing_roles_keywords
@named_below
def dask_file_counts(target: str, roles: Roles, *, scheduler: str | None = None):
    """The counts table of a CSV/Parquet file, glob or (hive) folder read by Dask.

    ``scheduler``: None computes on Dask's current scheduler (a ``distributed.Client`` already
    made, else threads); ``"local-cluster"`` starts a LocalCluster in this process for the
    count; anything else is a scheduler address (``tcp://host:8786``). Read by the rule of
    docs/engines.md, so the table and any refusal equal the other engines'.
    """
    dd = require("dask.dataframe", extra="dask")
    columns, layout = file_layout(target, "dask")
    check_columns(columns, roles, target, layout)
    text = layout.kind == "csv"
    try:
        with dask_scheduler(scheduler):
            raw = _count_by_types(dd, target, layout, roles, text)
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise (text and ragged_error(layout.files)) or _unparsed(exc, target) from None
    except ValueError as exc:  # (after ParserError, which is one)
        if not (text and "EOF encountered" in str(exc)):
            raise
        # Dask's sample of the first bytes ended inside a quote (a long quoted field, then a
        # quote that never closes): pandas reads the files whole and names the place
        raise _parse_error(layout.files, target) or exc from None
    return finish_counts(layout.check(raw, roles), roles, "dask")


def _count_by_types(dd, target, layout: FileLayout, roles: Roles, text: bool) -> pd.DataFrame:
    """The count of the files; Parquet files that store a role column with different types
    counted a type at a time and joined in file order, as DuckDB counts them
    (``_same_types``) and pandas joins them: a folder's 1, 1.0 and '1' were counted by Dask
    as one type (1 and 1.0 as the text '1.0'), where every other engine refuses them."""
    import dask

    parts = _same_types(layout, roles)
    # the values pandas reads (a decimal 1 stays Decimal('1'), one key with another file's
    # int 1, as pandas and DuckDB join them), not Dask's Arrow text of an object column
    with dask.config.set({"dataframe.convert-string": False}):
        if len(parts) == 1:
            return _count(_read(dd, target, layout, roles), roles, text)
        raws = [
            _count(_by_file(dd, part.files, target, layout, roles), roles, text) for part in parts
        ]
    return join_files(raws, joined_columns(roles, counted=True))


def _by_file(dd, files, target, layout: FileLayout, roles: Roles):
    """The role columns of Parquet ``files`` (of LAYOUT's) a file at a time
    (:func:`_parquet_rows`), booleans among integers 0/1 (:func:`_bool_int_labels`)."""
    names, folder = list(roles.columns), target if layout.hive else None
    numbered = _bool_int_labels(layout.files, roles)
    return dd.from_map(_parquet_rows, files, names=names, target=folder, numbered=numbered)


def _parquet_rows(path, names, target=None, numbered=None) -> pd.DataFrame:
    """One Parquet file's columns ``names``, categorical ones as their values (``_values``);
    under a hive folder TARGET, its folder keys among ``names`` as their text. ``numbered``:
    label columns -> the integer type their booleans become (:func:`_bool_int_labels`)."""
    keys = _hive_keys(path, target) if target is not None else {}
    frame = _read_parquet(path, columns=[n for n in names if n not in keys])
    frame = frame.reset_index(drop=True).apply(_values)
    for c, dtype in (numbered or {}).items():
        if c in frame.columns and pd.api.types.is_bool_dtype(frame[c].dtype):
            # a nullable boolean's missing value stays missing (refused as such), no crash
            frame[c] = frame[c].astype("Int64" if frame[c].hasnans else dtype)
    return frame.assign(**{k: v for k, v in keys.items() if k in names})[names]


def _bool_int_labels(files, roles: Roles) -> dict:
    """The label, prediction and group columns that the Parquet ``files`` store as booleans in
    some files and as integers in others -> the integer type pandas joins them into
    (``pd.concat``: True is 1, so ``--pos-label 1`` names it and ``--pos-label True`` names no
    value; a group is keyed 0/1), as the pandas and DuckDB engines read them; Dask would join
    the files' partitions by the first one's type."""
    import pyarrow.parquet as pq

    schemas = [pq.read_schema(f) for f in files]
    out = {}
    for c in {roles.y_true, roles.y_pred, *roles.protected} - {None}:
        types = {s.field(c).type for s in schemas if c in s.names}
        ints = [t for t in types if pa.types.is_integer(t)]
        if len(ints) + 1 != len(types) or pa.bool_() not in types:
            continue
        # frames, as the pandas engine joins them (two Series of bool and int64 join as objects)
        samples = [pd.DataFrame({c: [False]})]
        samples += [pd.DataFrame({c: pd.Series([0], dtype=t.to_pandas_dtype())}) for t in ints]
        joined = pd.concat(samples, ignore_index=True)[c].dtype
        if joined.kind in "iu":
            out[c] = joined
    return out


def _read(dd, target, layout: FileLayout, roles: Roles):
    """The role columns of the files as a Dask DataFrame, by the rule (CSV as text, matched by
    column name: one read per header order)."""
    files, hive = layout.files, layout.hive
    # a name Dask would glob, or one not UTF-8 (bytes under a C locale: Dask's Arrow text of
    # the file names fails on it): a file at a time, opened by pandas under its own name
    literal = any(ch in f for f in files for ch in "*?[") or not all(map(is_utf8, files))
    if layout.kind == "parquet":  # a pandas index stored in the file is no role: not read
        if literal or len(_same_types(layout, roles)) > 1:
            # a file at a time (a hive folder's keys added as text): Dask's reader would cast
            # every file to the first one's types (a float64 score to float32), or fail (a
            # categorical column in one file, plain strings in another)
            return _by_file(dd, files, target, layout, roles)
        try:
            if not hive:
                return dd.read_parquet(files, columns=list(roles.columns), index=False)
            return dd.read_parquet(
                str(target),
                columns=list(roles.columns),
                index=False,
                dataset={"partitioning": _hive_text(files[0], target)},
            )
        except TypeError:  # pandas metadata naming a dtype pandas cannot parse back (a
            # list<...>[pyarrow] column): a file at a time, by io's reader that sets it aside
            return _by_file(dd, files, target, layout, roles)
    parts = []
    groups = (
        [(layout.headers[f], [f]) for f in files] if hive else header_groups(files, layout.headers)
    )
    columns = list(roles.columns) + ([FILE_NAME] if len(files) > 1 else [])
    # only when it is kept: Dask drops no column on a selection of every column it read (the
    # role columns alone, in roles order), so an unused path column would reach the count
    path_column = FILE_NAME if FILE_NAME in columns else False
    for names, group, whole in _by_blocks(groups):
        options = {
            "header": 0,
            "names": names,
            "dtype": str,
            "keep_default_na": False,
            "na_filter": False,
            "encoding": "utf-8-sig",
        }
        if literal:  # one partition per file, opened by pandas under its own name
            part = dd.from_map(functools.partial(_read_csv_file, **options), group)
        else:
            from dask.dataframe.io.csv import read_pandas  # dd.read_csv with our reader

            options["blocksize"] = None if whole else BLOCKSIZE
            part = read_pandas(_strict_read_csv, group, include_path_column=path_column, **options)
        if hive:
            part = part.assign(**_hive_keys(group[0], target))
        # a row with fewer fields than the header reads its last ones as '' (na_filter off):
        # an empty last field is counted, and the files read for such a row (ragged_error)
        # only where one is, as DuckDB's null-padded last column is
        short = part.iloc[:, len(names) - 1] == "" if len(names) > 1 else False
        parts.append(part[columns].assign(**{EXTRA_NAME: short}))
    return parts[0] if len(parts) == 1 else dd.concat(parts)


def _parse_error(files, target) -> DataFileError | None:
    """The refusal of the first file pandas cannot parse, in the words of a Dask task's
    parser error; None when every file parses."""
    for f in files:
        try:
            pd.read_csv(f, dtype=str, keep_default_na=False, encoding="utf-8-sig")
        except pd.errors.ParserError as exc:  # named by its line where every engine names it
            return ragged_error([f]) or _unparsed(exc, target)
    return None


def _unparsed(exc: Exception, target) -> DataFileError:
    """The refusal of TARGET in the words of a parser error's last line."""
    lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
    return DataFileError(
        f"cannot read {one_line(target)}: {lines[-1] if lines else type(exc).__name__}",
        fix="check the file's format (comma-separated, UTF-8, one header line)",
    )


def _hive_text(path, target):
    """The hive partitioning of TARGET with every key read as the text of its folder names,
    as pandas reads them (pyarrow would type z=01 as the number 1)."""
    import pyarrow.dataset as ds

    keys = pa.schema([(k, pa.string()) for k in _hive_keys(path, target)])
    return ds.partitioning(keys, flavor="hive")


def _read_csv_file(path, **options) -> pd.DataFrame:
    """One CSV file read by pandas, its name in ``FILE_NAME`` (as ``dd.read_csv`` adds it; a
    name not UTF-8 as its ``ascii()``, a key pandas' Arrow text can hold)."""
    name = path if is_utf8(path) else ascii(path)
    return _strict_read_csv(path, **options).assign(**{FILE_NAME: name})


def _strict_read_csv(*args, **kwargs) -> pd.DataFrame:
    """``pandas.read_csv`` where a block's first row with surplus fields fails as a later one
    does: read with pandas' implicit index, such a row gives the frame an index of its leading
    fields (``index_col=False`` drops them with a ParserWarning, which only a process-wide
    warnings filter turns into an error: unsafe in Dask's threads). The count then names its
    line, as every engine does. Runs in the task, so on a remote worker too."""
    frame = pd.read_csv(*args, **kwargs)
    if not isinstance(frame.index, pd.RangeIndex):
        raise pd.errors.ParserError("a row has more fields than the header")
    return frame


# The bytes of a CSV file in each of Dask's partitions (cut at line breaks); "default": Dask's
BLOCKSIZE = "default"


def _by_blocks(groups):
    """Each group of files split by how Dask reads them: cut into blocks at line breaks
    (:data:`BLOCKSIZE`), or each file whole: a gzipped one (it cannot be cut; Dask infers one
    compression for all the files of a read, from the first name) or one holding a quoted line
    break (:func:`ethiclens.io.quoted_line_break`: a cut there would split its row)."""
    for names, group in groups:
        kinds: dict = {}
        for f in group:
            gz = f.lower().endswith(".gz")
            kinds.setdefault((gz, gz or quoted_line_break(f)), []).append(f)
        for (_, whole), part in sorted(kinds.items()):  # plain files first, as before
            yield names, part, whole


# Where a local Dask cluster's HTTP server listens: this machine only, a port the system picks.
LOCAL_HTTP = "127.0.0.1:0"


class dask_scheduler:  # noqa: N801 - a context manager, named as the functions it stands with
    """Context: the Dask scheduler a count runs on. ``None``: Dask's current one (a
    ``distributed.Client`` already made, else threads); ``"local-cluster"``: a LocalCluster in
    this process for the count; anything else a scheduler address (``tcp://host:8786``)."""

    def __init__(self, address):
        self.address, self.client, self.cluster = address, None, None
        self.handlers: dict = {}

    def __enter__(self):
        if self.address is None:
            return self
        check_scheduler_text(self.address, "--scheduler")  # True or 5 as the CLI's face says
        distributed = require("distributed", extra="dask")
        if self.address == "local-cluster":
            self.handlers = log_handlers()
            # a task's bad input comes back as its exception, said in one line: the worker's
            # own log of it (with a traceback) would reach the terminal too
            self.cluster = distributed.LocalCluster(
                n_workers=1,
                threads_per_worker=2,
                processes=False,
                # distributed starts its HTTP server whatever dashboard_address says (None:
                # 0.0.0.0:8787, open to the network, and a warning when a second run finds the
                # port taken): this machine only, on a free port
                dashboard_address=LOCAL_HTTP,
                silence_logs=logging.CRITICAL,
            )
            try:
                self.client = distributed.Client(self.cluster)
            except BaseException:  # (Ctrl-C too) __exit__ is never reached: close it here
                self.__exit__()
                raise
            return self
        check_dask_address(self.address)  # before Dask tries it (10 s)
        try:
            self.client = distributed.Client(self.address, timeout="10s")
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise EthicLensInputError(
                f"cannot reach the Dask scheduler: {masked_cut(detail, 200)}",  # masked, then cut
                column="--scheduler",
                value=self.address,
                fix=DASK_ADDRESS_FIX,
            ) from None
        return self

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
            forget_local_cluster(self.handlers)
        return False


def audit_frame(
    frame,
    *,
    y_pred: str,
    protected,
    y_true: str | None = None,
    y_score: str | None = None,
    sample_weight: str | None = None,
    n_bins: int | None = None,
    **kwargs,
):
    """Audit a Dask or Spark DataFrame by column names: counted on the cluster, audited here.

    ``protected`` is a column name or a list of them; every other keyword is
    :func:`ethiclens.audit_counts`'s (``n_bins``, None: 10, given only with ``y_score``). Same
    result as ``ethiclens.audit`` on the same rows.
    """
    if n_bins is not None:  # given: refused without scores, in audit's words (not the table's)
        kwargs["n_bins"] = check_score_bins(n_bins, y_score is not None)
    cols = _names(y_pred, protected, y_true, y_score, sample_weight)  # after n_bins, as audit
    n_bins = 10 if n_bins is None else n_bins  # pos_label: refused before any weight
    roles = Roles(
        y_pred, cols, y_true, y_score, sample_weight, n_bins, pos_label=kwargs.get("pos_label")
    )
    if not type(frame).__module__.startswith(("pyspark", "dask")):  # a pandas frame: audit's
        raise frame_type_error(frame, "a Dask or Spark DataFrame", _FRAME_FIX, roles)
    try:
        if type(frame).__module__.startswith("pyspark"):
            from ._spark import spark_counts

            table = spark_counts(frame, roles)
        else:
            table = dask_counts(frame, roles)
    except EthicLensInputError as exc:  # a fix naming a flag: the keyword, as audit says it
        raise exc.renamed({}, None, _KEYWORDS) from None
    try:
        return audit_counts(table, **kwargs)
    except EthicLensInputError as exc:
        if not cols and str(exc.column) == "sensitive_features":  # no group: after the options
            raise _no_protected(protected) from None
        raise _as_audit_says(exc, kwargs, empty=not int(table[COUNT].sum())) from None


_FRAME_FIX = (
    "pass a Dask DataFrame (dask.dataframe.from_pandas(df, npartitions=4), dd.read_parquet(...)) "
    "or a Spark one (spark.read.parquet(...))"
)


def _names(y_pred, protected, y_true, y_score, sample_weight) -> list:
    """The protected column names, each role given as a column name (an int too): None, a
    list or a repeated group was a TypeError, KeyError or ValueError traceback."""
    roles = {"y_pred": y_pred, "y_true": y_true, "y_score": y_score}
    for keyword, name in (roles | {"sample_weight": sample_weight}).items():
        if not (np.isscalar(name) or (name is None and keyword != "y_pred")):
            fix = f"name one column of the frame, e.g. {keyword}='{keyword.partition('_')[2]}'"
            problem = "must be the name of a column of the frame"
            raise EthicLensInputError(problem, column=keyword, value=name, fix=fix, kind="argument")
    # an int name too; a Series or Index of names (its truth value is ambiguous) as a list;
    # none named (None, []) is refused after the options are checked, as audit refuses it
    # a set or a mapping has no order (and a dict's keys are no list of names), a 0-d array no
    # items: refused as no names; bytes in any form is one name, never its byte values (a
    # bytearray read as the columns 103, ...)
    if isinstance(protected, AbstractSet | Mapping) or getattr(protected, "ndim", None) == 0:
        raise _no_protected(protected)
    if isinstance(protected, BYTES_LIKE):
        protected = bytes(protected)
    cols = [protected] if np.isscalar(protected) else list([] if protected is None else protected)
    if not all(map(np.isscalar, cols)):
        raise _no_protected(protected)
    if twice := [c for i, c in enumerate(cols) if c in cols[:i]]:  # a name 0 or '' too
        raise EthicLensInputError(  # as audit refuses it
            "protected attribute named twice",
            column=str(twice[0]),
            fix="give each protected attribute once (rename duplicated columns)",
        )
    return cols


def _no_protected(protected) -> EthicLensInputError:
    return EthicLensInputError(
        "must name one or more columns of the frame (the protected attributes)",
        column="protected",
        value=protected,
        fix="e.g. protected='race' or protected=['race', 'sex']",
        kind="argument",
    )


def _as_audit_says(exc: EthicLensInputError, kwargs: dict, empty: bool) -> EthicLensInputError:
    """A refusal of ``audit_counts`` in the words ``ethiclens.audit`` says it to a Python
    caller: a keyword of its own is an argument (was "column 'merge_groups'"), an unknown one is
    audit_frame's (was "audit_counts() got an unexpected keyword"), and a frame with no rows
    has no rows to audit (was the counts table's "every count is 0 ... build it with ethiclens
    counts")."""
    column = str(exc.column)
    if empty and column == COUNT:
        fix = "check the data and any filters applied to it"
        return EthicLensInputError("no rows to audit", column="y_pred", fix=fix, kind="argument")
    if exc.problem.startswith("audit_counts()"):
        problem = "audit_frame()" + exc.problem.removeprefix("audit_counts()")
        return type(exc)(problem, column=exc.column, value=exc.value, fix=exc.fix, kind=exc.kind)
    keyword = next((k for k in kwargs if column == k or column.startswith(f"{k}[")), None)
    if exc.kind == "column" and keyword is not None:  # merge_groups['g']: as audit names it
        return exc.renamed({column: keyword}, "argument")
    return exc


# the flags a count's refusal may name -> audit_frame's keywords
_KEYWORDS = {f"--{k.replace('_', '-')}": k for k in ("y_pred", "y_true", "y_score", "pos_label")}
_KEYWORDS |= {"--sample-weight": "sample_weight", "--protected": "protected"}
