"""Each shipped output schema is checked against its meta-schema once, not on every validation
(jsonschema.validate re-checks it on each call: ~40 ms for the report's schema), and a
document's error is jsonschema.validate's own."""

import jsonschema
import pytest

from ethiclens import _jsonschema
from ethiclens.p2nia import load_estimate_schema, validate_estimate_output
from ethiclens.privacy import load_pcer_schema, validate_pcer_output
from ethiclens.report import load_schema, validate_report


@pytest.mark.parametrize(
    ("validate", "load"),
    [
        (validate_report, load_schema),
        (validate_pcer_output, load_pcer_schema),
        (validate_estimate_output, load_estimate_schema),
    ],
    ids=["report", "pcer", "p2nia"],
)
def test_schema_checked_once_error_as_jsonschema_validate(monkeypatch, validate, load):
    cls = jsonschema.validators.validator_for(load())
    checked = []
    real = cls.check_schema
    monkeypatch.setattr(cls, "check_schema", lambda schema, **kw: checked.append(1) or real(schema))
    for _ in range(3):
        with pytest.raises(jsonschema.ValidationError) as got:
            validate({"schema_version": 7})
    assert len(checked) <= 1  # jsonschema.validate: 3
    monkeypatch.undo()
    with pytest.raises(jsonschema.ValidationError) as want:
        jsonschema.validate({"schema_version": 7}, load())
    assert (got.value.message, got.value.path) == (want.value.message, want.value.path)


def test_a_schema_changed_in_place_is_checked_again():
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}}
    _jsonschema.validate({"a": 1}, schema)
    schema["properties"]["a"]["type"] = 12  # no longer a valid schema
    with pytest.raises(jsonschema.SchemaError):
        _jsonschema.validate({"a": 1}, schema)
