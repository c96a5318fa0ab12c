"""Round 31 review: a number typed past a double's range in a comma-separated list of numbers
(``p2nia experiment --epsilons 1e400,1``) is refused as typed ('(value: '1e400')'), as the
audit's flags are since round 31; was '(value: inf)'. ``inf`` typed is still inf, and a
number in range is a plain float."""

import pytest

from ethiclens import _checks
from ethiclens.cli import main


def test_a_list_s_number_past_range_is_shown_as_typed(tmp_path, capsys):
    out = tmp_path / "ex"
    assert main(["p2nia", "experiment", "--epsilons", "1e400,1", "--out", str(out)]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith("error: option '--epsilons': ε is above 10000")
    assert "(value: '1e400')" in said and not out.exists()


@pytest.mark.parametrize(("text", "shown"), [("1e400", "'1e400'"), ("inf", "inf")])
def test_number_text_keeps_what_was_typed(text, shown):
    with pytest.raises(Exception, match=rf"\(value: {shown}\)"):
        _checks.check_epsilon(_checks.number_text(text, "--epsilon"), "--epsilon")
    assert type(_checks.number_text("1.5", "x")) is float
    assert _checks.split_numbers("1,2.5", "--f") == [1.0, 2.5]
