"""cli battery: a warning printed a user's long value whole where the error line cuts it:
'p2nia request --protected <5,000 characters>' (no --groups) printed all 5,000 in "warning: no
--groups: the release's manifest will list every value of 'xxx...'". The CLI's warning line
now cuts each long quoted value as its error line does (errors.shortened_quotes)."""

import pytest

from ethiclens.cli import main

NAMES = {"5,000 characters": "x" * 5000, "400 digits": "1" + "2" * 399}


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_a_long_name_in_a_warning_is_cut(tmp_path, capsys, name):
    out = tmp_path / "r.json"
    argv = ["p2nia", "request", "--n", "10", "--protected", name, "--epsilon", "1"]
    assert main([*argv, "--out", str(out)]) == 0
    warning = [x for x in capsys.readouterr().err.splitlines() if x.startswith("warning:")]
    assert len(warning) == 1 and "every value of '" in warning[0], warning
    assert len(warning[0]) < 600 and "..." in warning[0], warning[0][:200]
    assert name[:100] in warning[0] and name[-10:] in warning[0]
