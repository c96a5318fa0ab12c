"""A protected attribute named like a counts-table column is refused first, on every engine
and format: two faults at once (a reserved name the file lacks) give one answer everywhere."""

import pytest

from ethiclens.cli import main

RESERVED = "a protected attribute may not use a reserved counts-table name"


@pytest.fixture
def rows(tmp_path):
    (tmp_path / "r.csv").write_text("y,p,g\n1,1,a\n0,0,b\n1,0,a\n0,1,b\n")
    lines = [
        '{"y":1,"p":1,"count":"a"}',
        '{"y":0,"p":0,"count":"b"}',
        '{"y":1,"p":0,"count":"a"}',
        '{"y":0,"p":1,"count":"b"}',
    ]
    (tmp_path / "r.jsonl").write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_reserved_missing_column_same_on_every_engine(rows, engine, capsys):
    args = ["audit", str(rows / "r.csv"), "--y-true", "y", "--y-pred", "p"]
    code = main([*args, "--protected", "count", "--engine", engine])
    assert code == 2
    assert f"column 'count': {RESERVED}" in capsys.readouterr().err


def test_reserved_name_in_json_lines_refused(rows, capsys):
    args = ["audit", str(rows / "r.jsonl"), "--y-true", "y", "--y-pred", "p"]
    code = main([*args, "--protected", "count", "--json", str(rows / "out.json")])
    assert code == 2
    assert f"column 'count': {RESERVED}" in capsys.readouterr().err
    assert not (rows / "out.json").exists()
