"""Round 47: the data screen's picker lists at most 200 of the data folder's files, and /pick
opens only those: a folder of more listed the first 200 and said nothing, so a user's file
past them was simply missing from the list (and refused 403 when its name was sent). The
page now says that only the first files are listed, in name order, and what to do; a folder
of exactly 200 files says nothing."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROWS = "label,pred,grp\n1,0,A\n0,1,B\n"


@pytest.mark.parametrize("n", [200, 201])
def test_the_picker_says_when_it_lists_only_the_first_files(tmp_path, n):
    from starlette.testclient import TestClient

    data = tmp_path / "data"
    data.mkdir()
    for i in range(n):
        (data / f"f{i:03d}.csv").write_text(ROWS)
    with TestClient(make_app(tmp_path), follow_redirects=False) as client:
        home = client.get("/").text
        listed = re.findall(r'<option value="/([^"]*)">', home)
        assert len(listed) == 200 and listed[-1] == "f199.csv"
        said = 'id="more-files">Only the first 200 files of the data folder are listed'
        assert (said in home) == (n > 200)
        if n > 200:  # the one past them: not opened, as the note says
            r = client.post("/pick", data={"csrf": csrf_of(home), "path": "/f200.csv"})
            assert r.status_code == 403 and "only the files listed can be audited" in r.text
