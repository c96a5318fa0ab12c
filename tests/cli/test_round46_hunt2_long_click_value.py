"""Round 46: a 5,000-character value that click itself refuses (not a number, not a choice,
an unknown option or command) was printed whole in the one error line; it is now cut in its
middle, as every EthicLensInputError shows a value (the same 300-character room)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import shortened_quotes

LONG = "x" * 5000


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["counts", "x.csv", "--n-bins", LONG], "option '--n-bins'"),
        (["oracle", "--di", LONG], "option '--di'"),
        (["monitor", "x.csv", "--fail-on", LONG], "option '--fail-on'"),
        (["audit", "--" + LONG], "option '--xxx"),
        ([LONG], "command 'xxx"),
    ],
)  # fmt: skip
def test_a_long_value_click_refuses_is_shown_cut(capsys, args, named):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"error: {named}"), err[:200]
    assert len(err) < 1000, len(err)
    assert "xxx...xxx" in err and "Fix:" in err


def test_short_quotes_and_odd_quotes_are_kept():
    assert shortened_quotes("'abc' is not 'd'") == "'abc' is not 'd'"
    text = "option's " + "'" + "y" * 400  # no closing quote: left as it is
    assert shortened_quotes(text) == text
