"""API battery (sources' exported helpers, round 48): check_scheduler(engine=10**5000),
duckdb_failure(exc=/target=10**5000) and env_db_url(10**5000) crashed with Python's int-to-text
error ('Exceeds the limit (4300 digits)'), row_place on a file not there with os's
FileNotFoundError; each refuses naming the argument (env_db_url: its flag, as every face)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import check_scheduler, duckdb_failure, env_db_url, row_place

BIG = 10**5000


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: check_scheduler(BIG, "local[2]"), "argument 'engine'"),
        (lambda: check_scheduler({"dask"}, None), "argument 'engine'"),
        (lambda: duckdb_failure(BIG, "d.csv"), "argument 'exc'"),
        (lambda: duckdb_failure(RuntimeError("x"), BIG), "argument 'target'"),
        (lambda: duckdb_failure(RuntimeError("x"), b"d.csv"), "argument 'target'"),
        (lambda: env_db_url(BIG), "option '--db-env'"),
        (lambda: env_db_url(b"ETHICLENS_DB"), "option '--db-env'"),
        (lambda: row_place("no-such-file.csv", 0, "csv"), "argument 'path'"),
        (lambda: row_place("no-such-file.parquet", 0, "parquet"), "argument 'path'"),
    ],
)
def test_a_wrong_argument_is_refused_naming_it(call, name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match=name) as info:
        call()
    assert "4300" not in str(info.value)


def test_right_arguments_answer_as_before(tmp_path, monkeypatch):
    check_scheduler("dask", None)
    check_scheduler("spark", "local[2]")
    with pytest.raises(EthicLensInputError, match="only --engine dask"):
        check_scheduler("pandas", "local[2]")
    err = duckdb_failure(RuntimeError("boom"), str(tmp_path / "d.csv"))
    assert "could not count" in str(err) and err.column == "TARGET"
    monkeypatch.setenv("ETHICLENS_T_DB", "sqlite:///x.db")
    assert env_db_url("ETHICLENS_T_DB").startswith("sqlite")
    (tmp_path / "d.csv").write_text("y,p\n1,0\n")
    assert row_place(tmp_path / "d.csv", 0, "csv") == "d.csv line 2"
