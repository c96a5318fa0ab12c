"""Round 20: audit --help says what --baseline and --card-info take, as the docs do."""

from ethiclens.cli import main


def test_audit_help_names_sign_off_and_a_baseline_of_other_data(capsys):
    assert main(["audit", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "sign_off" in text
    assert "other data is compared, with a note" in text
    assert "of the same data and spec" not in text


def test_monitor_help_says_the_reference_waits_for_two_groups(capsys):
    assert main(["monitor", "--help"]) == 0
    assert "the largest group of the first run that sees two" in " ".join(
        capsys.readouterr().out.split()
    )
