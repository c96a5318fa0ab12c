"""--config / --save-config / flag overrides / --json - / --db-env (issue 22, items 1 and 4)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
import yaml

from ethiclens.cli import main


@pytest.fixture
def csv(tmp_path):
    rng = np.random.default_rng(1)
    n = 1500
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": (rng.random(n) < np.where(g == "a", 0.5, 0.35)).astype(int),
            "s": rng.random(n).round(3),
            "g": g,
            "sex": rng.choice(["F", "M"], n),
        }
    )
    path = tmp_path / "preds.csv"
    frame.to_csv(path, index=False)
    return path


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _numbers(report: dict) -> dict:
    """The report without its run record's time and output paths."""
    report = json.loads(json.dumps(report))
    run_record = report.pop("run")
    run_record["spec"].pop("outputs", None)  # the recorded request leaves them out
    run_record.pop("generated_at")
    return {**report, "run": run_record}


def test_flags_save_config_then_config_give_the_same_json(csv, tmp_path, capsys):
    first, second, config = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "audit.yaml"
    flags = [csv, "--y-true", "y", "--y-pred", "p", "--y-score", "s", "--protected", "g=a"]
    flags += ["--protected", "sex", "--intersect", "g,sex", "--merge-groups", "g=b,c:bc"]
    flags += ["--n-boot", "300", "--seed", "7", "--di-threshold", "0.75", "--eo-threshold", "0.2"]
    flags += ["--min-group-size", "50", "--di-rule", "below", "--engine", "pandas"]
    code, _, err = run(["audit", *flags, "--json", first, "--save-config", config], capsys)
    assert code == 0, err
    saved = yaml.safe_load(config.read_text())
    assert saved["policy"]["di_threshold"] == 0.75 and saved["groups"]["merge"] == {
        "g": {"bc": ["b", "c"]}
    }
    code, _, err = run(["audit", "--config", config, "--json", second], capsys)
    assert code == 0, err
    assert f"note: --json {second} overrides outputs.json = {first}" in err
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert _numbers(a) == _numbers(b)
    assert a["config"]["policy"]["di_threshold"] == 0.75
    assert a["config"]["policy"]["eo_threshold"] == 0.2


def test_a_flag_overrides_the_file_and_says_so(csv, tmp_path, capsys):
    config = tmp_path / "c.json"
    config.write_text(
        json.dumps(
            {
                "target": {"file": str(csv)},
                "roles": {"y_true": "y", "y_pred": "p", "protected": ["g"]},
                "policy": {"n_boot": 200, "seed": 1},
            }
        )
    )
    out = tmp_path / "o.json"
    code, _, err = run(["audit", "--config", config, "--n-boot", "300", "--json", out], capsys)
    assert code == 0, err
    assert f"note: --n-boot 300 overrides policy.n_boot = 200 from {config}" in err
    report = json.loads(out.read_text())
    assert report["config"]["n_boot"] == 300 and report["config"]["random_state"] == 1


@pytest.mark.parametrize(
    "content, words",
    [
        ({"polcy": {"n_boot": 200}}, ["'polcy'", "did you mean 'policy'"]),
        ({"policy": {"nboot": 200}}, ["'policy.nboot'", "did you mean 'policy.n_boot'"]),
        ({"policy": {"n_boot": "lots"}}, ["'policy.n_boot'", "whole number"]),
        ({"version": 9}, ["'version'", "newer EthicLens", "upgrade"]),
        (
            {"target": {"db_env": "ETHICLENS_TEST_UNSET_DB", "table": "t"}},
            ["ETHICLENS_TEST_UNSET_DB", "export"],
        ),
    ],
)
def test_a_bad_config_is_one_line_exit_2_nothing_written(csv, tmp_path, capsys, content, words):
    config = tmp_path / "bad.yaml"
    base = {"target": {"file": str(csv)}, "roles": {"y_pred": "p", "protected": ["g"]}}
    for key, value in content.items():
        base[key] = {**base.get(key, {}), **value} if isinstance(value, dict) else value
    if "db_env" in content.get("target", {}):
        base["target"].pop("file")
    config.write_text(yaml.safe_dump(base))
    out = tmp_path / "never.json"
    code, stdout, err = run(["audit", "--config", config, "--json", out], capsys)
    lines = [x for x in err.splitlines() if x.strip()]
    assert code == 2 and len(lines) == 1, err
    assert all(w in lines[0] for w in words) and "Fix:" in lines[0], lines[0]
    assert not out.exists()


