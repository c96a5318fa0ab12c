"""Counting on a Spark DataFrame: one groupBy().agg() on the cluster, only the cells come back."""

from __future__ import annotations

import contextlib
import functools
import re
from pathlib import Path
from urllib.parse import unquote

import pandas as pd

from .._optional import require
from .._secrets import masked_cut
from ..errors import EthicLensInputError
from ..io import _open_bytes, _unclosed_quote_error, ragged_error
from . import _rules as rules
from ._counts_table import (
    NAN_TEXT_PATTERN,
    Roles,
    as_pandas_reads,
    finish_counts,
    parquet_key_types,
    refusing_roles_keywords,
)
from ._duckdb import _same_types, file_layout
from ._names import COUNT, SCORE_BIN, SCORE_SUM, WEIGHT_SQ_SUM, WEIGHT_SUM


@refusing_roles_keywords
def spark_counts(sdf, roles: Roles):
    """The counts table of a Spark DataFrame (computed where its partitions live).

    Its columns keep their types (no file to re-read, so messages count rows instead of
    naming the first one). ``table.attrs["ethiclens_engine"]`` is ``"spark"``.
    """
    require("pyspark", extra="spark")
    from pyspark.sql import DataFrame

    fix = "pass spark.read.parquet(...) or spark.table(...)"
    rules.check_frame(sdf, DataFrame, "a Spark DataFrame", fix, roles)
    with _text_partitions(sdf.sparkSession):  # g beside G: two columns, as pandas has them
        raw = _raw_counts(sdf, roles, text=False, extra=None)
        return finish_counts(raw, roles, "spark", locator=_frame_types(sdf))


def _frame_types(sdf) -> rules.FrameTypes:
    """A Spark frame's score and weight column types (``_rules.refuse_typed_numbers``)."""
    from pyspark.sql import types as T

    def head(column):
        rows = sdf.select(_col(column)).where(_col(column).isNotNull()).limit(1000).collect()
        return [pd.Series([r[0] for r in rows], dtype=object)]

    return rules.FrameTypes(
        lambda c: isinstance(sdf.schema[c].dataType, T.BooleanType),
        lambda c: isinstance(sdf.schema[c].dataType, T.StringType),
        head,
    )


def _col(name):
    from pyspark.sql import functions as F

    return F.col("`" + name.replace("`", "``") + "`")


def _raw_counts(sdf, roles: Roles, *, text: bool, extra: str | None):
    """One groupBy().agg() by the rule: keys as read (text for CSV), the score's bin (-2: not a
    number), weight sums and the diagnostic counts; the cells as a pandas DataFrame."""
    from pyspark.sql import functions as F

    # one key per column: a group named twice (['g', 'g']) was an AttributeError traceback
    keys = [_col(c).alias(name) for c, name in dict.fromkeys(roles._keys())]
    if rules.FILE_NAME in sdf.columns:  # several CSV files: each one's labels typed alone
        keys.append(_col(rules.FILE_NAME))
    k = int(roles.n_bins)
    if roles.y_score:
        s, miss, notnum = _number(sdf, roles.y_score, text=text)
        low = F.floor(s * F.lit(k))  # moved by one where the product's rounding crossed an edge
        kd = F.lit(float(k))
        raw = F.when(s >= (low + 1) / kd, low + 1).when(s < low / kd, low - 1).otherwise(low)
        keys.append(
            F.when(miss, F.lit(None))
            .when(notnum, F.lit(rules.NOT_A_NUMBER))
            .when((s < 0) | (s > 1), F.lit(-1))
            .when(raw >= k, F.lit(k - 1))
            .otherwise(raw)
            .cast("long")
            .alias(SCORE_BIN)
        )
    aggs = [F.count(F.lit(1)).alias(COUNT)]
    w = None
    if roles.weight:
        w, w_miss, w_notnum = _number(sdf, roles.weight, text=text)
        inf = (w == F.lit(float("inf"))) | (w == F.lit(float("-inf")))
        bad = ~w_notnum & (w_miss | inf | (w < 0))
        aggs += [
            F.sum(w).alias(WEIGHT_SUM),
            F.sum(w * w).alias(WEIGHT_SQ_SUM),
            F.sum(F.when(bad, 1).otherwise(0)).alias(rules.WEIGHT_BAD),
            F.sum(F.when(w_notnum, 1).otherwise(0)).alias(rules.WEIGHT_TEXT),
            F.max(F.when(~(w_miss | w_notnum), w)).alias(rules.WEIGHT_MAX),
        ]
    if roles.y_score:  # s, miss, notnum: the score's, as binned
        value = F.when(miss | notnum, F.lit(0.0)).otherwise(s)
        aggs.append(F.sum(value if w is None else w * value).alias(SCORE_SUM))
    if extra:
        aggs.append(F.sum(F.when(_col(extra).isNull(), 0).otherwise(1)).alias(rules.EXTRA_FIELDS))
    counted = sdf.groupBy(*keys).agg(*aggs)
    rows = counted.collect()
    # a BinaryType value comes as a bytearray (unhashable: no group); pandas reads bytes
    rows = [tuple(bytes(v) if isinstance(v, bytearray) else v for v in r) for r in rows]
    return pd.DataFrame(rows, columns=counted.columns)  # the keys' and aggregates' aliases


