"""Round 41: the SQL statement timeout took numpy's floats but refused numpy's integers, and a
timeout under 1 ms reached PostgreSQL as ``statement_timeout = 0``, which PostgreSQL reads as
no timeout at all."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts

pytest.importorskip("sqlalchemy")


@pytest.fixture()
def db(tmp_path):
    import sqlite3

    path = tmp_path / "t.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (y INTEGER, p INTEGER, g TEXT)")
    con.executemany(
        "INSERT INTO t VALUES (?, ?, ?)", [(i % 2, i // 2 % 2, "ab"[i % 2]) for i in range(8)]
    )
    con.commit()
    con.close()
    return f"sqlite:///{path}"


def test_numpy_integer_timeout_is_a_number(db):
    roles = Roles(y_true="y", y_pred="p", protected=["g"])
    by_int = sql_counts(db, roles, table="t", timeout=np.int64(30))
    by_float = sql_counts(db, roles, table="t", timeout=np.float64(30))
    assert by_int.equals(by_float)
    for bad in (np.bool_(True), True, np.int64(0), np.float64("nan"), "30"):
        with pytest.raises(EthicLensInputError, match="statement timeout must be a number"):
            sql_counts(db, roles, table="t", timeout=bad)


# A PostgreSQL timeout under a millisecond (0.0004 s) sent as 1 ms, never 0 (no timeout): asserted,
# with the float-noise cases, in test_round41_review_eng.py.
