"""Round 37 (X2): the writers outside ``ethiclens.report`` refuse an output path that names
nothing to write ('', '   ', 3, 3.5, True, bytes, a list, None, a NUL, ``Path('')``, '/') with
an EthicLensInputError naming their argument, writing nothing. Before: ``io.check_suffix``
let '' pass and raised a bare ValueError (``Path('')``, '/') or TypeError (3); the P2NIA and
experiments writers raised bare TypeErrors, wrote a release or tables into a folder named
'   ' (or the working folder, for ''), and named no argument for a missing folder."""

import warnings
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore, export_store, open_existing, write_tables
from ethiclens.io import check_suffix
from ethiclens.p2nia import make_request, release, write_json_output, write_release, write_request
from ethiclens.probes import write_counterfactuals

from .p2nia.conftest import audit_frame

STORE = Path(__file__).parent / "experiments" / "data" / "store_v1.sqlite"
NOT_A_PATH = [3, 3.5, True, b"x.json", ["x.json"]]
BLANK = ["", "   "]
NO_NAME = [Path(""), "/", "a/.."]


@pytest.fixture(scope="module")
def req():
    return make_request(100, "sex", epsilon=4, protected_domain=["F", "M"])


@pytest.fixture(scope="module")
def rel(req):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(200, 0), "y", "pred", random_state=0)


@pytest.fixture(scope="module")
def groups():
    store = open_existing(STORE)
    try:
        return store.group_stats()
    finally:
        store.close()


def _refused(tmp_path, monkeypatch, call, named, said):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert str(err.value).startswith(f"{named}: {said}"), str(err.value)
    assert list(tmp_path.iterdir()) == []


def _said(bad, folder=False):
    if not isinstance(bad, (str, Path)):
        return "must be a folder path" if folder else "must be a file path"
    if "\x00" in str(bad):
        return "a path cannot hold a NUL character"
    return "must not be empty" if not str(bad).strip() else "names a folder, not a file"


@pytest.mark.parametrize("bad", [*NOT_A_PATH, *BLANK, *NO_NAME, "a\x00b.html"])
def test_check_suffix_refuses_what_names_no_file(bad):
    with pytest.raises(EthicLensInputError) as err:
        check_suffix(bad, "--html", ".html", "the HTML report")
    assert str(err.value).startswith(f"option '--html': {_said(bad)}")
    nul = "\x00" in str(bad)  # a NUL: every face's fix (round 47)
    assert ("remove it: no file" if nul else "e.g. --html report.html") in str(err.value)
    check_suffix(None, "--html", ".html", "the HTML report")  # not asked: passes


def test_check_suffix_keeps_its_suffix_words():
    with pytest.raises(EthicLensInputError, match=r"name must end in \.csv.*e\.g\. --out t\.csv"):
        check_suffix("t.txt", "--out", ".csv", "the table")


FILE_BAD = [*NOT_A_PATH, None, *BLANK, *NO_NAME, "a\x00b.json"]


@pytest.mark.parametrize("bad", FILE_BAD)
def test_write_request_and_json_output(tmp_path, monkeypatch, req, bad):
    said = _said(bad)
    _refused(tmp_path, monkeypatch, lambda: write_request(req, bad), "argument 'out'", said)
    call = lambda: write_json_output(bad, {"a": 1})  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'path'", said)


@pytest.mark.parametrize("bad", ["missing/r.json", "folder"])
def test_write_request_names_out_for_a_missing_or_blocking_folder(tmp_path, monkeypatch, req, bad):
    (tmp_path / "folder").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="^argument 'out': output "):
        write_request(req, bad)
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]
    assert list((tmp_path / "folder").iterdir()) == []


@pytest.mark.parametrize("bad", [*BLANK, "a\x00b"])
def test_write_release_refuses_a_blank_or_nul_folder(tmp_path, monkeypatch, rel, bad):
    call = lambda: write_release(rel, bad)  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'out_dir'", _said(bad, True))


@pytest.mark.parametrize("bad", [*NOT_A_PATH, None, *BLANK, "a\x00b"])
def test_write_tables_names_out_dir(tmp_path, monkeypatch, groups, bad):
    call = lambda: write_tables(groups, bad)  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "argument 'out_dir'", _said(bad, True))


@pytest.mark.parametrize("bad", [*NOT_A_PATH, None, *BLANK, *NO_NAME, "a\x00b.csv"])
def test_write_counterfactuals_names_out(tmp_path, monkeypatch, bad):
    data = tmp_path.parent / f"{tmp_path.name}-in.csv"
    data.write_text("g,x\na,1\nb,2\n")
    call = lambda: write_counterfactuals(data, "g", bad)  # noqa: E731
    _refused(tmp_path, monkeypatch, call, "option '--out'", _said(bad))


@pytest.mark.parametrize("bad", [*NOT_A_PATH, None, *BLANK, *NO_NAME, "missing/runs"])
def test_store_exports_name_out(tmp_path, monkeypatch, bad):
    said = "unknown export type" if bad == "missing/runs" else _said(bad)
    _refused(tmp_path, monkeypatch, lambda: export_store(STORE, bad), "argument 'out'", said)
    store = ResultsStore.__new__(ResultsStore)  # the check comes before the store is read
    _refused(tmp_path, monkeypatch, lambda: store.export(bad), "argument 'out'", said)
