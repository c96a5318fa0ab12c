"""Round 49: ``ethiclens p2nia estimate --n-boot 0`` said its intervals were "not computed
(n_boot = 0)" and each metric "no interval asked for (n_boot = 0)": a spelling no face takes,
where every other text of the draws names the flag ('--n-boot'). The method now names the
setting as each face gives it, the flag first: "not computed (--n-boot 0; n_boot=0 in
Python)", once (the metrics' reason: "no interval asked for")."""

import pytest

from ethiclens.cli import main
from ethiclens.p2nia import estimate, make_request, release, write_release
from tests.p2nia.test_round14_estimate import _data

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.fixture(scope="module")
def rel():
    request = make_request(2000, "g", epsilon=10, protected_domain=["a", "b"])
    return release(request, _data(), "y", "p", random_state=0)


def test_the_terminal_names_the_flag_and_python_its_keyword(rel, tmp_path, capsys):
    write_release(rel, tmp_path / "rel")
    assert main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "0"]) == 0
    out = capsys.readouterr().out
    assert "n_boot = 0" not in out
    assert out.rstrip().endswith("intervals: not computed (--n-boot 0; n_boot=0 in Python)")
    for v in estimate(rel, n_boot=0).values.values():
        assert v["ci_method"] == "not computed (--n-boot 0; n_boot=0 in Python)"
        assert v["reason"] == "no interval asked for"
