"""Round 34 review: the benchmark options a request named (``AuditSpec.of("adult",
year=2018)``, refused when run) are kept by ``dataclasses.replace`` too, as by the spec's own
``replace`` (fbd76270): a copy made so ran with the option silently ignored, and was equal to
the request. They are a hidden field now, not an attribute set on the frozen object."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, PolicySpec, check_request

SAID = "key 'target.year': a survey year exists only for acs-income (value: 2018)"


def test_dataclasses_replace_keeps_them():
    named = AuditSpec.of("adult", year=2018)
    again = dataclasses.replace(named, policy=PolicySpec(n_boot=500))
    with pytest.raises(EthicLensInputError) as info:
        check_request(again, "audit")
    assert str(info.value).startswith(SAID)
    assert dataclasses.replace(named) == named != AuditSpec.of("adult")


def test_an_ordinary_spec_is_unchanged():
    spec = AuditSpec.of("compas", n_boot=500)
    assert "given" not in repr(spec)
    assert [f.name for f in dataclasses.fields(spec) if f.repr][-1] == "version"
    for same in (copy.deepcopy(spec), pickle.loads(pickle.dumps(spec)), dataclasses.replace(spec)):
        assert same == spec and hash(same) == hash(spec)
    assert AuditSpec.from_dict(spec.to_dict()) == spec
    check_request(dataclasses.replace(spec), "audit")
