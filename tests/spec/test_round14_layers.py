"""Round 14: a bad flag on top of a good config file is the flag's, not the file's."""

from ethiclens.cli import main


def test_a_bad_flag_over_a_good_file_does_not_name_the_file(tmp_path, capsys):
    config = tmp_path / "sc.yaml"
    assert main(["audit", "compas", "--n-boot", "100", "--save-config", str(config)]) == 0
    capsys.readouterr()
    rc = main(["audit", "--config", str(config), "--weight", ""])
    out = capsys.readouterr()
    assert rc == 2
    assert "option '--weight'" in out.err
    assert str(config) not in out.err
