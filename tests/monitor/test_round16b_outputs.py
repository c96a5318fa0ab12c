"""``monitor --html`` names its dashboard by the audit's rule (.html or .htm), refused before
any work in the audit's words: ``x.txt``, ``z.pdf`` or a name without a suffix used to get
HTML, after the windows were stored."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

RUN = ["monitor", "d.csv", "--time", "t", "--y-pred", "p", "--protected", "g", "--window", "1d"]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("t,p,g\n2024-01-01,1,a\n2024-01-02,0,b\n")
    return tmp_path


@pytest.mark.parametrize(
    ("name", "fixed"), [("x.txt", "x.html"), ("z.pdf", "z.html"), ("noext", "noext.html")]
)
def test_a_dashboard_not_named_html_is_refused_before_any_work(data, capsys, name, fixed):
    assert main([*RUN, "--store", "s.sqlite", "--html", name]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: option '--html': the HTML report's name must end in .html or .htm "
        f"(value: {name!r}). "
        f"Fix: e.g. --html {fixed}"
    ), err
    assert sorted(p.name for p in data.iterdir()) == ["d.csv"]  # no store, no dashboard


def test_a_dashboard_named_htm_is_written_as_the_audits_is(data, capsys):
    assert main([*RUN, "--store", "s.sqlite", "--html", "r.htm"]) == 0
    assert (data / "r.htm").read_text().lstrip().lower().startswith("<!doctype html")
