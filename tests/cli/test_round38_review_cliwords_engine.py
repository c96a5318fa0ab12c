"""Round 38 review of 2a1c9114: --engine got click's default 'auto' (for '[default: auto]' in
--help), which SpecRequest skips as not typed; but ``ethiclens monitor`` takes the same option
(spec_flag) and reads any value as typed (monitor_spec: None = not given), so a config file's
engine was overridden by the default: 'monitor --config m.yaml' with ``engine: pandas`` said
"note: --engine auto overrides target.engine = pandas from m.yaml" and counted with DuckDB.
The default is now given only to the commands SpecRequest reads; a typed --engine auto still
overrides the file on both, and --save-config writes no engine nobody gave."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROWS = "t,y,p,g\n2024-01-01,1,1,a\n2024-01-01,0,1,b\n2024-01-02,1,0,a\n2024-01-02,0,0,b\n"
NOTE = "note: --engine auto overrides target.engine = pandas from s.yaml"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    roles = "roles: {y_true: y, y_pred: [p], protected: [g]}\n"
    (tmp_path / "s.yaml").write_text(f"target: {{file: d.csv, engine: pandas}}\n{roles}")
    (tmp_path / "plain.yaml").write_text(f"target: {{file: d.csv}}\n{roles}")
    (tmp_path / "out").mkdir()  # --json to a folder: refused after the spec and its notes
    return tmp_path


@pytest.mark.parametrize("typed", [[], ["--engine", "auto"]])
def test_monitor_keeps_the_config_engine_unless_typed(here, capsys, typed):
    flags = ["--time", "t", "--window", "1d", "--store", "s.db", "--json", "out", *typed]
    assert main(["monitor", "--config", "s.yaml", *flags]) == 2
    err = capsys.readouterr().err
    assert "error: option '--json'" in err, err
    assert (NOTE in err) == bool(typed), err  # the note only where the user typed the flag


def test_audit_typed_auto_overrides_and_the_default_is_never_saved(here, capsys):
    argv = ["audit", "--config", "s.yaml", "--json", "out", "--engine", "auto"]
    assert main(argv) == 2
    assert NOTE in capsys.readouterr().err
    assert main(["audit", "--config", "s.yaml", "--json", "out"]) == 2
    assert "overrides" not in capsys.readouterr().err
    assert main(["audit", "--config", "plain.yaml", "--save-config", "saved.yaml"]) == 0
    assert "engine" not in (here / "saved.yaml").read_text()
