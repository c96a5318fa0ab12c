"""A monitor output in a missing folder is refused naming its option (a config file's user: its
key), as `ethiclens audit --json nodir/x.json` is since round 33."""

from ethiclens.cli import main


def _rows(tmp_path):
    (tmp_path / "m.csv").write_text("t,y,p,g\n2024-01-01,1,1,a\n2024-01-01,0,1,b\n")


def test_monitor_json_in_a_missing_folder_names_the_flag(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _rows(tmp_path)
    argv = ["monitor", "m.csv", "--time", "t", "--window", "1d", "--y-true", "y", "--y-pred"]
    argv += ["p", "--protected", "g", "--store", "s.sqlite", "--html", "nodir/m.html"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "option '--html'" in err and "folder nodir does not exist" in err
    assert not (tmp_path / "s.sqlite").exists()


def test_monitor_config_output_in_a_missing_folder_names_the_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _rows(tmp_path)
    (tmp_path / "c.yaml").write_text(
        "target: {file: m.csv}\nroles: {y_true: y, y_pred: p, protected: [g]}\n"
        "outputs: {json: nodir/x.json}\n"
    )
    argv = ["monitor", "--config", "c.yaml", "--time", "t", "--window", "1d"]
    assert main([*argv, "--store", "s.sqlite"]) == 2
    err = capsys.readouterr().err
    assert "key 'outputs.json'" in err and "folder nodir does not exist" in err
