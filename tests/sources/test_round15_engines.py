"""Round 15: one answer on every engine. A file, folder or glob without a data row is refused
with the pandas path's words (exit 2, nothing written) by audit and counts on every engine; a CSV
with CRLF data lines under an LF header is read by DuckDB too; an explicit engine with --db is
refused; the --scheduler and empty-group-name messages fit every case."""

from __future__ import annotations

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
FAST = ("pandas", "duckdb", "dask")


def _empty_targets(tmp_path) -> dict:
    """{name: (target, the refusal's subject)} of targets without a data row."""
    empty = pd.DataFrame({"label": pd.Series([], dtype="int64"), "pred": [], "race": []})
    empty["pred"] = empty["pred"].astype("int64")
    empty["race"] = empty["race"].astype(object)
    pq_file = tmp_path / "zerorows.parquet"
    empty.to_parquet(pq_file)
    csv_file = tmp_path / "zerorows.csv"
    csv_file.write_text("label,pred,race\n")
    hdr = tmp_path / "f_allhdr"
    hdr.mkdir()
    (hdr / "a.csv").write_text("label,pred,race\n")
    (hdr / "b.csv").write_text("pred,label,race\n")  # two files, not one twice
    zpq = tmp_path / "f_allz"
    zpq.mkdir()
    empty.to_parquet(zpq / "a.parquet")
    empty[["race", "pred", "label"]].to_parquet(zpq / "b.parquet")
    glob = str(hdr / "*.csv")
    return {
        "parquet file": (str(pq_file), f"file {pq_file}"),
        "csv file": (str(csv_file), f"file {csv_file}"),
        "header-only csv folder": (str(hdr), str(hdr)),
        "zero-row parquet folder": (str(zpq), str(zpq)),
        "glob": (glob, glob),
    }


def _no_rows(tmp_path, capsys, engines, commands=("audit", "counts")) -> list:
    """Every (engine, command, target) whose answer is not the pandas path's refusal."""
    wrong = []
    for name, (target, subject) in _empty_targets(tmp_path).items():
        want = f"error: {subject} has no data rows. Fix: export the data again"
        for engine in engines:
            for command in commands:
                flag, ext = ("--json", "json") if command == "audit" else ("--out", "parquet")
                out = tmp_path / f"out-{command}-{engine}.{ext}"
                code = main([command, target, *ROLES, "--engine", engine, flag, str(out)])
                err = capsys.readouterr().err.strip().splitlines()
                got = (code, err[-1] if err else "", out.exists())
                if got != (2, want, False):
                    wrong.append((name, engine, command, got))
    return wrong


def test_no_data_rows_is_the_pandas_refusal_on_every_fast_engine(tmp_path, capsys):
    """DuckDB (the default for files) and Dask said "column 'count': no rows to audit (every
    count is 0). Fix: build it with ethiclens counts ..." and `counts` wrote an empty table
    (exit 0); a zero-row Parquet file lacked the word "file" a zero-row CSV has."""
    pytest.importorskip("duckdb")
    pytest.importorskip("dask.dataframe")
    assert _no_rows(tmp_path, capsys, FAST) == []


def test_counts_of_a_zero_row_parquet_by_default_writes_nothing(tmp_path, capsys):
    pytest.importorskip("duckdb")
    target, subject = _empty_targets(tmp_path)["parquet file"]
    out = tmp_path / "zc.parquet"
    assert main(["counts", target, *ROLES, "--out", str(out)]) == 2
    assert f"{subject} has no data rows" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.slow
def test_no_data_rows_is_the_pandas_refusal_on_spark(tmp_path, capsys, spark):
    # under the tests' active session: 10 CLI runs each starting its own took 64 s
    pytest.importorskip("pyspark")
    assert _no_rows(tmp_path, capsys, ("spark",)) == []


def _crlf_files(tmp_path) -> dict:
    """CSV files whose lines end in \\n and \\r\\n both, as pandas, Dask and Spark read them."""
    rows = [f"{i % 2},{(i // 2) % 2},{'AB'[i % 3 == 0]}" for i in range(600)]
    quoted = [f'{i % 2},{(i // 3) % 2},"{"AB"[i % 4 == 0]},x"' for i in range(600)]
    texts = {
        # the tester's file: a header ending in \n (written by hand), rows in \r\n (csv module)
        "lf header, crlf rows": "label,pred,race\n" + "\r\n".join(rows) + "\r\n",
        "crlf header, lf rows": "label,pred,race\r\n" + "\n".join(rows) + "\n",
        "quoted groups": "label,pred,race\n" + "\r\n".join(quoted) + "\r\n",
        # the first \r\n past the first 64 KiB: refused by DuckDB's strict reader, then read
        "late crlf": "label,pred,race\n" + "\n".join(rows * 20) + "\r\n" + "\r\n".join(rows),
        "bare cr in a line": "label,pred,race\n1,0,A\rB,1,0\n" + "\n".join(rows) + "\n",
    }
    paths = {}
    for k, (name, text) in enumerate(texts.items()):
        paths[name] = tmp_path / f"crlf{k}.csv"
        paths[name].write_bytes(text.encode())
    return paths


