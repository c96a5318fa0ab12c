"""``jsonschema.validate`` for the shipped output schemas, without its per-call schema check.

``jsonschema.validate(doc, schema)`` first checks ``schema`` itself against its meta-schema, on
every call: ~50 ms of CPU for the audit report's schema, three times what checking a report
takes. The shipped schemas do not change, so that check runs once per schema; a schema changed
in place since (its content no longer what was checked) is checked and compiled again, so no
result is ever served from another schema.
"""

from __future__ import annotations

import copy

# id(schema) -> (the schema object, a copy of what was checked, its validator)
_CHECKED: dict[int, tuple] = {}


def validate(document, schema: dict) -> None:
    """Raise ``jsonschema.ValidationError`` (the best match, as ``jsonschema.validate`` picks it)
    when ``document`` does not follow ``schema``; ``SchemaError`` when the schema is invalid."""
    import jsonschema

    held = _CHECKED.get(id(schema))
    if held is None or held[0] is not schema or held[1] != schema:
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        held = _CHECKED[id(schema)] = (schema, copy.deepcopy(schema), cls(schema))
    error = jsonschema.exceptions.best_match(held[2].iter_errors(document))
    if error is not None:
        raise error
