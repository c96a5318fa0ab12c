"""Round 43 review (rweb): a request carrying an outdated token cookie (the token of an earlier
start) beside a right ``Authorization: Bearer`` header, or a right ``?token=``, got 401 "the
access token is wrong": the cookie was read before the header and the header never looked at.
Now it is taken when any credential it carries is the token; one carrying only wrong ones is
still refused, and one carrying none is told it needs the token."""

from __future__ import annotations

import pytest

from .conftest import make_app

TOKEN = "s3cret-token-for-tests-0123456789"
OLD = "the-token-of-an-earlier-start-9876"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from starlette.testclient import TestClient

    app = make_app(tmp_path_factory.mktemp("token"), token=TOKEN)
    with TestClient(app, follow_redirects=False) as client:
        yield client


def test_an_outdated_cookie_does_not_refuse_a_right_bearer_header(client):
    client.cookies.set("ethiclens_token", OLD)
    try:
        right = client.get("/", headers={"authorization": f"Bearer {TOKEN}"})
        assert right.status_code == 200, right.text
        wrong = client.get("/", headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 401 and "access token is wrong" in wrong.text
        assert client.get("/").status_code == 401  # the outdated cookie alone
    finally:
        client.cookies.clear()


def test_an_outdated_cookie_does_not_refuse_a_right_address_token(client):
    client.cookies.set("ethiclens_token", OLD)
    try:
        r = client.get(f"/?token={TOKEN}")
        assert r.status_code == 303 and r.headers["location"] == "/"
        assert f"ethiclens_token={TOKEN}" in r.headers["set-cookie"]  # the cookie renewed
    finally:
        client.cookies.clear()


def test_a_right_cookie_beside_a_wrong_header_is_taken_and_none_is_told_it_needs_one(client):
    client.cookies.set("ethiclens_token", TOKEN)
    try:
        assert client.get("/", headers={"authorization": "Bearer nope"}).status_code == 200
    finally:
        client.cookies.clear()
    none = client.get("/")
    assert none.status_code == 401 and "needs its access token" in none.text
