"""An unknown dataset's fix listed the names as a Python list ('datasets info nope': "use one
of ['compas', 'adult', ...]"; get_entry('x', 'pcer') alike), where every choice says
_checks.choice_error's 'use one of compas, adult, ...'."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("name", "purpose"), [("Compas", None), ("nope", "pcer"), ("bios", "p2nia")]
)
def test_an_unknown_dataset_lists_the_names_as_words(name, purpose):
    with pytest.raises(EthicLensInputError) as info:
        datasets.get_entry(name, purpose)
    assert info.value.fix.endswith("use one of " + ", ".join(datasets.names(purpose)))


def test_datasets_info_says_it_alike(capsys):
    assert main(["datasets", "info", "Compas"]) == 2
    err = capsys.readouterr().err
    assert "Fix: did you mean 'compas'? use one of compas, adult, " in err and "[" not in err


def test_an_audit_target_that_is_no_dataset_says_it_alike(capsys):
    # the spec's refusal of TARGET (a benchmark's name or a file) listed them as a list too
    assert main(["audit", "compass"]) == 2
    err = capsys.readouterr().err
    assert "use one of acs-income, adult, bios, compas, german or a .csv/.parquet path" in err
