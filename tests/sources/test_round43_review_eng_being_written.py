"""Round 43 review (after the monitor's ca2fd1e0 and da5a9ac6): 'ethiclens audit feed/' of a
folder (or glob) holding a file still being written (d1.csv.part, d.csv.gz.tmp) was told
'move it out of the folder, or convert it to .csv or .parquet', and 'ethiclens audit
d1.csv.part' 'use .csv, .parquet, .json or .jsonl, ...': converting a file cut short is no fix.
The audit now says to run again once it is complete, in the monitor's words, on every engine;
another kind beside it (notes.json) keeps its own fix."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
ROWS = "y,p,g\n1,0,a\n0,1,b\n"


def _audit(capsys, target, engine):
    rc = main(["audit", str(target), *ROLES, "--engine", engine])
    err = capsys.readouterr().err
    assert rc == 2, err
    return err


@pytest.mark.parametrize("engine", ["auto", "pandas", "duckdb", "dask"])
def test_a_folder_holding_a_file_being_written(tmp_path, capsys, engine):
    feed = tmp_path / "feed"
    feed.mkdir()
    for name in ("d0.csv", "d1.csv.part", "notes.json"):
        (feed / name).write_text(ROWS)
    err = _audit(capsys, feed, engine)
    part, done = feed / "d1.csv.part", feed / "d1.csv"
    wait = f"Fix: if {part} is still being written, run again once it is complete (renamed to "
    wait += f"{done}); if it is a leftover, move it out of the folder; the .json files: "
    assert wait in err, err
    assert "move them out of the folder, or convert them to .csv or .parquet" in err, err
    (feed / "notes.json").unlink()
    err = _audit(capsys, str(feed / "*"), engine)
    assert f"(renamed to {done}); if it is a leftover, narrow the glob\n" in err, err


@pytest.mark.parametrize("name", ["d1.csv.part", "d.csv.gz.tmp", "d.parquet.crdownload"])
@pytest.mark.parametrize("engine", ["auto", "duckdb"])
def test_a_file_being_written_named_alone(tmp_path, capsys, name, engine):
    (tmp_path / name).write_text(ROWS)
    err = _audit(capsys, tmp_path / name, engine)
    done = str(tmp_path / name).rsplit(".", 1)[0]
    assert f"Fix: if it is still being written, run again once it is complete, on {done}; " in err
    assert "otherwise save the rows as .csv or .parquet" in err, err
