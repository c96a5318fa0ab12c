"""Round 30 (spec): a spec argument of the wrong type (``ethiclens.run(None)``,
``AuditSpec.from_file(5)``, ``spec.save(5)``) is one ``EthicLensInputError`` naming the
argument and what it takes, never "file None does not exist" nor a bare ``TypeError``."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("value", [None, 5, 1.5, b"audit.yaml", ["d.csv"]])
def test_run_names_a_spec_of_the_wrong_type(value):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.run(value)
    text = str(info.value)
    assert text.startswith("argument 'spec': must be an AuditSpec"), text
    assert type(value).__name__ in text and "does not exist" not in text


@pytest.mark.parametrize("value", [None, 5, b"audit.yaml"])
def test_from_file_and_save_name_a_path_of_the_wrong_type(value, tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_file(value)
    assert str(info.value).startswith("argument 'path': must be a path"), str(info.value)
    spec = AuditSpec.of("compas")
    with pytest.raises(EthicLensInputError) as info:
        spec.save(value)
    assert str(info.value).startswith("argument 'path': must be a path"), str(info.value)


def test_paths_still_work(tmp_path):
    path = AuditSpec.of("compas", n_boot=100).save(tmp_path / "a.yaml")
    assert AuditSpec.from_file(path) == AuditSpec.from_file(str(path))
