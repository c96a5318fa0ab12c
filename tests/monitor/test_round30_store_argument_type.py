"""Round 30: a store that is no path (None, a number, bytes) or a blank name is refused in
words, nothing written. Before, ``run_monitor(request, None)`` wrote a SQLite file named
``None`` in the working directory (``5`` a file ``5``, ``--store " "`` a file named by a
space; ``--store ""`` was refused as the folder ``.``)."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor


def _request():
    frame = pd.DataFrame(
        {"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B"] * 2, "p": [0, 1, 1, 0]}
    )
    return MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",))


@pytest.mark.parametrize("store", [None, 5, 1.5, b"s.sqlite", ["s.sqlite"]])
def test_a_store_that_is_no_path_is_refused(tmp_path, monkeypatch, store):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="^argument 'store_path'") as caught:
        run_monitor(_request(), store)  # its argument (round 47: was "option '--store'")
    assert "must be a path" in str(caught.value)
    # what was given: a short scalar itself (round 46: 5, b's.sqlite'), else its type's name
    message = str(caught.value)
    assert f"(value: {store!r})" in message or type(store).__name__ in message
    with pytest.raises(EthicLensInputError, match="must be a path"):
        read_store(store)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("store", ["", " ", "\t", "\u3000"])
def test_a_blank_store_name_is_refused(tmp_path, monkeypatch, capsys, store):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]}).to_csv(
        "d.csv", index=False
    )
    args = ["monitor", "d.csv", "--time", "ts", "--window", "1d", "--y-pred", "p"]
    assert main([*args, "--protected", "g", "--store", store]) == 2
    err = capsys.readouterr().err
    assert "option '--store': is blank" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]
    with pytest.raises(EthicLensInputError, match="is blank"):
        run_monitor(_request(), store)
