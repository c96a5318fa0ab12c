"""Round 43 review (rmon3) of f84e4eba/439aab92: the check for a hive folder DuckDB cannot read
took any [ * ? in a folder name, so a hive folder k=a[1]/ or k=a*/ beside k=b/, which DuckDB
reads right (4 rows, group 'a[1]', 'a*'), was refused under --engine duckdb ('DuckDB cannot
read the hive folder') and moved to pandas under auto. Only a ? ends in DuckDB's "Hive
partition mismatch"; the others are DuckDB's again, and a backslash beside [ keeps DuckDB's
own refusal in our words, naming the file."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = pd.DataFrame({"ts": ["2024-03-01T01:00:00Z", "2024-03-01T02:00:00Z"], "pred": [0, 1]})


def _hive(root, values):
    for value in values:
        (root / f"k={value}").mkdir(parents=True)
        ROWS.to_csv(root / f"k={value}" / "x.csv", index=False)
    return str(root)


def _run(target, store, engine, group):
    req = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=(f"k={group}",),
        engine=engine,
    )  # fmt: skip
    return run_monitor(req, store, warn=False).to_dict()


@pytest.mark.parametrize("value", ["a[1]", "a*"])
@pytest.mark.parametrize("engine", ["duckdb", "auto"])
def test_duckdb_keeps_a_hive_value_with_brackets_or_a_star(tmp_path, value, engine):
    got = _run(_hive(tmp_path / "h", [value, "b"]), tmp_path / "s.sqlite", engine, "b")
    assert [w["rows"] for w in got["windows"]] == [4]
    assert got["run"]["engine"] == "duckdb"
    assert {c["group"] for c in got["comparisons"]} == {value}


def test_a_backslash_beside_a_bracket_keeps_duckdbs_refusal_naming_the_file(tmp_path):
    target = _hive(tmp_path / "h", ["a\\[1]", "b"])
    with pytest.raises(Exception, match=r"DuckDB cannot open .*k=a\\\[1\]"):
        _run(target, tmp_path / "s.sqlite", "duckdb", "b")
    got = _run(target, tmp_path / "t.sqlite", "auto", "b")
    assert got["run"]["engine"] == "pandas" and [w["rows"] for w in got["windows"]] == [4]
