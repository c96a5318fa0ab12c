"""Round 39 (P2NIA): write_release's ``replace`` and ``track_budget`` are True or False.

Before, ``write_release(rel, out, replace="no")`` read the truthy text as yes: it replaced the
release already in ``out`` and, without tracking, discarded the record of the budget it spent;
``track_budget="no"`` tracked. Now any value but a bool (None: as the request says, for
``track_budget``) is refused naming the argument, and the folder is left as it was.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.fixture
def written(tmp_path):
    req = make_request(200, "sex", epsilon=1.0, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(300, 0), "y", "pred", random_state=0)
    out = tmp_path / "rel"
    write_release(rel, out)
    return rel, out


@pytest.mark.parametrize(
    ("name", "value"),
    [("replace", "no"), ("replace", 1), ("track_budget", "no"), ("track_budget", 0)],
)
def test_a_flag_that_is_not_a_bool_is_refused(written, name, value):
    rel, out = written
    before = (out / "manifest.json").read_bytes()
    kw = {"replace": True, name: value}
    with pytest.raises(EthicLensInputError) as exc:
        write_release(rel, out, **kw)
    assert exc.value.column == name and "True or False" in str(exc.value)
    assert (out / "manifest.json").read_bytes() == before


def test_bools_of_numpy_and_none_still_write(written):
    rel, out = written
    write_release(rel, out, replace=np.bool_(True), track_budget=None)
    write_release(rel, out, replace=True, track_budget=np.True_)
    assert read_release(out).manifest["budget"]["releases"] == 2
