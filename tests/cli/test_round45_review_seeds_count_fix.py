"""Round 45 review of f781c43c: 'pcer sweep --seeds 1000000000' was refused by the grid's check,
whose fix offers a list ("Fix: e.g. --seeds 10, or a list such as [0, 1, 2]") where --seeds takes
a count only. A count over the grid's bound is now refused as the flag's own, as a count below 1
is: "option '--seeds': too many seeds: a count N runs seeds 0..N-1 and must be at most 100,000
(value: 100001). Fix: e.g. 10 (seeds 0..9)"."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.experiments import SweepGrid, sweep_grid

TOO_MANY = "too many seeds: a count N runs seeds 0..N-1 and must be at most 100,000"


@pytest.mark.parametrize(
    ("seeds", "problem"),
    [("100001", TOO_MANY), ("0", "must be at least 1: a count N runs seeds 0..N-1")],
)
def test_a_seed_count_out_of_bounds_is_fixed_as_the_flag_takes_it(tmp_path, capsys, seeds, problem):
    store = tmp_path / "s.sqlite"
    argv = ["pcer", "sweep", "--preset", "quick", "--seeds", seeds, "--store", str(store)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: option '--seeds': {problem} (value: {seeds}). Fix: e.g. 10 (seeds 0..9)\n"
    )
    assert not store.exists()


def test_the_grid_keeps_its_own_words_for_its_key():
    with pytest.raises(Exception, match=r"a list such as \[0, 1, 2\]"):
        SweepGrid(seeds=10**9)
    assert len(sweep_grid(seeds=100_000).seeds) == 100_000
