"""Round 46: P2NIA's request took a protected column named by a zero-width space (or any
text that prints as nothing), where audit and counts refuse it as "must not be empty"; the
request was written and only the platform's release failed. It is now refused in the same
words on the command line and in Python."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


@pytest.mark.parametrize("name", ["\u200b", "\u2800", "\ufeff "])
def test_a_blank_protected_name_is_refused_on_the_command_line(tmp_path, capsys, name):
    out = tmp_path / "r.json"
    args = ["p2nia", "request", "--n", "100", "--protected", name, "--groups", "a,b"]
    assert main([*args, "--epsilon", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: option '--protected': must not be empty"), err
    assert not out.exists()


def test_a_blank_protected_name_is_refused_in_python():
    with pytest.raises(EthicLensInputError, match="must not be empty"):
        make_request(n=100, protected="\u200b", protected_domain=["a", "b"], epsilon=1.0)
