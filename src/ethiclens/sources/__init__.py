"""Audit where the data lives: counts tables, DuckDB files, SQL databases, Dask and Spark frames.

Every engine here runs one GROUP BY where the data is and hands only the counts table to
``ethiclens.audit_counts`` (docs/adr/0009-data-engines.md).
"""

from .._keywords import refusing_exports
from ._counts_table import (
    BINS_ATTR,
    RESERVED,
    Roles,
    as_pandas_reads,
    canonical_zero,
    counts_format,
    counts_of,
    counts_outputs,
    hand_over,
    metadata_path,
    parquet_key_types,
    read_counts,
    refuse_reserved,
    suppress_small_cells,
    write_counts,
)
from ._dask import (
    LOCAL_HTTP,
    audit_frame,
    dask_as_built,
    dask_counts,
    dask_file_counts,
    dask_scheduler,
)
from ._dask import dask_pandas_frames as dask_pandas_frames  # the monitor's; not in __all__
from ._duckdb import _literal as duckdb_literal_paths  # noqa: F401 (monitor; not in __all__)
from ._duckdb import _mixed_line_ends as mixed_line_ends
from ._duckdb import _refuse_lone_cr as refuse_lone_cr  # noqa: F401 (monitor; not in __all__)
from ._duckdb import duckdb_counts, duckdb_failure, file_columns, resolve_files
from ._duckdb import lone_cr_refused as lone_cr_refused  # auto's choice; not in __all__
from ._duckdb_database import duckdb_connection as duckdb_connection  # the monitor's
from ._duckdb_database import forget_duckdb_database as forget_duckdb_database  # the monitor's
from ._pandas import _packed_csv as packed_csv  # noqa: F401 (the spec's; not in __all__)
from ._pandas import name_rows, pandas_counts, read_csv_file, read_rows, refuse_stray_labels
from ._rules import (
    ENGINE_ATTR,
    NA_TEXT,
    check_scheduler,
    engine_of,
    refuse_hive_default,
    refuse_stray_counted,
    row_place,
    type_groups,
)
from ._rules import _hive_keys as hive_keys
from ._rules import csv_header as csv_header  # the web's upload check; not in __all__
from ._rules import interval_refusal as interval_refusal  # the monitor's; not in __all__
from ._rules import read_as_missing as read_as_missing  # the monitor's; not in __all__
from ._rules import register_pandas_types as register_pandas_types  # the monitor's
from ._rules import stray_labels as stray_labels  # the monitor's; not in __all__
from ._rules import stray_labels_error as stray_labels_error  # the monitor's; not in __all__
from ._rules import type_labels as type_labels  # spec types model B so; not in __all__
from ._spark import _text_partitions as spark_read_settings
from ._spark import (
    spark_counts,
    spark_file_counts,
    spark_read_file_groups,
    spark_read_files,
    spark_session,
)
from ._sql import (
    check_usable_db_url,
    checked_db_url,
    env_db_url,
    mask_url,
    refuse_malformed_url,
    sql_columns,
    sql_counts,
    sql_source,
    sqlite_files,
)

__all__ = [
    "BINS_ATTR",
    "audit_frame",
    "dask_as_built",
    "dask_counts",
    "dask_file_counts",
    "dask_scheduler",
    "LOCAL_HTTP",
    "ENGINE_ATTR",
    "NA_TEXT",
    "hive_keys",
    "refuse_hive_default",
    "refuse_reserved",
    "check_scheduler",
    "engine_of",
    "row_place",
    "read_rows",
    "name_rows",
    "refuse_stray_labels",
    "refuse_stray_counted",
    "read_csv_file",
    "pandas_counts",
    "duckdb_counts",
    "duckdb_failure",
    "mixed_line_ends",
    "resolve_files",
    "file_columns",
    "sql_columns",
    "check_usable_db_url",
    "checked_db_url",
    "env_db_url",
    "mask_url",
    "refuse_malformed_url",
    "sql_counts",
    "sql_source",
    "sqlite_files",
    "spark_counts",
    "spark_file_counts",
    "spark_read_files",
    "spark_read_file_groups",
    "spark_session",
    "spark_read_settings",
    "RESERVED",
    "Roles",
    "counts_of",
    "counts_format",
    "counts_outputs",
    "hand_over",
    "metadata_path",
    "read_counts",
    "suppress_small_cells",
    "write_counts",
    "as_pandas_reads",
    "canonical_zero",
    "type_groups",
    "parquet_key_types",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
