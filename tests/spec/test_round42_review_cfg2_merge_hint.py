"""The YAML merge-key hint is a config key's only (round 42 review of 5a602460, rcfg2).

Before: ``AuditSpec.of('compas', **{'<<': 1})`` and ``spec.replace(**{'<<': {}})``, Python
keyword arguments, were told "a config does not use YAML merge keys (<<)", a config they never
wrote; a config's '<<' keeps the hint.
"""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

MERGE = "YAML merge keys"


@pytest.mark.parametrize(
    "call",
    [
        lambda: AuditSpec.of("compas", **{"<<": 1}),
        lambda: AuditSpec.of("compas").replace(**{"<<": {}}),
    ],
)
def test_a_keyword_named_merge_key_has_no_config_hint(call):
    with pytest.raises(EthicLensInputError, match="unknown") as caught:
        call()
    assert MERGE not in str(caught.value)
    assert "valid: " in str(caught.value)


def test_a_config_merge_key_keeps_its_hint():
    data = {"version": 1, "target": {"dataset": "compas"}, "roles": {"<<": {"y_true": "x"}}}
    with pytest.raises(EthicLensInputError, match=r"key 'roles\.<<': unknown key") as caught:
        AuditSpec.from_dict(data)
    assert MERGE in str(caught.value)
