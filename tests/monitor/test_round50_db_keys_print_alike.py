"""Round 50: a SQLite table's group column holding the INTEGER 1 beside the TEXT '1' (or the
BLOB b'a' beside the TEXT 'a') gives the database two GROUP BY keys that print alike.
'ethiclens audit --db ... --table t --protected g' refuses them ('distinct values print the
same', 'holds 'a' both as bytes ... and as text'); 'ethiclens monitor' on the same table read
both keys as the text '1' and counted one group without a word. The monitor now refuses them in
the audit's words (TARGET's table or query, a --baseline-table alike), nothing written."""

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = ["--y-pred", "p", "--protected", "g"]


def _db(tmp_path, other, name="t", day=1, one=1) -> str:
    """Two days of rows whose g writes 2, or ``one`` (``other`` in every fifth such row)."""
    path = tmp_path / "d.db"
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE {name} (ts TEXT, g, p)")
        rows = [
            (f"2024-01-{day + i // 24:02d}T{i % 24:02d}:00:00",
             (other if i % 5 == 0 else one) if i % 2 else 2, i % 3 % 2)
            for i in range(48)
        ]  # fmt: skip
        con.executemany(f"INSERT INTO {name} VALUES (?, ?, ?)", rows)
    return f"sqlite:///{path}"


def _last_error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("one", "other", "said"),
    [
        (1, "1", "distinct values print the same (e.g. 1 and '1'): found [1, '1', 2]"),
        ("a", b"a", "holds 'a' both as bytes (b'a') and as text: two values, one name"),
    ],
)
def test_the_monitor_refuses_a_tables_keys_printing_alike_as_the_audit(
    tmp_path, capsys, one, other, said
):
    url = _db(tmp_path, other, one=one)
    assert main(["audit", "--db", url, "--table", "t", *ROLES]) == 2
    audit = _last_error(capsys)
    assert said in audit
    store = tmp_path / "s.sqlite"
    watch = ["monitor", "--db", url, "--table", "t", "--time", "ts", "--window", "1d", *ROLES]
    assert main([*watch, "--store", str(store)]) == 2
    assert _last_error(capsys) == audit
    assert not store.exists()


def test_python_and_a_baseline_table_are_refused_alike(tmp_path):
    url = _db(tmp_path, "1")
    request = MonitorRequest(
        target="t", db=url, query="SELECT * FROM t", time="ts", window="1d", y_pred="p",
        protected=("g",),
    )  # fmt: skip
    with pytest.raises(EthicLensInputError, match=r"distinct values print the same"):
        run_monitor(request, tmp_path / "s.sqlite")
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:  # t clean, b the baseline
        con.execute("ALTER TABLE t RENAME TO b")
    _db(tmp_path, 1, name="t", day=5)
    request = MonitorRequest(
        target="t", db=url, table="t", baseline_table="b", time="ts", window="1d",
        y_pred="p", protected=("g",),
    )  # fmt: skip
    with pytest.raises(EthicLensInputError, match=r"baseline \(b\): distinct values print"):
        run_monitor(request, tmp_path / "s.sqlite")


def test_one_type_per_key_is_counted(tmp_path):
    url = _db(tmp_path, 1)  # INTEGER 1 and 2 only
    request = MonitorRequest(
        target="t", db=url, table="t", time="ts", window="1d", y_pred="p", protected=("g",)
    )
    result = run_monitor(request, tmp_path / "s.sqlite").to_dict()
    (compared,) = result["comparisons"]
    assert {compared["group"], compared["reference"]} == {"1", "2"}
