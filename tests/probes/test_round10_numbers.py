"""Round 10 (issue 22): the oracle's repetitions have a stated range, as the P2NIA
experiment's (never numpy's "Maximum allowed dimension exceeded")."""

import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.probes import run_oracle


@pytest.mark.parametrize("repetitions", [10**21, 2**64, 10_001, 1, 2.5, True])
def test_repetitions_outside_the_range_are_refused(repetitions):
    with pytest.raises(EthicLensInputError) as err:
        run_oracle(500, repetitions=repetitions, n_boot=100)
    assert str(err.value).startswith("argument 'repetitions': needs 2 to 10,000 repetitions")


def test_the_cli_refuses_them_in_one_line(capsys):
    args = ["oracle", "--n", "500", "--n-boot", "100", "--repetitions", str(10**21)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--repetitions': needs 2 to 10,000 repetitions")
    assert "\n" not in err
