"""A blank --attribute or --scheduler is refused, never read as "every attribute" or "run here"."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import make_executor
from ethiclens.privacy import ACCOUNTANTS, OPTIMIZER_RANGES


@pytest.mark.parametrize("blank", ["", "  "])
def test_blank_scheduler_refused(blank):
    with pytest.raises(EthicLensInputError, match="argument 'scheduler': must not be empty"):
        make_executor(blank, workers=1)


def test_blank_scheduler_refused_by_pcer_sweep(tmp_path, capsys):
    out = tmp_path / "s.db"
    code = main(["pcer", "sweep", "--store", str(out), "--scheduler", "", "--preset", "quick"])
    assert code == 2
    assert "'--scheduler': must not be empty" in capsys.readouterr().err


@pytest.mark.parametrize("blank", ["", " "])
def test_blank_attribute_refused_by_pcer_train(blank, capsys):
    code = main(["pcer", "train", "compas", "--attribute", blank, "--epochs", "1"])
    assert code == 2
    err = capsys.readouterr().err
    assert "'--attribute': no PCER setup for compas and this attribute" in err


def test_grid_train_bounds_are_the_trainers_own():
    from ethiclens.experiments._grid import TRAIN_RANGES

    for name, bounds in OPTIMIZER_RANGES.items():
        assert TRAIN_RANGES[name] == ("float", *bounds)
    assert ACCOUNTANTS == ("prv", "rdp", "gdp")
