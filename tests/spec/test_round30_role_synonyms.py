"""Round 30 (spec): a role written by another common name (``roles.label``, ``roles.score``,
``roles.predictions``, fairlearn's ``sensitive_features``) is refused suggesting the role
meant, never the nearest spelling that means something else (``roles.pos_label``, a value,
or ``target.score``, COMPAS's decile option)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize(
    ("key", "meant"),
    [
        ("label", "roles.y_true"),
        ("labels", "roles.y_true"),
        ("prediction", "roles.y_pred"),
        ("predictions", "roles.y_pred"),
        ("pred", "roles.y_pred"),
        ("score", "roles.y_score"),
        ("sensitive_features", "roles.protected"),
    ],
)
def test_a_roles_other_name_suggests_the_role(key, meant):
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict({"target": {"file": "d.csv"}, "roles": {key: "x"}})
    text = str(info.value)
    assert text.startswith(f"key 'roles.{key}': unknown key. Fix: did you mean '{meant}'?"), text


def test_other_sections_keep_their_hints():
    with pytest.raises(EthicLensInputError, match="did you mean 'target.score'"):
        AuditSpec.from_dict({"policy": {"score": "decile"}})
