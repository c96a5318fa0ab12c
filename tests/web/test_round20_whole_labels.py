"""Round 20 (R2): a positive label typed in the web form is read exactly: 9007199254740993 is
not float-rounded to ...992 (then blamed as absent), and 400 digits are a whole number, not an
infinity."""

from ethiclens.web._roles import _number_or_text


def test_whole_numbers_typed_in_the_form_are_exact():
    assert _number_or_text("9007199254740993") == 9007199254740993
    assert _number_or_text("-12") == -12
    big = "9" * 400
    assert _number_or_text(big) == int(big)
    assert _number_or_text("1.5") == 1.5 and _number_or_text("2.0") == 2
    assert _number_or_text("yes") == "yes" and _number_or_text("1_0") == "1_0"
