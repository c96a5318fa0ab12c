"""Round 48 (api battery leftover, class: a whole number past Python's int-to-text limit as a
column, an input or a group of the probes' runners).

``probes.analyze_scored('s.csv', 10**5000)`` and ``write_counterfactuals(path, 10**5000,
out)`` crashed in io.column_not_found (``str(col)``: "Exceeds the limit (4300 digits) for
integer string conversion"), ``write_counterfactuals(10**5000, 'g', out)`` in
io.check_outputs (the inputs' ``str(p)``), ``make_counterfactuals(X, 'g', groups=10**5000)``
in its fix's repr. Each is now refused naming the argument, the number shortened as every
refusal shows it ('100000000000…000000 (5,001 digits)'); the io root serves every engine."""

import pandas as pd
import pytest

from ethiclens import EthicLensInputError, io, probes

BIG = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"


@pytest.fixture
def scored(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("p,g,score\n1,a,0.5\n0,b,0.2\n")
    return path


CALLS = {
    "analyze_scored y_pred": lambda s, out: probes.analyze_scored(s, BIG),
    "analyze_scored y_score": lambda s, out: probes.analyze_scored(s, "p", BIG),
    "write_counterfactuals protected": lambda s, out: probes.write_counterfactuals(s, BIG, out),
    "write_counterfactuals data": lambda s, out: probes.write_counterfactuals(BIG, "g", out),
    "make_counterfactuals groups": lambda s, out: probes.make_counterfactuals(
        pd.DataFrame({"g": ["a", "b"]}), "g", groups=BIG
    ),
    "column_not_found": lambda s, out: (_ for _ in ()).throw(
        io.column_not_found(BIG, ["p", BIG], "the file")
    ),
}


@pytest.mark.parametrize("call", list(CALLS))
def test_a_number_past_the_digit_limit_is_refused_shortened(call, scored, tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        CALLS[call](scored, tmp_path / "o.csv")
    assert SHOWN in str(err.value)
    assert not (tmp_path / "o.csv").exists()


def test_a_name_within_the_limit_is_its_whole_text(scored):
    with pytest.raises(
        EthicLensInputError, match="argument 'y_pred': column '12345' not found"
    ) as err:
        probes.analyze_scored(scored, 12345)
    assert "'p', 'g', 'score'" in str(err.value)
