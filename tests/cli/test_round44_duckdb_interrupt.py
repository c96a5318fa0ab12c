"""Ctrl-C during a DuckDB query (DuckDB takes the SIGINT and raises RuntimeError('Query
interrupted'): seen killing 'ethiclens monitor' while it counted its windows) is an interrupt,
exit 130 and 'aborted', as Ctrl-C anywhere else; not a traceback with exit 1."""

import pytest

from ethiclens.cli import _audit, main


def test_a_duckdb_query_interrupted_exits_130(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise RuntimeError("Query interrupted")

    monkeypatch.setattr(_audit, "execute", interrupted)
    assert main(["audit", "compas"]) == 130
    assert capsys.readouterr().err.strip().splitlines()[-1] == "aborted"


def test_another_runtime_error_is_not_taken_for_one(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something else")

    monkeypatch.setattr(_audit, "execute", broken)
    with pytest.raises(RuntimeError, match="something else"):
        main(["audit", "compas"])
