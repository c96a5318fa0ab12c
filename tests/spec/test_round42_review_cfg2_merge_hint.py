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
    "call, refusal, fix",
    [
        (
            lambda: AuditSpec.of("compas", **{"<<": 1}),
            "got an unexpected keyword argument '<<'",  # fcd2ecd7's words for a keyword
            "Fix: use one of ",
        ),
        (  # round 50: replace() in of()'s words too (was "unknown section" / "valid: ")
            lambda: AuditSpec.of("compas").replace(**{"<<": {}}),
            "got an unexpected keyword argument '<<'",
            "Fix: use one of ",
        ),
    ],
)
def test_a_keyword_named_merge_key_has_no_config_hint(call, refusal, fix):
    with pytest.raises(EthicLensInputError, match=refusal) as caught:
        call()
    assert MERGE not in str(caught.value)
    assert fix in str(caught.value)


def test_a_config_merge_key_keeps_its_hint():
    data = {"version": 1, "target": {"dataset": "compas"}, "roles": {"<<": {"y_true": "x"}}}
    with pytest.raises(EthicLensInputError, match=r"key 'roles\.<<': unknown key") as caught:
        AuditSpec.from_dict(data)
    assert MERGE in str(caught.value)
