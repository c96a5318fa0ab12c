"""Round 31 review: the Python face's fix for a TARGET file the monitor does not read named
pd.read_json(path, lines=True) for every kind, which fails on a JSON array (.json: 'Trailing
data') and on a spreadsheet. Each kind gets its own reader, one that reads it; the command
line keeps 'save the rows as .csv or .parquet'."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


@pytest.mark.parametrize(
    ("name", "reader"),
    [
        ("t.jsonl", "pd.read_json(path, lines=True)"),
        ("t.json", "pd.read_json(path)"),
        ("t.xlsx", "pd.read_excel(path)"),
        ("t.csv.bz2", "pd.read_csv(path)"),
    ],
)
def test_the_python_fix_names_a_reader_of_the_file(tmp_path, name, reader):
    path = tmp_path / name
    if name.endswith(".json"):
        ROWS.to_json(path, orient="records")
        assert pd.read_json(path).shape == ROWS.shape  # the advice works as written
    else:
        path.write_bytes(b"x")
    request = MonitorRequest(target=str(path), time="ts", window="1d", y_pred="p", protected=("g",))
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, str(tmp_path / "s.sqlite"))
    assert str(err.value).endswith(f"give them as a DataFrame: target={reader}")
