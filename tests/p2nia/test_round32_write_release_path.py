"""Round 32 (P2NIA): ``write_release(rel, 3)`` (or None) is refused naming ``out_dir``, as
``read_release(3)`` names ``release_dir``; it raised Python's TypeError "expected str, bytes or
os.PathLike object, not int"."""

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.mark.parametrize(("out_dir", "kind"), [(3, "an int"), (None, "None"), (["rel"], "a list")])
def test_an_out_dir_that_is_no_path_is_named(tmp_path, monkeypatch, out_dir, kind):
    req = make_request(100, "sex", epsilon=4, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        write_release(rel, out_dir)
    assert str(err.value).startswith(
        f"argument 'out_dir': must be the path of a folder, not {kind}"
    )
    assert list(tmp_path.iterdir()) == []
    assert read_release(write_release(rel, tmp_path / "rel")).manifest["rows"] == 100
