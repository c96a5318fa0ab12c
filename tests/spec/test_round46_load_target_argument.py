"""Round 46: ethiclens.load_target (in ethiclens.__all__) given anything but an AuditSpec
(None, a spec's dict, a path) crashed with AttributeError ('NoneType' object has no attribute
'target'); it is now refused by its argument with the ways to build a spec."""

import pytest

import ethiclens
from ethiclens import EthicLensInputError


@pytest.mark.parametrize("given", [None, {"target": {"dataset": "compas"}}, "spec.yaml", 5])
def test_load_target_refuses_what_is_no_spec(given):
    with pytest.raises(EthicLensInputError, match="argument 'spec': must be an AuditSpec, not"):
        ethiclens.load_target(given)
