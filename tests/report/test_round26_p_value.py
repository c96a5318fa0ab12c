"""Round 26: a p-value between 1e-6 and 0.0001 printed as "0.0000" in the report's
significance table, a p-value no test gives; it prints in two significant digits."""

from ethiclens.report._audit_report import _p


def test_a_small_p_value_never_prints_as_zero():
    assert _p(3.2e-6) == "3.2e-06"
    assert _p(0.00004) == "4.0e-05"
    assert _p(0.0001) == "0.0001" and _p(0.04321) == "0.0432"
    assert _p(1e-9) == "< 1e-6" and _p(0.0) == "< 1e-6" and _p(None) == "—"
