"""Round 40 review of a8f9c609 (discard_new): a sweep removes only the files its own call
created: never a store another sweep made while this one waited for the lock (nor the finished
runs in it), never the user's symlink; and the grid line prints on a sweep with nothing pending."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore, SweepGrid, _store, _sweep, run_sweep

GRID = dict(datasets=["compas"], epsilons=[1.0], seeds=[0], train={"epochs": 1})
DONE = (
    "INSERT INTO runs (dataset, epsilon_key, seed, status, config_hash, finished_at) "
    "VALUES ('compas', '1.0', 0, 'done', ?, 'now')"
)


def _unreachable(scheduler, workers):
    raise EthicLensInputError("cannot reach the Dask scheduler", column="scheduler")


def _other_sweep_first(monkeypatch, grid, store, run=False):
    """Another sweep creates ``store`` (and finishes a run) just before this one's lock."""
    real = _store.StoreLock.acquire

    def acquire(self):
        monkeypatch.setattr(_store.StoreLock, "acquire", real)
        other = ResultsStore(store, grid.config_hash(), grid.to_dict(), lock=True)
        if run:
            other.conn.execute(DONE, (grid.config_hash(),))
        other.close()
        real(self)

    monkeypatch.setattr(_store.StoreLock, "acquire", acquire)


def test_a_store_another_sweep_created_meanwhile_is_kept(tmp_path, monkeypatch):
    grid = SweepGrid(**GRID)
    store = tmp_path / "runs.sqlite"
    _other_sweep_first(monkeypatch, grid, store)
    monkeypatch.setattr(_sweep, "make_executor", _unreachable)
    with pytest.raises(EthicLensInputError, match="cannot reach"):
        run_sweep(grid, store, scheduler="tcp://127.0.0.1:1", progress=False)
    assert store.exists()


def test_finished_runs_of_another_grid_survive_a_refused_claim(tmp_path, monkeypatch):
    other = SweepGrid(**{**GRID, "train": {"epochs": 2}})
    store = tmp_path / "runs.sqlite"
    _other_sweep_first(monkeypatch, other, store, run=True)
    grid = SweepGrid(**GRID)
    with pytest.raises(EthicLensInputError, match="another grid configuration"):
        ResultsStore(store, grid.config_hash(), grid.to_dict(), lock=True)
    held = ResultsStore(store, other.config_hash(), other.to_dict())
    try:
        assert held.conn.execute("SELECT count(*) FROM runs").fetchone() == (1,)
    finally:
        held.close()


def test_a_store_given_as_a_dangling_link_keeps_the_link(tmp_path, monkeypatch):
    link, target = tmp_path / "link.sqlite", tmp_path / "target.sqlite"
    link.symlink_to(target)
    monkeypatch.setattr(_sweep, "make_executor", _unreachable)
    with pytest.raises(EthicLensInputError, match="cannot reach"):
        run_sweep(SweepGrid(**GRID), link, scheduler="tcp://127.0.0.1:1", progress=False)
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.sqlite"]


# a long folder too: the grid line was wrapped at the terminal's width, its store path split
# over two lines (8a34dd56 prints it whole)
@pytest.mark.parametrize("folder", ["", "a-long-folder-name-" * 4])
def test_the_grid_line_prints_when_no_run_is_pending(tmp_path, monkeypatch, capsys, folder):
    grid_file = tmp_path / "g.yaml"
    grid_file.write_text("datasets: [compas]\nepsilons: [1.0]\nseeds: [0]\ntrain: {epochs: 1}\n")
    (tmp_path / folder).mkdir(exist_ok=True)
    store = tmp_path / folder / "runs.sqlite"
    real = _sweep._open_store

    def nothing_pending(grid, path):
        opened, _, summary, digests = real(grid, path)
        summary.skipped = summary.total
        return opened, [], summary, digests

    monkeypatch.setattr(_sweep, "_open_store", nothing_pending)
    assert main(["pcer", "sweep", "--store", str(store), "--grid", str(grid_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"grid: {SweepGrid(**GRID).describe()} → {store}", out
    assert out[1].startswith("1 run in the grid: 1 already in the store"), out  # round 46
