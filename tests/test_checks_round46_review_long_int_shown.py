"""Round 46 review of c13f1fee: check_type now shows a wrong-typed scalar by its repr, and
the repr of an int past ``str()``'s 4,300 digits raises: ``MonitorRequest(hold_last=10**5000)``,
``window=``, ``protected=(10**5000,)`` crashed with ValueError (the type's name 'int' before).
The refusal shows it shortened."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

SHOWN = "(value: 100000000000…000000 (5,001 digits))"


@pytest.mark.parametrize(
    "given", [{"hold_last": 10**5000}, {"window": 10**5000}, {"protected": (-(10**5000),)}]
)
def test_a_long_int_of_the_wrong_type_is_shown_shortened(given):
    fields = dict(target="x.csv", time="t", window="1d", y_pred="p", protected="g")
    with pytest.raises(EthicLensInputError) as caught:
        MonitorRequest(**{**fields, **given})
    sign = "-" if "protected" in given else ""
    assert SHOWN.replace("(value: ", f"(value: {sign}") in str(caught.value)
