"""Round 46 review of e1f30418: a Python int past ``str()``'s 4,300 digits was held as a
stand-in only where it is a value; as a mapping's key (``protected={10**5000: 'a'}``,
``bins=``, ``exclude_groups=``, a section's key) it still crashed with ValueError. Each is
now refused naming it shortened."""

import re

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

BIG = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"
ROLES = {"y_true": "y", "y_pred": "p", "protected": "g"}


@pytest.mark.parametrize(
    "data",
    [
        {"roles": ROLES, BIG: 1},
        {"roles": {**ROLES, BIG: "y"}},
        {"roles": ROLES, "policy": {BIG: 1}},
        {"roles": ROLES, "groups": {"merge": {"g": {BIG: ["a"]}}}},
    ],
)
def test_a_long_int_key_of_a_spec_is_refused_by_name(data):
    with pytest.raises(EthicLensInputError, match=re.escape(SHOWN)):
        AuditSpec.from_dict({"target": {"file": "d.csv"}, **data})


@pytest.mark.parametrize(
    "options",
    [
        {"protected": {BIG: "a"}},
        {"protected": "g", "bins": {BIG: [0, 1]}},
        {"protected": "g", "exclude_groups": {BIG: ["a"]}},
        {"protected": "g", "card_info": {BIG: "a"}},
    ],
)
def test_a_long_int_key_of_a_keyword_is_refused_by_name(tmp_path, options):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    with pytest.raises(EthicLensInputError, match=re.escape(SHOWN)):
        ethiclens.run(str(path), y_true="y", y_pred="p", **options)


@pytest.mark.parametrize("options", [{"y_true": BIG, "protected": "g"}, {"protected": [BIG]}])
def test_a_long_int_for_a_name_is_not_told_to_pass_its_shortened_text(options):
    # before: "Fix: pass it as text ('100000000000…000000 (5,001 digits)')", no name of the user's
    options = {"y_true": "y", "y_pred": "p", **options}
    with pytest.raises(EthicLensInputError, match=re.escape(SHOWN)) as caught:
        AuditSpec.of("d.csv", **options)
    assert str(caught.value).endswith("Fix: pass it as text (a str)")
