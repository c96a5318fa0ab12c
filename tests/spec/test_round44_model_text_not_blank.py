"""Round 44 (lead, from the cfg hunt): ``--model-version ''`` and ``model: {version: ""}`` were
accepted and recorded as '' (``--model-name ''`` was refused), and a model name, version or
intended use of blanks only was accepted for all three: the card and the report printed
nothing where leaving it out says "not given". Each is refused by its key, flag or keyword,
and the schema an editor reads says so too."""

from __future__ import annotations

import jsonschema
import pytest

from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, spec_schema

BLANK = ["", " ", "\t  "]
SCHEMA = spec_schema()  # one object: its meta-schema check runs once, not per case


@pytest.mark.parametrize("key", ["name", "version", "intended_use"])
@pytest.mark.parametrize("value", BLANK)
def test_a_blank_model_text_is_refused_by_its_key(key, value):
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        AuditSpec.from_dict({"model": {key: value}})
    assert caught.value.column == f"model.{key}"
    assert "leave it out" in caught.value.fix
    with pytest.raises(jsonschema.ValidationError):  # an editor's check says it as well
        validate({"model": {key: value}}, SCHEMA)


@pytest.mark.parametrize("keyword", ["model_name", "model_version"])
def test_a_blank_model_keyword_is_refused_by_the_keyword(keyword):
    with pytest.raises(EthicLensInputError, match=keyword):
        AuditSpec.of("compas", **{keyword: " "})


def test_written_texts_still_pass():
    spec = AuditSpec.from_dict({"model": {"name": " m 1", "version": 3, "intended_use": "x"}})
    assert (spec.model.name, spec.model.version) == (" m 1", 3)
    assert AuditSpec.from_dict({"model": {"version": "2.10"}}).model.version == "2.10"
