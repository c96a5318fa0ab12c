"""Round 41 review (rweb) of 4a54cded: the server file picker, and the Jinja environments
now built once per process.

- A file (or folder) in the data folder whose name is bytes that are no UTF-8 (``caf\\xe9.csv``,
  written by another program) made the home page a 500 (``UnicodeEncodeError`` in the picker's
  option value): no upload form, no picker, no history. Such a name is not listed now (no
  browser could send it back); the other files are, and open.
- templates() is cached per process: two apps in one process still draw their own data
  folder's files, limit and form token, with autoescape on.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.web.conftest import csrf_of, make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROWS = "label,pred,grp\n" + "".join(f"{i % 2},{(i // 2) % 2},{'AB'[i % 2]}\n" for i in range(40))


def _options(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<option value="(/[^"]*)">([^<]*)</option>', html)


def test_a_name_of_no_utf8_is_not_listed_and_the_home_page_is_drawn(tmp_path):
    from starlette.testclient import TestClient

    data = tmp_path / "data"
    (data / "sub").mkdir(parents=True)
    (data / "ok.csv").write_text(ROWS)
    try:  # a file and a folder named by another program, in Latin-1
        Path(os.fsdecode(os.fsencode(data) + b"/caf\xe9.csv")).write_text(ROWS)
        Path(os.fsdecode(os.fsencode(data) + b"/d\xe9j\xe0")).mkdir()
        Path(os.fsdecode(os.fsencode(data) + b"/d\xe9j\xe0/in.csv")).write_text(ROWS)
    except OSError:  # a file system that holds only UTF-8 names
        pytest.skip("this file system refuses names that are no UTF-8")
    with TestClient(make_app(tmp_path), raise_server_exceptions=False) as client:
        home = client.get("/")
        assert home.status_code == 200  # was 500
        assert [text for _, text in _options(home.text)] == ["ok.csv"]
        r = client.post(
            "/pick",
            data={"csrf": csrf_of(home.text), "path": "/caf%E9.csv"},
            follow_redirects=False,
        )
        assert r.status_code == 403 and "only the files listed can be audited" in r.text


def test_two_apps_in_one_process_draw_their_own_values(tmp_path):
    from starlette.testclient import TestClient

    for name, file in (("a", "only_a.csv"), ("b", "<i>only_b.csv")):
        (tmp_path / name / "data").mkdir(parents=True)
        (tmp_path / name / "data" / file).write_text(ROWS)
    app_a = make_app(tmp_path / "a", max_upload=1000)
    app_b = make_app(tmp_path / "b", max_upload=3 << 20)
    with TestClient(app_a) as ca, TestClient(app_b) as cb:
        ha, hb = ca.get("/").text, cb.get("/").text
    assert [t for _, t in _options(ha)] == ["only_a.csv"]
    assert [t for _, t in _options(hb)] == ["&lt;i&gt;only_b.csv"]  # still escaped
    limit_a, limit_b = (re.search(r"up to ([^.<]*)", h).group(1) for h in (ha, hb))
    assert limit_a != limit_b
    assert csrf_of(ha) != csrf_of(hb)
