"""Round 32 (P2NIA): the recorded ``repeat`` command of an estimate of a release folder whose
name starts with '-' (estimated as ``p2nia estimate -- -rel``) repeats it: it was
``ethiclens p2nia estimate -rel --seed 0 ...``, which the command refused ("no such option
'-r'"); the folder is now written ./-rel, the same folder."""

import json
import shlex
import warnings

from ethiclens.cli import main
from ethiclens.p2nia import make_request, release, write_release

from .conftest import audit_frame


def test_a_dash_folder_is_repeated_as_the_same_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = make_request(300, "sex", protected_domain=["F", "M"], epsilon=4.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, audit_frame(600, 1), "y", "pred", random_state=1), "-rel")
    assert main(["p2nia", "estimate", "--n-boot", "100", "--json", "a.json", "--", "-rel"]) == 0
    first = json.loads((tmp_path / "a.json").read_text())
    argv = shlex.split(first["run"]["repeat"])
    assert argv[3] == "./-rel", argv
    assert main([*argv[1:], "--json", "b.json"]) == 0
    assert json.loads((tmp_path / "b.json").read_text())["metrics"] == first["metrics"]
