"""Round 43 (cfg): a list role given null, an item of a Python list named as the keyword the
caller wrote, a 0-d numpy array of text refused for every key alike, JSON words for JSON."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, Roles, Target


def _refusal(make) -> str:
    with pytest.raises(EthicLensInputError) as info:
        make()
    return str(info.value)


@pytest.mark.parametrize("field", ["protected", "y_pred", "intersections"])
def test_a_list_role_given_none_is_told_what_to_give(field):
    said = _refusal(lambda: AuditSpec.of("compas", **{field: None}))
    assert f"argument '{field}'" in said
    assert "leave it out" in said and "see docs/config.md" not in said
    section = _refusal(
        lambda: AuditSpec(target=Target(dataset="compas"), roles=Roles(**{field: None}))
    )
    assert f"key 'roles.{field}'" in section and "leave it out" in section


def test_an_item_of_a_list_keyword_is_named_as_the_keyword():
    series = pd.Series([0, 1])
    said = _refusal(lambda: AuditSpec.of("compas", y_pred=[series, series]))
    assert "argument 'y_pred'" in said and "roles.y_pred" not in said
    assert "a list holding a pandas Series of 2 values" in said
    assert "argument 'y_pred'" in _refusal(lambda: AuditSpec.of("compas", y_pred=("a", 5)))
    held = _refusal(lambda: AuditSpec.of("compas", protected=["sex", series]))
    assert "argument 'protected'" in held and "a list holding a pandas Series" in held
    # a spec given as data keeps its keys
    data = {"target": {"dataset": "compas"}, "roles": {"y_pred": ["a", 5]}}
    assert "key 'roles.y_pred.1'" in _refusal(lambda: AuditSpec.from_dict(data))


@pytest.mark.parametrize(
    ("keyword", "value"),
    [
        ("ci", "jeffreys"),
        ("di_rule", "below"),
        ("positive", "harmful"),
        ("score", "decile"),
        ("engine", "pandas"),
        ("fail_on", "flagged"),
        ("y_true", "two_year_recid"),
    ],
)
def test_a_0d_array_of_text_is_refused_for_every_key(keyword, value):
    said = _refusal(lambda: AuditSpec.of("compas", **{keyword: np.array(value)}))
    assert f"argument '{keyword}': must be text, not a 0-d numpy array" in said
    assert f"pass it as text: '{value}'" in said
    # np.str_ is text, and taken
    AuditSpec.of("compas", **{keyword: np.str_(value)}) if keyword != "engine" else None


@pytest.mark.parametrize("top", [True, False])
def test_a_json_file_with_a_merge_key_gets_no_yaml_words(tmp_path, top):
    data = (
        {"<<": {"target": {"dataset": "compas"}}}
        if top
        else {"target": {"dataset": "compas"}, "roles": {"<<": {"y_true": "x"}}}
    )
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(data))
    said = _refusal(lambda: AuditSpec.from_file(path))
    assert "unknown key" in said and "YAML" not in said
    yaml_path = tmp_path / "spec.yaml"
    yaml_path.write_text(json.dumps(data))  # the same text read as YAML: YAML's merge key named
    assert "YAML merge keys" in _refusal(lambda: AuditSpec.from_file(yaml_path))
