"""run_monitor(fail_on=...) told a bad gate level's fix in its own words ('use alarm (fail
when any test has alarmed) or never') where ethiclens monitor --fail-on, like every choice, says
_checks.choice_error's 'use one of never, alarm'; both now end alike."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor._report import check_gate_level


@pytest.mark.parametrize(("bad", "near"), [("Alarm", "did you mean 'alarm'? "), ("x", "")])
def test_a_bad_gate_level_gets_the_one_fix(bad, near):
    with pytest.raises(EthicLensInputError) as info:
        check_gate_level(bad)
    assert str(info.value).endswith(
        f"must be one of never, alarm (value: {bad!r}). Fix: {near}use one of never, alarm"
    )