def test_json_dash_writes_only_json_to_stdout(csv, tmp_path, capsys):
    args = ["audit", csv, "--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]
    code, out, err = run([*args, "--json", "-", "--html", tmp_path / "r.html"], capsys)
    assert code == 0, err
    report = json.loads(out)  # nothing else on stdout
    assert "outputs" not in report["run"]["spec"]  # the request as recorded: no outputs
    assert "EthicLens audit" in err and "wrote" in err
    assert not (tmp_path / "-").exists() and not (csv.parent / "-").exists()
    code, out, err = run(
        [
            "compare",
            csv,
            "--y-pred",
            "p",
            "--y-pred",
            "y",
            "--protected",
            "g",
            "--n-boot",
            "200",
            "--json",
            "-",
        ],
        capsys,
    )
    assert code == 0 and json.loads(out)["kind"] == "model_comparison"
    code, out, err = run(
        ["thresholds", csv, "--y-score", "s", "--protected", "g", "--n-boot", "200", "--json", "-"],
        capsys,
    )
    assert code == 0 and json.loads(out)["kind"] == "threshold_table"


def test_a_database_config_with_db_env_runs_and_never_shows_the_password(
    csv, tmp_path, capsys, monkeypatch
):
    import sqlite3

    db = tmp_path / "scores.db"
    with sqlite3.connect(db) as con:
        pd.read_csv(csv).to_sql("predictions", con, index=False)
    # SQLite ignores a password; it stands for one that must never be printed or written
    monkeypatch.setenv("AUDIT_DB", f"sqlite:///{db}")
    config = tmp_path / "warehouse.yaml"
    config.write_text(
        "version: 1\n"
        "target:\n  db_env: AUDIT_DB\n  table: predictions\n"
        "roles:\n  y_true: y\n  y_pred: p\n  protected: [g]\n"
        "policy:\n  n_boot: 200\n"
        f"outputs:\n  json: {tmp_path / 'w.json'}\n"
    )
    code, out, err = run(["audit", "--config", config], capsys)
    assert code == 0, err
    assert "engine: sql" in out
    report = json.loads((tmp_path / "w.json").read_text())
    assert report["run"]["input"]["kind"] == "database"
    assert report["run"]["input"]["rows"] == 1500
    assert report["run"]["spec"]["target"]["db_env"] == "AUDIT_DB"
    # a password in --db is masked everywhere it appears
    secret_url = f"sqlite://user:Pw-Secret-9@/{db}"
    code, out, err = run(
        [
            "audit",
            "--db",
            secret_url,
            "--table",
            "predictions",
            "--y-pred",
            "p",
            "--protected",
            "g",
            "--n-boot",
            "200",
            "--json",
            tmp_path / "p.json",
        ],
        capsys,
    )
    text = out + err + (tmp_path / "p.json").read_text() if code == 0 else out + err
    assert "Pw-Secret-9" not in text
    code, out, err = run(
        [
            "audit",
            "--db",
            secret_url,
            "--table",
            "predictions",
            "--y-pred",
            "p",
            "--protected",
            "g",
            "--save-config",
            tmp_path / "s.yaml",
        ],
        capsys,
    )
    assert code == 2 and "--db-env" in err and "Pw-Secret-9" not in out + err
    assert not (tmp_path / "s.yaml").exists()


@pytest.mark.parametrize("command", ["compare", "thresholds"])
def test_compare_and_thresholds_take_every_target(csv, tmp_path, capsys, command):
    """A file in memory, DuckDB and a database (sqlite) give the same numbers: the cells are
    counted where the data is and the rows rebuilt from them."""
    import sqlite3

    frame = pd.read_csv(csv).assign(p2=lambda d: (d.s >= 0.4).astype(int))
    db, csv = tmp_path / "s.db", tmp_path / "two_models.csv"
    frame.to_csv(csv, index=False)  # a second model: the label is no model (it plays one role)
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    roles = ["--y-true", "y", "--protected", "g", "--n-boot", "200"]
    roles += ["--y-pred", "p", "--y-pred", "p2"] if command == "compare" else ["--y-score", "s"]
    reports = {}
    for name, target in {
        "pandas": [csv, "--engine", "pandas"],
        "duckdb": [csv, "--engine", "duckdb"],
        "sql": ["--db", f"sqlite:///{db}", "--table", "t"],
    }.items():
        out = tmp_path / f"{name}.json"
        code, stdout, err = run([command, *target, *roles, "--json", out], capsys)
        assert code == 0, err
        assert f"engine: {name}" in stdout
        report = json.loads(out.read_text())
        assert report.pop("run")["engine"].startswith(name)  # sql (sqlite)
        report["data"].pop("provenance", None)
        for audit in report.get("audits", {}).values():
            audit["data"].pop("provenance", None)
        reports[name] = report
    assert reports["duckdb"] == reports["pandas"] == reports["sql"]


def test_a_target_flag_overrides_the_files_target_and_masks_passwords(csv, tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text(
        "target:\n  db: postgresql://u:Old-Secret-1@nohost/db\n  table: t\n"
        "roles:\n  y_true: y\n  y_pred: p\n  protected: [g]\npolicy:\n  n_boot: 200\n"
        "target_note: x\n"
    )
    code, out, err = run(["audit", csv, "--config", config], capsys)
    assert code == 2 and "did you mean 'target'" in err  # an unknown key, named
    config.write_text(
        config.read_text().replace("target_note: x\n", "").replace("  table: t\n", "")
    )
    code, out, err = run(["audit", csv, "--config", config], capsys)
    assert code == 0, err
    assert f"note: TARGET {csv} overrides target.db = postgresql://u:***@nohost/db" in err
    assert "Old-Secret-1" not in out + err


def test_only_json_goes_to_stdout(csv, capsys):
    args = ["audit", csv, "--y-pred", "p", "--protected", "g", "--n-boot", "200"]
    code, out, err = run([*args, "--html", "-"], capsys)
    assert code == 2 and "only --json" in err and "--html" in err and out == ""


@pytest.mark.parametrize("name", ["1e3", "0o17", "-1e3", ".5e1", "2024-01-01", "yes"])
def test_save_config_quotes_a_column_name_yaml_would_read_as_a_number(csv, tmp_path, capsys, name):
    """--save-config wrote `y_pred: 1e3` bare (YAML 1.1 reads it as text, our YAML 1.2 loader
    as 1000.0), so its own config was refused on --config."""
    data = pd.read_csv(csv).rename(columns={"p": name})
    data.to_csv(csv, index=False)
    first, second, config = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "audit.yaml"
    flags = [csv, "--y-true", "y", "--y-pred", name, "--protected", "g", "--n-boot", "200"]
    code, _, err = run(["audit", *flags, "--json", first, "--save-config", config], capsys)
    assert code == 0, err
    code, _, err = run(["audit", "--config", config, "--json", second], capsys)
    assert code == 0, err
    assert _numbers(json.loads(first.read_text())) == _numbers(json.loads(second.read_text()))
