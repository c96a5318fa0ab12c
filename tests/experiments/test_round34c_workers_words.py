"""``workers`` from Python: a NumPy integer is the int it equals (run_sweep(grid, store,
workers=np.int64(2)) was refused), and a bad one is refused as the argument ``workers``
("argument 'workers' ... e.g. workers=2"; was "option '--workers' ... e.g. --workers 2", the
command line's words). The command line keeps its flag's words."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, check_workers, make_executor, run_sweep


def test_a_numpy_integer_is_the_int_it_equals():
    for value in (np.int64(2), np.int32(3), np.uint8(4)):
        out = check_workers(value)
        assert out == value and type(out) is int
    executor = make_executor(workers=np.int64(2))
    try:
        assert executor.workers == 2 and type(executor.workers) is int
    finally:
        executor.close()


@pytest.mark.parametrize("bad", [0, np.int64(0), np.int64(2000), True, np.bool_(True), 2.5, "2"])
def test_a_bad_count_is_named_as_the_argument(bad):
    with pytest.raises(EthicLensInputError) as info:
        check_workers(bad)
    text = str(info.value)
    assert text.startswith("argument 'workers': must be an integer from 1 to 1024"), text
    assert "--workers" not in text and "e.g. workers=" in text, text


def test_run_sweep_names_its_argument(tmp_path):
    grid = SweepGrid(datasets=["compas"], epsilons=[None], seeds=1)
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError, match=r"^argument 'workers': must be an integer"):
        run_sweep(grid, store, workers=0)
    assert not store.exists()


def test_the_command_line_keeps_its_flag(tmp_path, capsys):
    from ethiclens.cli import main

    store = tmp_path / "s.sqlite"
    assert main(["pcer", "sweep", "--store", str(store), "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "error: option '--workers': must be an integer from 1 to 1024 (value: 0). Fix: e.g. "
        "--workers "
    ), err
    assert not store.exists()
