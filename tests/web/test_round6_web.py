"""Round 6: a loopback --host answers at the address it prints (no token, as docs/web.md
says; any other host name still refused), and a result's model provenance names the data as
its user knows it, never by the upload's random name on the server."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from .conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _options(tmp_path) -> dict:
    names = ("store", "store_env", "workers", "token_file")
    return {
        **dict.fromkeys(names),
        "max_upload": "1GB",
        "db_env": (),
        "db": (),
        "monitor_store": (),
        "data_dir": str(tmp_path / "data"),
    }


def test_a_loopback_host_answers_at_the_address_it_prints_without_a_token(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.web import create_app, serve_settings

    for host in ("127.0.0.2", "::1", "localhost"):
        config, printed = serve_settings(host, _options(tmp_path))
        assert printed is None and config.token is None
        app = create_app(dataclasses.replace(config, pool="thread"))
        shown = f"[{host}]" if ":" in host else host
        with TestClient(app, base_url=f"http://{shown}:8765", follow_redirects=False) as client:
            assert client.get("/").status_code == 200, host
            for other in ("evil.example:8765", "127.0.0.3:8765", "u@127.0.0.1:8765"):
                refused = client.get("/", headers={"host": other})
                assert refused.status_code == 400 and "that host name" in refused.text
    config, printed = serve_settings("0.0.0.0", _options(tmp_path))  # any other: a token
    assert printed and config.token == printed and config.allowed_hosts is None


def _random_names(tmp_path) -> list[str]:
    return [p.name for p in (tmp_path / "data" / "uploads").iterdir()]


def test_the_model_provenance_names_the_upload_by_its_own_name(client, tmp_path):
    r = upload(client, make_frame(n=1500).to_csv(index=False).encode(), "loans.csv")
    form = mapping_form(client.get(r.headers["location"]).text, n_boot="200")
    r = client.post(r.headers["location"], data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    url = r.headers["location"]
    wait_done(client, url)
    doc = json.loads(client.get(url + "/download/json").content)
    assert doc["data"]["provenance"]["model"]["predictions"] == "column 'pred' of loans.csv"
    (random,) = _random_names(tmp_path)
    for text in (client.get(url + "/download/html").text, client.get(url + "/download/card").text):
        assert f"of {random}" not in text


def test_a_comparisons_models_name_the_joined_table_as_the_config_does(client, tmp_path):
    a = make_frame(n=1500).drop(columns=["age", "constant"])
    b = a.assign(pred=a["pred"].where(a.index % 4 != 0, 1 - a["pred"]))
    audit = upload(client, a.to_csv(index=False).encode(), "model-a.csv")
    audit = audit.headers["location"].split("/")[2]
    page = client.get(f"/audits/{audit}/mapping").text
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    files = {"file": ("model-b.csv", b.to_csv(index=False).encode())}
    r = client.post(f"/upload?for={audit}", data={"csrf": token}, files=files)
    form = mapping_form(client.get(r.headers["location"]).text, n_boot="200")
    url = client.post(f"/audits/{audit}/mapping", data=form).headers["location"]
    wait_done(client, url)
    models = json.loads(client.get(url + "/download/json").content)["data"]["provenance"]
    assert models["models"] == {
        "a": "column 'pred' of model-a-vs-model-b.csv",
        "b": "column 'model-b' of model-a-vs-model-b.csv",
    }
    assert "file: model-a-vs-model-b.csv" in client.get(url + "/download/config").text
