"""Round 33 (monitor): the target's refusals in each face's words. A Python ``target=''`` is
refused as empty (was read as the working directory: its CSVs monitored, or its JSON files
refused); a missing target is named ``argument 'target'`` from Python, ``key 'target.file'``
when a config file gave it (was ``argument 'TARGET'`` on every face), with the audit's word on
relative paths; no target at all is "nothing to monitor" (was "not a missing target (value:
'nothing')"), named ``key 'target'`` beside a config file, as the audit names it."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = dict(time="ts", window="1d", y_pred="p", protected=("g",))
ARGS = ["--time", "ts", "--window", "1d"]
HINT = "(a relative path is read from the current folder, also when a config file gives it)"
ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)


def _config(tmp_path, target: str | None) -> str:
    text = "roles:\n  y_pred: p\n  protected: [g]\n"
    if target is not None:
        text = f"target:\n  file: '{target}'\n" + text
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "spec.yaml").write_text(text)
    return str(tmp_path / "cfg" / "spec.yaml")


def test_an_empty_python_target_is_refused_not_read_as_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("rows.csv", index=False)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(target="", **ROLES), str(tmp_path / "s.sqlite"))
    assert str(exc.value).startswith("argument 'target': must not be empty")
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize("name", ["nope.csv", "nope*.csv"])
def test_a_missing_python_target_names_the_argument(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(target=name, **ROLES), str(tmp_path / "s.sqlite"))
    assert str(exc.value).startswith("argument 'target': ") and HINT in str(exc.value)
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize("name", ["../nope.csv", "nope*.csv"])
def test_a_missing_target_from_a_config_names_its_key(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    config = _config(tmp_path, name)
    rc = main(["monitor", "--config", config, *ARGS, "--store", "s.sqlite"])
    err = capsys.readouterr().err
    assert rc == 2 and not (tmp_path / "s.sqlite").exists()
    assert err.startswith("error: key 'target.file': ") and HINT in err, err


def test_a_missing_target_on_the_command_line_keeps_its_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    config = _config(tmp_path, "rows.csv")
    for args in (["--config", config], ["--y-pred", "p", "--protected", "g"]):
        rc = main(["monitor", "nope.csv", *args, *ARGS, "--store", "s.sqlite"])
        err = capsys.readouterr().err.splitlines()[-1]  # after the note that TARGET overrides
        assert rc == 2 and not (tmp_path / "s.sqlite").exists()
        assert (
            err.startswith("error: argument 'TARGET': file nope.csv does not exist") and HINT in err
        )


def test_no_target_at_all_is_nothing_to_monitor(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    rc = main(["monitor", *ARGS, "--y-pred", "p", "--protected", "g"])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("error: argument 'TARGET': nothing to monitor. Fix: ")
    assert "'nothing'" not in err and "--db" in err
    rc = main(["monitor", "--config", _config(tmp_path, None), *ARGS])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("error: key 'target': nothing to monitor. Fix: "), err
    assert "'nothing'" not in err and "target.db" in err and "--db" not in err
    assert not list(tmp_path.glob("*.sqlite"))
