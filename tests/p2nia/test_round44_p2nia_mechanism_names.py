"""Round 44 (p2nia): a mechanism's name follows every registry's rule and is not the name of
another mechanism in other case. register_mechanism took 'a,b' (which --mechanisms, a
comma-separated list, can never name), a blank '  ', and 'Grr', which every summary, estimate
and report shows as 'GRR', the built-in's words ("Estimated from a GRR release ...")."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import GRR, mechanism_names, register_mechanism, unregister_mechanism


def _grr_named(name):
    return type("Named", (GRR,), {"name": name})()


@pytest.mark.parametrize("name", ["a,b", "   "])
def test_a_mechanism_name_follows_the_registry_rule(name):
    with pytest.raises(EthicLensInputError, match="a mechanism needs a non-empty name without"):
        register_mechanism(_grr_named(name))
    assert name not in mechanism_names()


@pytest.mark.parametrize("name, other", [("Grr", "grr"), ("MST", "mst"), ("BlackBox", "blackbox")])
def test_a_name_in_other_case_is_refused(name, other):
    with pytest.raises(EthicLensInputError, match=f"differs from the mechanism '{other}' only in"):
        register_mechanism(_grr_named(name))
    assert name not in mechanism_names()


def test_a_distinct_name_registers_and_replaces():
    try:
        first = register_mechanism(_grr_named("grr-r44"))
        again = register_mechanism(_grr_named("grr-r44"), replace=True)  # its own name: fine
        assert first is not again and "grr-r44" in mechanism_names()
        with pytest.raises(EthicLensInputError, match="'grr-r44' only in case"):
            register_mechanism(_grr_named("GRR-R44"))
    finally:
        unregister_mechanism("grr-r44")
