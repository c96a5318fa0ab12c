"""Round 34: a benchmark option the request named for another target (``adult`` with
``year=2018``, at its default) stays named through the spec's own copies (``replace``,
``seeded``, ``without_unused``), so the copy is refused as the request was, not run with the
option silently ignored."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, check_request

SAID = "key 'target.year': a survey year exists only for acs-income (value: 2018)"


def _copies(spec):
    yield spec.replace(policy={"n_boot": 500})
    yield spec.replace(policy={"seed": None}).seeded()
    yield spec.without_unused("audit")
    yield spec.replace(policy={"n_boot": 500}).replace(model={"name": "m"})


@pytest.mark.parametrize("copy", list(_copies(AuditSpec.of("adult", year=2018))))
def test_a_copy_of_a_refused_request_is_refused_alike(copy):
    with pytest.raises(EthicLensInputError) as info:
        check_request(copy, "audit")
    assert str(info.value).startswith(SAID)


def test_an_option_named_by_replace_is_named():
    spec = AuditSpec.of("adult").replace(target={"year": 2018})
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.run(spec)
    assert str(info.value).startswith(SAID)


def test_a_spec_written_out_whole_still_runs_its_checks():
    spec = AuditSpec.of("acs-income", year=2018).replace(policy={"n_boot": 500})
    check_request(spec, "audit")  # acs-income's own option: used
    whole = AuditSpec.of("adult").replace(target=AuditSpec.of("adult").target)
    check_request(whole, "audit")  # a Target object names every option: none is stray


def test_equal_specs_run_alike():
    named, plain = AuditSpec.of("adult", year=2018), AuditSpec.of("adult")
    assert named != plain  # was equal, with one hash, while one is refused and one runs
    assert {named: 1, plain: 2}[named] == 1
    assert named == named.replace(policy={"n_boot": 500}).replace(policy={"n_boot": None})
    own = AuditSpec.of("acs-income", year=2018)  # its own option: as if written out whole
    again = AuditSpec.from_dict(own.to_dict())
    assert own == again and hash(own) == hash(again)
