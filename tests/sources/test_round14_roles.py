"""Round 14: ``counts_of`` takes ``ethiclens.sources.Roles``; the spec's ``Roles`` of the same
name is refused naming the right class and the call that builds it (it used to crash with
``'Roles' object has no attribute 'columns'``)."""

import pandas as pd
import pytest

import ethiclens.sources
import ethiclens.spec

FRAME = pd.DataFrame({"y": [0, 1, 1], "p": [1, 0, 1], "g": ["a", "b", "a"]})


def test_counts_of_names_the_sources_roles_for_a_specs_roles():
    spec_roles = ethiclens.spec.Roles(y_true="y", y_pred=("p",), protected=("g=a",))
    with pytest.raises(TypeError, match=r"not ethiclens\.spec\.Roles") as err:
        ethiclens.sources.counts_of(FRAME, spec_roles)
    suggested = "ethiclens.sources.Roles(y_pred='p', protected=['g'], y_true='y')"
    assert suggested in str(err.value)
    # the suggested call works
    roles = ethiclens.sources.Roles(y_pred="p", protected=["g"], y_true="y")
    assert ethiclens.sources.counts_of(FRAME, roles)["count"].sum() == 3


def test_counts_of_refuses_other_roles_by_type():
    with pytest.raises(TypeError, match="takes an ethiclens.sources.Roles, not dict"):
        ethiclens.sources.counts_of(FRAME, {"y_pred": "p", "protected": ["g"]})
