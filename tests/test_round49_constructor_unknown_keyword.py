"""Round 49 (review of the Python API, a third wording for an unknown keyword): the public
settings classes a caller builds (sources.Roles, p2nia.ReleaseSettings and AuditColumns,
monitor.Columns and BetPolicy, experiments.SweepGrid and ExperimentConfig) raised Python's bare
TypeError ("Roles.__init__() got an unexpected keyword argument 'y_tru'": no near miss, no
EthicLensInputError), where audit(), Policy and AuditSpec refuse a keyword they do not take
with one UnknownKeywordError, still a TypeError."""

from __future__ import annotations

import pytest

from ethiclens import experiments, monitor, p2nia, sources
from ethiclens.errors import EthicLensInputError

CASES = [
    (sources.Roles, "y_tru", "y_true"),
    (sources.Roles, "label", "y_true"),  # a role's other name: the role, never pos_label
    (p2nia.ReleaseSettings, "track_budgt", "track_budget"),
    (p2nia.AuditColumns, "protectd", "protected"),
    (monitor.Columns, "tim", "time"),
    (monitor.BetPolicy, "alph", "alpha"),
    (experiments.SweepGrid, "seedz", "seeds"),
    (experiments.ExperimentConfig, "datset", "dataset"),
]


@pytest.mark.parametrize(
    ("cls", "typed", "meant"), CASES, ids=[f"{c[0].__name__}-{c[1]}" for c in CASES]
)
def test_a_settings_class_refuses_an_unknown_keyword_as_audit_does(cls, typed, meant):
    with pytest.raises(TypeError) as caught:
        cls(**{typed: 1})
    assert isinstance(caught.value, EthicLensInputError)
    said = f"{cls.__name__}() got an unexpected keyword argument {typed!r}; did you mean {meant!r}?"
    assert str(caught.value) == said
