"""Round 46 review: the web picker's file in a folder named like a URL's user and password
('u:hunter2@h/p.csv') is refused as every face refuses such a data path (1109d05e), in the
library's own words and fix. A refusal of the library's own (no reader's error behind it) was
worded as pandas' ("the file cannot be read as a table: ... Fix: rename ... Fix: every row needs
as many fields as the header ..."): two fixes, the second wrong."""

from __future__ import annotations

import html
import re

from .conftest import csrf_of, make_app

ROWS = "label,pred,grp\n" + "".join(f"{i % 2},{i // 2 % 2},{'AB'[i % 2]}\n" for i in range(40))


def test_a_picked_file_in_a_credential_folder_is_refused_in_its_own_words(tmp_path):
    from starlette.testclient import TestClient

    folder = tmp_path / "data" / "u:hunter2@h"
    folder.mkdir(parents=True)
    (folder / "p.csv").write_text(ROWS)
    with TestClient(make_app(tmp_path), follow_redirects=False) as client:
        home = client.get("/").text
        assert "hunter2" not in home
        (path,) = re.findall(r'<option value="(/[^"]*)">u:\*\*\*@h/p\.csv</option>', home)
        r = client.post("/pick", data={"csrf": csrf_of(home), "path": path})
    assert r.status_code == 400 and "hunter2" not in r.text
    (said,) = re.findall(r'id="error-[^"]*"[^>]*>([^<]*)<', r.text)
    said = html.unescape(said)
    assert said.startswith("the path's part 'u:***@h' looks like a user and password")
    assert said.count("Fix:") == 1 and said.endswith(
        "Fix: rename that folder or file (e.g. without its ':')"
    )
