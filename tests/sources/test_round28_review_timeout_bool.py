"""Round 28 review: the statement timeout, now named in its refusal in seconds, took True for
1 second (a bool is an int to isinstance): refused as any value that is not seconds is."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts


@pytest.mark.parametrize("timeout", [True, False])
def test_a_bool_timeout_is_refused(tmp_path, timeout):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (p INTEGER, g TEXT)")
        con.execute("INSERT INTO t VALUES (1, 'a'), (0, 'b')")
    con.close()
    with pytest.raises(EthicLensInputError) as exc:
        sql_counts(f"sqlite:///{db}", Roles("p", ["g"]), table="t", timeout=timeout)
    assert exc.value.column == "timeout" and exc.value.value is timeout
