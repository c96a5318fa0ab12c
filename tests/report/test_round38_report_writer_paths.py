"""Round 38: the public writers of ``ethiclens.report`` refuse a bad output path naming their
argument ``path``, its value and the fix, in the words of the result objects' own writers
(``AuditResult.to_html`` and the rest), before any work and writing nothing.

Before: ``report.write_audit_html(result, 'no/r.html')`` (and write_comparison_html,
write_threshold_html, write_audit_card, write_threshold_png, html_to_pdf) said "output no/r.html:
folder no does not exist" naming no argument, as did a file where a folder is needed; a name
saying another format was refused naming the command line's option ("option '--html'", "e.g.
--html r.html") to a Python caller; and ``html_to_pdf`` took any name (``report.html``,
``report``), started the browser and wrote a PDF there, where ``--pdf`` refuses it.
"""

from __future__ import annotations

import errno
import os
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


@pytest.fixture(autouse=True)
def _no_browser(monkeypatch, tmp_path):
    # html_to_pdf's path is checked before the browser is looked for: none is needed, and
    # one that ran would say so ("no PDF renderer was found"), not the path's refusal
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "no-such-browser"))


# name -> (report writer, its result object's writer or None, a name of its format)
WRITERS = {
    "write_audit_html": (
        lambda r, p: report.write_audit_html(r["audit"], p),
        lambda r, p: r["audit"].to_html(p),
        "r.html",
    ),
    "write_comparison_html": (
        lambda r, p: report.write_comparison_html(r["compare"], p),
        lambda r, p: r["compare"].to_html(p),
        "r.html",
    ),
    "write_threshold_html": (
        lambda r, p: report.write_threshold_html(r["thresholds"], p),
        lambda r, p: r["thresholds"].to_html(p),
        "r.html",
    ),
    "write_audit_card": (
        lambda r, p: report.write_audit_card(r["audit"], p),
        lambda r, p: r["audit"].to_model_card(p),
        "card.md",
    ),
    "write_threshold_png": (
        lambda r, p: report.write_threshold_png(r["thresholds"], p),
        lambda r, p: r["thresholds"].plot(p),
        "t.png",
    ),
    "html_to_pdf": (lambda r, p: report.html_to_pdf("<p>x</p>", p), None, "r.pdf"),
}


