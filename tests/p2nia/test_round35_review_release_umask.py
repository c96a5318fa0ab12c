"""Round 35 review (P2NIA): write_release learnt the umask by setting the process's to 0 and
back (os.umask(0); os.umask(mask)), so a file or folder another thread created in that moment
(a web request's, a monitor's) was world-writable. The release folder is now created with
os.mkdir's mode (0o777 less the umask, applied by the system); the umask is never touched."""

import os
import stat
import warnings

import pytest

from ethiclens.p2nia import _protocol, make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.fixture(scope="module")
def rel():
    req = make_request(100, "sex", protected_domain=["F", "M"], epsilon=2, metrics="dp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(120, 0), "y", "pred", random_state=0)


def _no_umask(*args):
    raise AssertionError("os.umask was called: the whole process's umask changed a moment")


@pytest.mark.parametrize("replace", [False, True])
def test_a_release_folder_gets_the_umask_mode_without_touching_the_umask(
    rel, tmp_path, monkeypatch, replace
):
    out = tmp_path / "rel"
    if replace:
        write_release(rel, out)
    old = os.umask(0o027)
    try:
        monkeypatch.setattr(_protocol.os, "umask", _no_umask)
        write_release(rel, out, replace=replace)
    finally:
        monkeypatch.undo()
        os.umask(old)
    if os.name == "posix":
        assert stat.S_IMODE(out.stat().st_mode) & 0o777 == 0o750  # a setgid parent: its bit
    assert read_release(out).manifest["epsilon"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rel"]  # no temporary left
