"""Round 32 (P2NIA): ``Estimate.record_inputs(folder, request)`` refuses a request the release
was not made for, as ``estimate(..., request=...)`` and ``p2nia estimate --request`` do: it
recorded it, and its ``repeat`` command (``... --request other.json``) was then refused by the
command it names ("the release was made for another request")."""

import json
import shlex
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release

from .conftest import audit_frame


def test_a_request_for_another_release_is_not_recorded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = make_request(300, "sex", protected_domain=["F", "M"], epsilon=4.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, audit_frame(600, 1), "y", "pred", random_state=1), "rel")
    other = make_request(300, "sex", protected_domain=["F", "M"], epsilon=2.0).to_dict()
    (tmp_path / "other.json").write_text(json.dumps(other))
    (tmp_path / "mine.json").write_text(json.dumps(req.to_dict()))
    est = estimate(read_release("rel"), n_boot=0)
    with pytest.raises(EthicLensInputError, match="argument 'request': the release was made"):
        est.record_inputs("rel", "other.json")
    repeat = est.record_inputs("rel", "mine.json").run["repeat"]
    assert main([*shlex.split(repeat)[1:], "--json", "again.json"]) == 0
