"""Round 37 review of the web fixes: WebConfig's store URL refused as ``serve --store`` refuses
it (a missing '//', the mask a repr now shows), the no-token network rule's documented words and
its loopback/unix-socket cases, and the mapping form's field-level refusals of a file without
missing values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig

from .conftest import make_app, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def test_a_store_url_without_its_slashes_is_refused_in_the_command_lines_words(tmp_path):
    """Before (944bb1af): 'is not a PostgreSQL URL' for a PostgreSQL URL missing its '//'
    (``serve --store`` says it is malformed); before that, taken for a file path."""
    with pytest.raises(EthicLensInputError) as caught:
        WebConfig(data_dir=tmp_path / "d", store="postgresql:/auditor:S3cretPw@db/audits")
    text = str(caught.value)
    assert caught.value.column == "WebConfig.store"
    assert "malformed database URL (no '//' after the scheme)" in text
    assert "S3cretPw" not in text and "postgresql:/auditor:***@db/audits" in text
    assert not (tmp_path / "d").exists()


def test_the_masked_url_a_repr_shows_is_refused_not_logged_in_with(tmp_path):
    """repr(WebConfig) shows postgresql://u:***@h/db; pasted back (as --store refuses it) it
    was taken as the password '***'."""
    shown = repr(WebConfig(data_dir=tmp_path / "d", store="postgresql://u:Pw12345@h/db"))
    store = re.search(r"store='([^']*)'", shown).group(1)
    assert store == "postgresql://u:***@h/db"
    with pytest.raises(EthicLensInputError, match="holds the mask"):
        WebConfig(data_dir=tmp_path / "d", store=store)
    spaced = WebConfig(data_dir=tmp_path / "d", store=" postgresql://u@h/db ")
    assert spaced.store == "postgresql://u@h/db"  # a pasted space stripped, as --store does


def test_docs_give_the_network_refusal_the_app_sends(tmp_path):
    """docs/web.md said nothing of the 403 an app without a token answers on a network
    address (8ac12393)."""
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url="http://192.0.2.2:8765") as client:
        r = client.get("/history")
    assert r.status_code == 403
    problem = "server has no access token, so it answers on this machine only"
    assert problem in r.text
    doc = DOC.read_text(encoding="utf-8")
    row = next(line for line in doc.splitlines() if problem in line)
    assert "| 403 |" in row and "network address 192.0.2.2 it was reached at" in row
    assert "uvicorn --uds" in doc and "reverse proxy" in doc


@pytest.mark.parametrize(
    "server, refused",
    [
        (None, None),  # uvicorn --uds: no server address
        (("/run/ethiclens.sock", None), None),
        (("127.0.0.2", 80), None),
        (("::1", 80), None),
        (("::ffff:127.0.0.1", 80), None),
        (("fe80::1%eth0", 80), "fe80::1"),
        (("192.0.2.2", 80), "192.0.2.2"),
    ],
)
def test_the_network_address_rule(server, refused):
    from ethiclens.web._app import _network_address

    assert _network_address({"server": server}) == refused


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"exclude": "group=Z"}, "exclude"),
        ({"merge": "group=Z,A:X"}, "merge"),
        ({"pos_label": "maybe"}, "pos_label"),
        ({"ref_3": "Z"}, "ref_3"),
    ],
)
def test_without_missing_values_the_form_still_refuses_by_field(client, fields, field):
    """b78d21d1 leaves a column with missing values to the run; a file without any is still
    refused on the form, 422, by the field."""
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **fields)
    r = client.post(url, data=form)
    assert r.status_code == 422
    assert re.findall(r'id="(error-[^"]+)"', r.text) == [f"error-{field}"]
