"""Round 48 (after da5746de): a file part sent in a form of text fields is read (by Starlette,
into a temporary file) so that it is refused by its field, but the form was never closed: the
file stayed open after the refusal. Every form read is closed once its text is taken."""

from __future__ import annotations

import pytest

from tests.web.conftest import csrf_of, make_frame, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("to", ["mapping", "/pick", "/benchmark", "forged"])
def test_a_file_part_of_a_text_form_is_closed_after_its_refusal(client, monkeypatch, to):
    from starlette.datastructures import UploadFile
    from starlette.formparsers import MultiPartParser

    parts: list[UploadFile] = []
    parse = MultiPartParser.parse

    async def kept(self):
        form = await parse(self)
        parts.extend(v for _, v in form.multi_items() if isinstance(v, UploadFile))
        return form

    monkeypatch.setattr(MultiPartParser, "parse", kept)
    csrf = csrf_of(client.get("/").text)
    if to == "mapping":
        to = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    elif to == "forged":  # refused by its security token, before the file is looked at
        to, csrf = "/benchmark", "0" * 64
    r = client.post(to, data={"csrf": csrf}, files={"notes": ("notes.txt", b"hello")})
    assert r.status_code in (400, 403), r.text[-500:]
    assert len(parts) == 1 and parts[0].file.closed
