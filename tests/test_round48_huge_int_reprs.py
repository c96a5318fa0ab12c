"""API battery leftover: a record holding a whole number past Python's int-to-text limit
(10**5000 as a field) printed as every refusal shortens it, never 'Exceeds the limit (4300
digits)' from its dataclass repr; a record of ordinary values prints as before."""

import inspect

import pytest

from ethiclens import experiments, privacy, spec

BIG = 10**5000
CLASSES = [
    experiments.RunRecord,
    experiments.GroupRecord,
    experiments.ExperimentConfig,
    experiments.RunResult,
    privacy.DPTrainingRun,
    privacy.GroupPCER,
    spec.Loaded,
]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_huge_int_field_prints_shortened(cls):
    params = inspect.signature(cls).parameters
    first = next(iter(params))
    kw = {n: None for n, p in params.items() if p.default is inspect.Parameter.empty}
    record = cls(**{**kw, first: BIG})
    for said in (repr(record), str(record)):
        assert said.startswith(f"{cls.__name__}({first}=100000000000…000000 (5,001 digits)")


def test_nested_and_ordinary_records():
    run = experiments.RunRecord(dataset=[BIG], epsilon=1.0, seed=0, status="ok")
    result = experiments.RunResult(run=run, groups=[])
    assert "dataset=[100000000000…000000 (5,001 digits)]" in repr(result)
    plain = experiments.RunRecord(dataset="adult", epsilon=1.0, seed=0, status="ok")
    assert repr(plain).startswith("RunRecord(dataset='adult', epsilon=1.0, seed=0, status='ok'")
