"""Round 34 (P2NIA): a release from a DataFrame whose columns are named by numbers (0, 1, 2)
is refused with a fix the user can follow: a request names its protected column as text
('0'), and the fix read "use one of [0, 1, 2]", the column it had just said was missing."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame


def test_number_named_columns_are_refused_with_a_fix_that_works():
    data = audit_frame(400, 0)
    numbered = data.set_axis([0, 1, 2], axis=1)
    req = make_request(200, "0", protected_domain=["F", "M"], epsilon=5)
    with pytest.raises(EthicLensInputError) as got:
        release(req, numbered, 1, 2, random_state=0)
    assert "column '0': not in the audit data" in str(got.value)
    assert "data.columns = data.columns.astype(str)" in got.value.fix
    numbered.columns = numbered.columns.astype(str)  # the fix, as given
    with pytest.warns(UserWarning):
        rel = release(req, numbered, "1", "2", random_state=0)
    want = release(
        make_request(200, "sex", protected_domain=["F", "M"], epsilon=5),
        data,
        "y",
        "pred",
        random_state=0,
    )
    got, want = (estimate(r, n_boot=0).values for r in (rel, want))
    assert {k: v["value"] for k, v in got.items()} == {k: v["value"] for k, v in want.items()}
