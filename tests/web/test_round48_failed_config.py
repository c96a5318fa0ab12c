"""Round 48: a failed audit had no config download (404 'This audit has no result'), so
whoever runs the audits could not rerun the failing request from the command line. Its request
is known: its page offers the config file and says that it reproduces the failure; the file
says so too. A draft (never sent) still has none."""

from __future__ import annotations

import pytest
import yaml

from ethiclens.cli import main
from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_failed_audit_offers_its_config_which_reproduces_the_failure(
    client, tmp_path, capsys, monkeypatch
):
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    audit = url.rsplit("/", 1)[0]
    assert client.get(f"{audit}/download/config").status_code == 404  # a draft: no request yet
    form = mapping_form(client.get(url).text, protected=["3"], y_score="age", n_boot="100")
    assert client.post(url, data=form).headers["location"] == audit
    page = wait_done(client, audit).text
    assert "The audit could not run" in page
    assert f'<a href="{audit}/download/config" id="dl-config">config file</a>' in page
    assert "reproduces this failure from the command line" in page
    r = client.get(f"{audit}/download/config")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/yaml")
    said = "# This request failed in the web app: the command above reproduces that failure"
    assert said in r.text
    assert yaml.safe_load(r.text)["roles"]["y_score"] == "age", r.text  # the request as sent
    assert client.get(f"{audit}/download/json").status_code == 404  # no result all the same
    # run where the file is, under the name it gives: the command line refuses it alike
    (tmp_path / "preds.csv").write_bytes(make_frame(60).to_csv(index=False).encode())
    (tmp_path / "audit.yaml").write_text(r.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["audit", "--config", "audit.yaml"]) == 2
    said, page_said = capsys.readouterr().err, page.split('id="problem">', 1)[1].split("</p>")[0]
    words = "scores must lie in [0, 1]; 60 do not, first at preds.csv line 2 (value: 49)"
    assert words in said and words in page_said, (said, page_said)


def test_the_server_failures_the_config_runs_past_are_the_stored_ones():
    from ethiclens.web import _jobs, _portable, _web

    assert _portable.SERVER_FAILURES == (_web.BUSY_MESSAGE, _jobs.WORKER_STOPPED["message"])
