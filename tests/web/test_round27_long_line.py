"""Round 27: a merge or exclude line the parser refuses is quoted as the command line quotes
a refused value (its repr within the library's bound of 300 characters), not whole: a line of
60 kB was written back whole, twice as long as the form's own limit allows a page to grow."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("name", ["merge", "exclude"])
def test_a_refused_long_line_is_quoted_as_the_cli_quotes_it(name):
    from ethiclens.spec import parse_excludes, parse_merges
    from ethiclens.web._roles import group_edit_error

    parse = {"merge": parse_merges, "exclude": parse_excludes}[name]
    line = "x" * 60_000
    with pytest.raises(EthicLensInputError) as caught:
        parse((line,), ["g"])
    said = group_edit_error(caught.value)
    cli = str(caught.value)
    quoted = cli[cli.index("(value: ") + len("(value: ") : cli.index("). Fix:")]
    assert said.startswith(f"line {quoted}: "), said[:80]
    assert len(said) < 1_000


def test_a_short_line_is_quoted_whole():
    from ethiclens.spec import parse_merges
    from ethiclens.web._roles import group_edit_error

    with pytest.raises(EthicLensInputError) as caught:
        parse_merges(("g=A",), ["g"])
    assert group_edit_error(caught.value) == (
        "line 'g=A': must be ATTR=GROUP,GROUP,...:NEW_NAME. Fix: e.g. race=Asian,Native "
        "American:Other"
    )
