"""Round 40: ``pcer sweep`` refuses a bad scheduler or a store in use before printing anything
(the grid line came first), and a sweep refused after creating its store leaves no file."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore, SweepGrid, _sweep, run_sweep

GRID = dict(datasets=["compas"], epsilons=[1.0], seeds=[0], train={"epochs": 1})


def test_blank_scheduler_refused_with_nothing_printed(tmp_path, capsys):
    store = tmp_path / "runs.sqlite"
    code = main(["pcer", "sweep", "--store", str(store), "--scheduler", " ", "--seeds", "1"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == "", out
    assert "'--scheduler': must not be empty" in err
    assert not store.exists()


def test_store_in_use_refused_with_nothing_printed(tmp_path, capsys):
    store = tmp_path / "runs.sqlite"
    grid = SweepGrid(**GRID)
    holder = ResultsStore(store, grid.config_hash(), grid.to_dict(), lock=True)
    try:
        args = ["pcer", "sweep", "--store", str(store), "--datasets", "compas", "--seeds", "1"]
        code = main([*args, "--epsilons", "1"])
    finally:
        holder.close()
    out, err = capsys.readouterr()
    assert code == 2
    assert out == "", out
    assert "held" in err or "in use" in err, err


def test_a_refused_executor_leaves_no_new_store(tmp_path, monkeypatch):
    def unreachable(scheduler, workers):
        raise EthicLensInputError("cannot reach the Dask scheduler", column="scheduler")

    monkeypatch.setattr(_sweep, "make_executor", unreachable)
    store = tmp_path / "runs.sqlite"
    with pytest.raises(EthicLensInputError, match="cannot reach"):
        run_sweep(SweepGrid(**GRID), store, scheduler="tcp://127.0.0.1:1", progress=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_refused_executor_keeps_an_existing_store(tmp_path, monkeypatch):
    grid = SweepGrid(**GRID)
    store = tmp_path / "runs.sqlite"
    ResultsStore(store, grid.config_hash(), grid.to_dict()).close()

    def unreachable(scheduler, workers):
        raise EthicLensInputError("cannot reach the Dask scheduler", column="scheduler")

    monkeypatch.setattr(_sweep, "make_executor", unreachable)
    with pytest.raises(EthicLensInputError, match="cannot reach"):
        run_sweep(grid, store, scheduler="tcp://127.0.0.1:1", progress=False)
    assert store.exists()
