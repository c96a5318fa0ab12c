"""Round 47 (known item c): a store refused on the Python face was named by the command
line's flag ("option '--store': is damaged (...). Fix: ... give a new --store to start
over"), which a caller of run_monitor(request, store_path) or read_store_report(store_path,
request) cannot type. Each store refusal now names the argument, its fix too ("argument
'store_path': ... or give a new store_path to start over"); the command line keeps --store."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B"] * 2, "p": [0, 1, 1, 0]})


def _request(**kw):
    return MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",), **kw)


def _damaged(tmp_path):
    run_monitor(_request(), tmp_path / "s.sqlite")
    with sqlite3.connect(tmp_path / "s.sqlite") as con:
        con.execute("DROP TABLE alarms")


def _foreign(tmp_path):
    (tmp_path / "s.sqlite").write_text("not a store")


def _another(tmp_path):
    run_monitor(_request(), tmp_path / "s.sqlite")


@pytest.mark.parametrize(
    ("make", "words"),
    [(_damaged, "is damaged (its table(s) alarms are missing)"), (_foreign, "is not a SQLite file"),
     (_another, "was written by another request: n_draws 1000 there, 200 here")],
)  # fmt: skip
@pytest.mark.parametrize("call", [run_monitor, lambda r, s: read_store_report(s, r)])
def test_a_python_callers_store_is_named_by_its_argument(tmp_path, make, words, call):
    make(tmp_path)
    with pytest.raises(EthicLensInputError) as caught:
        call(_request(n_draws=200), tmp_path / "s.sqlite")
    text = str(caught.value)
    assert text.startswith(f"argument 'store_path': {words}") and "--store" not in text, text
