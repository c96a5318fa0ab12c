"""Round 30: an optional text option given empty is refused, "must not be empty", as the
audit's flags are (``--y-true ''``), on every face. Before: ``--propensity ''`` (and
``propensity=''``, ``weight=''``, ``table=''``, ``query=''``) was silently taken as not
given — an unweighted run where weights were asked for — and ``y_true=''`` failed with
``KeyError: ''``."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

FRAME = pd.DataFrame(
    {"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B"] * 2, "p": [0, 1, 1, 0], "y": [1] * 4}
)


@pytest.mark.parametrize(
    "name, flag",
    [("propensity", "--propensity"), ("weight", "--weight"), ("y_true", "--y-true"),
     ("table", "--table"), ("query", "--query"), ("baseline_table", "--baseline-table"),
     ("baseline_query", "--baseline-query"), ("scheduler", "--scheduler")],
)  # fmt: skip
def test_an_empty_text_option_is_refused(tmp_path, name, flag):
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError, match=f"argument '{name}': must not be empty"):
        run_monitor(
            MonitorRequest(
                target=FRAME, time="ts", window="1d", y_pred="p", protected=("g",), **{name: ""}
            ),
            store,
        )
    assert not store.exists()


def test_an_empty_propensity_flag_is_refused(tmp_path, capsys):
    FRAME.to_csv(tmp_path / "d.csv", index=False)
    store = tmp_path / "s.sqlite"
    args = ["monitor", str(tmp_path / "d.csv"), "--time", "ts", "--window", "1d", "--y-pred", "p"]
    assert main([*args, "--protected", "g", "--store", str(store), "--propensity", ""]) == 2
    err = capsys.readouterr().err
    assert "option '--propensity': must not be empty" in err and "Traceback" not in err
    assert not store.exists()


@pytest.mark.parametrize("blank", ["", " "])
def test_an_empty_baseline_target_is_refused(tmp_path, monkeypatch, capsys, blank):
    """Before: --baseline-target '' read the working directory's files as the baseline."""
    monkeypatch.chdir(tmp_path)
    FRAME.to_csv("d.csv", index=False)
    FRAME.assign(ts="2023-12-01T10:00:00Z").to_csv("other.csv", index=False)
    args = ["monitor", "d.csv", "--time", "ts", "--window", "1d", "--y-pred", "p"]
    rc = main([*args, "--protected", "g", "--store", "s.sqlite", "--baseline-target", blank])
    assert rc == 2
    assert "option '--baseline-target': must not be empty" in capsys.readouterr().err
    assert not (tmp_path / "s.sqlite").exists()
