"""Round 47 review of ac77c6d0: a dict of one value per row keyed by text ({'r0': 1, ...}, ids)
given as y_true was still taken for a spec on audit, compare and threshold_table ('a spec (dict)
is the only positional argument', a bare TypeError), where the same dict keyed by 0..n-1, or
given as y_pred, is refused in the argument's words. A dict holding a spec's key keeps the
spec's refusal."""

import numpy as np
import pytest

import ethiclens

Y = np.array([0, 1, 0, 1])
G = np.array(["a", "a", "b", "b"])
ROWS = {f"r{i}": int(y) for i, y in enumerate(Y)}


@pytest.mark.parametrize(
    "call",
    [
        lambda: ethiclens.audit(ROWS, Y, G),
        lambda: ethiclens.compare(ROWS, Y, Y, G),
        lambda: ethiclens.threshold_table(ROWS, Y * 0.5, G),
    ],
    ids=["audit", "compare", "thresholds"],
)
def test_a_text_keyed_dict_for_y_true_is_refused_by_its_argument(call):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        call()
    assert str(info.value).startswith("argument 'y_true': is a dict (4 keys), not one value per")


@pytest.mark.parametrize("spec", [{"target": {"dataset": "compas"}}, {"version": 1}, {"roles": {}}])
def test_a_dict_with_a_spec_key_keeps_the_spec_refusal(spec):
    with pytest.raises(TypeError, match="the only positional argument"):
        ethiclens.audit(spec, Y, G)
