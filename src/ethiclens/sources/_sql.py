"""SQL databases through SQLAlchemy: the GROUP BY runs in the database, only counts come back.

Column and table names are quoted identifiers, never pasted values; the only SQL a user writes is
``--query``, run as a sub-query. Credentials are masked in every message and in provenance.
"""

from __future__ import annotations

import re
from pathlib import Path

from .._optional import require
from ..errors import EthicLensInputError
from ._counts_table import Roles, finish_sql_counts, group_by_sql, quote

_CREDENTIALS = re.compile(r"(//[^:/@]*:)[^@]*@")


def mask_url(url: str) -> str:
    """The URL with its password replaced by ``***`` (also when SQLAlchemy cannot parse it)."""
    try:
        sa = require("sqlalchemy", extra="sql")
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - any unparsable URL is masked by pattern instead
        return _CREDENTIALS.sub(r"\1***@", str(url))


def _scrub(text: str, url: str) -> str:
    text = _CREDENTIALS.sub(r"\1***@", text)
    try:
        sa = require("sqlalchemy", extra="sql")
        password = sa.engine.make_url(url).password
    except Exception:  # noqa: BLE001
        password = None
    if password:
        text = text.replace(str(password), "***")
    return text


def _fail(what: str, exc: BaseException, url: str, fix: str) -> EthicLensInputError:
    lines = [ln for ln in str(getattr(exc, "orig", None) or exc).strip().splitlines() if ln]
    detail = _scrub(lines[0] if lines else type(exc).__name__, url)
    return EthicLensInputError(f"{what}: {detail}", column=f"--db {mask_url(url)}", fix=fix)


def sql_columns(url: str, *, table: str | None = None, query: str | None = None) -> list[str]:
    """The column names of ``table`` (or of ``query``'s result); no row is read."""
    return _run(url, None, table, query)


def sql_counts(url: str, roles: Roles, *, table: str | None = None, query: str | None = None):
    """The counts table of ``table`` (or of ``query``'s result) in the database at ``url``."""
    return _run(url, roles, table, query)


def _check_sqlite_file(sa, url: str) -> None:
    """SQLite creates a missing database file on connect: a mistyped path would leave an empty
    file behind and blame the table. The file must exist (``:memory:`` aside)."""
    try:
        parsed = sa.engine.make_url(url)
    except Exception:  # noqa: BLE001 - reported by create_engine below
        return
    db = parsed.database
    if (
        parsed.get_backend_name() == "sqlite"
        and db
        and db != ":memory:"
        and not db.startswith("file:")
    ):
        if not Path(db).is_file():
            raise EthicLensInputError(
                f"the SQLite database file {db} does not exist",
                column="--db",
                value=mask_url(url),
                fix="check the path (sqlite:///relative/path.db, sqlite:////absolute/path.db)",
            )


def _run(url, roles, table, query):
    sa = require("sqlalchemy", extra="sql")
    if (table is None) == (query is None):
        raise EthicLensInputError(
            "give exactly one of --table and --query",
            column="--table/--query",
            fix='e.g. --table predictions, or --query "SELECT ... FROM ..."',
        )
    _check_sqlite_file(sa, url)
    try:
        engine = sa.create_engine(url)
    except Exception as exc:  # noqa: BLE001 - bad URL, unknown dialect, missing driver
        raise _fail(
            "cannot use this database URL", exc, url, "e.g. postgresql+psycopg://user@host/db"
        ) from None
    # "schema.table" is two quoted identifiers (a name containing a dot: use --query).
    source = (
        ".".join(quote(part) for part in table.split("."))
        if table is not None
        else f"({query}) AS ethiclens_src"
    )
    truncating = engine.dialect.name == "sqlite"
    try:
        with engine.connect() as con:
            try:
                probe = con.execute(sa.text(f"SELECT * FROM {source} WHERE 1 = 0"))
                columns = list(probe.keys())
            except Exception as exc:  # noqa: BLE001
                what = f"table {table!r} cannot be read" if table else "the query failed"
                raise _fail(what, exc, url, "check the table name / the query") from None
            if roles is None:
                return columns
            for col in roles.columns:
                if col not in columns:
                    raise EthicLensInputError(
                        "not found in the database source",
                        column=col,
                        fix=f"use one of {columns[:20]}",
                    )
            try:
                result = con.execute(
                    sa.text(group_by_sql(source, roles, truncating_cast=truncating))
                )
                import pandas as pd

                frame = pd.DataFrame(result.fetchall(), columns=list(result.keys()))
            except Exception as exc:  # noqa: BLE001
                raise _fail(
                    "the counting query failed",
                    exc,
                    url,
                    "check the columns' types (labels 0/1, scores and weights numeric)",
                ) from None
    except EthicLensInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - unreachable server, bad credentials
        raise _fail(
            "cannot connect", exc, url, "check the host, port, database name and credentials"
        ) from None
    finally:
        engine.dispose()
    return finish_sql_counts(frame, roles)
