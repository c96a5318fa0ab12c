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
