"""Round 37 review of 51696f72/5cfd651a (writers refuse a path naming nothing to write).

``io._refuse_no_path`` read an ``os.PathLike`` through ``str()``: a PathLike naming ''
(``__fspath__`` -> '') passed as a folder, so ``write_tables``, ``tables_to_folder`` and
``write_experiment_outputs`` wrote into the working folder (the '' the commit refuses), the
refusal's value was the object's repr, and a PathLike of bytes passed the check to fail in
pathlib (TypeError). ``write_request``/``write_json_output`` compared ``out != '-'``: an empty
or 2-item array raised numpy's 'truth value ... is ambiguous'. The working folder given as
'.' or ``Path('.')`` is still written into, and ordinary paths pass."""

import os
import warnings
from pathlib import Path, PosixPath

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import open_existing, write_tables
from ethiclens.experiments._pcer_commands import tables_to_folder
from ethiclens.fairness import check_path
from ethiclens.io import check_suffix
from ethiclens.p2nia import make_request, write_json_output, write_request

STORE = Path(__file__).parent / "experiments" / "data" / "store_v1.sqlite"


class Named(os.PathLike):
    """A PathLike whose str() is not the path it names (as os.DirEntry's)."""

    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return f"<Named {self.path!r}>"

    __str__ = __repr__


class Sub(PosixPath):
    pass


@pytest.fixture(scope="module")
def groups():
    store = open_existing(STORE)
    try:
        return store.group_stats()
    finally:
        store.close()


@pytest.fixture(scope="module")
def req():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return make_request(100, "sex", epsilon=4, protected_domain=["F", "M"])


def _refused(tmp_path, monkeypatch, call, start):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert str(err.value).startswith(start), str(err.value)
    assert list(tmp_path.iterdir()) == []
    return str(err.value)


def test_a_pathlike_naming_nothing_is_no_working_folder(tmp_path, monkeypatch, groups):
    start = "argument 'out_dir': must not be empty (value: '')"
    _refused(tmp_path, monkeypatch, lambda: write_tables(groups, Named("")), start)
    call = lambda: tables_to_folder(STORE, Named(" "))  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "option '--out': must not be empty (value: ' ')")


def test_a_pathlike_is_named_by_its_path_and_bytes_are_refused(tmp_path, monkeypatch, req):
    call = lambda: write_json_output(Named(""), {"a": 1})  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'path': must not be empty (value: '')")
    said = _refused(tmp_path, monkeypatch, lambda: check_path(Named("a\x00.html"), "r.html"), "")
    assert "cannot hold a NUL character" in said and "<Named" not in said, said
    start = "option '--json': must be a file path (a str or os.PathLike)"
    _refused(
        tmp_path, monkeypatch, lambda: check_suffix(Named(b"r.json"), "--json", ".json", "x"), start
    )
    call = lambda: write_request(req, Named(b"r.json"))  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'out': must be a file path")


@pytest.mark.parametrize("bad", [np.array([]), np.array(["a.json", "b.json"])])
def test_an_array_is_refused_as_no_path(tmp_path, monkeypatch, req, bad):
    _refused(
        tmp_path, monkeypatch, lambda: write_request(req, bad), "argument 'out': must be a file"
    )
    call = lambda: write_json_output(bad, {"a": 1})  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'path': must be a file path")


def test_ordinary_paths_still_pass(tmp_path, monkeypatch, req):
    monkeypatch.chdir(tmp_path)
    for path in [Sub("s.json"), Named("n.json"), np.str_("é.json"), str(tmp_path / "a.json")]:
        check_suffix(path, "--json", ".json", "the JSON report")
        assert check_path(path, "r.json") is path
        write_json_output(path, {"a": 1})
    write_request(req, Named("req.json"))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["a.json", "n.json", "req.json", "s.json", "é.json"]


def test_the_working_folder_is_still_written_into(tmp_path, monkeypatch, groups):
    monkeypatch.chdir(tmp_path)  # '.' and Path('.') read alike: the check sees '.' for both
    write_tables(groups, Path("."))
    names = {p.name for p in tmp_path.iterdir() if p.is_file()}
    assert {"correlations.csv", "figure1.png"} <= names, names
