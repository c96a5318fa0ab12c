"""Round 48 leftover: a config file's whole number written as a decimal (``n_boot: 200.0``,
``seed: 7.0``, ``n_boot: 2e2``) was refused by spec._spec._refuse_whole_floats in words it wrote
out again, while _checks.refuse_whole_decimal holds them for every other face (the flag's
``--n-boot 200.0``, the keyword's ``n_boot=200.0``). The spec now calls that one function: a
change to its wording reaches every face at once."""

import pytest

from ethiclens import _checks
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("key, value", [("n_boot", 200.0), ("seed", 7.0), ("min_labels", 2e1)])
def test_the_spec_says_the_one_wording(monkeypatch, key, value):
    monkeypatch.setattr(_checks, "WHOLE_DECIMAL", "WORDS ")
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict({"target": {"file": "d.csv"}, "policy": {key: value}})
    said = f"key 'policy.{key}': WORDS a decimal point (value: {value}). Fix: give {int(value)}"
    assert str(info.value) == said


def test_a_number_its_range_refuses_keeps_the_range_words():
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict({"target": {"file": "d.csv"}, "policy": {"n_boot": 50.0}})
    assert "from 100 to 1,000,000" in str(info.value) and "decimal point" not in str(info.value)
