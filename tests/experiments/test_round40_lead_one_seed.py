"""Round 40 (lead, from the new-user walk): a one-seed sweep printed 'grid: 2 runs (...; 1 seeds;
...)' and its tables.md headed '## compas / race (...; 1 seeds)'. Now '1 seed'; more stay plural."""

from pathlib import Path

import pytest

from ethiclens.experiments import SweepGrid, write_tables
from ethiclens.experiments._store import open_existing

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


@pytest.mark.parametrize(("seeds", "said"), [((0,), "; 1 seed; "), ((0, 1, 2), "; 3 seeds; ")])
def test_grid_line_counts_seeds_in_words(seeds, said):
    assert said in SweepGrid(datasets=("compas",), seeds=seeds).describe()


def test_tables_heading_says_one_seed(tmp_path):
    groups = open_existing(STORE).group_stats()
    groups = groups[groups["seed"] == groups["seed"].min()]
    text = write_tables(groups, tmp_path)["markdown"].read_text()
    heading = next(line for line in text.splitlines() if line.startswith("## compas / race"))
    assert heading.endswith("; 1 seed)"), heading


def test_grid_line_keeps_a_long_store_path_on_one_line(tmp_path, monkeypatch, capsys):
    """The grid line was wrapped at the terminal's width (80 in tests): a long store path came
    out split over two lines (round 40's store-discard test failed under xdist's longer tmp
    path), so it could not be copied back. It is printed whole now."""
    from ethiclens.cli import main
    from ethiclens.experiments import _sweep

    folder = tmp_path / ("a-long-folder-name-" * 4)
    folder.mkdir()
    grid = tmp_path / "g.yaml"
    grid.write_text("datasets: [compas]\nepsilons: [1.0]\nseeds: [0]\ntrain: {epochs: 1}\n")
    real = _sweep._open_store

    def nothing_pending(grid, path):
        opened, _, summary, digests = real(grid, path)
        summary.skipped = summary.total
        return opened, [], summary, digests

    monkeypatch.setattr(_sweep, "_open_store", nothing_pending)
    store = folder / "runs.sqlite"
    assert main(["pcer", "sweep", "--store", str(store), "--grid", str(grid)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("grid: 1 runs (compas;") and first.endswith(f"→ {store}"), first
