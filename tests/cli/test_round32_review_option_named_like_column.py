"""Round 32 review: a refusal of an option (--n-boot, --step) whose value the engine refuses
after the data is read names the option even when the audited data holds a column spelled
like its keyword (an attribute named n_boot or step): round 32's data-column labelling called
it "column 'n_boot'"/"column 'step'". A refusal about that column's values still names the
column."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    where = tmp_path_factory.mktemp("review32")
    rng = np.random.default_rng(5)
    n = 4000
    groups = [f"g{i % 40}" for i in range(n)]
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "score": rng.random(n),
            "n_boot": groups,
            "step": groups,
        }
    )
    frame.to_csv(where / "d.csv", index=False)
    frame.assign(n_boot=np.arange(n)).to_csv(where / "ids.csv", index=False)
    return where


def _err(capsys, args) -> str:
    assert main([str(a) for a in args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["audit", "--y-pred", "pred", "--protected", "n_boot", "--n-boot", "1000000"],
            "option '--n-boot': would need about",
        ),
        (
            ["thresholds", "--y-score", "score", "--protected", "step", "--step", "1e-9"],
            "option '--step': gives more than 1,000 thresholds",
        ),
    ],
)
def test_the_option_is_named(where, capsys, args, said):
    err = _err(capsys, [args[0], where / "d.csv", "--y-true", "label", *args[1:]])
    assert err.startswith(f"error: {said}"), err


def test_the_column_is_still_named(where, capsys):
    args = ["audit", where / "ids.csv", "--y-true", "label", "--y-pred", "pred"]
    err = _err(capsys, [*args, "--protected", "n_boot", "--n-boot", "500"])
    assert err.startswith("error: column 'n_boot': looks continuous"), err
