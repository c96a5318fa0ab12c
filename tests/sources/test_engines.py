"""Every engine gives the same counts, hence the same report for a seed; bad input is refused the
same way; SQL identifiers are quoted and credentials never printed."""

import json
import sqlite3

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import (
    Roles,
    audit_frame,
    counts_of,
    dask_counts,
    duckdb_counts,
    mask_url,
    sql_counts,
)
from tests.sources.conftest import make_frame

# Spark starts a JVM (~20 s): slow-marked, so `make test` runs it and `make test-fast` does not.
ENGINES = [
    "pandas",
    "duckdb",
    "sqlite",
    "postgres",
    "dask",
    pytest.param("spark", marks=pytest.mark.slow),
]
ROLES = Roles(y_pred="p", y_true="y", protected=["race", "sex"], y_score="s", weight="w")


def _load_pg(url, frame, name):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    frame.to_sql(name, engine, if_exists="replace", index=False)
    engine.dispose()


@pytest.fixture
def counter(request, tmp_path):
    """counter(frame, roles) -> counts table, through the engine named by the test's param."""
    engine = request.param

    def count(frame, roles, name="preds"):
        if engine == "pandas":
            return counts_of(frame, roles)
        if engine == "duckdb":
            path = tmp_path / f"{name}.parquet"
            frame.to_parquet(path)
            return duckdb_counts(str(path), roles, threads=1)
        if engine == "sqlite":
            db = tmp_path / "t.db"
            with sqlite3.connect(db) as con:
                frame.to_sql(name, con, if_exists="replace", index=False)
            return sql_counts(f"sqlite:///{db}", roles, table=name)
        if engine == "postgres":
            url = request.getfixturevalue("postgres_url")
            _load_pg(url, frame, name)
            return sql_counts(url, roles, table=name)
        if engine == "spark":
            from ethiclens.sources import spark_counts

            session = request.getfixturevalue("spark")
            rows = frame.astype(object).where(frame.notna(), None)
            records = [tuple(r) for r in rows.itertuples(index=False, name=None)]
            return spark_counts(session.createDataFrame(records, list(frame.columns)), roles)
        import dask.dataframe as dd

        return dask_counts(dd.from_pandas(frame, npartitions=3), roles)

    return count


@pytest.mark.parametrize("counter", ENGINES, indirect=True)
def test_engines_give_the_rows_report(counter):
    frame = make_frame(3)
    rows = ethiclens.audit(
        frame["y"],
        frame["p"],
        frame[["race", "sex"]],
        y_score=frame["s"],
        sample_weight=frame["w"],
        intersections=[("race", "sex")],
        n_boot=200,
        random_state=5,
    )
    got = ethiclens.audit_counts(
        counter(frame, ROLES), intersections=[("race", "sex")], n_boot=200, random_state=5
    )
    assert got.to_json() == rows.to_json()
    assert got.attributes[0].groups[0].metrics["ece"].value is not None


@pytest.mark.parametrize("counter", ENGINES, indirect=True)
@pytest.mark.parametrize(
    "column, value, words",
    [
        ("race", None, "missing"),  # "missing group value(s), first at FILE line 5" on files
        ("p", 2, "not binary"),
        ("s", 1.5, "scores must lie in [0, 1]"),
        ("w", -1.0, "weights must be finite and >= 0"),
    ],
)
def test_bad_values_are_refused_the_same_way(counter, column, value, words):
    frame = make_frame(1, n=400)
    frame[column] = frame[column].astype(object if value is None else float)
    frame.loc[[3, 9], column] = value
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit_counts(counter(frame, ROLES), n_boot=200, random_state=0)
    assert words in str(exc.value) and column in str(exc.value.column)


HOSTILE = 'g"; DROP TABLE preds; --'


