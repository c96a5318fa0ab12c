"""Spec bad input found by an adversarial pass (issue 22): options that were silently ignored,
config files that silently meant something else, a password in a notebook's repr."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(1)
    n = 600
    frame = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)}
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


def _error(capsys, argv) -> str:
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), err
    return err[0]


ROLES = ["--y-pred", "p", "--protected", "g", "--n-boot", "200"]


@pytest.mark.parametrize("flag", ["--query", "--table"])
def test_a_database_key_with_a_file_target_is_refused(data, capsys, flag):
    err = _error(capsys, ["audit", data, *ROLES, flag, "SELECT * FROM t WHERE g = 'a'"])
    assert f"option '{flag}'" in err and "not from a file target" in err


def test_a_database_key_with_a_file_target_is_refused_in_python(data):
    with pytest.raises(EthicLensInputError, match="argument 'query'"):
        ethiclens.AuditSpec.of(str(data), query="SELECT 1", y_pred="p", protected=["g"])


def test_a_file_target_on_the_command_line_drops_the_configs_table(data, tmp_path, capsys):
    cfg = tmp_path / "db.yaml"
    cfg.write_text("target:\n  db: sqlite:///x.db\n  table: preds\n")
    assert main(["audit", str(data), "--config", str(cfg), *ROLES]) == 0
    err = capsys.readouterr().err
    assert "overrides target.table = preds" in err


@pytest.mark.parametrize(
    "text,needle",
    [
        ("polcy:\n  n_boot: 500\n", "key 'polcy': unknown key. Fix: did you mean 'policy'?"),
        ("- 1\n- 2\n", "a spec is a mapping of sections"),
        ("5\n", "a spec is a mapping of sections"),
        ("policy:\n  n_boot: 500\npolicy:\n  seed: 1\n", "the key 'policy' is given twice"),
        ("policy:\n  n_boot: 500\n  n_boot: 200\n", "the key 'n_boot' is given twice"),
    ],
)
@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_config_files_that_mean_something_else(data, tmp_path, capsys, text, needle, command):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text)
    extra = ["--time", "t", "--window", "1d", "--store", tmp_path / "s.db"]
    err = _error(
        capsys, [command, data, *ROLES, "--config", cfg, *(extra * (command == "monitor"))]
    )
    assert needle in err and "column '_'" not in err
    assert not (tmp_path / "s.db").exists()


def test_a_json_key_given_twice_is_refused(data, tmp_path, capsys):
    cfg = tmp_path / "c.json"
    cfg.write_text('{"policy": {"di_threshold": 0.8, "di_threshold": 0.9}}')
    err = _error(capsys, ["audit", data, *ROLES, "--config", cfg])
    assert "the key 'di_threshold' is given twice" in err and "Fix: keep one of them" in err


def test_the_repr_of_a_spec_hides_the_password():
    spec = ethiclens.AuditSpec.of(
        db="postgresql+psycopg://u:s3cr%40t@h/db", table="t", y_pred="p", protected=["g"]
    )
    assert "s3cr" not in repr(spec) and "s3cr" not in str(spec) and "u:***@h" in repr(spec)


@pytest.fixture
def counts(data, tmp_path):
    out = tmp_path / "counts.csv"
    assert main(["counts", str(data), "--y-pred", "p", "--protected", "g", "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize(
    "extra,needle",
    [
        (["--weight", "w"], "option '--weight': the counts table has no weight_sum column"),
        (["--y-true", "y"], "option '--y-true': the counts table has no y_true column"),
        (["--y-pred", "q"], "option '--y-pred': the counts table was counted from column 'p'"),
        (["--engine", "dask"], "option '--engine': a counts table is counted already"),
    ],
)
def test_options_a_counts_table_cannot_honour_are_refused(counts, capsys, extra, needle):
    assert needle in _error(capsys, ["audit", "--counts", counts, "--n-boot", "200", *extra])


def test_a_counts_table_with_its_own_roles_named_runs(counts, capsys):
    assert main(["audit", "--counts", str(counts), "--y-pred", "p", "--n-boot", "200"]) == 0


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_thresholds_name_the_label_column_as_the_label_on_every_engine(tmp_path, capsys, engine):
    """thresholds counts the labels in the prediction's place on DuckDB/SQL; a bad label is
    still named 'label (y_true)', as pandas names it."""
    rng = np.random.default_rng(2)
    n = 300
    frame = pd.DataFrame({"label": rng.integers(0, 2, n), "score": rng.uniform(0, 1, n)})
    frame["g"] = rng.choice(["a", "b"], n)
    frame.loc[3, "label"] = 2
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    argv = ["thresholds", path, "--y-true", "label", "--y-score", "score", "--protected", "g"]
    err = _error(capsys, [*argv, "--engine", engine, "--n-boot", "200"])
    assert err.startswith("error: column 'label (y_true)': is not binary 0/1")
