"""Round 38: since ``ethiclens counts`` takes --config, a counts run without --y-pred or
--protected was told "an audit needs --y-pred and at least one --protected. Fix: e.g. ...
--protected sex=Male" (the audit's words, and an example a counts table refuses: it holds no
reference group); it now says "a counts table needs ..." with ``--protected sex``. Its --engine,
now audit's option, had lost "[default: auto]" and the Spark master note in --help: both
commands show them again, and a config file's engine still stands when the flag is not given."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    return tmp_path


def test_counts_without_roles_names_a_counts_table(here, capsys):
    assert main(["counts", "d.csv", "--out", "c.csv"]) == 2
    assert capsys.readouterr().err == (
        "error: option '--y-pred/--protected': a counts table needs --y-pred and at least one "
        "--protected. Fix: e.g. --y-true label --y-pred pred --protected sex\n"
    )
    (here / "s.yaml").write_text("target: {file: d.csv}\nroles: {y_pred: [p]}\n")
    assert main(["counts", "--config", "s.yaml", "--out", "c.csv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'roles.protected': a counts table needs at least one"), err
    assert "an audit" not in err and "Male" not in err


def test_the_audit_keeps_its_words(here, capsys):
    assert main(["audit", "d.csv", "--y-pred", "p"]) == 2
    assert "an audit needs at least one --protected" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["counts", "audit", "compare", "thresholds"])
def test_engine_help_shows_its_default_and_spark(command, capsys):
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    engine = text[text.index("--engine auto|") :].split("[default: auto]")[0]
    assert "spark: local mode unless --scheduler names a Spark master" in engine, engine
    assert len(engine) < 600  # the default belongs to --engine, the option just before it


def test_a_config_engine_stands_when_the_flag_is_not_given(here, capsys):
    (here / "s.yaml").write_text(
        "target: {file: d.csv, engine: pandas}\nroles: {y_pred: [p], protected: [g]}\n"
    )
    assert main(["counts", "--config", "s.yaml", "--out", "c.csv"]) == 0
    meta = json.loads((here / "c.csv.ethiclens.json").read_text())
    assert meta["ethiclens_engine"] == "pandas"
