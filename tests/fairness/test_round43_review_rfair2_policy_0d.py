"""Round 43 review (rfair2): Policy(di_rule=np.array('below')) built directly is refused in the
words audit(di_rule=np.array('below')) and AuditSpec.of use ("must be text, not a 0-d numpy
array"), not "must be one of two_sided, below" (which it is); a 0-d typo keeps the choices."""

import numpy as np
import pytest

from ethiclens import Policy
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("value", [np.array("below"), np.array("two_sided", dtype=object)])
def test_policy_0d_text_di_rule_in_the_engine_words(value):
    with pytest.raises(EthicLensInputError) as info:
        Policy(di_rule=value)
    message = str(info.value)
    assert "argument 'di_rule': must be text, not a 0-d numpy array" in message
    assert f"pass it as text: {value.item()!r} (value.item())" in message
    assert "must be one of" not in message


def test_policy_0d_typo_keeps_the_choices_and_np_str_is_taken():
    with pytest.raises(EthicLensInputError) as info:
        Policy(di_rule=np.array("belo"))
    assert "must be one of two_sided, below" in str(info.value)
    assert "did you mean 'below'?" in str(info.value)
    rule = Policy(di_rule=np.str_("below")).di_rule
    assert rule == "below" and type(rule) is str
