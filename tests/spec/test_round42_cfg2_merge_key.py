"""YAML's merge key (``<<: {...}``) in a config (round 42, cfg2): PyYAML's safe loader keeps an
inline mapping's ``<<`` as a key of its own, which the spec refused as 'unknown key' with only
the valid keys to go on; the refusal now says a config does not merge keys and to write them
out (an alias, ``<<: *base``, is refused as read, in io's words)."""

from __future__ import annotations

import pytest

from ethiclens import AuditSpec
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("roles:\n  <<: {y_true: label}\n  y_pred: [pred]\n", "roles.<<"),
        ("<<: {target: {dataset: compas}}\n", "<<"),
        ("target: {dataset: compas}\npolicy: {<<: {n_boot: 500}}\n", "policy.<<"),
    ],
)
def test_merge_key_is_named(tmp_path, text, key):
    path = tmp_path / "spec.yaml"
    path.write_text("version: 1\n" + text, encoding="utf-8")
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_file(path)
    assert err.value.column == key
    assert err.value.problem == "unknown key"
    assert "YAML merge keys (<<): write the keys out in full" in err.value.fix
