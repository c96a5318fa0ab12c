"""Round 38 (helper stores): an output path that is a symbolic link looping to itself (or a
path through a looping folder link). The command line refused it ("option '--html': is a loop of
symbolic links"), but io.check_writable accepted it (Python 3.11's os.path.realpath gives a loop
back as it is) and every Python writer through it (AuditResult.to_html / to_model_card,
ThresholdTable.to_html / to_csv / plot, p2nia's write_request) replaced the link with a regular
file; a looping folder was "folder ... does not exist. Fix: mkdir -p ...". Now every face says
the CLI's words, naming the argument. A link to nothing stays written through on every face (its
target created, the link kept: tests/test_io.py), as a shell's > writes it."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

from ethiclens import io
from ethiclens.errors import EthicLensInputError

LOOP = "is a loop of symbolic links"
FIX = "Fix: point the link at a file, or give the file's own path"


@pytest.fixture(scope="module")
def results():
    import ethiclens
    from ethiclens.fairness import threshold_table

    rng = np.random.default_rng(38)
    y, p, s = rng.integers(0, 2, 300), rng.integers(0, 2, 300), rng.random(300)
    g = rng.choice(["A", "B"], 300)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        audit = ethiclens.audit(y, p, {"race": g}, n_boot=100)
        table = threshold_table(y, s, g, n_boot=100, thresholds=[0.3, 0.5, 0.7])
    return audit, table


def _writers(audit, table):
    from ethiclens.p2nia import make_request, write_request

    return {
        "report.html": ("path", audit.to_html),
        "card.md": ("path", audit.to_model_card),
        "t.html": ("path", table.to_html),
        "t.csv": ("path", table.to_csv),
        "t.png": ("path", table.plot),
        "request.json": ("out", lambda p: write_request(make_request(100, "race", epsilon=1.0), p)),
    }


@pytest.mark.parametrize("where", ["link", "folder"])
@pytest.mark.parametrize("name", [
    "report.html", "card.md", "t.html", "t.csv", "t.png", "request.json"])  # fmt: skip
def test_every_python_writer_refuses_a_loop_of_links(results, tmp_path, monkeypatch, where, name):
    monkeypatch.chdir(tmp_path)
    argument, write = _writers(*results)[name]
    if where == "link":
        os.symlink(name, name)  # a link to itself
        path = name
    else:
        os.symlink("out", "out")  # a folder that is a link to itself
        path = f"out/{name}"
    with pytest.raises(EthicLensInputError) as caught:
        write(path)
    assert str(caught.value) == f"argument '{argument}': {LOOP} (value: '{path}'). {FIX}"
    assert os.path.islink(path.split("/")[0]) and os.listdir() == [path.split("/")[0]]


def test_check_writable_and_write_atomic_refuse_it_in_the_cli_words(tmp_path):
    link = tmp_path / "loop.json"
    link.symlink_to(link)
    said = f"{LOOP} (value: '{link}'). {FIX}"
    with pytest.raises(EthicLensInputError) as caught:
        io.check_writable(link, flag="--json")
    assert str(caught.value) == f"option '--json': {said}"
    for call in (lambda: io.check_writable(link), lambda: io.write_atomic(link, "{}")):
        with pytest.raises(EthicLensInputError, match="^the path is a loop of symbolic links"):
            call()
    with pytest.raises(EthicLensInputError) as caught:
        io.ensure_output_folder(link, "--out", create=False)  # was accepted
    assert str(caught.value) == f"option '--out': {said}"
    assert link.is_symlink() and os.listdir(tmp_path) == ["loop.json"]


def test_a_link_to_nothing_is_written_through_on_every_face(results, tmp_path, monkeypatch):
    """The rule kept: the link stays, its target is created (CLI and Python alike)."""
    from ethiclens.cli import main

    monkeypatch.chdir(tmp_path)
    audit, table = results
    for name, write in (("py.html", audit.to_html), ("py.csv", table.to_csv)):
        os.symlink(f"made-{name}", name)
        write(name)
        assert os.path.islink(name) and os.path.isfile(f"made-{name}")
    os.symlink("made-cli.json", "cli.json")
    argv = ["p2nia", "request", "--n", "100", "--protected", "race", "--epsilon", "1"]
    assert main([*argv, "--out", "cli.json"]) == 0
    assert os.path.islink("cli.json") and os.path.isfile("made-cli.json")
