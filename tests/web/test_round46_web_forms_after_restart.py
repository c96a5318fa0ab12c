"""Round 46 (web): with an access token (``--token-file``, ``WebConfig(token=...)``), a page's
forms were refused (403, "the form's security token is missing or out of date") once its
server restarted, or when sent to another server of the same token sharing its history: the
forms' key was each process's own, random. It is now drawn from the access token, so the
page's /pick (and every form) is taken; the token still bound to the browser's session."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.conftest import csrf_of, make_app, make_frame

TOKEN = "round46-forms-key-token-0123"


def test_a_page_of_a_restarted_server_with_its_token_is_taken(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    make_frame(n=60).to_csv(data / "a.csv", index=False)
    first, second = make_app(tmp_path, token=TOKEN), make_app(tmp_path, token=TOKEN)
    with TestClient(first, follow_redirects=False) as before:
        assert before.get(f"/?token={TOKEN}").status_code == 303
        page = before.get("/").text
    with TestClient(second, follow_redirects=False) as after:  # the same browser's cookies
        after.cookies.update(before.cookies)
        r = after.post("/pick", data={"csrf": csrf_of(page), "path": "/a.csv"})
        assert r.status_code == 303, r.text[-600:]
        assert r.headers["location"].endswith("/mapping")
        # another session's page is still refused
        after.cookies.set("ethiclens_session", "0" * 32)
        r = after.post("/pick", data={"csrf": csrf_of(page), "path": "/a.csv"})
        assert r.status_code == 403 and "security token" in r.text
