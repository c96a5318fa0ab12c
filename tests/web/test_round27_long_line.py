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


def test_a_ticked_value_that_is_no_column_is_quoted_within_bounds():
    from ethiclens.web._roles import FormErrors, form_to_spec

    prof = {
        "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"],
        "whole_file": True,
    }
    for raw, shown in [("-1", "'-1'"), ("9" * 60_000, None)]:
        form = {"y_true": "y", "y_pred": "p", "protected_list": [raw]}
        with pytest.raises(FormErrors) as caught:
            form_to_spec(form, prof, {"file": "x.csv"})
        said = caught.value.errors["protected"]
        assert said.endswith(" is not a column of this file. Fix: tick the attributes on this page")
        assert len(said) < 1_000, len(said)
        if shown:
            assert said.startswith(f"{shown} is not a column")
