"""Round 44: a column named '-' (or '-1') was called an option in every refusal naming it
("option '-': not in the audit data" from 'p2nia release --y-true -'): any name starting
with a dash counted as a command-line option."""

from ethiclens.errors import EthicLensInputError


def _said(column) -> str:
    return str(EthicLensInputError("not in the audit data", column=column, fix="use 'y'"))


def test_a_dash_led_column_is_a_column():
    assert _said("-").startswith("column '-': ")
    assert _said("-1").startswith("column '-1': ")
    assert _said("- x").startswith("column '- x': ")


def test_options_are_still_options():
    assert _said("--n-boot").startswith("option '--n-boot': ")
    assert _said("-h").startswith("option '-h': ")
    assert _said("--table/--query").startswith("option '--table/--query': ")
