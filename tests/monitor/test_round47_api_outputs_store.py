"""Python-API battery: check_monitor_outputs given a store that is no path (a set, 10**5000)
or inputs that are no list (None, one text) is refused naming it, never os's TypeError, the
int-to-text ValueError or "'NoneType' object is not iterable"; is_store_url is False for
what is no text."""

import pytest

from ethiclens import monitor
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "kw, column",
    [
        ({"store": {1, 2}}, "--store"),
        ({"store": 10**5000}, "--store"),
        ({"store": b"s.sqlite"}, "--store"),
        ({"store": "s.sqlite", "inputs": None}, "inputs"),
        ({"store": "s.sqlite", "inputs": 3}, "inputs"),
        ({"store": "s.sqlite", "inputs": "data.csv"}, "inputs"),
    ],
    ids=["set", "huge", "bytes", "inputs-None", "inputs-int", "inputs-str"],
)
def test_refused_by_name(kw, column, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as info:
        monitor.check_monitor_outputs(**kw)
    assert info.value.column == column
    assert "4300" not in str(info.value)


@pytest.mark.parametrize(
    "store", [10**5000, None, {1, 2}, b"postgresql://x"], ids=["huge", "None", "set", "bytes"]
)
def test_is_store_url_false_for_no_text(store):
    assert monitor.is_store_url(store) is False


def test_lists_and_urls_as_before(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monitor.check_monitor_outputs(store="postgresql://u@h/d", inputs=["a.csv"])
    monitor.check_monitor_outputs(store="s.sqlite", inputs=("a.csv",))
    assert monitor.is_store_url(" postgresql://u@h/d")
