"""Round 45 (review of 78651497): a Python caller's table= or query= beside a file or a
DataFrame target (no db=) was ignored, the file counted and a store written, where the command
line refuses --table without --db ("a table is read from a database, not from a file target");
db= with neither table= nor query=, or with both, was refused naming the command line's
"option '--table/--query'". Each is now refused naming the argument, before a store is made;
the command line keeps its flags (the audit's words for --db without --table)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli

ROLES = {"time": "t", "window": "1d", "y_pred": "p", "protected": ("g",)}
FRAME = pd.DataFrame({"t": ["2024-01-01T00:00:00Z"] * 2, "p": [1, 0], "g": ["a", "b"]})
DB = "sqlite:///m.db"


@pytest.mark.parametrize(
    ("given", "head", "words"),
    [({"table": "m"}, "argument 'table'", "a table is read from a database, not from a file"),
     ({"query": "SELECT 1"}, "argument 'query'", "a query is read from a database"),
     ({"table": "m", "target": FRAME}, "argument 'table'", "not from a DataFrame target"),
     ({"db": DB}, "argument 'db'", "db needs table NAME or query SQL. Fix: e.g. table="),
     ({"db": DB, "table": "m", "query": "SELECT 1"}, "argument 'query'", "not both")],
)  # fmt: skip
def test_python_database_names_are_refused_before_a_store(tmp_path, given, head, words):
    feed, store = tmp_path / "f.csv", tmp_path / "s.sqlite"
    FRAME.to_csv(feed, index=False)
    request = MonitorRequest(**{"target": str(feed), **ROLES, **given})
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, store)
    text = str(caught.value)
    assert text.startswith(f"{head}: ") and words in text and "--" not in text, text
    assert not store.exists()


def test_the_command_line_keeps_the_audits_words(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, "monitor", "--db", f"sqlite:///{tmp_path / 'm.db'}", "--time",
                         "t", "--window", "1d", "--y-pred", "p", "--protected", "g", "--store",
                         store)  # fmt: skip
    assert rc == 2 and err.strip() == (
        "error: option '--db': --db needs --table NAME or --query SQL. Fix: e.g. --table "
        "predictions"
    ), err
    assert not store.exists()
