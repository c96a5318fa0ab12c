"""``ethiclens monitor``: passwords never printed whatever the URL looks like; outputs that are
links are written through, devices and pipes refused before anything is written."""

import os

import pytest

from ..sources.conftest import SECRET_URLS as URLS
from .conftest import FLAGS
from .conftest import run_cli as _cli


@pytest.mark.parametrize(("url", "secret"), URLS)
def test_store_url_never_prints_its_password(tmp_path, days, capsys, url, secret):
    pytest.importorskip("psycopg")
    data = days(tmp_path / "feed", range(2))
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", url)
    assert rc == 2 and "--store" in err
    assert secret not in out + err and "OneSlash" not in out + err
    assert "folder" not in err  # a URL, never taken for a file path


@pytest.mark.parametrize(("url", "secret"), URLS)
def test_db_url_never_prints_its_password(tmp_path, capsys, monkeypatch, url, secret):
    pytest.importorskip("sqlalchemy")
    monkeypatch.chdir(tmp_path)
    args = [*FLAGS, "--protected", "race", "--table", "t", "--store", tmp_path / "s.sqlite"]
    rc, out, err = _cli(capsys, "monitor", "--db", url, *args)
    assert rc == 2 and "--db" in err and secret not in out + err
    monkeypatch.setenv("EL_TEST_DB", url)
    rc, out, err = _cli(capsys, "monitor", "--db-env", "EL_TEST_DB", *args)
    assert rc == 2 and secret not in out + err


def test_html_link_is_written_through_and_a_device_refused(tmp_path, days, capsys):
    data = days(tmp_path / "feed", range(2))
    (tmp_path / "real.html").write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to("real.html")
    store = tmp_path / "s.sqlite"
    args = ["monitor", data, *FLAGS, "--protected", "race", "--store", store]
    rc, out, err = _cli(capsys, *args, "--html", link)
    assert rc == 0 and link.is_symlink() and os.readlink(link) == "real.html"
    assert "<html" in (tmp_path / "real.html").read_text().lower()
    fresh = tmp_path / "t.sqlite"
    rc, out, err = _cli(capsys, *args[:-1], fresh, "--json", "-", "--html", "/dev/null")
    assert rc == 2 and "option '--html'" in err and "--json -" in err
    assert not fresh.exists() and out == ""
