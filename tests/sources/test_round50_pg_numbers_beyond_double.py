"""Round 50: a PostgreSQL score or weight beyond a double's range (NUMERIC 1e400, 1e-400, the
text '1e400') failed the count: "'1e400' is out of range for type double precision" (the
CAST of its text), where pandas, DuckDB and SQLite read 1e400 as inf (refused as a weight "must
be finite and >= 0 (value: inf)", a score outside [0, 1]) and 1e-400 as 0. The PostgreSQL
reading now gives those answers: a text beyond the range is inf or 0 by its decimal order and
digits, compared with the limits' first digits, cut so that no CAST of a value can fail.

No PostgreSQL server in this test (checked by hand on PostgreSQL 15: 1e400, -1e400, 1e-400,
1e-320, 1.7976931348623159e308, 2.4703282292062328e-324, NUMERIC columns of 400 digits, 0e99999,
1e99999999999999999999: float()'s answers; an audit of such a table equals DuckDB's of its CSV):
the SQL's limits and its guard are checked here."""

from __future__ import annotations

from decimal import Decimal, getcontext

from ethiclens.sources import Roles
from ethiclens.sources._counts_table import PG_HUGE, PG_TINY, group_by_sql


def test_the_limits_are_cut_so_no_cast_fails():
    getcontext().prec = 1200
    huge = Decimal(2**1024 - 2**970)  # the least that rounds to inf
    tiny = Decimal(1) / Decimal(2) ** 1075  # the most that rounds to 0
    # order 308: a value from the cut on is inf (never cast: no overflow error)
    assert Decimal(f"{PG_HUGE[0]}.{PG_HUGE[1:]}e308") <= huge
    assert float(f"{PG_HUGE[0]}.{PG_HUGE[1:]}e308") < float("inf")  # just below: a double
    # order -324: a value up to the cut is 0 (never cast: no underflow error)
    assert Decimal(f"{PG_TINY[0]}.{PG_TINY[1:]}e-324") >= tiny
    assert float(f"{PG_TINY[0]}.{PG_TINY[1:]}e-324") > 0  # just above: no longer 0


def test_a_postgresql_number_is_never_cast_unguarded():
    roles = Roles("p", ["g"], "y", y_score="s", weight="w")
    sql = group_by_sql('"t"', roles, "postgresql")
    for column in ('"s"', '"w"'):
        text = f"CAST({column} AS TEXT)"
        cast = f"CAST({text} AS DOUBLE PRECISION)"
        # each reading casts its text twice: short text of a small exponent, and within
        # the range its order and digits found (beyond 308: inf; under -324: zero)
        guarded = sql.count(f"WHEN {text} !~ '[eE][+-]?\\d{{3}}' AND length({text}) < 200 ")
        assert guarded and sql.count(cast) == 2 * guarded
        assert sql.count(f"(COALESCE(CAST(substring({text} from") == 4 * guarded
    assert f"'{PG_HUGE}'" in sql and f"'{PG_TINY}'" in sql and "'Infinity'" in sql
