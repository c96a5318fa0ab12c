"""Round 45: 'pcer train --n-boot 5' (and TrainRequest(n_boot=5)) was refused with the shared
check's neutral fix ('leave it out for the default, or use 1000 ...'), where pcer audit, P2NIA's
estimate, the probes and the monitor name their own default. pcer train's is 1000 (shown in
--help): its fix now names it, on the command line and in Python."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import TrainRequest, train_and_audit


@pytest.mark.parametrize("n_boot", [5, 5.0])
def test_python_names_the_requests_default(n_boot):
    with pytest.raises(EthicLensInputError) as err:
        train_and_audit(TrainRequest("compas", n_boot=n_boot))
    assert err.value.column == "n_boot"
    assert err.value.fix == "use 1000 (the default) or 2000 for publication"


def test_cli_names_the_default(capsys):
    assert main(["pcer", "train", "compas", "--n-boot", "5"]) == 2
    err = capsys.readouterr().err
    assert "option '--n-boot'" in err
    assert "Fix: use 1000 (the default) or 2000 for publication" in err
