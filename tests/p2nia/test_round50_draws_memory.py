"""Round 50 (p2nia hunt): an estimate of many groups was told to draw what no memory holds.
60 groups' EO (3,540 signed gaps) at 95% was advised 'estimate with --n-boot of at least
70,800', and following it ended in numpy's MemoryError traceback (about 6 GB: each draw holds
every signed gap; 200 groups were advised 796,000 draws, some 300 GB). The draws an estimate
may take are now bounded by DRAWS_MEMORY: n_boot past it is refused up front naming the
argument (--n-boot on the command line), and a level that needs more draws than fit is
advised a lower level or fewer groups, not more draws."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release, write_release

GROUPS = [f"g{i}" for i in range(60)]


@pytest.fixture(scope="module")
def rel():
    n = 6000
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {"g": np.array(GROUPS)[np.arange(n) % 60], "y": rng.integers(0, 2, n)}
    ).assign(p=rng.integers(0, 2, n))
    req = make_request(n=n, protected="g", protected_domain=GROUPS, epsilon=9000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, data, "y", "p", random_state=0)


def test_draws_no_memory_holds_are_refused_up_front(rel):
    with pytest.raises(EthicLensInputError, match="GiB of memory: at most") as info:
        estimate(rel, n_boot=70_800)
    assert info.value.column == "n_boot" and "Fix: use at most" in str(info.value)


def test_the_command_line_names_its_flag(rel, tmp_path, capsys):
    write_release(rel, tmp_path / "rel")
    assert main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "70800"]) == 2
    err = capsys.readouterr().err
    assert "option '--n-boot': 70,800 draws of the 60 groups'" in err, err


def test_a_level_no_draws_in_memory_reach_is_advised_a_lower_level(rel):
    eo = estimate(rel, n_boot=100, metrics=["eo"]).values["eo"]
    assert "needs 70,800 draws" in eo["reason"], eo["reason"]
    assert "--n-boot of at least" not in eo["reason"], eo["reason"]
    assert "that memory holds): use a --confidence-level of at most 0.9" in eo["reason"]


def test_draws_that_fit_are_advised_as_before(rel):
    dp = estimate(rel, n_boot=100, metrics=["dp"]).values["dp"]
    assert "estimate with --n-boot of at least 35,400 (n_boot in Python)" in dp["reason"]
