"""Round 44 (web): a refusal that names a value a visitor sent cut it to 40 characters and only
then masked it (the page masks by pattern), so a URL whose password ran past the cut lost its
'@' and was shown: /diff?b=postgresql://u:<long password>@h/d answered "the parameter 'b' is
'postgresql://u:S3crS3crS3cr...'". The same cut named ?page= of the history, ?b= of the mapping
screen, ?for= of an upload and a form's revision. Now each is masked whole, then cut
(_web.cut_value); a scheme-less 'u:k9://Zq@h' is masked too."""

from __future__ import annotations

import pytest

from tests.web.conftest import csrf_of

SECRET = "S3cr" * 15
VALUES = [f"postgresql://u:{SECRET}@h/d", f"u:{SECRET}@h", f"u:k9{SECRET}://Zq@h"]


@pytest.mark.parametrize("value", VALUES)
def test_query_parameters_are_masked_then_cut(client, value):
    pages = [
        client.get("/diff", params={"a": value, "b": "0" * 24}),
        client.get("/history", params={"page": value}),
    ]
    for r in pages:
        assert r.status_code in (400, 404) and "S3crS3cr" not in r.text, r.text[-2000:]
        assert ":***@h" in r.text


@pytest.mark.parametrize("value", VALUES[:2])
def test_upload_for_and_mapping_b_are_masked_then_cut(client, csv_bytes, value):
    token = csrf_of(client.get("/").text)
    r = client.post(
        "/upload",
        params={"for": value},
        data={"csrf": token},
        files={"file": ("p.csv", b"a,b\n1,2\n")},
    )
    assert r.status_code >= 400 and "S3crS3cr" not in r.text and ":***@h" in r.text
    url = client.post("/upload", data={"csrf": token}, files={"file": ("p.csv", csv_bytes)})
    r = client.get(url.headers["location"], params={"b": value})
    assert r.status_code == 400 and "S3crS3cr" not in r.text and ":***@h" in r.text
    r = client.post(url.headers["location"], data={"csrf": token, "rev": value})
    assert r.status_code == 400 and "S3crS3cr" not in r.text and ":***@h" in r.text


def test_a_plain_value_is_still_named():
    from ethiclens.web._web import cut_value

    assert cut_value("x" * 50) == "x" * 40
    assert cut_value("zz") == "zz"
