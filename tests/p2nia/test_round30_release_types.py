"""Round 30 (P2NIA): a release folder's path or a Release of the wrong type is refused in one
line naming the argument, not a TypeError or AttributeError from inside pathlib or pandas."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import Release, estimate, make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.fixture(scope="module")
def made():
    req = make_request(400, "sex", epsilon=3, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(2000, 0), "y", "pred", random_state=0)


@pytest.mark.parametrize("path", [None, 123, b"folder"])
def test_read_release_refuses_a_path_of_another_type(path):
    with pytest.raises(EthicLensInputError, match="argument 'release_dir': must be the path"):
        read_release(path)


def test_a_release_of_other_parts_is_refused(made, tmp_path):
    cases = [
        (Release(made.table.to_dict(), made.manifest), "'rel.table': must be a DataFrame"),
        (Release(None, made.manifest), "'rel.table': must be a DataFrame"),
        (Release(made.table, []), "'rel.manifest': must be a dict"),
    ]
    for rel, said in cases:
        for face in (lambda r: estimate(r, n_boot=0), lambda r: write_release(r, tmp_path / "o")):
            with pytest.raises(EthicLensInputError, match=said):
                face(rel)
    with pytest.raises(EthicLensInputError, match="argument 'rel': must be a Release"):
        write_release(None, tmp_path / "o")
    assert not (tmp_path / "o").exists()
