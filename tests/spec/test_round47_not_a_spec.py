"""Every exported function of a spec refuses what is not one (None, a set, a huge int, a dict)
in one line naming the argument, never an AttributeError from inside; check_request names a
purpose it has no run for; a spec version too long to write is refused as a newer version."""

import pytest

from ethiclens import spec as s
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

TAKES_A_SPEC = [
    s.run_audit,
    s.run_compare,
    s.run_thresholds,
    s.purpose_of,
    s.method_named,
    s.engine_for,
    s.database_url,
    s.input_files,
    lambda spec: s.check_request(spec, "audit"),
]


@pytest.mark.parametrize(
    "bad",
    [None, {1, 2}, 10**5000, {"target": {"dataset": "compas"}}],
    ids=["none", "set", "huge-int", "dict"],
)
@pytest.mark.parametrize("call", TAKES_A_SPEC, ids=lambda f: getattr(f, "__name__", "call"))
def test_what_is_not_a_spec_is_refused_by_name(call, bad):
    with pytest.raises(EthicLensInputError) as info:
        call(bad)
    message = str(info.value)
    assert message.startswith("argument 'spec': must be an AuditSpec, not "), message
    assert "AuditSpec.from_dict" in message


@pytest.mark.parametrize("purpose", [None, "x", "audits"])
def test_check_request_names_a_purpose_it_has_no_run_for(purpose):
    spec = AuditSpec.of("compas", protected=["race"])
    with pytest.raises(EthicLensInputError) as info:
        s.check_request(spec, purpose)
    assert str(info.value).startswith("argument 'purpose': must be one of audit, compare, ")


def test_a_version_too_long_to_write_is_refused_as_newer():
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec(version=10**5000)
    message = str(info.value)
    assert "the spec is spec version 100000000000…000000 (5,001 digits), from a newer" in message
