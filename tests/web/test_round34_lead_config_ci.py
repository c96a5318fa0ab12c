"""Round 34 (lead): the web app's downloaded config of a two-model comparison run with
``ci=bootstrap`` names the method its report names (``percentile``), as ``--save-config`` and
``run.spec`` do since fbd76270; the config reruns the same numbers."""

from __future__ import annotations

import re

from tests.web.conftest import make_frame, mapping_form, upload, wait_done


def test_a_bootstrap_comparison_config_says_percentile_as_its_report(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = frame["pred"].where(frame.index % 5 != 0, 1 - frame["pred"])
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(
        client.get(url).text, y_pred_b="pred_b", protected=["3"], bins_4="", n_boot="200"
    )
    form["ci"] = "bootstrap"
    r = client.post(url, data=form)
    assert r.status_code == 303, r.text[-600:]
    done = r.headers["location"]
    wait_done(client, done)
    result = client.get(done + "/download/json").json()
    assert result["run"]["spec"]["policy"]["ci"] == "percentile"
    config = client.get(done + "/download/config").text
    assert re.search(r"^\s+ci: percentile$", config, re.M), config
    assert "bootstrap" not in config
