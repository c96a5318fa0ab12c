"""Round 41 (web): the mapping screen drew a column or group named with a password
('postgresql://u:pw@h/db') as it is, in its lists, chips and labels. It is drawn masked now, as
every other page draws it, and a masked name sent back (a list's choice, a typed reference or a
Merge/Leave-out line) is read as the one name it masks; two names masked alike are refused."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web._roles import _read_edits, read_back
from tests.web.conftest import mapping_form, upload

pytestmark = [
    pytest.mark.filterwarnings("ignore:Using `httpx`"),
    pytest.mark.usefixtures("secret_groups_audited"),
]

GROUP = "postgresql://u:sekretG1@h/db"
COLUMN = "pred password=sekretC2"


def _csv() -> bytes:
    rows = "".join(f"{i % 2},{(i // 2) % 2},{(GROUP, 'B', 'C')[i % 3]}\n" for i in range(60))
    return f"label,{COLUMN},grp\n{rows}".encode()


def test_the_mapping_screen_masks_names_and_reads_them_back(app, client):
    url = upload(client, _csv()).headers["location"]
    page = client.get(url).text
    assert "postgresql://u:***@h/db" in page and "pred password=***" in page
    assert "sekretG1" not in page and "sekretC2" not in page
    form = mapping_form(page, protected=["2"], n_boot="100")
    form.update(y_pred="pred password=***", ref_2="postgresql://u:***@h/db")
    form["exclude"] = "grp=C"
    r = client.post(url, data=form)
    assert r.status_code == 303, r.text
    audit_id = r.headers["location"].rsplit("/", 1)[1]
    with sqlite3.connect(app.state.store.path) as db:
        (spec,) = db.execute("SELECT spec FROM audits WHERE id = ?", (audit_id,)).fetchone()
    spec = json.loads(spec)
    assert spec["roles"]["y_pred"] == [COLUMN]
    assert spec["roles"]["protected"] == {"grp": GROUP}
    assert spec["groups"]["exclude"] == {"grp": ["C"]}
    # a Merge or Leave-out line naming the masked group (as the box echoes it)
    edits = _read_edits({"grp": ["postgresql://u:***@h/db"]}, ["grp"], {"grp": [GROUP, "B"]})
    assert edits == {"grp": [GROUP]}


def test_two_names_masked_alike_are_refused_not_guessed():
    assert read_back("password=***", ["password=a", "b"]) == "password=a"
    with pytest.raises(EthicLensInputError, match="shown alike on this page"):
        read_back("password=***", ["password=a", "password=b"], what="group")
    assert read_back("plain", ["plain"]) == "plain"
