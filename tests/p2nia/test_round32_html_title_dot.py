"""Round 32 (P2NIA): ``p2nia estimate . --html ../e.html`` run inside the release folder
titled its report "P2NIA estimate from " (the name of '.' is empty); it names the folder
('rel'), as ``estimate rel --html e.html`` does, and '..' alike."""

import warnings

import pytest

from ethiclens.cli import main
from ethiclens.p2nia import make_request, release, write_release

from .conftest import audit_frame


@pytest.mark.parametrize(("where", "typed"), [("rel", "."), ("rel/sub", "..")])
def test_a_dot_folder_is_titled_by_its_name(tmp_path, monkeypatch, where, typed):
    req = make_request(300, "sex", protected_domain=["F", "M"], epsilon=4.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(
            release(req, audit_frame(600, 1), "y", "pred", random_state=1), tmp_path / "rel"
        )
    (tmp_path / "rel" / "sub").mkdir(exist_ok=True)
    monkeypatch.chdir(tmp_path / where)
    out = tmp_path / "e.html"
    assert main(["p2nia", "estimate", typed, "--n-boot", "0", "--html", str(out)]) == 0
    assert "<title>P2NIA estimate from rel</title>" in out.read_text(encoding="utf-8")
