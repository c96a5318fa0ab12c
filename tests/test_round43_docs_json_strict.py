"""Every JSON file the docs ship is strict JSON: undefined is null, never a bare NaN or Infinity
token (Python's json writes them unless told not to; other readers refuse them). The ACSIncome
replay committed before its script wrote with allow_nan=False held one NaN."""

import json
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
FILES = sorted(DOCS.rglob("*.json"))


def _refuse(token):
    raise ValueError(f"bare {token} token")


def test_the_docs_ship_json_files():
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DOCS)))
def test_docs_json_is_strict(path):
    json.loads(path.read_text(encoding="utf-8"), parse_constant=_refuse)
