"""Round 35 hunt: the library names Python's arguments now; the command line still names its
flags (--scheduler, --grid) through flags_named."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--grid", "missing.toml"], "option '--grid': file missing.toml does not exist"),
        (["--grid", "g.txt"], "option '--grid': g.txt is not a TOML, YAML or JSON file"),
        (["--grid", "g.txt", "--preset", "quick"], "option '--grid': give a preset or a grid"),
        (["--preset", "quick", "--scheduler", " "], "option '--scheduler': must not be empty"),
    ],
)
def test_pcer_sweep_names_its_flags(tmp_path, monkeypatch, capsys, extra, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.txt").write_text("datasets = 1")
    assert main(["pcer", "sweep", "--store", "runs.db", *extra]) == 2
    err = capsys.readouterr().err
    assert words in err and "argument" not in err, err
    assert not (tmp_path / "runs.db").exists()


def test_p2nia_experiment_names_its_scheduler_flag(tmp_path, capsys):
    argv = ["p2nia", "experiment", "--out", str(tmp_path / "out"), "--scheduler", " "]
    argv += ["--models", "rf", "--mechanisms", "grr", "--repetitions", "1", "--sizes", "250"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "option '--scheduler': must not be empty" in err and "argument" not in err, err