def test_duckdb_reads_mixed_line_ends_as_pandas_does(tmp_path):
    """DuckDB refused 'The CSV Parser state machine reached an invalid state' where pandas,
    Dask and Spark read the file; now the same counts table."""
    pytest.importorskip("duckdb")
    from ethiclens.sources import Roles, duckdb_counts, pandas_counts

    roles = Roles("pred", ["race"], "label")
    for name, path in _crlf_files(tmp_path).items():
        want, got = (_rows(f(str(path), roles)) for f in (pandas_counts, duckdb_counts))
        assert sum(r[-1] for r in want) > 500, name
        assert got == want, name


def _rows(table: pd.DataFrame) -> list:
    """A counts table's cells as sorted (race, y_true, y_pred, count) tuples."""
    cols = ["race", "y_true", "y_pred", "count"]
    return sorted(tuple(r) for r in table[cols].astype(object).itertuples(index=False))


def test_the_crlf_audit_is_the_same_report_on_duckdb_and_pandas(tmp_path, capsys):
    pytest.importorskip("duckdb")
    path = _crlf_files(tmp_path)["lf header, crlf rows"]
    reports = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        args = ["audit", str(path), *ROLES, "--engine", engine, "--n-boot", "200"]
        assert main([*args, "--json", str(out)]) == 0, capsys.readouterr().err
        report = json.loads(out.read_text())
        reports[engine] = (report["data"]["n_rows"], report["attributes"], report["comparisons"])
    assert reports["duckdb"] == reports["pandas"]


def _db(tmp_path) -> str:
    path = tmp_path / "db.sqlite"
    frame = pd.DataFrame({"label": [0, 1] * 40, "pred": [1, 1, 0, 0] * 20, "race": ["A", "B"] * 40})
    with sqlite3.connect(path) as con:
        frame.to_sql("preds", con, index=False)
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask", "spark"])
@pytest.mark.parametrize("command", ["audit", "counts"])
def test_an_engine_named_beside_a_database_is_refused_alike(tmp_path, capsys, engine, command):
    """--engine dask|duckdb|pandas with --db was ignored (the report said "sql (sqlite)");
    only spark was refused: now every engine, in spark's words."""
    out = tmp_path / ("o.json" if command == "audit" else "o.parquet")
    flag = "--json" if command == "audit" else "--out"
    argv = [command, "--db", _db(tmp_path), "--table", "preds", *ROLES, flag, str(out)]
    assert main([*argv, "--engine", engine]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"error: option '--engine': --engine {engine} reads files; with --db the database "
        f"counts (value: '{engine}'). Fix: drop --engine {engine}, or drop --db and name a file"
    )
    assert not out.exists()
    assert main([*argv, "--engine", "auto"]) == 0 and out.exists()


def test_the_scheduler_refusal_never_asks_for_the_engine_given(tmp_path, capsys):
    """--scheduler with a database said "add --engine dask", which reads no database; with
    --engine duckdb "add --engine dask" beside the engine named."""
    from ethiclens.errors import EthicLensInputError
    from ethiclens.sources import check_scheduler

    argv = ["audit", "--db", _db(tmp_path), "--table", "preds", *ROLES]
    assert main([*argv, "--scheduler", "local-cluster"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err == (
        "error: option '--scheduler': only --engine dask and --engine spark use a scheduler; "
        "this count runs in the database (value: 'local-cluster'). Fix: drop --scheduler (Dask "
        "and Spark read files: to use one, name a file instead of the database)"
    )
    assert main([*argv, "--engine", "dask", "--scheduler", "local-cluster"]) == 2
    assert "--engine dask reads files" in capsys.readouterr().err
    with pytest.raises(EthicLensInputError) as exc:
        check_scheduler("duckdb", "local-cluster")
    assert "add --engine" not in str(exc.value)
    assert "count with --engine dask" in str(exc.value) and "instead" in str(exc.value)


def test_an_empty_group_name_is_refused_in_words_that_cover_databases(tmp_path, capsys):
    """SQLite's refusal spoke of CSV, Parquet and JSON only; Parquet and the database now
    give one message, which names databases."""
    frame = pd.DataFrame({"label": [0, 1] * 40, "pred": [1, 1, 0, 0] * 20, "race": ["A", ""] * 40})
    db = tmp_path / "g.sqlite"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    con.close()
    frame.to_parquet(tmp_path / "g.parquet")
    faces = {
        "sqlite": ["--db", f"sqlite:///{db}", "--table", "t"],
        "parquet": [str(tmp_path / "g.parquet"), "--engine", "pandas"],
        "parquet by duckdb": [str(tmp_path / "g.parquet"), "--engine", "duckdb"],
    }
    want = (
        "error: column 'race': holds an empty group name '' (a CSV reads an empty field as "
        "missing; Parquet, JSON and databases keep an empty text as a group without a name). "
        "Fix: give those rows an explicit group (e.g. 'Unknown') or drop them"
    )
    for face, where in faces.items():
        assert main(["audit", *where, *ROLES]) == 2, face
        assert capsys.readouterr().err.strip().splitlines()[-1] == want, face


def test_datasets_list_says_where_bios_is_read_from(capsys):
    """'(not shipped; see load_bios)' while `datasets info bios` read it from
    shared/datasets/bios or $ETHICLENS_BIOS: the list now says so."""
    assert main(["datasets", "list"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("bios"))
    assert "(not shipped in the package; read from $ETHICLENS_BIOS, else " in line, line
    assert "shared/datasets/bios/ beside the repository)" in line, line
    assert "see load_bios" not in line
