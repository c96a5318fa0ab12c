"""Round 32: weights too large to square (1e308 on every row) are refused in one line, as
before, with no numpy 'overflow encountered in reduce' warning first (the 'every weight is 0'
check summed them: the CLI printed 'warning: overflow ...' above the error, on every engine)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

N = 300


def _arrays():
    r = np.random.default_rng(32)
    return r.integers(0, 2, N), r.integers(0, 2, N), r.choice(["a", "b"], N)


def test_weights_too_large_are_refused_without_a_warning():
    y, p, g = _arrays()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(EthicLensInputError, match="too large to square") as err:
            ethiclens.audit(y, p, g, sample_weight=np.full(N, 1e308), n_boot=100)
    assert err.value.column == "sample_weight"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_cli_prints_only_the_refusal(engine, tmp_path, capsys):
    y, p, g = _arrays()
    src = tmp_path / "w.csv"
    pd.DataFrame({"y": y, "p": p, "g": g, "w": 1e308}).to_csv(src, index=False)
    args = ["audit", str(src), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = tmp_path / "r.json"
    code = main([*args, "--weight", "w", "--engine", engine, "--json", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "too large to square" in err and "warning" not in err