def _number(sdf, name: str, *, text: bool):
    """(value, missing, not a number) of score or weight column ``name`` by the rule: a float32
    as it prints (0.7), NaN and a null missing, a text NaN too however padded or signed."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import FloatType, StringType

    c = _col(name)
    v = c.try_cast("double")
    kind = sdf.schema[name].dataType
    if isinstance(kind, FloatType):
        v = c.cast("string").cast("double")  # a float32 score or weight as it prints: 0.7
    miss = c.isNull() | F.coalesce(F.isnan(v), F.lit(False))
    if isinstance(kind, StringType):  # '+nan', which Spark's cast does not read as NaN
        miss = miss | c.rlike(NAN_TEXT_PATTERN)
    if text:
        miss = miss | c.isin(list(rules.NA_TEXT))
    return v, miss, ~miss & v.isNull()


LOCAL_MASTER = "local[2]"


@refusing_roles_keywords
@rules.named_below
def spark_file_counts(target: str, roles: Roles, *, master: str | None = None):
    """The counts table of a CSV/Parquet file, glob or (hive-partitioned) folder read by Spark.

    Uses the active SparkSession when there is one; otherwise starts one on ``master``
    (default ``local[2]``: local mode, no cluster) and stops it afterwards. Only the role
    columns are read; the groupBy runs in Spark and only the cells come back.
    """
    require("pyspark", extra="spark")
    columns, layout = file_layout(target, "spark")
    rules.check_columns(columns, roles, target, layout)
    if layout.kind == "csv" and any(_unclosed_quote_error(Path(f)) for f in layout.files):
        raise ragged_error(layout.files)  # Spark reads on to the end, as the others do not
    with spark_session(master) as session:
        # Parquet files storing a role column as different types (int32 and int64, a date and
        # a timestamp): counted one type at a time, as DuckDB counts them (Spark would fail
        # reading them together), the cells then checked together
        with _text_partitions(session):
            raws = [_count_files(session, part, roles) for part in _same_types(layout, roles)]
    raw = rules.join_files(raws, rules.joined_columns(roles, counted=True))
    if layout.hive:
        _utf8_hive_values(raw, layout.files, target)
    return finish_counts(layout.check(raw, roles), roles, "spark")


def _count_files(session, layout: rules.FileLayout, roles: Roles):
    """The cells of the files of LAYOUT (Parquet files: one type per role column)."""
    sdf, extra = _read(session, layout.target, layout, roles)
    raw = _raw_counts(sdf, roles, text=layout.kind == "csv", extra=extra)
    if layout.kind == "parquet":
        # Spark hands over a time-zone timestamp as local time and bytes as a bytearray: the
        # values pandas reads from the file instead, so the labels are pandas' str(value)
        for col, file_type in parquet_key_types(layout.files, roles.protected).items():
            raw[col] = as_pandas_reads(raw[col], file_type).set_axis(raw.index)
    return raw


def _utf8_hive_values(raw, files, target) -> None:
    """Hive folder values as the other engines decode them: Spark turns each ``%XX`` of a
    folder name into one character (``caf%C3%A9`` -> ``cafÃ©``), where they decode UTF-8
    (``café``). Mapped back from the folder names themselves."""
    spark_read: dict = {}
    for f in files:
        for part in Path(f).relative_to(target).parts[:-1]:
            key, eq, value = part.partition("=")
            if eq and key in raw.columns:
                spark_read.setdefault(key, {})[unquote(value, encoding="latin-1")] = unquote(value)
    for key, decoded in spark_read.items():
        raw[key] = raw[key].map(lambda v, d=decoded: d.get(v, v) if isinstance(v, str) else v)


def session_settings(master: str):
    """The builder of EthicLens's own SparkSession on ``master``: no UI, no progress bars, few
    shuffle partitions; a local driver listens on loopback only (no executor elsewhere needs
    it), a cluster master keeps Spark's own addresses."""
    from pyspark.sql import SparkSession

    builder = (
        SparkSession.builder.master(master)
        .appName("ethiclens")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
    )
    if master.startswith("local"):
        builder = builder.config("spark.driver.bindAddress", "127.0.0.1")
        builder = builder.config("spark.driver.host", "127.0.0.1")
    return builder