@pytest.mark.parametrize("counter", ["sqlite", "duckdb", "postgres"], indirect=True)
def test_hostile_names_are_quoted_not_run(counter):
    frame = make_frame(2, n=600).rename(columns={"race": HOSTILE})
    frame[HOSTILE] = frame[HOSTILE].replace({"A": "x'); DELETE FROM preds; --"})
    roles = Roles(y_pred="p", y_true="y", protected=[HOSTILE])
    table = counter(frame, roles)
    assert set(table[HOSTILE]) == set(frame[HOSTILE])
    assert counter(frame, roles)["count"].sum() == len(frame)  # the table is still there


def test_audit_frame_on_a_local_cluster():
    distributed = pytest.importorskip("distributed")
    import dask.dataframe as dd

    frame = make_frame(4, n=2000)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
    ):
        got = audit_frame(
            dd.from_pandas(frame, npartitions=4),
            y_true="y",
            y_pred="p",
            protected=["race"],
            sample_weight="w",
            n_boot=200,
            random_state=2,
        )
    rows = ethiclens.audit(
        frame["y"],
        frame["p"],
        frame[["race"]],
        sample_weight=frame["w"],
        n_boot=200,
        random_state=2,
    )
    assert got.to_json() == rows.to_json()


def test_globs_hive_folders_and_schema_mismatch(tmp_path):
    frame = make_frame(5, n=1200)
    for i, part in enumerate(frame.iloc[k::3] for k in range(3)):
        d = tmp_path / "hive" / f"batch={i}"
        d.mkdir(parents=True)
        part.to_parquet(d / "x.parquet")
        part.to_csv(tmp_path / f"part{i}.csv", index=False)
    roles = Roles(y_pred="p", y_true="y", protected=["race"], weight="w")
    want = ethiclens.audit_counts(counts_of(frame, roles), n_boot=200, random_state=0).to_json()
    for target in (str(tmp_path / "hive"), str(tmp_path / "part*.csv")):
        got = ethiclens.audit_counts(duckdb_counts(target, roles), n_boot=200, random_state=0)
        assert got.to_json() == want
    with pytest.raises(EthicLensInputError, match="matches no file"):
        duckdb_counts(str(tmp_path / "nothing*.parquet"), roles)
    frame.drop(columns="w").to_csv(tmp_path / "part9.csv", index=False)  # a column read
    with pytest.raises(EthicLensInputError, match="part9.csv has no column 'w'"):
        duckdb_counts(str(tmp_path / "part*.csv"), roles)
    with pytest.raises(EthicLensInputError, match="not found"):
        duckdb_counts(str(tmp_path / "hive"), Roles(y_pred="nope", protected=["race"]))


def test_credentials_are_masked_everywhere(tmp_path, capsys):
    url = "postgresql+psycopg://auditor:hunter2@127.0.0.1:1/warehouse"
    assert "hunter2" not in mask_url(url) and "***" in mask_url(url)
    code = main(["audit", "--db", url, "--table", "preds", "--y-pred", "p", "--protected", "race"])
    err = capsys.readouterr().err
    assert code == 2 and "hunter2" not in err and "cannot connect" in err
    assert len(err.strip().splitlines()) == 1


def test_sql_bad_table_column_and_query(tmp_path, capsys):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        make_frame(0, n=300).to_sql("preds", con, index=False)
    base = ["audit", "--db", f"sqlite:///{db}", "--y-pred", "p", "--protected", "race"]
    for extra, words in (
        (["--table", "missing"], "cannot be read"),
        (["--table", "preds", "--y-true", "nope"], "not found"),
        (["--query", "SELECT * FROM nowhere"], "the query failed"),
    ):
        assert main(base + extra) == 2
        assert words in capsys.readouterr().err


def test_cli_counts_then_audit_counts_equals_file_audit(tmp_path, capsys):
    frame = make_frame(6, n=1500)
    data = tmp_path / "d.parquet"
    frame.to_parquet(data)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--y-score", "s"]
    common = ["--n-boot", "200", "--seed", "3"]
    counts = tmp_path / "c.parquet"
    assert main(["counts", str(data), *cols, "--out", str(counts)]) == 0
    assert (
        main(["audit", "--counts", str(counts), "--json", str(tmp_path / "a.json"), *common]) == 0
    )
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        assert (
            main(["audit", str(data), "--engine", engine, *cols, "--json", str(out), *common]) == 0
        )
    read = [
        pd.read_json(tmp_path / f, typ="series") for f in ("a.json", "pandas.json", "duckdb.json")
    ]
    for r in read:
        r["data"] = {k: v for k, v in r["data"].items() if k != "provenance"}
        r["run"] = None  # the run record names the engine, the time and the input path
    assert read[0].to_json() == read[1].to_json() == read[2].to_json()


