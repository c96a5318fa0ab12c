"""The versioned JSON schema of audit reports (docs/report-schema.md explains each field)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def load_schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("audit-report.schema.json").read_text())


def validate_report(report: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``report`` does not follow the schema."""
    import jsonschema

    jsonschema.validate(report, load_schema())
