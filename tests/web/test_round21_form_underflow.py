"""Round 21: the web's policy form refuses a number too small for a double (``1e-400``) in the
words every other face uses, by its field, rather than reading it as 0.0."""

from __future__ import annotations

import pytest

from ethiclens._checks import underflow_words
from ethiclens.spec import field_fix
from ethiclens.web._roles import policy_from_form


@pytest.mark.parametrize("field", ["di_threshold", "eo_threshold", "confidence_level"])
def test_an_underflowing_policy_number_is_refused_by_its_field(field):
    spec: dict = {"policy": {}, "model": {}}
    errors: dict = {}
    policy_from_form({field: "1e-400"}, spec, errors)
    assert set(errors) == {field}
    assert errors[field].startswith(underflow_words("1e-400") + ". Fix: ")
    assert errors[field].endswith(field_fix(f"policy.{field}"))
    if field == "confidence_level":  # its own fix, not 'e.g. 0.5' (refused as a level)
        assert "0.95" in errors[field] and "0.5)" not in errors[field]


def test_zero_written_as_zero_is_left_to_the_policy_checks():
    spec: dict = {"policy": {}, "model": {}}
    errors: dict = {}
    policy_from_form({"di_threshold": "0e5", "eo_threshold": "1e-300"}, spec, errors)
    assert not errors
    assert spec["policy"] == {"di_threshold": 0.0, "eo_threshold": 1e-300}