def test_cli_min_cell_is_stated_in_the_report(tmp_path, capsys):
    import json

    frame = make_frame(6, n=1500)
    data, counts, report = tmp_path / "d.csv", tmp_path / "c.parquet", tmp_path / "r.json"
    frame.to_csv(data, index=False)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    assert main(["counts", str(data), *cols, "--min-cell", "30", "--out", str(counts)]) == 0
    assert main(["audit", "--counts", str(counts), "--n-boot", "200", "--json", str(report)]) == 0
    prov = json.loads(report.read_text())["data"]["provenance"]
    assert prov["min_cell_suppression"]["min_cell"] == 30
    assert prov["min_cell_suppression"]["rows_dropped"] > 0
    # and in the terminal summary, with the weights line when weights were counted
    capsys.readouterr()
    args = ["counts", str(data), *cols, "--weight", "w", "--min-cell", "30"]
    assert main([*args, "--out", str(tmp_path / "w.parquet")]) == 0
    assert main(["audit", "--counts", str(tmp_path / "w.parquet"), "--n-boot", "200"]) == 0
    out = capsys.readouterr().out
    assert "--min-cell 30 dropped" in out and "Weighted: " in out


def test_duckdb_refuses_empty_and_semicolon_files(tmp_path):
    from ethiclens.errors import DataFileError

    roles = Roles(y_pred="p", protected=["race"])
    (tmp_path / "e.csv").write_text("")
    (tmp_path / "s.csv").write_text("race;p\nA;1\n")
    with pytest.raises(DataFileError, match="is empty"):
        duckdb_counts(str(tmp_path / "e.csv"), roles)
    with pytest.raises(DataFileError, match="separated"):
        duckdb_counts(str(tmp_path / "s.csv"), roles)


def test_auto_engine_counts_files_with_duckdb(tmp_path):
    from ethiclens.spec import AuditSpec, engine_for

    def pick_engine(engine, target, db):
        chosen = {"engine": engine, "file": target, "db": db}
        spec = AuditSpec.from_dict({"target": {k: v for k, v in chosen.items() if v}})
        return engine_for(spec)

    (tmp_path / "d.csv").write_text("p,race\n1,A\n")
    assert pick_engine("auto", str(tmp_path / "d.csv"), None) == "duckdb"
    assert pick_engine("auto", str(tmp_path / "*.csv"), None) == "duckdb"
    assert pick_engine("auto", str(tmp_path / "d.json"), None) == "pandas"
    assert pick_engine("auto", None, "sqlite://") == "sql"


def test_cli_dask_local_cluster_equals_pandas(tmp_path):
    import json

    frame = make_frame(8, n=1200)
    data = tmp_path / "d.parquet"
    frame.to_parquet(data)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--weight", "w"]
    reports = {}
    for engine in ("pandas", "dask"):
        out = tmp_path / f"{engine}.json"
        extra = ["--scheduler", "local-cluster"] if engine == "dask" else []
        args = ["audit", str(data), "--engine", engine, *cols, *extra, "--n-boot", "200"]
        assert main([*args, "--json", str(out)]) == 0
        reports[engine] = json.loads(out.read_text())
        reports[engine]["data"].pop("provenance")
        reports[engine].pop("run", None)  # names the engine, the time and the input path
    assert reports["dask"] == reports["pandas"]


