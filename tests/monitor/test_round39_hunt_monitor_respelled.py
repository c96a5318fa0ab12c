"""A later batch spelling a stored group in other code points (NFD) or with an invisible
character was silently a new group (the stored group's comparisons stopping), while one batch
holding both spellings is refused: now refused too, naming the code points, nothing written."""

import datetime as dt
import unicodedata

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
NFC = unicodedata.normalize("NFC", "José")


def _day(day: int, name: str) -> pd.DataFrame:
    ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=day, hours=1)
    return pd.DataFrame({"ts": [ts] * 8, "g": [name, "Ann"] * 4, "p": [1, 0, 1, 1, 0, 1, 0, 0]})


def _run(frame, store):
    request = MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",))
    return run_monitor(request, store, now=NOW, warn=False)


@pytest.mark.parametrize(
    "respelled",
    [unicodedata.normalize("NFD", "José"), "Jos\u200bé", "\u200eJosé"],
    ids=["nfd", "zero-width-space", "lrm"],
)
def test_a_later_batch_respelling_a_stored_group_is_refused(tmp_path, respelled):
    store = str(tmp_path / "m.sqlite")
    _run(_day(0, NFC), store)
    with pytest.raises(EthicLensInputError, match="spells the store's group") as err:
        _run(_day(1, respelled), store)
    assert "U+00E9" in str(err.value) and "nothing was written" in str(err.value)
    assert len(read_store(store)["windows"]) == 1  # the refused batch left the store as it was


def test_the_stored_spelling_is_still_counted(tmp_path):
    store = str(tmp_path / "m.sqlite")
    _run(_day(0, NFC), store)
    result = _run(_day(1, NFC), store)
    assert [c["group"] for c in result.to_dict()["comparisons"]] == [NFC]
