"""Round 44 (p2nia): an unknown mechanism, audited model or P2NIA metric named no near miss
('--mechanism GRR': "Fix: choose from ['grr', 'mst', 'aim']"), where every other choice's
refusal does ('audit --ci BCA': "Fix: did you mean 'bca'? ..."). Now the registries' and the
metrics' refusals name it first, on the CLI and in Python alike."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import get_mechanism, get_model, make_request


def test_a_registry_names_the_near_miss():
    with pytest.raises(EthicLensInputError, match=r"Fix: did you mean 'grr'\? use one of grr, mst"):
        get_mechanism("GRR")
    with pytest.raises(EthicLensInputError, match=r"Fix: did you mean 'rf'\? use one of rf"):
        get_model("RF")
    with pytest.raises(EthicLensInputError, match=r"Fix: use one of grr, mst"):  # no near miss
        get_mechanism("laplace")


def test_a_metric_names_the_near_miss():
    with pytest.raises(
        EthicLensInputError, match=r"Fix: did you mean 'eo'\? use one of dp, eo, eopp"
    ):
        make_request(100, "sex", protected_domain=["F", "M"], epsilon=1, metrics=["dp", "EO"])


def test_the_cli_says_the_same(tmp_path, capsys):
    base = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]
    base += ["--epsilon", "1", "--out", str(tmp_path / "r.json")]
    for extra, near in ((["--mechanism", "GRR"], "'grr'"), (["--metrics", "dp,EO"], "'eo'")):
        assert main(base + extra) == 2
        assert f"Fix: did you mean {near}? use one of " in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()
