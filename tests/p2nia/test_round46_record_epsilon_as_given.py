"""Round 46 (sibling of c0853c29): per-column accounting's record-level ε was printed with ':g'
(2.4691356 as 2.46914) in the release's summary line and the estimate's basis, while ε itself
is stated with every digit: both now state the record-level ε a release rests on exactly."""

import pytest

from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame


def test_the_record_level_epsilon_is_stated_with_every_digit(tmp_path):
    req = make_request(
        100,
        "sex",
        epsilon=1.2345678,
        metrics="dp",
        protected_domain=["F", "M"],
        accounting="per-column",
    )
    with pytest.warns(UserWarning):  # seeded
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    record = rel.manifest["record_epsilon"]
    assert record != float(f"{record:g}")  # a number ':g' rounds
    line = rel.summary(tmp_path)
    assert f"record-level ε = {record!r})" in line, line
    assert f"record-level ε = {record!r})" in estimate(rel, n_boot=0).basis
