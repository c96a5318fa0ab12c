"""Round 19 of the web app: a data file swapped for a link while its job waited in the queue
is checked again when the job starts, and never read."""

from __future__ import annotations

import json

from tests.web.conftest import make_app, make_frame


def _queued(store, path, spec_of_file):
    data_id = store.add_data(name="feed.csv", kind="csv", path=str(path), size=1)
    return store.new_request(data_id, spec_of_file, "audit")


def test_a_file_swapped_for_a_link_while_queued_is_not_read(tmp_path):
    from ethiclens.web._jobs import run_job
    from ethiclens.web._store import Store

    app = make_app(tmp_path)
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    outside = tmp_path / "outside.csv"
    outside.write_bytes(make_frame(n=600).to_csv(index=False).encode())
    path = (folder / "feed.csv").resolve()  # as the server records a picked file
    path.write_bytes(outside.read_bytes())
    spec = {
        "target": {"file": str(path)},
        "roles": {"y_true": "label", "y_pred": ["pred"], "protected": ["group"]},
        "policy": {"n_boot": 100, "seed": 0},
    }
    store_path = str(app.state.config.store)
    store = Store(store_path)
    try:
        kept = _queued(store, path, spec)
        assert run_job(store_path, kept, spec, "audit") == "done"  # the file as picked: read
        swapped = _queued(store, path, spec)
        path.unlink()
        path.symlink_to(outside)  # between the queue and the worker
        assert run_job(store_path, swapped, spec, "audit") == "failed"
        error = json.loads(store.audit(swapped)["error"])
        assert "only the files listed can be audited" in error["problem"]
        assert error["input"] is True and store.audit(swapped)["result"] is None
    finally:
        store.close()
