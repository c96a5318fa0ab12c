"""Per-window counts of a target with a time column, counted where the data is.

A window is ``Kd`` (K days, UTC, the first starting on the first day the store saw) or ``N``
rows (rows numbered in time order across the whole target; only full windows are processed).
The counts table has one row per (window, protected values..., y_true, y_pred) with ``count``;
DuckDB runs one GROUP BY over files, globs and folders, pandas reads other formats (or
everything under ``--engine pandas``). Rows are placed by their timestamp, so rows out of order
within or across files are simply sorted (documented in docs/monitoring.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import DataFileError, EthicLensInputError

DAY = 86400
WINDOW, COUNT, TS = "_window", "_count", "_ts"
# with --propensity: per cell the sums of 1/π and 1/π² and the smallest π
WSUM, W2SUM, PMIN = "_w", "_w2", "_pmin"
WEIGHTED = (WSUM, W2SUM, PMIN)
# every engine hands labels over as text
LABEL_VALUES = {
    "0": 0, "1": 1, "false": 0, "true": 1, "False": 0, "True": 1, "FALSE": 0, "TRUE": 1,
    "0.0": 0, "1.0": 1,
}  # fmt: skip


@dataclass(frozen=True)
class Window:
    """``kind`` is ``days`` or ``rows``; ``size`` the number of days or rows."""

    kind: str
    size: int

    def __str__(self) -> str:
        return f"{self.size}d" if self.kind == "days" else str(self.size)


def parse_window(text) -> Window:
    """``1d``, ``7d``, ``30d`` (any ``Kd``) or ``N`` (rows)."""
    raw = str(text).strip().lower()
    m = re.fullmatch(r"(\d+)\s*d", raw)
    if m and int(m.group(1)) >= 1:
        return Window("days", int(m.group(1)))
    if raw.isdigit() and int(raw) >= 1:
        return Window("rows", int(raw))
    raise EthicLensInputError(
        "is not a window size",
        column="--window",
        value=text,
        fix="give days as 1d, 7d or 30d (any Kd), or a number of rows such as 10000",
    )


@dataclass
class Counted:
    """The counts of a target: ``table`` (window, attributes..., y_true, y_pred, count) and
    ``windows`` (window, start, end, rows, complete) with times in epoch seconds (UTC)."""

    table: pd.DataFrame
    windows: pd.DataFrame
    origin_day: int | None
    t_min: float
    t_max: float
    engine: str


def _check_columns(columns, needed, target) -> None:
    for col in needed:
        if col not in columns:
            raise EthicLensInputError(
                f"not found in {target}",
                column=col,
                fix=f"use one of {list(columns)[:20]}",
            )


def count_windows(
    target: str,
    *,
    time: str,
    window: Window,
    y_pred: str,
    protected: list,
    y_true: str | None = None,
    origin_day: int | None = None,
    engine: str = "auto",
    propensity: str | None = None,
) -> Counted:
    """Count TARGET per window (see the module's docstring). With ``propensity`` (a column
    holding each row's probability of having been sampled, in (0, 1]) every cell also carries
    Σ 1/π, Σ 1/π² and min π (``_w``, ``_w2``, ``_pmin``)."""
    from ..sources import file_columns, resolve_files

    files, kind, hive = resolve_files(target)
    columns = file_columns(target)
    roles = [c for c in (y_true, y_pred) if c] + list(protected)
    extra = [propensity] if propensity else []
    _check_columns(columns, [time, *roles, *extra], target)
    if len(set([time, *roles, *extra])) < len([time, *roles, *extra]):
        raise EthicLensInputError(
            "one column plays two roles",
            column="--time",
            value=time,
            fix="give --time, --y-true, --y-pred, --protected and --propensity different columns",
        )
    if engine == "auto":
        try:
            import duckdb  # noqa: F401

            engine = "duckdb"
        except ImportError:
            engine = "pandas"
    if engine == "duckdb":
        raw, t_min, t_max = _duckdb_raw(
            target, files, kind, hive, columns, time, roles, window, propensity
        )
    elif engine == "pandas":
        raw, t_min, t_max = _pandas_raw(target, files, kind, hive, time, roles, window, propensity)
    else:
        raise EthicLensInputError(
            "the monitor counts files with duckdb or pandas",
            column="--engine",
            value=engine,
            fix="give --engine auto, duckdb or pandas",
        )
    return _finish(raw, t_min, t_max, time, window, y_pred, y_true, protected, origin_day, engine)


def _propensity_error(column, bad, rows, where) -> None:
    raise EthicLensInputError(
        f"{bad:,} of {rows:,} rows hold a propensity that is missing, not a number, 0 or less, "
        f"or above 1{where}",
        column=column,
        fix="every row needs its probability of having been sampled, a number in (0, 1]: fix "
        "those rows, or drop rows that could not have been sampled (π = 0 has no inverse "
        "weight)",
    )


# -- DuckDB ------------------------------------------------------------------------------------


def _q(name: str) -> str:
    return '"' + str(name).replace('"', '""') + '"'


def _duckdb_raw(target, files, kind, hive, columns, time, roles, window, propensity=None):
    import duckdb

    params = {"files": files}
    opts = ", hive_partitioning = true" if hive else ""
    if kind == "parquet":
        source = f"read_parquet($files{opts})"
    elif len({tuple(_header(f)) for f in files}) > 1:
        # files list the columns in different orders: match them by name, not by position
        if any(c != c.strip() for c in columns):
            raise EthicLensInputError(
                "files list the columns in different orders and some names have spaces around them",
                column="TARGET",
                value=target,
                fix="export the files with one column order, or use --engine pandas",
            )
        source = f"read_csv($files, header = true, union_by_name = true, all_varchar = true{opts})"
    else:
        n_hive = len(Path(files[0]).relative_to(target).parts) - 1 if hive else 0
        params["names"] = columns[: len(columns) - n_hive]
        source = f"read_csv($files, header = true, names = $names, all_varchar = true{opts})"
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")
        kind_of_time = con.execute(
            f"SELECT typeof({_q(time)}) FROM {source} LIMIT 1", params
        ).fetchone()
        typed = bool(kind_of_time) and ("TIMESTAMP" in kind_of_time[0] or kind_of_time[0] == "DATE")
        if typed:  # a Parquet timestamp or date: no text to parse
            ts = f"epoch(CAST({_q(time)} AS TIMESTAMPTZ))"
            raw_t = f"CASE WHEN {_q(time)} IS NULL THEN NULL ELSE 'x' END"
        else:
            ts = f"epoch(TRY_CAST(CAST({_q(time)} AS VARCHAR) AS TIMESTAMPTZ))"
            raw_t = f"CAST({_q(time)} AS VARCHAR)"
        prop = ""
        sums = ""
        if propensity:
            p = f"TRY_CAST(trim(CAST({_q(propensity)} AS VARCHAR)) AS DOUBLE)"
            prop = f"{p} AS _p, "
            sums = ", sum(1.0 / _p) AS _w, sum(1.0 / (_p * _p)) AS _w2, min(_p) AS _pmin"
            bad = con.execute(
                f"SELECT count(*) FILTER (WHERE NOT coalesce({p} > 0 AND {p} <= 1, false)), "
                f"count(*) FROM {source}",
                params,
            ).fetchone()
            if bad[0]:
                # the error path: the pandas reader names the first file and line
                _pandas_raw(target, files, kind, hive, time, roles, window, propensity)
                _propensity_error(propensity, int(bad[0]), int(bad[1]), "")
        src = (
            f"(SELECT {ts} AS {TS}, {raw_t} AS _raw, {prop}"
            + ", ".join(_q(c) for c in roles)
            + f" FROM {source}) AS src"
        )
        keys = ", ".join(_q(c) for c in roles)
        text = ", ".join(f"CAST({_q(c)} AS VARCHAR) AS {_q(c)}" for c in roles)
        flag = (
            f"CASE WHEN _raw IS NULL OR trim(_raw) = '' THEN 1 WHEN {TS} IS NULL THEN 2 ELSE 0 END"
        )
        if window.kind == "days":  # one scan: the time checks ride along in the GROUP BY
            inner = (
                f"SELECT CAST(floor({TS} / {DAY}) AS BIGINT) AS _day, {flag} AS _bad, {keys}, "
                f"count(*) AS {COUNT}, min({TS}) AS _tmin, max({TS}) AS _tmax, "
                f"min(_raw) FILTER (WHERE {TS} IS NULL) AS _example{sums} FROM {src} GROUP BY ALL"
            )
            more = ", _w, _w2, _pmin" if propensity else ""
            sql = f"SELECT _day, _bad, {text}, {COUNT}, _tmin, _tmax, _example{more} FROM ({inner})"
            raw = con.execute(sql, params).df()
            missing = int(raw.loc[raw["_bad"] == 1, COUNT].sum())
            bad_rows = raw[raw["_bad"] == 2]
            example = bad_rows["_example"].dropna().min() if len(bad_rows) else None
            _time_errors(
                time, missing, int(bad_rows[COUNT].sum()), example, int(raw[COUNT].sum()), target
            )
            raw = raw.drop(columns=["_bad", "_example"])
            t_min, t_max = raw["_tmin"].min(), raw["_tmax"].max()
        else:
            missing, bad, example, rows, t_min, t_max = con.execute(
                f"SELECT count(*) FILTER (WHERE _raw IS NULL OR trim(_raw) = ''), "
                f"count(*) FILTER (WHERE _raw IS NOT NULL AND trim(_raw) <> '' "
                f"AND {TS} IS NULL), min(_raw) FILTER (WHERE _raw IS NOT NULL "
                f"AND trim(_raw) <> '' AND {TS} IS NULL), count(*), min({TS}), max({TS}) "
                f"FROM {src}",
                params,
            ).fetchone()
            _time_errors(time, missing, bad, example, rows, target)
            # ties broken by the values as text, as the pandas path sorts them
            order = ", ".join([TS, *(f"CAST({_q(c)} AS VARCHAR)" for c in roles)])
            numbered = (
                f"SELECT CAST((row_number() OVER (ORDER BY {order}) - 1) // {window.size} "
                f"AS BIGINT) AS {WINDOW}, {TS}, {'_p, ' if propensity else ''}{keys} FROM {src}"
            )
            inner = (
                f"SELECT {WINDOW}, {keys}, count(*) AS {COUNT}, min({TS}) AS _tmin, "
                f"max({TS}) AS _tmax{sums} FROM ({numbered}) GROUP BY ALL"
            )
            more = ", _w, _w2, _pmin" if propensity else ""
            sql = f"SELECT {WINDOW}, {text}, {COUNT}, _tmin, _tmax{more} FROM ({inner})"
            raw = con.execute(sql, params).df()
    except duckdb.Error as exc:
        first = str(exc).strip().splitlines()[0]
        raise EthicLensInputError(
            f"DuckDB could not count {target}: {first}",
            column="TARGET",
            fix="check the file's format and columns (or try --engine pandas)",
        ) from None
    finally:
        con.close()
    return raw, float(t_min), float(t_max)


def _header(path) -> list[str]:
    """The header line of a CSV file (plain or gzip), as names."""
    import csv
    import gzip

    opener = gzip.open if str(path).lower().endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8-sig", newline="") as fh:
        return next(csv.reader(fh), [])


def _time_errors(time, missing, bad, example, rows, target, where="") -> None:
    if rows == 0:
        raise DataFileError(f"{target} has no data rows", fix="export the data again")
    if missing:
        raise EthicLensInputError(
            f"{missing:,} of {rows:,} rows have no time{where}",
            column=time,
            fix="every row needs a timestamp (ISO 8601, e.g. 2024-05-01T13:00:00Z): fill or "
            "drop those rows",
        )
    if bad:
        raise EthicLensInputError(
            f"{bad:,} of {rows:,} rows hold a value that is not a date or time{where}",
            column=time,
            value=example,
            fix="write times as ISO 8601 (2024-05-01, 2024-05-01T13:00:00, with an optional "
            "offset such as +02:00; without one, UTC is assumed)",
        )


# -- pandas ------------------------------------------------------------------------------------


def _pandas_raw(target, files, kind, hive, time, roles, window, propensity=None):
    frames = []
    wanted = [time, *roles, *([propensity] if propensity else [])]
    for f in files:
        keys = {}
        if hive:
            for part in Path(f).relative_to(target).parts[:-1]:
                k, eq, v = part.partition("=")
                if eq:
                    keys[k] = v
        cols = [c for c in wanted if c not in keys]
        try:
            if kind == "parquet":
                frame = pd.read_parquet(f, columns=cols)
            else:
                frame = pd.read_csv(f, usecols=cols, dtype=str, encoding="utf-8-sig")
        except (ValueError, OSError, pd.errors.ParserError) as exc:
            raise DataFileError(
                f"cannot read {Path(f).name}: {str(exc).strip().splitlines()[0]}",
                fix="check the file's format",
            ) from None
        for k, v in keys.items():
            if k in wanted:
                frame[k] = v
        frame["_file"] = Path(f).name
        frame["_line"] = np.arange(len(frame)) + 2
        frames.append(frame)
    frame = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    rawt = frame[time]
    text = rawt.astype(str).str.strip()
    missing = rawt.isna() | (text == "") | (text.str.lower().isin(["nan", "nat", "none"]))
    parsed = pd.to_datetime(
        rawt.where(~missing, None).astype(object).map(lambda v: None if v is None else str(v)),
        utc=True,
        format="ISO8601",
        errors="coerce",
    )
    bad = parsed.isna() & ~missing
    if missing.any() or bad.any():
        first = frame[missing | bad].iloc[0]
        where = f" (first: {first['_file']}, line {first['_line']})"
        _time_errors(
            time,
            int(missing.sum()),
            int(bad.sum()),
            None if missing.any() else str(first[time]),
            len(frame),
            target,
            where,
        )
    if len(frame) == 0:
        _time_errors(time, 0, 0, None, 0, target)
    ts = (parsed - pd.Timestamp(0, tz="UTC")).dt.total_seconds().to_numpy()
    data = pd.DataFrame({TS: ts})
    if propensity:
        raw_p = frame[propensity]
        if raw_p.dtype == object:
            raw_p = raw_p.map(lambda v: v.strip() if isinstance(v, str) else v)
        p = pd.to_numeric(raw_p, errors="coerce").astype(float).to_numpy()
        with np.errstate(invalid="ignore"):
            bad = ~((p > 0) & (p <= 1))
        if bad.any():
            first = frame[bad].iloc[0]
            value = first[propensity]
            shown = "empty" if value is None or str(value).strip() in ("", "nan") else repr(value)
            where = f" (first: {first['_file']}, line {first['_line']}: {shown})"
            _propensity_error(propensity, int(bad.sum()), len(frame), where)
        data["_w"] = 1.0 / p
        data["_w2"] = 1.0 / (p * p)
        data["_p"] = p
    for c in roles:
        v = frame[c]
        data[c] = v.where(v.isna(), v.astype(str))
    if window.kind == "days":
        data["_day"] = np.floor(ts / DAY).astype(np.int64)
        keys = ["_day", *roles]
    else:
        data = data.sort_values([TS, *roles], kind="stable", na_position="last")
        data[WINDOW] = np.arange(len(data)) // window.size
        keys = [WINDOW, *roles]
    raw = (
        data.groupby(keys, dropna=False, sort=False)[TS]
        .agg(["size", "min", "max"])
        .reset_index()
        .rename(columns={"size": COUNT, "min": "_tmin", "max": "_tmax"})
    )
    if propensity:
        sums = data.groupby(keys, dropna=False, sort=False).agg(
            _w=("_w", "sum"), _w2=("_w2", "sum"), _pmin=("_p", "min")
        )
        raw = raw.merge(sums.reset_index(), on=keys, how="left")
    return raw, float(np.min(ts)), float(np.max(ts))


# -- both ----------------------------------------------------------------------------------------


def _labels(raw: pd.DataFrame, col: str | None, role: str) -> None:
    if col is None:
        return
    values = raw[col]
    if values.isna().any():
        n = int(raw.loc[values.isna(), COUNT].sum())
        raise EthicLensInputError(
            f"{n:,} rows have no value",
            column=col,
            fix=f"every row needs its {role}: fill or drop those rows",
        )
    mapped = values.map(lambda v: LABEL_VALUES.get(str(v).strip()))
    if mapped.isna().any():
        odd = sorted({str(v) for v in values[mapped.isna()]})[:5]
        raise EthicLensInputError(
            f"holds values that are not 0/1 {odd}",
            column=col,
            fix=f"recode the {role} as 0/1 (or true/false)",
        )
    raw[col] = mapped.astype(np.int64)


def _finish(raw, t_min, t_max, time, window, y_pred, y_true, protected, origin_day, engine):
    _labels(raw, y_pred, "prediction")
    _labels(raw, y_true, "label")
    for col in protected:
        if raw[col].isna().any():
            n = int(raw.loc[raw[col].isna(), COUNT].sum())
            raise EthicLensInputError(
                f"{n:,} rows have no group",
                column=col,
                fix="fill the missing groups (e.g. 'Unknown') or drop those rows",
            )
        raw[col] = raw[col].astype(str)
    raw[COUNT] = raw[COUNT].astype(np.int64)
    if window.kind == "days":
        if origin_day is None:
            origin_day = int(raw["_day"].min())
        raw[WINDOW] = (raw["_day"] - origin_day) // window.size
        raw = raw.drop(columns="_day")
    keys = [WINDOW, *protected, *([y_true] if y_true else []), y_pred]
    if WSUM in raw.columns:
        table = (
            raw.groupby(keys, sort=True)
            .agg(**{COUNT: (COUNT, "sum"), WSUM: (WSUM, "sum"), W2SUM: (W2SUM, "sum"),
                    PMIN: (PMIN, "min")})
            .reset_index()
        )  # fmt: skip
        for col in WEIGHTED:
            table[col] = table[col].astype(float)
    else:
        table = raw.groupby(keys, sort=True)[COUNT].sum().reset_index()
    per = raw.groupby(WINDOW).agg(rows=(COUNT, "sum"), tmin=("_tmin", "min"), tmax=("_tmax", "max"))
    per = per.reset_index()
    if window.kind == "days":
        per["start"] = (origin_day + per[WINDOW] * window.size) * DAY
        per["end"] = per["start"] + window.size * DAY
        per["complete"] = True
    else:
        per["start"], per["end"] = per["tmin"], per["tmax"]
        per["complete"] = per["rows"] == window.size
    renamed = {y_pred: "y_pred", **({y_true: "y_true"} if y_true else {})}
    table = table.rename(columns=renamed)
    return Counted(table, per, origin_day, t_min, t_max, engine)


# -- a database ----------------------------------------------------------------------------------

_DAY_SQL = {
    # SQLite reads ISO 8601 text (an offset is converted to UTC); a value it cannot read is NULL
    "sqlite": "CAST(strftime('%s', {col}) AS INTEGER) / 86400",
    "postgresql": "CAST(FLOOR(EXTRACT(EPOCH FROM CAST({col} AS TIMESTAMPTZ)) / 86400) AS BIGINT)",
}
DAY_KEY = "_ethiclens_day"


def count_windows_sql(
    url: str,
    *,
    time: str,
    window: Window,
    y_pred: str,
    protected: list,
    y_true: str | None = None,
    table: str | None = None,
    query: str | None = None,
    origin_day: int | None = None,
) -> Counted:
    """Day windows of a database table (or query): the day of each row is computed in the
    database and becomes one more GROUP BY key of ``ethiclens.sources.sql_counts``, which runs
    it read-only (ADR 0011); only counts come back."""
    from ..sources import Roles, mask_url, sql_counts

    if window.kind != "days":
        raise EthicLensInputError(
            "row windows need the rows in time order; a database is counted per day",
            column="--window",
            value=str(window),
            fix="give --window 1d, 7d or 30d with --db",
        )
    scheme = url.split(":", 1)[0].split("+", 1)[0].lower()
    if scheme not in _DAY_SQL:
        raise EthicLensInputError(
            "the monitor computes days in SQLite and PostgreSQL only",
            column="--db",
            value=mask_url(url),
            fix="use a sqlite:/// or postgresql+psycopg:// URL",
        )
    if bool(table) == bool(query):
        raise EthicLensInputError(
            "give --table or --query (one of them)",
            column="--table/--query",
            fix="add --table NAME",
        )
    if table:
        source = ".".join(_q(part) for part in table.split("."))
    else:
        source = f"({query.strip().rstrip(';')}) AS monitored"
    day = _DAY_SQL[scheme].format(col=_q(time))
    sql = f"SELECT *, {day} AS {_q(DAY_KEY)} FROM {source}"
    roles = Roles(y_pred=y_pred, y_true=y_true, protected=[*protected, DAY_KEY])
    try:
        counts = sql_counts(url, roles, query=sql)
    except EthicLensInputError as exc:
        if str(exc.column) == DAY_KEY:
            raise EthicLensInputError(
                "some rows have no time, or one the database cannot read as a date or time",
                column=time,
                fix="every row needs an ISO 8601 timestamp (2024-05-01T13:00:00, optional "
                "offset); fill or fix those rows",
            ) from None
        raise
    raw = counts.rename(columns={"y_pred": y_pred, "count": COUNT, DAY_KEY: "_day"})
    if y_true:
        raw = raw.rename(columns={"y_true": y_true})
    raw["_day"] = raw["_day"].astype(np.int64)
    raw["_tmin"] = raw["_day"] * float(DAY)
    raw["_tmax"] = raw["_tmin"] + DAY - 1
    raw = raw[["_day", *([y_true] if y_true else []), y_pred, *protected, COUNT, "_tmin", "_tmax"]]
    for col in [y_pred, *([y_true] if y_true else [])]:
        raw[col] = raw[col].astype(str)
    return _finish(
        raw,
        float(raw["_tmin"].min()),
        float(raw["_tmax"].max()),
        time,
        window,
        y_pred,
        y_true,
        protected,
        origin_day,
        "sql",
    )
