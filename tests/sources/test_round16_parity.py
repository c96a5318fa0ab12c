"""Engine parity, round 16: `counts` refuses a non-binary label in `audit`'s words, one counts
file (bytes) on every engine, and the refusals' words and places."""

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]
ENGINES = [*FAST, pytest.param("spark", marks=pytest.mark.slow)]


def _frame(n: int = 40) -> pd.DataFrame:
    return pd.DataFrame(
        {"g": ["a", "b"] * (n // 2), "y": [0, 1, 1, 0] * (n // 4), "p": [1, 1, 0, 0] * (n // 4)}
    )


def _last_error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", FAST)
def test_counts_refuses_labels_0_1_2_in_the_audits_words(tmp_path, capsys, engine):
    """counts said "must be 0/1: 1 row(s) hold ['2'] … Fix: drop or correct those rows" where
    audit says "is not binary 0/1: found values ['0', '1', '2']": now counts says the audit's
    words, with its rows and line, and a fix that counts can follow (it has no --pos-label)."""
    frame = _frame().astype({"y": object})
    frame.loc[3, "y"] = 2
    frame.to_csv(tmp_path / "lab2.csv", index=False)
    argv = ["counts", str(tmp_path / "lab2.csv"), *ROLES, "--engine", engine]
    assert main([*argv, "--out", str(tmp_path / "o.csv")]) == 2
    err = _last_error(capsys)
    assert err.startswith(
        "error: column 'y (y_true)': is not binary 0/1: found values 0, 1, 2; "
    ), err
    assert "1 row(s) hold 2, first at lab2.csv line 5 (value '2')" in err, err
    assert "Fix: recode it to 0/1, then count again" in err and "--pos-label" in err, err
    assert not (tmp_path / "o.csv").exists()
    audit = ["audit", str(tmp_path / "lab2.csv"), *ROLES, "--engine", engine]
    assert main(audit) == 2
    assert "is not binary 0/1: found values 0, 1, 2" in _last_error(capsys)


@pytest.mark.parametrize("engine", FAST)
def test_counts_refuses_probabilities_as_predictions_in_the_audits_words(tmp_path, capsys, engine):
    frame = _frame()
    frame["p"] = [round(0.013 * i, 3) for i in range(1, 41)]
    frame.to_csv(tmp_path / "prob.csv", index=False)
    argv = ["counts", str(tmp_path / "prob.csv"), *ROLES, "--engine", engine]
    assert main([*argv, "--out", str(tmp_path / "o.csv")]) == 2
    err = _last_error(capsys)
    assert "column 'p (y_pred)': looks like scores, not 0/1 predictions: 40 distinct" in err, err
    assert "40 row(s) hold such values, first at prob.csv line 2 (value '0.013')" in err, err
    assert "Fix: threshold it into a 0/1 column" in err and "--y-score" in err, err


def _count_bytes(tmp_path, target, engine, extra=()) -> bytes:
    out = tmp_path / f"{engine}.csv"
    argv = ["counts", str(target), *ROLES, *extra, "--engine", engine, "--out", str(out)]
    assert main(argv) == 0
    return out.read_bytes()


def test_files_of_integer_and_float_labels_write_one_table_on_every_engine(tmp_path):
    """A folder whose one file writes y as 0/1 and the other as 0.0/1.0: pandas, DuckDB and
    Spark wrote y_true 0.0/1.0 (pandas joins the files as floats), Dask 0/1 (each file's own
    type, whichever it counted first)."""
    folder = tmp_path / "glob4"
    folder.mkdir()
    _frame(20).to_csv(folder / "a.csv", index=False)
    _frame(20).astype({"y": float}).to_csv(folder / "b.csv", index=False)
    tables = {e: _count_bytes(tmp_path, folder, e) for e in FAST}
    assert b"a,0.0,1,10" in tables["pandas"], tables["pandas"]
    assert tables["duckdb"] == tables["pandas"] and tables["dask"] == tables["pandas"], tables


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("copy", ["a (1).csv", "a - Copy.csv", "Copy of a.csv"])
def test_a_copied_file_is_named_as_the_copy(tmp_path, capsys, engine, copy):
    """'dupf/a.csv has the bytes of dupf/a (1).csv … Fix: remove the copy' named the original
    as the copy (' ' sorts before '.'): the copy's longer name is now the one named."""
    folder = tmp_path / "dupf"
    folder.mkdir()
    _frame().to_csv(folder / "a.csv", index=False)
    (folder / copy).write_bytes((folder / "a.csv").read_bytes())
    argv = ["counts", str(folder), *ROLES, "--engine", engine, "--out", str(tmp_path / "o.csv")]
    assert main(argv) == 2
    err = _last_error(capsys)
    assert f"holds the same file twice: {folder / copy} has the bytes of {folder / 'a.csv'} " in err


def test_a_sqlite_column_of_1_1_0_and_text_writes_the_groups_the_audit_reads(tmp_path, capsys):
    """A SQLite column holding 1, 1.0, 2 and 'x': audit --db has three groups ('1' of 40 rows,
    the audit takes 1 and 1.0 for one value), but counts wrote '1' and '1.0' apart, so
    audit --counts of its table had four."""
    import json
    import sqlite3

    db = tmp_path / "m.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (g, y, p)")
        values = [1, 1.0, 2, "x"]
        rows = [(values[i % 4], i % 2, (i // 2) % 2) for i in range(80)]
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    con.close()
    source = ["--db", f"sqlite:///{db}", "--table", "t", *ROLES]
    counts, a, b = tmp_path / "c.csv", tmp_path / "a.json", tmp_path / "b.json"
    common = ["--min-group-size", "1", "--n-boot", "100"]
    assert main(["counts", *source, "--out", str(counts)]) == 0
    assert main(["audit", *source, *common, "--json", str(a)]) == 0
    assert main(["audit", "--counts", str(counts), *common, "--json", str(b)]) == 0
    capsys.readouterr()
    groups = [
        [(g["group"], g["n"]) for g in json.loads(p.read_text())["attributes"][0]["groups"]]
        for p in (a, b)
    ]
    assert groups[0] == groups[1] == [("1", 40), ("2", 20), ("x", 20)], groups


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("command", ["counts", "audit"])
def test_blank_group_names_are_named_with_their_first_line(tmp_path, capsys, engine, command):
    """' ', a tab and a no-break space as groups were 'an empty group name ' '' with no line
    and one of them named: now every one is named, and the first line holding one."""
    frame = _frame()
    frame.loc[4, "g"], frame.loc[7, "g"], frame.loc[9, "g"] = "\t", " ", "\xa0"
    frame.to_csv(tmp_path / "ws.csv", index=False)
    argv = [command, str(tmp_path / "ws.csv"), *ROLES, "--engine", engine]
    if command == "counts":
        argv += ["--out", str(tmp_path / "o.csv")]
    assert main(argv) == 2
    assert _last_error(capsys) == (
        "error: column 'g': holds blank group names (empty, or only spaces and characters that "
        "print as nothing): '\\t', ' ', "
        "'\\xa0', first at ws.csv line 6. Fix: give those rows an explicit group (e.g. "
        "'Unknown') or drop them"
    )
