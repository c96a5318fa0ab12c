"""Python-API battery, class: one column name given as a set, a dict or a list (unhashable)
is refused naming the argument, never Python's "unhashable type: 'set'"."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError

X = pd.DataFrame({"g": ["a", "b"], "s": [1.0, 2.0]})


def _call(face, bad):
    if face == "make_counterfactuals":
        from ethiclens.probes import make_counterfactuals

        return lambda: make_counterfactuals(X, bad)
    from ethiclens.p2nia import blackbox_audit

    return lambda: blackbox_audit(lambda q: [0] * len(q), {"g": ["a", "b"]}, bad, 10)


@pytest.mark.parametrize(
    "bad", [{1, 2}, {"a": 1}, ["g"], (["g"],)], ids=["set", "dict", "list", "tuple"]
)
@pytest.mark.parametrize("face", ["make_counterfactuals", "blackbox_audit"])
def test_unhashable_name_is_refused_by_argument(face, bad):
    with pytest.raises(EthicLensInputError) as info:
        _call(face, bad)()
    assert info.value.column == "protected"
    assert "argument 'protected': must be one column name" in str(info.value)


@pytest.mark.parametrize("bad", [{"a": 1}, ["compas"], {1, 2}, None])
def test_is_builtin_of_no_name_is_false(bad):
    from ethiclens.datasets import is_builtin

    assert is_builtin(bad) is False
    assert is_builtin("compas") is True
