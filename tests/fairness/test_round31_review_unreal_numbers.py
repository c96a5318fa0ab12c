"""Round 31 review: a score or weight column of complex numbers, dates or durations is refused
naming it (was accepted: a complex's imaginary part dropped, a date or duration read as
nanoseconds), on audit, compare and threshold_table, and by the command line's pandas engine."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

N = 300
R = np.random.default_rng(0)
Y, P = pd.Series(R.integers(0, 2, N)), pd.Series(R.integers(0, 2, N))
G, S = pd.Series(np.array(["a", "b"])[np.arange(N) % 2]), pd.Series(R.random(N))
DATES = pd.Series(pd.to_datetime(np.arange(N) + 1, unit="s"))
UNREAL = {
    "complex": (pd.Series(np.ones(N)) + 1j, "complex numbers"),
    "complex array": (np.ones(N) * (1 + 0j), "complex numbers"),
    "dates": (DATES, "dates or times"),
    "aware dates": (DATES.dt.tz_localize("UTC"), "dates or times"),
    "durations": (pd.Series(pd.to_timedelta(np.arange(N) + 1, unit="s")), "durations"),
}
CALLS = {
    "audit": lambda **kw: ethiclens.audit(Y, P, G, n_boot=100, random_state=0, **kw),
    "compare": lambda **kw: ethiclens.compare(Y, P, 1 - P, G, n_boot=100, random_state=0, **kw),
    "threshold_table": lambda **kw: ethiclens.threshold_table(
        Y, kw.pop("y_score", S), G, n_boot=100, random_state=0, **kw
    ),
}


@pytest.mark.parametrize("call", list(CALLS))
@pytest.mark.parametrize("case", list(UNREAL))
def test_a_weight_that_is_no_real_number_is_refused(call, case):
    values, words = UNREAL[case]
    with pytest.raises(EthicLensInputError) as err:
        CALLS[call](sample_weight=values)
    assert f"holds {words}, not weights" in str(err.value)
    assert "sample_weight" in str(err.value)


@pytest.mark.parametrize("call", ["audit", "threshold_table"])
@pytest.mark.parametrize("case", ["complex", "dates"])
def test_a_score_that_is_no_real_number_is_refused(call, case):
    values, words = UNREAL[case]
    scores = values * 0.5 if case == "complex" else values
    with pytest.raises(EthicLensInputError) as err:
        CALLS[call](y_score=scores)
    assert f"holds {words}, not scores" in str(err.value)


@pytest.mark.parametrize("column", ["w", "td"])
def test_the_command_line_refuses_a_date_or_duration_weight(tmp_path, capsys, column):
    frame = pd.DataFrame({"y": Y, "p": P, "g": G, "w": DATES})
    frame["td"] = pd.to_timedelta(np.arange(N) + 1, unit="s")
    frame.to_parquet(tmp_path / "w.parquet")
    args = ["audit", str(tmp_path / "w.parquet"), "--y-true", "y", "--y-pred", "p"]
    code = main([*args, "--protected", "g", "--weight", column, "--engine", "pandas"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"column '{column} (sample_weight)': holds " in err


def test_real_weights_still_count():
    result = CALLS["audit"](sample_weight=np.ones(N, dtype=np.float32))
    assert result.data["n_rows"] == N
