"""Round 48: two uploads of the same file name read alike in the history (and the home page's
recent audits, and the two lists to compare): the Data column said only 'loans.csv'. Each
listed request now says what tells its data apart: when it was added, its rows, its id."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

NAME = "<b>loans.csv"


def _audit(client, rows: int) -> str:
    body = make_frame(rows).to_csv(index=False).encode()
    url = upload(client, body, name=NAME).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], y_score="age", n_boot="100")
    audit = client.post(url, data=form).headers["location"]
    assert "could not run" in wait_done(client, audit).text  # refused: no fingerprint either
    return audit.rsplit("/", 1)[1]


def test_two_uploads_of_one_name_are_told_apart_in_the_history(client):
    _audit(client, 60), _audit(client, 80)
    page = client.get("/history").text
    name = r"<td>&lt;b&gt;loans.csv</td><td></td>"  # the data's name, no model
    cells = re.findall(name + r'<td class="data-of">(.*?)</td>', page)
    assert len(cells) == 2 and cells[0] != cells[1], cells
    assert "<b>" not in page  # the name escaped
    when = r"added \d{4}-\d\d-\d\dT[\d:.]+\+00:00"  # the newest first
    assert re.fullmatch(when + r" · 80 rows · data [0-9a-f]{8}", cells[0]), cells
    assert " · 60 rows · " in cells[1]
    home = client.get("/").text
    assert len(set(re.findall(r'<small class="data-of">\((.*?)\)</small>', home))) == 2
