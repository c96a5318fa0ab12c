"""Round 31 (P2NIA): refusals in the words of the face that got them.

A folder that is no release was refused as ``argument 'RELEASE_DIR'`` (the command line's
argument) by ``read_release(path)`` and ``estimate(path)`` too, whose arguments are
``release_dir`` and ``rel``; ``release(..., y_pred=None)`` said "not in the audit data" naming
nothing; a tampered manifest's unregistered mechanism was a ``column`` with the fix to choose
a mechanism (every other manifest field is a ``key`` the platform is asked to restore)."""

from __future__ import annotations

import hashlib
import json
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    estimate,
    make_request,
    read_release,
    read_request,
    release,
    write_release,
)
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


@pytest.mark.parametrize(
    ("function", "argument"), [(read_release, "release_dir"), (estimate, "rel")]
)
def test_a_folder_that_is_no_release_is_named_by_the_python_argument(tmp_path, function, argument):
    with pytest.raises(EthicLensInputError) as err:
        function(tmp_path)
    assert str(err.value).startswith(f"argument {argument!r}: {tmp_path} is not a P2NIA release")


def test_the_command_line_still_names_release_dir(tmp_path, capsys):
    assert main(["p2nia", "estimate", str(tmp_path)]) == 2
    assert f"argument 'RELEASE_DIR': {tmp_path} is not a P2NIA release" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("y_true", "y_pred", "argument"),
    [
        ("y", None, "y_pred"),
        ("y", ["pred"], "y_pred"),
        (["y"], "pred", "y_true"),
        ({}, "pred", "y_true"),
    ],
)
def test_a_label_or_prediction_that_names_no_column_names_its_argument(y_true, y_pred, argument):
    req = make_request(100, "sex", protected_domain=["F", "M"], metrics="dp,eo", epsilon=1)
    with pytest.raises(EthicLensInputError) as err:  # None: no name; a list: a TypeError
        release(req, audit_frame(300, 0), y_true, y_pred)
    assert str(err.value).startswith(f"argument {argument!r}: must name a column"), str(err.value)


@pytest.mark.parametrize("mechanism", ["GRR", 1, None])
def test_a_manifest_mechanism_not_registered_is_a_manifest_key(tmp_path, mechanism):
    req = make_request(200, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(400, 1), "y", "pred", random_state=0)
    out = write_release(rel, tmp_path / "rel")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["mechanism"] = mechanism
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    assert hashlib.sha256((out / "release.csv").read_bytes()).hexdigest() == manifest["sha256"]
    with pytest.raises(EthicLensInputError) as err:
        read_release(out)
    text = str(err.value)
    assert text.startswith("key 'manifest.json:mechanism': mechanism differs from the request's"), (
        text
    )
    assert "ask the platform for the original release" in text, text


@pytest.mark.parametrize("content", [None, "{", '{"format": "ethiclens-p2nia-request/2"}'])
def test_a_request_file_is_named_by_the_python_argument_that_took_it(tmp_path, content, capsys):
    path = tmp_path / "q.json"
    if content is not None:  # None: no such file
        path.write_text(content)
    made = make_request(200, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(made, audit_frame(400, 1), "y", "pred", random_state=0)
    calls = {
        "path": lambda: read_request(path),
        "request": lambda: release(path, audit_frame(400, 1), "y", "pred"),
    }
    calls["request "] = lambda: estimate(rel, request=path, n_boot=0)
    for argument, call in calls.items():
        with pytest.raises(EthicLensInputError) as err:
            call()
        assert str(err.value).startswith(f"argument {argument.strip()!r}: "), str(err.value)
    # the command line still names its option
    write_release(rel, tmp_path / "rel")
    assert main(["p2nia", "estimate", str(tmp_path / "rel"), "--request", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: option '--request': ")


def test_a_label_column_a_dp_request_does_not_need_must_still_exist(tmp_path, capsys):
    req = make_request(100, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=1)
    with pytest.raises(EthicLensInputError) as err:  # was ignored: a typo released silently
        release(req, audit_frame(300, 0), "nosuchcol", "pred")
    said = str(err.value)  # the audit's words (round 49): the argument, then the column
    assert said.startswith("argument 'y_true': column 'nosuchcol' not found in the audit"), said
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert (
            release(req, audit_frame(300, 0), "y", "pred", random_state=0).manifest["rows"] == 100
        )
        assert (
            release(req, audit_frame(300, 0), None, "pred", random_state=0).manifest["rows"] == 100
        )
