"""Round 48 (api battery, class: the comparison or result a label helper reads given as
something else).

``fairness.pair_text``, ``names_text`` (a comparison) and ``key_text`` (a result), exported
for the report layer, given None, text, a set, a dict, bytes or a 0-d array crashed with the
AttributeError of their first read ("'NoneType' object has no attribute 'attribute'"),
``pair_text(c, sep=10**5000)`` and ``key_text(result, 10**5000)`` with the int-to-text
ValueError. Each refuses them naming the argument (a key no comparison has is still echoed,
shortened); any object holding the names read (a compare verdict or difference) as before."""

from types import SimpleNamespace

import numpy as np
import pytest

from ethiclens import EthicLensInputError
from ethiclens import fairness as fx

C = SimpleNamespace(attribute="g", group="b", reference="a", key="g:b")
RESULT = SimpleNamespace(comparisons=[C])
BAD = [None, "g", {1, 2}, {"attribute": "g"}, b"x", np.array(1.0)]

CALLS = {
    "pair_text": ("c", lambda v: fx.pair_text(v)),
    "names_text": ("c", lambda v: fx.names_text(v)),
    "key_text": ("result", lambda v: fx.key_text(v, "g:b")),
}


@pytest.mark.parametrize("bad", BAD, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("argument, call", CALLS.values(), ids=CALLS)
def test_no_comparison_or_result_is_refused(argument, call, bad):
    with pytest.raises(EthicLensInputError, match=f"^argument '{argument}': must be a"):
        call(bad)


def test_a_long_number_is_refused_or_echoed_shortened():
    with pytest.raises(EthicLensInputError, match="^argument 'sep': must be text"):
        fx.pair_text(C, 10**5000)
    assert fx.key_text(RESULT, 10**5000) == "100000000000…000000 (5,001 digits)"


def test_labels_are_written_as_before():
    assert fx.pair_text(C) == "g: b" and fx.names_text(C) == "g: b vs a"
    assert fx.key_text(RESULT, "g:b") == "g:b" and fx.key_text(RESULT, "x") == "x"
