"""Round 42 (web): WebConfig's settings refused in the caller's words. A monitor store
``create_app`` cannot read was refused as "option '--monitor-store'" to a Python caller who
typed ``WebConfig(monitor_stores=...)`` (round 40 fixed the history's ``store``; this is its
sibling); ``ethiclens serve`` still says ``--monitor-store``."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig, create_app


@pytest.mark.parametrize("kind", ["missing", "not_sqlite"])
def test_a_monitor_store_is_refused_by_its_keyword_in_python(tmp_path, kind):
    path = tmp_path / "watch.sqlite"
    if kind == "not_sqlite":
        path.write_text("a,b\n1,2\n")
    config = WebConfig(data_dir=tmp_path / "data", monitor_stores=(path,), pool="thread")
    with pytest.raises(EthicLensInputError) as caught:
        create_app(config)
    said = str(caught.value)
    assert "WebConfig.monitor_stores" in said and "--monitor-store" not in said, said
    assert not (tmp_path / "data").exists()  # refused before anything was made


def test_serve_still_names_its_flag(tmp_path, capsys):
    from ethiclens.cli import main

    missing = tmp_path / "watch.sqlite"
    rc = main(["serve", "--monitor-store", str(missing), "--data-dir", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert rc == 2 and "option '--monitor-store'" in err, err
    assert "WebConfig" not in err and len(err.strip().splitlines()) == 1, err


def test_a_database_named_twice_is_listed_once(tmp_path, monkeypatch):
    """``--db-env A --db-env A`` lists A once; ``WebConfig(databases=('A', 'A'))`` too (it
    drew two identical choices in the data screen's database list)."""
    monkeypatch.setenv("A", "sqlite:///" + str(tmp_path / "x.db"))
    config = WebConfig(data_dir=tmp_path / "data", databases=("A", "A", "B", "A"))
    assert config.databases == ("A", "B")
