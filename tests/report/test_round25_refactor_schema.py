"""Issue 22 review: the audit schema's public loader stays what it was before the refactor
that merged the comparison and threshold schemas into ``_schema`` (a functools cache)."""

from __future__ import annotations

from ethiclens.report import load_schema, validate_comparison, validate_thresholds


def test_load_schema_is_still_a_cached_function():
    assert load_schema() is load_schema()
    info = load_schema.cache_info()  # a public function's cache, as before
    assert info.currsize == 1
    load_schema.cache_clear()
    assert load_schema()["properties"]["schema_version"]


def test_the_other_validators_are_still_public():
    assert callable(validate_comparison) and callable(validate_thresholds)