def _refused(call, results, path) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as info:
        call(results, path)
    return info.value


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_missing_folder_names_the_argument(writer, results, tmp_path):
    call, _, name = WRITERS[writer]
    out = tmp_path / "no" / name
    e = _refused(call, results, out)
    assert (e.column, e.kind) == ("path", "argument")
    assert str(e) == (
        f"argument 'path': output {out}: folder {out.parent} does not exist. Fix: create it "
        f"first (mkdir -p {out.parent}) or choose another path"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_file_where_a_folder_is_needed_names_the_argument(writer, results, tmp_path):
    call, _, name = WRITERS[writer]
    (tmp_path / "f").write_text("kept")
    out = tmp_path / "f" / name
    assert str(_refused(call, results, out)) == (
        f"argument 'path': output {out}: {tmp_path / 'f'} is a file, not a folder. "
        "Fix: choose an output path whose folders are folders"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["f"] and (tmp_path / "f").read_text() == "kept"


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_folder_in_the_files_place_names_the_argument(writer, results, tmp_path):
    call, _, name = WRITERS[writer]
    folder = tmp_path / name
    folder.mkdir()
    e = _refused(call, results, folder)
    assert (e.column, e.kind) == ("path", "argument")
    assert str(e).startswith(f"argument 'path': output {folder} is a folder")
    assert list(folder.iterdir()) == [] and list(tmp_path.iterdir()) == [folder]


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_folder_without_write_permission_names_the_argument(
    writer, results, tmp_path, monkeypatch
):
    # os.access as a read-only folder answers it (root, who runs CI's containers, may write
    # anywhere: chmod alone would not refuse)
    call, _, name = WRITERS[writer]
    monkeypatch.setattr("ethiclens.io.os.access", lambda p, mode, **kw: mode != os.W_OK)
    out = tmp_path / name
    assert str(_refused(call, results, out)) == (
        f"argument 'path': output {out}: no permission to write there. "
        "Fix: choose a folder you can write to"
    )
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


SUFFIX = {
    ".html": "the HTML report's name must end in .html or .htm",
    ".png": "the threshold plot (PNG)'s name must end in .png",
    ".pdf": "the PDF report's name must end in .pdf",
}


@pytest.mark.parametrize("other", ["o.json", "o"])
@pytest.mark.parametrize("writer", [w for w in WRITERS if w != "write_audit_card"])
def test_a_name_of_another_format_names_the_argument(writer, other, results, tmp_path):
    call, _, name = WRITERS[writer]
    suffix = Path(name).suffix
    out = tmp_path / other
    assert str(_refused(call, results, out)) == (
        f"argument 'path': {SUFFIX[suffix]} (value: '{out}'). Fix: e.g. path=\"o{suffix}\""
    )
    assert list(tmp_path.iterdir()) == []


def test_the_model_card_names_the_argument_for_another_format(results, tmp_path):
    out = tmp_path / "card.pdf"
    assert str(_refused(WRITERS["write_audit_card"][0], results, out)) == (
        f"argument 'path': the model card's format is chosen by its extension (value: '{out}')."
        " Fix: name it card.md (Markdown) or card.html (HTML)"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", [w for w, (_, sibling, _) in WRITERS.items() if sibling])
def test_the_same_words_as_the_result_objects_writer(writer, results, tmp_path):
    call, sibling, name = WRITERS[writer]
    (tmp_path / "f").write_text("")
    (tmp_path / "d").mkdir()
    stem = Path(name).stem
    for bad in (
        tmp_path / "no" / name,
        tmp_path / "f" / name,
        tmp_path / "d",
        tmp_path / f"{stem}.json",
        "",
        3,
        b"x",
        "a\x00b",
        tmp_path / ("x" * 300 + Path(name).suffix),
    ):
        ours, theirs = _refused(call, results, bad), _refused(sibling, results, bad)
        assert (str(ours), ours.column, ours.kind) == (str(theirs), "path", "argument"), bad
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "f"]


def test_the_pdf_names_the_argument_for_a_name_too_long(results, tmp_path):
    out = tmp_path / ("x" * 300 + ".pdf")
    e = _refused(WRITERS["html_to_pdf"][0], results, out)
    assert (e.column, e.kind, e.problem, e.value, e.fix) == (
        "path",
        "argument",
        "has a file or folder name that is too long",
        str(out),
        "use shorter names (most file systems take at most 255 bytes per name)",
    )
    assert list(tmp_path.iterdir()) == []


FAKE = """#!/bin/sh
case "$*" in *--version*) echo "Chromium 1"; exit 0;; esac
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4\\n%%%%EOF\\n' > "${a#*=}";;
esac; done
"""


def test_good_paths_are_still_written_whole(results, tmp_path, monkeypatch):
    fake = tmp_path / "fake-chromium"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))
    (tmp_path / "r.pdf").write_text("old")  # an existing file is replaced, as by every writer
    # the quick ones (the audit's and the threshold view's reports and the PNG take about a
    # second each: written by the round-31 and round-37 tests)
    for writer in ("write_comparison_html", "write_audit_card", "html_to_pdf"):
        call, _, name = WRITERS[writer]
        out = tmp_path / f"{writer}-{name}"
        assert call(results, out) == out and out.stat().st_size > 0
    pdf = report.html_to_pdf("<p>x</p>", tmp_path / "r.pdf")
    assert pdf.read_bytes() == b"%PDF-1.4\n%%EOF\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_failure_once_written_keeps_the_words_the_command_line_shows(
    results, tmp_path, monkeypatch
):
    # the CLI writes --html/--plot/--pdf with these writers after its own checks: a full disk
    # then says "output x: could not be written" (its error line names the option), never
    # "argument 'path'" to a command-line user
    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("ethiclens.io.os.replace", full)
    out = tmp_path / "r.html"
    e = _refused(WRITERS["write_comparison_html"][0], results, out)
    assert (e.column, str(e)) == (
        None,
        f"output {out}: could not be written (No space left on device). Fix: free disk space "
        "or choose another folder; nothing was left half-written",
    )
    assert list(tmp_path.iterdir()) == []