@contextlib.contextmanager
def spark_session(master: str | None = None):
    """The active SparkSession, or one started on ``master`` (default ``local[2]``) and stopped
    on leaving; a master given while a session is active is refused (``--scheduler``)."""
    require("pyspark", extra="spark")
    from pyspark.sql import SparkSession

    if master is not None:  # before a JVM starts: 'x y' stopped Spark's launcher (a traceback)
        rules.check_scheduler("spark", master)
    if (active := SparkSession.getActiveSession()) is not None and master:
        raise EthicLensInputError(
            "a SparkSession is already active, so the master cannot be chosen",
            column="--scheduler",
            value=master,
            fix="drop --scheduler (the active session is used) or stop that session",
        )
    session = active or _started(master or LOCAL_MASTER)
    if active is None:
        session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        if active is None:
            session.stop()


def _started(master: str):
    """A new SparkSession on ``master``; a master Spark refuses (``local[2]x``) is refused
    naming ``--scheduler`` (was a Py4J traceback)."""
    from py4j.protocol import Py4JJavaError
    from pyspark.errors import PySparkRuntimeError

    try:
        return session_settings(master).getOrCreate()
    except (Py4JJavaError, PySparkRuntimeError) as exc:
        # Py4JJavaError: the JVM's SparkContext refused it; PySparkRuntimeError: Spark's
        # launcher (spark-submit) stopped before the JVM answered (its reason printed above)
        found = re.search(r"Exception: (.+)", str(exc))
        why = found[1] if found else "Spark's launcher stopped (its reason is printed above)"
        raise rules.spark_master_refusal(master, masked_cut(why, 200)) from None  # masked, cut


def spark_read_files(session, target: str, columns: list):
    """``columns`` of a CSV/Parquet file, glob or (hive) folder as a Spark DataFrame, read by
    the rule of docs/engines.md (CSV as text, files matched by column name); for callers that
    count something other than a counts table. Parquet files storing a column as different
    types are united by name (Spark widens int32 to int64, float32 to double): to read them
    as each file stores them, :func:`spark_read_file_groups`."""
    return _united(spark_read_file_groups(session, target, columns))


