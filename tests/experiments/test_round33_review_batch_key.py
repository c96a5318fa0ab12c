"""Round 33 review: a grid whose batch is not below a dataset's training split is refused
naming 'key 'train.batch_size'' as every other grid field's refusal names its key (_as_key);
it said "column 'train.batch_size'" (a grid file has no columns), from the CLI and Python."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, run_sweep


def test_a_grid_files_batch_is_named_as_its_key(tmp_path, capsys):
    grid = tmp_path / "g.json"
    grid.write_text('{"datasets": ["compas"], "seeds": [0], "max_rows": 200}')
    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--grid", str(grid), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "key 'train.batch_size'" in err and "column" not in err and not store.exists()


def test_python_names_it_alike(tmp_path):
    grid = SweepGrid(datasets=["compas"], seeds=[0], max_rows=200)
    with pytest.raises(EthicLensInputError, match="not below the 140 training rows") as info:
        run_sweep(grid, tmp_path / "s.sqlite")
    assert str(info.value).startswith("key 'train.batch_size': ")
