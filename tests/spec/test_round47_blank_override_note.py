"""Round 47 leftover: 'ethiclens audit --config c.yaml --protected " "' printed "note:
--protected   overrides roles.protected" (the blank value unquoted, read as no value) right
before refusing it. A note shows a blank value, or one with spaces around it, quoted (the
spec's notes and the monitor's alike); other values as before."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("command", ["audit", "monitor"])
@pytest.mark.parametrize("value, shown", [(" ", "' '"), (" g", "' g'"), ("g", "g")])
def test_a_blank_flag_value_is_quoted_in_its_note(
    tmp_path, capsys, monkeypatch, command, value, shown
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("t,p,g,h\n2024-01-01,1,a,x\n2024-01-02,0,b,y\n")
    (tmp_path / "c.yaml").write_text(
        "roles:\n  y_pred: p\n  protected: [h]\ntarget:\n  file: t.csv\n"
    )
    argv = [command, "--config", "c.yaml", "--protected", value, "--json", "o.json"]
    if command == "monitor":
        argv = [command, "t.csv", *argv[1:], "--time", "t", "--window", "1d", "--store", "s.sqlite"]
    main(argv)
    err = capsys.readouterr().err
    assert f'note: --protected {shown} overrides roles.protected = ["h"] from c.yaml' in err, err
