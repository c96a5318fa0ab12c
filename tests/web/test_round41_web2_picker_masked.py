"""Round 41 (web2): the data screen's server file picker drew a file or folder named with a
password ('token=…', 'db password=…') as it is, in the option's text and (percent-encoded,
the password still readable) in its value. Both are masked now, each part of the path alone,
and a masked choice sent back is read as the one file it shows; two shown alike are refused."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROWS = "label,pred,grp\n" + "".join(f"{i % 2},{(i // 2) % 2},{'AB'[i % 2]}\n" for i in range(40))


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient

    data = tmp_path / "data"
    (data / "db password=sekretD2").mkdir(parents=True)
    (data / "db password=sekretD2" / "preds.csv").write_text(ROWS)
    (data / "token=sekretF1.csv").write_text(ROWS)
    (data / "api_key=sekretK1.csv").write_text(ROWS)
    (data / "api_key=sekretK2.csv").write_text(ROWS)
    with TestClient(make_app(tmp_path), follow_redirects=False) as c:
        yield c


def test_the_picker_masks_names_and_opens_the_file_chosen(client):
    home = client.get("/").text
    for secret in ("sekretD2", "sekretF1", "sekretK1", "sekretK2"):
        assert secret not in home
    values = re.findall(r'<option value="(/[^"]*)">([^<]*)</option>', home)
    shown = dict((text, value) for value, text in values)
    assert "db password=***/preds.csv" in shown and "token=***" in shown
    r = client.post("/pick", data={"csrf": csrf_of(home), "path": shown["token=***"]})
    assert r.status_code == 303, r.text
    r = client.post(
        "/pick", data={"csrf": csrf_of(home), "path": shown["db password=***/preds.csv"]}
    )
    assert r.status_code == 303, r.text
    page = client.get(r.headers["location"]).text  # that file's mapping screen
    assert "sekret" not in page and "grp" in page
    # two files shown alike: refused by the field, never one of them guessed
    r = client.post("/pick", data={"csrf": csrf_of(home), "path": shown["api_key=***"]})
    assert r.status_code == 400 and "shown alike on this page" in r.text
    assert "sekret" not in r.text
    # a file's real name (typed by hand) still opens it; a name not listed is still 403
    r = client.post("/pick", data={"csrf": csrf_of(home), "path": "api_key=sekretK2.csv"})
    assert r.status_code == 303
    r = client.post("/pick", data={"csrf": csrf_of(home), "path": "/nope%3D***"})
    assert r.status_code == 403