def test_postgres_password_never_printed_nor_reported(postgres_url, tmp_path, capsys):
    import json

    from tests.sources.conftest import PG_PASSWORD

    _load_pg(postgres_url, make_frame(9, n=800), "preds")
    out = tmp_path / "r.json"
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "200"]
    query = ["--query", "SELECT * FROM preds WHERE w > 0"]
    outs = ["--json", str(out), "--html", str(tmp_path / "r.html")]
    assert main(["audit", "--db", postgres_url, *query, *args, *outs]) == 0
    text = out.read_text() + (tmp_path / "r.html").read_text() + capsys.readouterr().out
    assert PG_PASSWORD not in text
    prov = json.loads(out.read_text())["data"]["provenance"]
    assert prov["database"].startswith("postgresql+psycopg://ethiclens:***@")
    # bad authentication: one line, exit 2, the (wrong) password not printed
    wrong = postgres_url.replace(PG_PASSWORD, "Wrong-pw-77")
    assert main(["audit", "--db", wrong, "--table", "preds", *args]) == 2
    err = capsys.readouterr().err
    assert "password authentication failed" in err and "Wrong-pw-77" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_audit_frame_on_spark_equals_rows(spark):
    frame = make_frame(10, n=1500)
    records = [tuple(r) for r in frame.astype(object).itertuples(index=False, name=None)]
    sdf = spark.createDataFrame(records, list(frame.columns))
    kwargs = {"n_boot": 200, "random_state": 4, "intersections": [("race", "sex")]}
    got = audit_frame(sdf, y_true="y", y_pred="p", protected=["race", "sex"], y_score="s", **kwargs)
    rows = ethiclens.audit(
        frame["y"], frame["p"], frame[["race", "sex"]], y_score=frame["s"], **kwargs
    )
    assert got.to_json() == rows.to_json()


def test_unknown_groups_are_refused_by_every_file_engine(tmp_path, capsys):
    data = tmp_path / "d.parquet"
    make_frame(11, n=600).to_parquet(data)
    base = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--n-boot", "200"]
    for extra, words in (
        (["--protected", "race=Martian"], "unknown reference group"),
        (["--protected", "race", "--exclude-group", "race=Martian"], "no group 'Martian'"),
    ):
        errors = []
        for engine in ("pandas", "duckdb"):
            assert main([*base, "--engine", engine, *extra]) == 2
            errors.append(capsys.readouterr().err)
        assert words in errors[0] and errors[0] == errors[1]


def test_postgres_schema_qualified_table(postgres_url):
    import sqlalchemy as sa

    frame = make_frame(12, n=500)
    engine = sa.create_engine(postgres_url)
    with engine.begin() as con:
        con.execute(sa.text('CREATE SCHEMA IF NOT EXISTS "scoring"'))
    frame.to_sql("preds", engine, schema="scoring", if_exists="replace", index=False)
    engine.dispose()
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    table = sql_counts(postgres_url, roles, table="scoring.preds")
    want = ethiclens.audit_counts(counts_of(frame, roles), n_boot=200, random_state=0)
    assert ethiclens.audit_counts(table, n_boot=200, random_state=0).to_json() == want.to_json()


