"""Round 27: a table and a query together are refused when the spec is made (not when the data
loads), and a URL with its password given as ``db_env`` is never saved or shown."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

URL = "postgresql://user:s3cret@host/db"


def test_a_url_with_its_password_as_db_env_is_never_saved_or_shown(tmp_path):
    """``db_env`` names a variable; a URL given there (refused when the run reads it) is
    masked in the spec's JSON (a report's run.spec) and never written by ``save``, as a
    ``db`` URL with a password is not."""
    spec = AuditSpec.from_dict({"target": {"db_env": URL, "table": "t"}})
    assert "s3cret" not in spec.to_json()
    assert "s3cret" not in str(spec.to_dict(mask=True))
    for name in ("spec.yaml", "spec.json"):
        with pytest.raises(EthicLensInputError) as err:
            spec.save(tmp_path / name)
        assert "has a password, which is never written to a file" in err.value.problem
        assert "s3cret" not in str(err.value)
        assert not (tmp_path / name).exists()
    named = AuditSpec.from_dict({"target": {"db_env": "ETHICLENS_DB", "table": "t"}})
    assert "db_env: ETHICLENS_DB" in named.save(tmp_path / "ok.yaml").read_text()


def test_a_table_and_a_query_are_refused_when_the_spec_is_made(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_dict({"target": {"db": "sqlite:///x.db", "table": "t", "query": "q"}})
    assert err.value.column == "target.table/target.query"
    assert "not both" in err.value.problem


def _cli(capsys, *args) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


def test_the_command_line_names_the_flags_or_the_config_keys(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = f"sqlite:///{tmp_path / 'd.db'}"
    code, err = _cli(capsys, "audit", "--db", db, "--table", "t", "--query", "q")
    assert code == 2
    assert "option '--table/--query': give --table or --query, not both. Fix: drop one" in err
    config = tmp_path / "c.yaml"
    config.write_text(f"target:\n  db: {db}\n  table: t\n  query: q\n")
    code, err = _cli(capsys, "audit", "--config", str(config), "--save-config", "out.yaml")
    assert code == 2
    assert "key 'target.table/target.query': give target.table or target.query, not both" in err
    assert not (tmp_path / "out.yaml").exists()


def test_counts_refuses_a_table_and_a_query_in_the_words_of_every_command(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'd.db'}"
    out = str(tmp_path / "c.csv")
    args = ("--table", "t", "--query", "q", "--y-pred", "p", "--protected", "s", "--out", out)
    code, err = _cli(capsys, "counts", "--db", db, *args)
    assert code == 2
    assert "'--table/--query': give --table or --query, not both. Fix: drop one" in err


@pytest.mark.parametrize(
    ("target", "key", "problem"),
    [
        ({"dataset": "compas", "engine": "duckdb"}, "engine", "a benchmark is loaded: no engine"),
        (
            {"counts": "c.csv", "scheduler": "local[2]"},
            "scheduler",
            "a counts table is counted already: no engine reads it, so no scheduler is used",
        ),
    ],
)
def test_an_engine_beside_a_benchmark_or_counts_table_is_refused_when_the_spec_is_made(
    tmp_path, capsys, target, key, problem
):
    """A spec that could never run (no engine reads a benchmark or a counts table) is never
    built, so never saved or stored; every face names the option as before."""
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_dict({"target": target})
    assert err.value.column == f"target.{key}"
    assert err.value.problem.startswith(problem)
    value = target[key]
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {target}\n".replace("'", '"'))
    code, err_text = _cli(capsys, "audit", "--config", str(config), "--save-config", "s.yaml")
    assert code == 2
    assert f"key 'target.{key}': {problem}" in err_text
    assert f"(value: '{value}'). Fix: drop target.{key}" in err_text
    assert not (tmp_path / "s.yaml").exists()
    if "dataset" in target:
        code, err_text = _cli(capsys, "audit", "compas", f"--{key}", value)
        assert f"option '--{key}': {problem}" in err_text
        assert err_text.rstrip().endswith(f"Fix: drop --{key}")
        with pytest.raises(EthicLensInputError, match=f"argument '{key}': .*Fix: drop {key}$"):
            ethiclens.run("compas", **{key: value})
