"""Round 46 review: the audit schema's missing_value_codes description listed 'unknown' and
'none' after 8176c452 dropped both from the codes; it now lists exactly the codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ethiclens.fairness._result import MISSING_VALUE_CODES

SCHEMA = Path(__file__).parents[2] / "src/ethiclens/report/audit-report.schema.json"


def _find(node):
    if isinstance(node, dict):
        if "missing_value_codes" in node.get("properties", {}):
            yield node["properties"]["missing_value_codes"]
        for value in node.values():
            yield from _find(value)
    elif isinstance(node, list):
        for value in node:
            yield from _find(value)


def test_schema_lists_exactly_the_codes():
    (entry,) = [e for e in _find(json.loads(SCHEMA.read_text())) if e.get("type") == "array"]
    listed = entry["description"].split("code (", 1)[1].split(";", 1)[0]
    assert set(re.findall(r"'([^']*)'", listed)) == set(MISSING_VALUE_CODES)
