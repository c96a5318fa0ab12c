"""Round 47 (engines, known item e): the 'quote it' fix of a number given where text is asked
(io.quote_it_fix) wrote the number whole: a YAML ``version: 111…1.0`` of 5,000 digits gave a
5,000-digit fix, and a plain int past 4,300 digits (AuditSpec.from_dict, a card's field) had no
str() at all (ValueError). The fix now shows such a number shortened, as refusals show a long
int: its first 12 and last 6 characters and its count."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import quote_it_fix
from ethiclens.spec import AuditSpec

LONG = "1" * 5000


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (10**5000, '"100000000000…000000 (5,001 digits)"'),
        (-(10**5000), '"-100000000000…000000 (5,001 digits)"'),
        (2.5, '"2.5"'),
        (True, '"true"'),
    ],
    ids=["long", "long negative", "float", "bool"],
)
def test_the_fix_shows_a_long_number_shortened(value, shown):
    fix = quote_it_fix("name", value)
    assert fix.endswith(f"name: {shown}") and len(fix) < 120


def test_a_config_file_s_long_float_gets_a_short_fix(tmp_path):
    config = tmp_path / "c.yaml"
    config.write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: p, protected: [g]}\n"
        f"model: {{version: {LONG}.0}}\n"
    )
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(config)
    assert caught.value.fix.endswith('version: "111111111111…1111.0 (5,002 characters)"')
    assert LONG[:100] not in caught.value.fix