def test_cli_bad_counts_file_exits_2(tmp_path, capsys):
    from ethiclens.sources import write_counts

    bad = pd.DataFrame({"race": ["A", "B"], "y_pred": [1, 0], "count": [5, -3]})
    write_counts(bad, tmp_path / "bad.parquet")
    assert main(["audit", "--counts", str(tmp_path / "bad.parquet"), "--n-boot", "200"]) == 2
    err = capsys.readouterr().err
    assert "whole numbers >= 0" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_cli_spark_engine_equals_pandas_on_parquet_and_csv(tmp_path, spark):
    """``--engine spark``: files read by Spark in local mode (or the active session), counted
    with one groupBy; the report equals the pandas one, weights and scores included."""
    import json
    import shutil

    pytest.importorskip("pyspark.sql", reason="pyspark not installed (ethiclens[spark])")
    if not shutil.which("java"):
        pytest.skip("no Java runtime for Spark (apt-get install openjdk-17-jre-headless)")
    frame = make_frame(12, n=1500)
    frame.to_parquet(tmp_path / "d.parquet")
    frame.to_csv(tmp_path / "d.csv", index=False)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--protected", "sex"]
    cols += ["--weight", "w", "--y-score", "s", "--n-boot", "200", "--intersect", "race,sex"]
    reports = {}
    for name, engine in (("d.parquet", "pandas"), ("d.parquet", "spark"), ("d.csv", "spark")):
        out = tmp_path / f"{engine}-{name}.json"
        args = ["audit", str(tmp_path / name), "--engine", engine, *cols, "--json", str(out)]
        assert main(args) == 0
        reports[(engine, name)] = json.loads(out.read_text())
    prov = reports[("spark", "d.parquet")]["data"].pop("provenance")
    assert prov["engine"] == "spark"
    for r in reports.values():
        r["data"].pop("provenance", None)
        r.pop("run", None)  # names the engine, the time and the input path
    assert reports[("spark", "d.parquet")] == reports[("pandas", "d.parquet")]
    assert reports[("spark", "d.csv")] == reports[("pandas", "d.parquet")]
    # `ethiclens counts --engine spark` writes the counts table the pandas engine writes
    tables = {}
    for engine in ("pandas", "spark"):
        out = tmp_path / f"counts-{engine}.parquet"
        args = ["counts", str(tmp_path / "d.parquet"), "--engine", engine, *cols[:8]]
        assert main([*args, "--out", str(out)]) == 0
        tables[engine] = pd.read_parquet(out)
    keys = [c for c in tables["pandas"].columns if c != "count"]
    a, b = (t.sort_values(keys).reset_index(drop=True) for t in tables.values())
    pd.testing.assert_frame_equal(a, b, check_dtype=False)


def test_cli_spark_engine_bad_input_is_one_line(tmp_path, capsys):
    """Refused before any Spark session starts: a glob with no file, --db with --engine spark."""
    base = ["audit", "--engine", "spark", "--y-pred", "p", "--protected", "race"]
    assert main([*base[:1], str(tmp_path / "none*.parquet"), *base[1:]]) == 2
    err = capsys.readouterr().err
    assert "matches no file" in err and len(err.strip().splitlines()) == 1
    assert main([*base, "--db", "sqlite://", "--table", "t"]) == 2
    err = capsys.readouterr().err
    assert "--engine" in err and len(err.strip().splitlines()) == 1


def test_optional_extras_name_the_data_engines():
    from ethiclens._optional import EXTRA_OF, EXTRAS, MissingExtraError

    expected = {"duckdb": "duckdb", "sqlalchemy": "sql", "psycopg": "sql", "pyspark": "spark"}
    for module, extra in expected.items():
        assert EXTRA_OF[module] == extra and extra in EXTRAS
        assert f"ethiclens[{extra}]" in MissingExtraError(module).fix


def test_duckdb_keeps_spaces_in_csv_header_names(tmp_path, capsys):
    # DuckDB trims ' grp ' to 'grp' by itself; the engine reads the names as pandas does.
    frame = make_frame(seed=3).rename(columns={"race": " race "})
    frame.to_csv(tmp_path / "spaced.csv", index=False)
    reports = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        args = ["audit", str(tmp_path / "spaced.csv"), "--protected", " race ", "--y-true"]
        args += ["y", "--y-pred", "p", "--engine", engine, "--seed", "1"]
        assert main([*args, "--n-boot", "200", "--json", str(out)]) == 0, capsys.readouterr()
        reports[engine] = json.loads(out.read_text())
    assert reports["pandas"]["comparisons"] == reports["duckdb"]["comparisons"]
    assert reports["duckdb"]["comparisons"][0]["attribute"] == " race "


def test_a_missing_sqlite_file_is_named_and_not_created(tmp_path, capsys):
    # SQLite would create the file on connect and then blame the table.
    db = tmp_path / "typo.db"
    args = ["audit", "--db", f"sqlite:///{db}", "--table", "t", "--y-pred", "p"]
    assert main([*args, "--protected", "race"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "--db" in err and len(err.strip().splitlines()) == 1
    assert not db.exists()
