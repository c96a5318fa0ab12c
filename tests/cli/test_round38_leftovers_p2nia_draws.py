"""Round 38 (leftovers): ``p2nia estimate`` passed its ``--n-boot`` default, 500, as given, so on
a 6-group release Python's ``estimate(folder)`` (n_boot not given: 600 draws, EO's 30 signed gaps
at 1 − 0.05/30) gave EO an interval while the command line gave none ("needs 600 draws").
``--n-boot`` not given is now not given: both faces draw alike; a refused --n-boot's fix says to
leave it out, and a level no default reaches is refused naming --confidence-level."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release, write_release

pytestmark = pytest.mark.filterwarnings("ignore::ethiclens.p2nia.SeededReleaseWarning")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    groups, rng = list("ABCDEF"), np.random.default_rng(0)
    n = 9000
    data = pd.DataFrame(
        {"sex": rng.choice(groups, n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    request = make_request(6000, "sex", epsilon=8.0, protected_domain=groups)
    out = tmp_path_factory.mktemp("p2nia") / "rel"
    write_release(release(request, data, "y", "p", random_state=1), out)
    return out


def test_the_command_line_draws_as_python_does(folder, tmp_path, capsys):
    python = estimate(folder).to_dict()
    assert main(["p2nia", "estimate", str(folder), "--json", str(out := tmp_path / "e.json")]) == 0
    cli = json.loads(out.read_text())
    assert cli["config"]["n_boot"] == python["config"]["n_boot"] == 600
    assert cli["metrics"] == python["metrics"]
    assert cli["metrics"]["eo"]["ci_low"] is not None, cli["metrics"]["eo"]
    capsys.readouterr()
    assert "--n-boot 600" in cli["run"]["repeat"]  # the draws taken, which repeat the numbers


def test_a_refused_n_boot_says_to_leave_it_out_and_that_is_accepted(folder, capsys):
    assert main(["p2nia", "estimate", str(folder), "--n-boot", "50"]) == 2
    err = capsys.readouterr().err
    assert "Fix: leave --n-boot out (the default: 500, more for many groups' gaps)" in err, err
    with pytest.raises(EthicLensInputError) as python:
        estimate(folder, n_boot=50)
    assert python.value.fix.startswith("leave n_boot out (the default: 500"), python.value.fix


def test_a_level_no_default_reaches_names_the_option(folder, capsys):
    assert main(["p2nia", "estimate", str(folder), "--confidence-level", "0.99999"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--confidence-level'"), err
