"""Round 50 review: a database's TEXT group column writing one value two ways is refused.

``ethiclens audit --db sqlite:///d.db --table t`` compares a TEXT column's '0' and '-0' as two
groups (the database's own distinct keys), while ``ethiclens monitor --db ...`` keyed '-0' by
its value and counted one group 'g: 0 vs x' without a word (3fbd3652 refused CSV text's only).
Now refused as CSV text's, the merge named; a REAL column's -0.0 and 0.0 (one key in the
database, one group in the audit) still run (round 28's test)."""

import sqlite3

import pytest

from ethiclens.cli import main


def _db(path, groups) -> str:
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (t TEXT, y INTEGER, p INTEGER, g TEXT)")
        rows = [(f"2024-01-0{1 + i % 2}T0{i % 10}:00:00Z", i % 2, (i // 3) % 2, groups[i % 3])
                for i in range(120)]  # fmt: skip
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", rows)
    con.close()
    return f"sqlite:///{path}"


def _monitor(capsys, url, store, *more):
    argv = ["monitor", "--db", url, "--table", "t", "--time", "t", "--window", "1d"]
    argv += ["--y-pred", "p", "--y-true", "y", "--protected", "g=x", "--store", str(store)]
    rc = main([*argv, *more])
    return rc, *capsys.readouterr()


@pytest.mark.parametrize("spellings, merge", [(("0", "-0"), "g=0,-0:0"), (("1", "01"), None)])
def test_a_text_column_writing_one_value_two_ways_is_refused(tmp_path, capsys, spellings, merge):
    url, store = _db(tmp_path / "d.db", ["x", *spellings]), tmp_path / "s.sqlite"
    rc, out, err = _monitor(capsys, url, store)
    if merge is None:  # '01' is text, not a number's spelling: its own group, as in the audit
        assert rc == 0 and "g: 01 vs x" in out and "g: 1 vs x" in out, err
        return
    assert rc == 2, out
    assert "g writes one value 2 ways (0, " in err and f"--merge-groups '{merge}'" in err
    assert not store.exists()
    rc, out, err = _monitor(capsys, url, tmp_path / "m.sqlite", "--merge-groups", merge)
    assert rc == 0 and "g: 0 vs x" in out and "-0 vs" not in out, err
