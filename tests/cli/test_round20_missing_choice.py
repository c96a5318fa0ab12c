"""Round 20: a missing argument of fixed choices is refused on one line listing them."""

from ethiclens.cli import main


def test_a_missing_dataset_lists_the_choices_on_one_line(capsys):
    assert main(["pcer", "train"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\\n" not in err and "\t" not in err, repr(err)
    assert "Fix: choose from: acs-income, adult, bios, compas" in err
