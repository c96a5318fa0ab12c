"""``ethiclens counts``: the counts table of a file, a database table or query, for hand-over."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import EthicLensInputError

ENGINES = ("auto", "pandas", "duckdb", "dask", "spark")


def _is_many(target: str) -> bool:
    return Path(target).is_dir() or any(ch in target for ch in "*?[")


def pick_engine(engine: str, target: str | None, db: str | None) -> str:
    """The engine that will count: sql for --db, else the one asked for (auto decides)."""
    if db:
        if target:
            raise EthicLensInputError(
                "give a file or --db, not both", column="--db", fix="drop TARGET or --db"
            )
        return "sql"
    if not target:
        raise EthicLensInputError(
            "nothing to audit", column="TARGET", fix="name a file, a glob or a folder, or --db URL"
        )
    if engine != "auto":
        return engine
    if _is_many(target):
        return "duckdb"
    path = Path(target)
    if path.suffix.lower() in (".parquet", ".pq", ".csv") and path.is_file():
        try:
            import duckdb  # noqa: F401
        except ImportError:
            return "pandas"  # the core install: read in memory, as before
        return "duckdb"
    return "pandas"


def source_columns(engine, target, *, db=None, table=None, query=None) -> list[str]:
    """The source's column names, read cheaply (a footer, a header line, an empty query)."""
    if engine == "sql":
        from ..sources import sql_columns

        return sql_columns(db, table=table, query=query)
    if engine in ("duckdb", "dask", "spark"):
        from ..sources import file_columns

        return file_columns(target)
    from ..io import read_table

    return list(read_table(target).columns)


def count_source(
    engine, target, roles, *, db=None, table=None, query=None, scheduler=None
) -> tuple:
    """(counts table, provenance record of the source) for every engine but pandas-in-memory."""
    from ..sources import mask_url

    if scheduler and engine not in ("dask", "spark"):
        raise EthicLensInputError(
            f"only --engine dask and --engine spark use a scheduler; this count runs on {engine}",
            column="--scheduler",
            value=scheduler,
            fix="drop --scheduler, or add --engine dask (a Dask scheduler address or "
            "local-cluster) or --engine spark (a Spark master)",
        )
    if engine == "sql":
        from ..sources import sql_counts

        where = {"database": mask_url(db), **({"table": table} if table else {"query": query})}
        return sql_counts(db, roles, table=table, query=query), where
    if table or query:
        raise EthicLensInputError(
            "--table and --query need --db", column="--table/--query", fix="add --db URL"
        )
    if engine == "duckdb":
        from ..sources import duckdb_counts

        return duckdb_counts(target, roles), {"dataset": str(target)}
    if engine == "dask":
        return _dask(target, roles, scheduler), {"dataset": str(target)}
    if engine == "spark":
        from ..sources import spark_file_counts

        return spark_file_counts(target, roles, master=scheduler), {"dataset": str(target)}
    from ..sources import pandas_counts  # read and checked by the engines' one rule

    return pandas_counts(target, roles), {"dataset": str(target)}


def _dask(target, roles, scheduler):
    from ..sources import dask_file_counts

    return dask_file_counts(target, roles, scheduler=scheduler or "local-cluster")


@click.command("counts")
@click.argument("target", required=False)
@click.option("--y-true", help="Label column.")
@click.option("--y-pred", required=True, help="Prediction column.")
@click.option("--y-score", help="Score column in [0, 1]: adds score-bin cells for calibration.")
@click.option("--protected", multiple=True, required=True, metavar="COL", help="Repeatable.")
@click.option("--weight", help="Sample-weight column: adds weight and squared-weight sums.")
@click.option("--n-bins", default=10, show_default=True, help="Score bins (with --y-score).")
@click.option(
    "--engine",
    default="auto",
    show_default=True,
    type=click.Choice(ENGINES),
    help="Who counts a file: pandas (in memory), duckdb (out of core), dask or spark (local "
    "mode unless --scheduler names a Spark master); auto: DuckDB "
    "for CSV/Parquet files, globs and folders when installed, else pandas.",
)
@click.option("--db", metavar="URL", help="SQLAlchemy database URL (counts run in the database).")
@click.option("--table", "db_table", metavar="NAME", help="Table to count (with --db).")
@click.option("--query", metavar="SQL", help="Query whose rows are counted (with --db).")
@click.option(
    "--scheduler",
    metavar="ADDRESS|local-cluster",
    help="Dask scheduler (--engine dask) or Spark master (--engine spark).",
)
@click.option(
    "--min-cell",
    type=int,
    metavar="K",
    help="Drop cells with fewer than K rows before writing (stated in the file and every "
    "report made from it). Small cells can identify people.",
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False),
    help="File to write, in the format its suffix names: .parquet/.pq (metadata inside) or "
    ".csv (metadata in OUT.ethiclens.json beside it).",
)
def counts_command(
    target,
    y_true,
    y_pred,
    y_score,
    protected,
    weight,
    n_bins,
    engine,
    db,
    db_table,
    query,
    scheduler,
    min_cell,
    out,
):
    """Write the counts table of TARGET (a file, glob or folder) or of --db: only aggregates."""
    from ..io import check_outputs
    from ..report import check_writable
    from ..sources import (
        Roles,
        counts_format,
        metadata_path,
        suppress_small_cells,
        write_counts,
    )

    outputs = {"--out": out}
    if Path(out).suffix.lower() == ".csv":
        outputs["--out (its metadata file)"] = metadata_path(out)
    check_outputs(outputs, inputs=[target])  # never the input, its folder or its glob
    for path in outputs.values():
        check_writable(path)
    counts_format(out, "--out")  # the suffix says the format; an unknown one is refused now
    if not 2 <= n_bins <= 1000:  # 0 bins put every score in bin -1 without a word
        raise EthicLensInputError(
            "must be from 2 to 1000 score bins", column="--n-bins", value=n_bins, fix="10"
        )

    roles = Roles(y_pred, [p.strip() for p in protected], y_true, y_score, weight, int(n_bins))
    table, where = count_source(
        pick_engine(engine, target, db),
        target,
        roles,
        db=db,
        table=db_table,
        query=query,
        scheduler=scheduler,
    )
    if min_cell is not None:
        table = suppress_small_cells(table, min_cell)
    table.attrs["ethiclens_source"] = where
    write_counts(table, out)
    note = ""
    if min_cell is not None:
        info = table.attrs["ethiclens_suppression"]
        dropped = f"{info['cells_dropped']} cells ({info['rows_dropped']} rows)"
        note = f"; --min-cell {min_cell} dropped {dropped}"
    if counts_format(out, "--out") == "csv":
        note += f"; its metadata in {metadata_path(out)} (hand over both)"
    click.echo(f"wrote {out}: {len(table)} cells, {int(table['count'].sum())} rows{note}")
