"""The versioned JSON schemas of the reports: the audit's (docs/report-schema.md explains each
field), the model comparison's and the threshold view's (versioned with their outputs)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .._jsonschema import validate  # the schema checked once, not on every call


@cache
def _load(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


@cache  # a functools cache as before (``load_schema.cache_clear()``), one dict for every call
def load_schema() -> dict:
    return _load("audit-report.schema.json")


def validate_report(report: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``report`` does not follow the schema."""
    validate(report, load_schema())


def validate_comparison(doc: dict) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``doc`` follows compare.schema.json (the two
    embedded audits each follow the audit-report schema)."""
    validate(doc, _load("compare.schema.json"))
    validate_report(doc["audits"]["a"])
    validate_report(doc["audits"]["b"])


def validate_thresholds(doc: dict) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``doc`` follows thresholds.schema.json."""
    validate(doc, _load("thresholds.schema.json"))
