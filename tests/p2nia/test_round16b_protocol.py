"""A P2NIA request's groups follow the audit's group-name rules (no blank name, no two that
print the same), on every face; a release for another request names two groups that print
alike with escapes; ``estimate --html`` takes .htm as ``audit --html`` does."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request

REQUEST = ["p2nia", "request", "--n", "500", "--protected", "sex", "--epsilon", "6"]


@pytest.mark.parametrize(
    ("groups", "problem"),
    [
        ("A,A\u200c", "distinct values print the same"),
        ("\u200b,B", "holds blank group names"),
    ],
)
def test_the_cli_refuses_groups_the_audit_refuses(tmp_path, capsys, groups, problem):
    out = tmp_path / "r.json"
    assert main([*REQUEST, "--groups", groups, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "option '--groups'" in err and problem in err, err
    assert not out.exists()


@pytest.mark.parametrize("domain", [[" ", "B"], ["\u200b", "B"], ["A", "A\u200c"]])
def test_make_request_refuses_them_too(domain):
    with pytest.raises(EthicLensInputError, match="protected_domain"):
        make_request(500, "sex", protected_domain=domain, epsilon=1)


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rel")
    rng = np.random.default_rng(0)
    n = 1000
    frame = pd.DataFrame(
        {"sex": rng.choice(["F", "M"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    frame.to_csv(tmp / "d.csv", index=False)
    req = tmp / "req.json"
    assert main([*REQUEST, "--groups", "F,M", "--mechanism", "grr", "--out", str(req)]) == 0
    argv = ["p2nia", "release", "--request", str(req), "--data", str(tmp / "d.csv")]
    assert (
        main([*argv, "--y-true", "y", "--y-pred", "p", "--seed", "1", "--out", str(tmp / "r")]) == 0
    )
    return tmp / "r"


def test_groups_that_print_alike_are_shown_escaped(release, tmp_path, capsys):
    mine = tmp_path / "mine.json"
    argv = [*REQUEST, "--groups", "F,M\u200b", "--mechanism", "grr", "--out", str(mine)]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["p2nia", "estimate", str(release), "--n-boot", "100", "--request", str(mine)]) == 2
    err = capsys.readouterr().err
    assert "its groups 'F','M' (yours: 'F','M\\u200b')" in err, err


def test_estimate_writes_htm_and_refuses_other_names_as_the_audit(release, tmp_path, capsys):
    est = ["p2nia", "estimate", str(release), "--n-boot", "100", "--html"]
    assert main([*est, str(tmp_path / "z.txt")]) == 2
    err = capsys.readouterr().err
    assert "option '--html': the HTML report's name must end in .html" in err, err
    assert main([*est, str(tmp_path / "z.htm")]) == 0
    assert "<html" in (tmp_path / "z.htm").read_text().lower()