def spark_read_file_groups(session, target: str, columns: list) -> list:
    """``columns`` of a CSV/Parquet file, glob or (hive) folder as Spark DataFrames, read by
    the rule of docs/engines.md, one per group of Parquet files that store each column as one
    type (int32 and int64, float32 and float64, a bool and an int64: Spark fails reading them
    together, PARQUET_COLUMN_DATA_TYPE_MISMATCH), as the audit counts them one type at a time
    (DuckDB too); CSV files, and Parquet files of one schema, are one DataFrame. For callers
    that count something other than a counts table (``ethiclens.monitor``'s windows), which
    count the groups' rows together once each is read as its files store it."""
    layout = file_layout(target, "spark")[1]  # the files checked; the columns by the caller
    rules.refuse_missing_in_files(layout, columns)
    roles = Roles(y_pred=columns[0], protected=list(columns[1:]))
    wanted = [_col(c) for c in columns]
    return [
        _read(session, part.target, part, roles)[0].select(*wanted)
        for part in _same_types(layout, roles)
    ]


def _read(session, target, layout: rules.FileLayout, roles: Roles):
    """(the role columns as a Spark DataFrame, the surplus-field column or None): CSV as text,
    one read per header order with that order's names, united by name; hive keys as the
    folder names' text (:func:`_hive_reads`)."""
    parts = []
    with _text_partitions(session):
        for files, keys in _hive_reads(layout, target):
            reader = session.read
            if keys is None and layout.hive:
                reader = reader.option("basePath", str(target))
            parts += _read_files(reader, layout, files, roles, keys or {})
    return _united(parts), rules.EXTRA_NAME if layout.kind == "csv" else None


def _united(parts: list):
    """The Spark DataFrames ``parts`` united by column name, in order."""
    return functools.reduce(lambda out, part: out.unionByName(part), parts)


@contextlib.contextmanager
def _text_partitions(session):
    """Hive folder keys read as the text of the folder names (z=1.0 is '1.0', z=01 '01',
    d=2020-01-01 a text, not a date), as every engine reads them: Spark's partition type
    inference off while the files are read (their partitions are found then); column names
    told apart by case (``g`` beside ``G``: Spark's default took them for one name, an
    AnalysisException traceback) while the files are read and counted. Exported as
    ``ethiclens.sources.spark_read_settings(session)``: a caller selecting its own columns
    (``ethiclens.monitor``) holds it around its reads and selects; the settings restored."""
    settings = {
        "spark.sql.sources.partitionColumnTypeInference.enabled": "false",
        "spark.sql.caseSensitive": "true",
    }
    before = {key: session.conf.get(key, None) for key in settings}
    for key, value in settings.items():
        session.conf.set(key, value)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                session.conf.unset(key)
            else:
                session.conf.set(key, value)


def _hive_reads(layout: rules.FileLayout, target) -> list:
    """[(files, None or their folder keys)]: the files Spark reads as partitions of TARGET,
    one read per order of folder keys (g=1/h=2/ beside h=3/g=4/, g=A/ beside g=B/h=1/: Spark
    refuses them in one read, pandas reads them), then each file under a folder with an empty
    key value (``g=``), which Spark refuses as a partition: read alone, its keys added as text
    ('' is then refused as every engine refuses an empty group name)."""
    if not layout.hive:
        return [(layout.files, None)]
    keyed = [(f, rules._hive_keys(f, target)) for f in layout.files]
    alone = [([f], keys) for f, keys in keyed if "" in keys.values()]
    by_keys: dict = {}
    for f, keys in keyed:
        if "" not in keys.values():
            by_keys.setdefault(tuple(keys), []).append(f)
    return [(files, None) for files in by_keys.values()] + alone


