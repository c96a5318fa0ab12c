"""Round 48 (second wave: nothing secret written): the monitor takes a reference group it has
not seen yet (a stream's group may come later), so --protected 'g=password=hunter2' ran with
a note and wrote the secret whole into the store and the JSON report ('g: A vs password=...'
masked only on the terminal), where the audit refuses such a reference (a group value so
written is refused in the data). It is now refused before the store is made, naming the
option (the argument 'protected' in Python), the value masked."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

PROBLEM = "the reference group of 'g' holds a password or a secret key's value"


@pytest.fixture
def feed(tmp_path):
    n = 48
    times = pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ")
    pd.DataFrame({"ts": times, "p": [0, 1] * (n // 2), "g": ["A", "B"] * (n // 2)}).to_csv(
        tmp_path / "f.csv", index=False
    )
    return tmp_path


def test_the_command_line_refuses_it(feed, capsys):
    args = ["monitor", str(feed / "f.csv"), "--time", "ts", "--window", "1d", "--y-pred", "p"]
    store = feed / "s.sqlite"
    assert main([*args, "--protected", "g=password=hunter2", "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '--protected': {PROBLEM}"), err
    assert "hunter2" not in err and not store.exists()


def test_python_refuses_it(feed):
    with pytest.raises(EthicLensInputError) as err:  # the request refuses it, or the run
        request = MonitorRequest(
            target=str(feed / "f.csv"), time="ts", window="1d", y_pred="p",
            protected=("g=password=hunter2",),
        )  # fmt: skip
        run_monitor(request, feed / "s.sqlite")
    assert PROBLEM in str(err.value) and "hunter2" not in str(err.value)
    assert not (feed / "s.sqlite").exists()
