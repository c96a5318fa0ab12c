"""Round 31 (P2NIA): ``Estimate.record_inputs(folder, request)`` with a folder or request file
it cannot read, or a folder that is no path, was a bare FileNotFoundError or TypeError; it is
one line naming the argument (nothing recorded), as ``estimate`` refuses them."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, write_release

from .test_round31_symlinked_out import _release


@pytest.fixture
def made(tmp_path):
    write_release(_release(0), tmp_path / "rel")
    made = make_request(200, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=2)
    return estimate(read_release(tmp_path / "rel"), n_boot=0), tmp_path, made


@pytest.mark.parametrize(
    ("folder", "request_file", "argument"),
    [
        (None, None, "folder"),
        (5, None, "folder"),
        ("nowhere", None, "folder"),
        ("rel", "nowhere.json", "request"),
    ],
)
def test_what_cannot_be_read_is_named(made, folder, request_file, argument):
    est, tmp_path, _ = made
    folder = tmp_path / folder if isinstance(folder, str) else folder
    request_file = None if request_file is None else tmp_path / request_file
    with pytest.raises(EthicLensInputError) as err:
        est.record_inputs(folder, request_file)
    assert str(err.value).startswith(f"argument {argument!r}: "), str(err.value)
    assert est.run["input"]["files"] == {} and est.run["repeat"] is None


def test_a_readable_folder_is_recorded_as_before(made):
    est, tmp_path, req = made
    est.record_inputs(tmp_path / "rel", req)
    assert sorted(est.run["input"]["files"]) == ["manifest.json", "release.csv"]
    assert est.run["request"] == {"file": None, "sha256": None}
