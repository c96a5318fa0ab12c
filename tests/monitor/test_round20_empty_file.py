"""Round 20: a target whose only file is header-only (a hive partition folder's, a plain
folder's) is named by that file, as a file named alone is: the first run's refusal ("FILE has
no data rows", exit 2) and a later run's note ("FILE has no rows: nothing to add"), on every
engine, never the folder."""

import pytest

from .conftest import run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]
ARGV += ["--protected", "race"]
ENGINES = ["pandas", "duckdb"]


def _one_empty_file(tmp_path, hive: bool):
    folder = tmp_path / ("hv" if hive else "plain")
    part = folder / "day=2026-11-03" if hive else folder
    part.mkdir(parents=True)
    (part / "part.csv").write_text("ts,label,pred,race\n")
    return folder, part / "part.csv"


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("hive", [True, False], ids=["hive", "folder"])
def test_a_first_run_names_the_header_only_file(tmp_path, capsys, engine, hive):
    if engine == "duckdb":
        pytest.importorskip("duckdb")
    folder, file = _one_empty_file(tmp_path, hive)
    store = tmp_path / "new.sqlite"
    rc, _, err = run_cli(capsys, "monitor", folder, *ARGV, "--store", store, "--engine", engine)
    assert rc == 2, err
    assert f"error: {file} has no data rows. Fix: export the data again" in err, err
    assert err.count("\n") == 1 and not store.exists(), err


@pytest.mark.parametrize("engine", ENGINES)
def test_a_later_run_notes_the_header_only_file(tmp_path, capsys, engine):
    if engine == "duckdb":
        pytest.importorskip("duckdb")
    feed = write_days(tmp_path / "feed", range(2))
    store = tmp_path / "s.sqlite"
    assert run_cli(capsys, "monitor", feed, *ARGV, "--store", store)[0] == 0
    before = store.read_bytes()
    folder, file = _one_empty_file(tmp_path, hive=True)
    rc, out, err = run_cli(capsys, "monitor", folder, *ARGV, "--store", store, "--engine", engine)
    assert rc == 0, err
    assert f"{file} has no rows: nothing to add (the store is unchanged)" in out, out
    assert store.read_bytes() == before
