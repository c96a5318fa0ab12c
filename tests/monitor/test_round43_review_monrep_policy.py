"""Round 43 review (rmonrep): the web's /monitoring/N page said "EO gaps at most 0.10" in its
policy line for a store without a label column, where no EO test exists (the --html dashboard
states no such line). Now the EO limit is said only where the store has labels."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _store(tmp_path, labelled: bool):
    from ethiclens.monitor import MonitorRequest, run_monitor

    rows = "".join(
        f"2024-01-0{day + 1}T10:00:{i % 60:02d},{'AB'[i % 2]},{int(i % 3 == 0)},{i % 2}\n"
        for day in range(2)
        for i in range(40)
    )
    feed = tmp_path / f"feed{labelled}.csv"
    feed.write_text("ts,g,pred,y\n" + rows)
    store = tmp_path / f"s{labelled}.sqlite"
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("g=A",), y_true="y" if labelled else None)  # fmt: skip
    run_monitor(request, store)
    return store


def test_the_store_page_states_the_eo_limit_only_where_there_are_labels(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    import ethiclens.monitor

    from ..web.conftest import make_app

    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, comparison: b"png")
    stores = (_store(tmp_path, False), _store(tmp_path, True))
    app = make_app(tmp_path, monitor_stores=stores)
    with TestClient(app, follow_redirects=False) as client:
        pages = [client.get(f"/monitoring/{i}").text for i in range(2)]
    policy = [re.search(r"<p>Policy: (.*?)</p>", page).group(1) for page in pages]
    assert policy[0].startswith("DI inside [0.80, 1.25]; alpha 0.05 ")
    assert "EO" not in policy[0]
    assert policy[1].startswith("DI inside [0.80, 1.25], EO gaps at most 0.10; alpha 0.05 ")
