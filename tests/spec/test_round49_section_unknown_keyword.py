"""Round 49 (review of the Python API, a third wording for an unknown keyword): a spec's
sections built directly (``ethiclens.spec.Roles(y_tru='y')``, ``Target(fil=...)``,
``PolicySpec(n_bot=...)``) raised Python's bare TypeError, "Roles.__init__() got an unexpected
keyword argument 'y_tru'": no near miss, no EthicLensInputError, where ``AuditSpec(rols=...)``
and ``audit()`` refuse it with one. And a function refusing by ``refusing_unknown_keywords``
steered a role's other name to the nearest spelling (``label=``: ``pos_label``, a value) where
audit() names the role (``y_true``)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import GateSpec, Groups, ModelInfo, Outputs, PolicySpec, Roles, Target

CASES = [
    (Roles, "y_tru", "y_true"),
    (Roles, "label", "y_true"),  # the role, not pos_label
    (Roles, "sensitive_features", "protected"),
    (Target, "fil", "file"),
    (Groups, "merg", "merge"),
    (PolicySpec, "n_bot", "n_boot"),
    (ModelInfo, "nam", "name"),
    (Outputs, "htm", "html"),
    (GateSpec, "fail_onn", "fail_on"),
]


@pytest.mark.parametrize(("section", "typed", "meant"), CASES)
def test_a_section_refuses_an_unknown_keyword_as_audit_does(section, typed, meant):
    with pytest.raises(TypeError) as caught:  # still a TypeError
        section(**{typed: "x"})
    assert isinstance(caught.value, EthicLensInputError)
    name = section.__name__
    said = f"{name}() got an unexpected keyword argument {typed!r}; did you mean {meant!r}?"
    assert str(caught.value) == said


def test_a_section_still_builds_copies_and_pickles():
    roles = Roles(y_true="y", y_pred=("p",), protected=("g",))
    assert dataclasses.replace(roles, weight="w").weight == "w"
    assert pickle.loads(pickle.dumps(roles)) == roles
