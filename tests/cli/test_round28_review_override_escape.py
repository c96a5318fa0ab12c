"""Round 28 review: a repeatable flag's override note, said as typed since a3beb666, wrote each
value raw: a value holding a line break wrote a line of its own ('note: everything passed'),
which every other flag's note escapes. Each value is shown as any flag's value is."""

from ethiclens.cli import main


def test_a_line_break_in_a_repeated_flag_stays_in_its_note(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("y,p,g\n1,1,a\n0,0,b\n")
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {tmp_path / 'p.csv'}}}\nroles: {{y_pred: p, protected: [g]}}\n"
    )
    assert main(["audit", "--config", str(config), "--protected", "g\nnote: all passed"]) == 2
    lines = capsys.readouterr().err.splitlines()
    typed = "--protected 'g\\nnote: all passed'"
    assert lines[0] == f'note: {typed} overrides roles.protected = ["g"] from {config}'
    assert len(lines) == 2 and lines[1].startswith(
        "error: option '--protected': column 'g\\nnote: all passed' not found"
    )
