"""Round 32 (P2NIA): an ε just above the ceiling, or one whose per-column share underflows,
is refused in the request's words, with the ε that was given.

``--epsilon 10000.000001`` said 'ε = 10000 is above 10000' (``:g`` rounded it), and an ε whose
share of three GRR columns underflows to 0 (``5e-324``) was refused as
"argument 'epsilon': ε must be a finite number > 0 (value: 0.0)" on the command line too: the
per-column ε a response matrix took, not the ε typed."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request

BASE = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]


@pytest.mark.parametrize("mechanism", ["grr", "mst", "aim"])
def test_just_above_the_ceiling_shows_the_epsilon_given(tmp_path, capsys, mechanism):
    out = tmp_path / "req.json"
    args = [*BASE, "--mechanism", mechanism, "--epsilon", "10000.000001", "--out", str(out)]
    assert main(args) == 2
    assert "option '--epsilon': ε = 10000.000001 is above 10000" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(EthicLensInputError, match=r"ε = 10000\.000001 is above 10000"):
        make_request(100, "sex", epsilon=10000.000001, mechanism=mechanism)


def test_a_share_that_underflows_is_too_small_an_epsilon(tmp_path, capsys):
    out = tmp_path / "req.json"
    assert main([*BASE, "--epsilon", "5e-324", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "option '--epsilon': ε = 5e-324 is too small" in err, err
    assert "0.0" not in err and not out.exists()
    with pytest.raises(EthicLensInputError, match="ε = 5e-324 is too small") as caught:
        make_request(100, "sex", epsilon=5e-324, protected_domain=["F", "M"])
    assert caught.value.column == "epsilon"
