"""Round 37 (X): every report writer of the Python API refuses a path that is no file to write
by naming the argument ``path``, the value and the fix, writing nothing.

Before: ``write_audit_html(result, '')`` (and the comparison and threshold writers, and the
result's ``to_html``/``to_csv``/``plot``) said "output . is a folder" (pathlib's reading of
''), ``'   '`` "must end in .html. Fix: e.g. --html    .html", ``Path('')`` raised a bare
ValueError ("PosixPath('.') has an empty name"), and the ``ethiclens.report`` writers let
``3``, ``3.5``, ``True``, ``b'x.html'`` and a list escape as a bare TypeError. A missing folder
or a folder given to a result's writer did not name the argument.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ethiclens
from ethiclens import report
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def results():
    r = np.random.default_rng(0)
    n = 200
    y, p, score = r.integers(0, 2, n), r.integers(0, 2, n), r.random(n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    kw = {"n_boot": 100, "random_state": 0}
    return {
        "audit": ethiclens.audit(y, p, g, **kw),
        "compare": ethiclens.compare(y, p, 1 - p, g, **kw),
        "thresholds": ethiclens.threshold_table(y, score, g, thresholds=[0.5], **kw),
    }


# name -> (call, example file name the fix shows)
WRITERS = {
    "write_audit_html": (lambda r, p: report.write_audit_html(r["audit"], p), "report.html"),
    "write_comparison_html": (
        lambda r, p: report.write_comparison_html(r["compare"], p),
        "comparison.html",
    ),
    "write_threshold_html": (
        lambda r, p: report.write_threshold_html(r["thresholds"], p),
        "thresholds.html",
    ),
    "write_audit_card": (lambda r, p: report.write_audit_card(r["audit"], p), "card.md"),
    "write_threshold_png": (
        lambda r, p: report.write_threshold_png(r["thresholds"], p),
        "thresholds.png",
    ),
    "html_to_pdf": (lambda r, p: report.html_to_pdf("<p>x</p>", p), "report.pdf"),
    "AuditResult.to_html": (lambda r, p: r["audit"].to_html(p), "report.html"),
    "AuditResult.to_model_card": (lambda r, p: r["audit"].to_model_card(p), "card.md"),
    "ModelComparison.to_html": (lambda r, p: r["compare"].to_html(p), "comparison.html"),
    "ThresholdTable.to_html": (lambda r, p: r["thresholds"].to_html(p), "thresholds.html"),
    "ThresholdTable.to_csv": (lambda r, p: r["thresholds"].to_csv(p), "thresholds.csv"),
    "ThresholdTable.plot": (lambda r, p: r["thresholds"].plot(p), "thresholds.png"),
}

# value -> (problem, value shown)
NOT_A_FILE = {
    "empty": ("", "must not be empty", ""),
    "blank": ("   ", "must not be empty", "   "),
    "Path('')": (Path(""), "names a folder, not a file to write", "."),
    "int": (3, "must be a file path (a str or os.PathLike)", 3),
    "float": (3.5, "must be a file path (a str or os.PathLike)", 3.5),
    "bool": (True, "must be a file path (a str or os.PathLike)", True),
    "bytes": (b"x.html", "must be a file path (a str or os.PathLike)", b"x.html"),
    "list": (["x.html"], "must be a file path (a str or os.PathLike)", ["x.html"]),
    "NUL": ("a\x00b.html", "a path cannot hold a NUL character (\\x00)", "a\x00b.html"),
}
WITH_STRING = {"ThresholdTable.to_csv", "ThresholdTable.plot"}  # None: the text / the Figure


@pytest.mark.parametrize("value", list(NOT_A_FILE))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_path_that_names_no_file_is_refused_by_name(
    writer, value, results, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)  # '' and Path('') are the working folder
    call, example = WRITERS[writer]
    given, problem, shown = NOT_A_FILE[value]
    with pytest.raises(EthicLensInputError) as info:
        call(results, given)
    e = info.value
    assert (e.column, e.kind, e.problem, e.value) == ("path", "argument", problem, shown)
    nul = "remove it: no file or folder name holds one"  # every face's (round 47)
    assert e.fix == (nul if value == "NUL" else f"pass the file to write, e.g. {example!r}")
    assert str(e).startswith("argument 'path': ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", sorted(set(WRITERS) - WITH_STRING))
def test_none_is_refused_where_it_means_no_string(writer, results, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call, example = WRITERS[writer]
    with pytest.raises(EthicLensInputError) as info:
        call(results, None)
    assert (info.value.column, info.value.fix) == (
        "path",
        f"pass the file to write, e.g. {example!r}",
    )
    assert list(tmp_path.iterdir()) == []


RESULT_WRITERS = [w for w in WRITERS if "." in w]


@pytest.mark.parametrize("writer", RESULT_WRITERS)
def test_a_missing_folder_names_the_argument(writer, results, tmp_path):
    call, example = WRITERS[writer]
    out = tmp_path / "no" / example
    with pytest.raises(EthicLensInputError) as info:
        call(results, out)
    assert str(info.value) == (
        f"argument 'path': output {out}: folder {out.parent} does not exist. Fix: create it "
        f"first (mkdir -p {out.parent}) or choose another path"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", [w for w in RESULT_WRITERS if w.endswith("to_html")])
def test_a_folder_names_the_argument(writer, results, tmp_path):
    call, _ = WRITERS[writer]
    folder = tmp_path / "r.html"
    folder.mkdir()
    with pytest.raises(EthicLensInputError) as info:
        call(results, folder)
    assert (info.value.column, info.value.kind) == ("path", "argument")
    assert str(info.value).startswith(f"argument 'path': output {folder} is a folder")
    assert list(folder.iterdir()) == []


def test_a_good_path_is_still_written(results, tmp_path):
    for name in ("write_audit_html", "AuditResult.to_html", "ThresholdTable.to_csv"):
        call, example = WRITERS[name]
        out = tmp_path / f"{name}-{example}"
        assert call(results, out) == out and out.stat().st_size > 0
