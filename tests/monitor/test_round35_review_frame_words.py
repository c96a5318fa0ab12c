"""Round 35 review: refusals only a DataFrame target reaches (no command line gives one) in
the Python face's words. An empty DataFrame on a first run was told "Fix: export the data
again" (a file's fix) and named no argument; a pandas DataFrame given an engine that does not
count it was "option '--engine': ... Fix: give engine='auto' ...", two faces in one line."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, MonitorRequest, count_windows, parse_window, run_monitor

FRAME = pd.DataFrame(
    {"ts": ["2024-03-01T01:00:00Z", "2024-03-02T01:00:00Z"], "pred": [0, 1], "g": ["a", "b"]}
)
ROLES = dict(time="ts", window="1d", y_pred="pred", protected=("g",))


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_an_empty_dataframe_is_refused_with_a_dataframes_fix(tmp_path, engine):
    store = tmp_path / "s.sqlite"
    request = MonitorRequest(FRAME.iloc[:0], **ROLES, engine=engine)
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, store)
    assert str(caught.value) == (
        "argument 'target': a pandas DataFrame (0 rows) has no data rows. Fix: give a "
        "DataFrame that holds rows (check the filter or query that made it)"
    )
    assert not store.exists()


def test_an_empty_dataframe_on_a_store_adds_nothing_as_before(tmp_path):
    store = tmp_path / "s.sqlite"
    run_monitor(MonitorRequest(FRAME, **ROLES), store)
    doc = run_monitor(MonitorRequest(FRAME.iloc[:0], **ROLES), store).to_dict()
    assert doc["run"]["notes"] == [
        "a pandas DataFrame (0 rows) has no rows: nothing to add (the store is unchanged)"
    ]


def test_an_engine_that_does_not_count_a_dataframe_is_named_as_an_argument(tmp_path):
    cols = Columns(time="ts", y_pred="pred", protected=("g",))
    with pytest.raises(EthicLensInputError) as caught:
        count_windows(FRAME, cols, parse_window("1d"), engine="spark")
    assert str(caught.value).startswith(
        "argument 'engine': a pandas DataFrame is counted by duckdb or pandas (value: 'spark'). "
        "Fix: give engine='auto'"
    )
    with pytest.raises(EthicLensInputError, match="^argument 'engine': a pandas DataFrame"):
        run_monitor(MonitorRequest(FRAME, **ROLES, engine="dask"), tmp_path / "s.sqlite")
