"""Round 34 review: a results store records the data each dataset's runs were trained on; a
sweep that resumes it on other data ($ETHICLENS_BIOS pointed at another file, a dataset
registered again) is refused naming the dataset and the fix, never mixed in silently. The same
data resumes; a store of before the digests (none recorded) resumes and records them."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, run_sweep


def _bios(path, n, word="bio"):
    rows = ["text,occupation,gender"] + [
        f"{word} number {i},{'surgeon' if i % 2 else 'nurse'},{'F' if i % 3 else 'M'}"
        for i in range(n)
    ]
    path.write_text("\n".join(rows) + "\n")
    return path


GRID = dict(datasets=["bios"], epsilons=[1.0], train={"batch_size": 32, "epochs": 1})


def _meta(store):
    with sqlite3.connect(store) as conn:
        return dict(conn.execute("SELECT key, value FROM meta"))


def test_other_data_is_refused(tmp_path, monkeypatch):
    store = tmp_path / "runs.sqlite"
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "a.csv", 200)))
    assert run_sweep(SweepGrid(seeds=1, **GRID), store, workers=1, progress=False).failed == []
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "b.csv", 200, "other")))
    with pytest.raises(EthicLensInputError, match="holds runs of bios trained on other data") as e:
        run_sweep(SweepGrid(seeds=2, **GRID), store, workers=1, progress=False)
    assert str(e.value).startswith("option '--store': ") and "NEW.sqlite" in e.value.fix
    # the same rows under another name resume
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "c.csv", 200)))
    summary = run_sweep(SweepGrid(seeds=2, **GRID), store, workers=1, progress=False)
    assert (summary.skipped, summary.failed) == (1, [])


def test_a_store_without_digests_resumes_and_records_them(tmp_path, monkeypatch):
    store = tmp_path / "runs.sqlite"
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "a.csv", 200)))
    run_sweep(SweepGrid(seeds=1, **GRID), store, workers=1, progress=False)
    with sqlite3.connect(store) as conn:
        conn.execute("DELETE FROM meta WHERE key='data'")  # as written before round 34
    assert "data" not in _meta(store)
    summary = run_sweep(SweepGrid(seeds=2, **GRID), store, workers=1, progress=False)
    assert (summary.skipped, summary.failed) == (1, []) and "bios" in _meta(store)["data"]
