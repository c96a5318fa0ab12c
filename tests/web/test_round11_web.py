"""Round 11 of the web app: its downloaded config reads back as the request it ran."""

from __future__ import annotations

import json

from tests.web.conftest import (
    assert_same_json,
    cli_json,
    make_frame,
    mapping_form,
    upload,
    wait_done,
)


def test_the_downloaded_config_quotes_column_names_yaml_reads_as_numbers(client, tmp_path):
    """`y_pred: 1e3` was written bare: YAML 1.2 (the CLI's loader) reads it as 1000.0, so the
    CLI refused the config the web app gave for the very same request."""
    frame = make_frame(n=1500).rename(columns={"pred": "1e3", "group": "0o17"})
    content = frame.to_csv(index=False).encode()
    r = upload(client, content, "loans.csv")
    page = client.get(r.headers["location"]).text
    form = mapping_form(page, n_boot="200", y_pred="1e3", protected=["3"])  # 3: the column 0o17
    r = client.post(r.headers["location"], data=form)
    assert r.status_code == 303, r.text[-1500:]
    url = r.headers["location"]
    wait_done(client, url)
    config = client.get(url + "/download/config").text
    assert "- '1e3'" in config and "- '0o17'" in config, config
    web = json.loads(client.get(url + "/download/json").content)
    assert_same_json(web, cli_json(tmp_path / "cli", config, {"loans.csv": content}))