def _read_files(reader, layout: rules.FileLayout, files, roles: Roles, keys: dict) -> list:
    """The role columns of ``files`` as Spark DataFrames, ``keys`` added as text columns: one
    for Parquet, one per header order for CSV (its surplus fields in :data:`rules.EXTRA_NAME`,
    '' for a row whose last field is missing: a short row, refused as a long one)."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import StringType, StructField, StructType

    literal = {k: F.lit(v).cast("string") for k, v in keys.items() if k in roles.columns}
    if layout.kind == "parquet":
        part = reader.parquet(*[_literal(f) for f in files]).withColumns(literal)
        return [part.select(*[_col(c) for c in roles.columns])]
    parts = []
    for names, group in rules.header_groups(files, layout.headers):
        extra = rules.surplus_column(names)
        schema = StructType([StructField(n, StringType()) for n in [*names, extra]])
        ends = _line_ends(group)
        newline = {} if ends == "\r" else {"lineSep": "\n"}
        part = reader.csv(
            [_literal(f) for f in group],
            header=True,
            schema=schema,
            enforceSchema=True,  # our names, read from each file's header by the rule
            escape='"',
            multiLine=True,  # a quoted line break stays inside its field (as pandas reads it)
            mode="PERMISSIVE",  # fewer fields: missing (as pandas); more: the extra column
            **newline,
        )
        if ends == "\r\n":  # a line's \r (of \r\n) ends its last field, as pandas drops it
            part = part.withColumns(_crlf_ends([*names, extra]))
        part = part.filter(~_blank_line(names, extra)).withColumns(literal)
        by_file = [F.input_file_name().alias(rules.FILE_NAME)] if len(layout.files) > 1 else []
        # a row with fewer fields than the header: its last one missing (so is an empty last
        # field): counted as a surplus is, and refused by its line where ragged_error finds one
        surplus = _col(extra)
        if len(names) > 1:
            surplus = F.coalesce(surplus, F.when(_col(names[-1]).isNull(), F.lit("")))
        parts.append(
            part.select(
                *[_col(c) for c in roles.columns], surplus.alias(rules.EXTRA_NAME), *by_file
            )
        )
    return parts


def _line_ends(files) -> str:
    r"""How the CSV ``files`` end their lines, from each one's first 64 KiB: ``\r`` when one
    ends them in ``\r`` alone (old Mac): Spark then finds its line end itself. Else lines end
    at ``\n`` (Spark would take the first line's end for the whole file: a ``\n`` header
    above ``\r\n`` rows read ``a\r`` groups, a ``\r\n`` header above ``\n`` rows one row of
    two lines), and ``\r\n`` says the ``\r`` of ``\r\n`` is dropped (:func:`_crlf_ends`):
    unless the files show a quoted value ending in ``\r`` (``"a\r"``, which every engine
    keeps) and no ``\r\n``, which only ``\n`` then reads as the others do."""
    heads = []
    for f in files:
        with contextlib.suppress(OSError, EOFError):
            with _open_bytes(f) as fh:
                heads.append(fh.read(1 << 16))
    if any(b"\r" in head and b"\n" not in head for head in heads):
        return "\r"
    crlf = any(b"\r\n" in head for head in heads)
    return "\r\n" if crlf or not any(b'\r"' in head for head in heads) else "\n"


def _crlf_ends(names: list) -> dict:
    r"""Columns ``names`` read up to ``\n``: the line's last field (the last one read, its
    followers missing) without a final ``\r``, a field of only it missing (an empty last
    field ``a,\r\n``, which ends ``a,\n`` missing); a field before another keeps its
    ``\r`` (a quoted ``"a\r",b``, as every engine reads it)."""
    from pyspark.sql import functions as F

    out, last = {}, F.lit(True)
    for name in reversed(names):
        c = _col(name)
        ended = F.when(c == F.lit("\r"), F.lit(None)).otherwise(F.regexp_replace(c, r"\r\z", ""))
        out[name] = F.when(last, ended).otherwise(c)
        last = last & c.isNull()
    return out


def _blank_line(names: list, extra: str):
    """A line of only spaces or tabs, which pandas skips: one blank field, the rest absent."""
    blank = _col(names[0]).rlike(r"^[ \t]*$")
    for other in [*names[1:], extra]:
        blank = blank & _col(other).isNull()
    return blank


def _literal(path: str) -> str:
    """A file name as Hadoop's glob reads it literally ([ ] * ? { } \\ escaped)."""
    return re.sub(r"([\[\]*?{}\\])", r"\\\1", str(path))
