"""Round 33 review: a data-folder file replaced by a folder after it was picked was read as
the library reads a folder: its CSV files were audited in the picked file's name (a finished
audit of other data), an empty one refused in the config's words (422, 'target.file: matches
no file'). A path that is no longer a regular file is removed: never read, 410 in the page's
words, as a removed file is."""

from __future__ import annotations

import pytest

from .conftest import csrf_of, make_frame, mapping_form, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("holds_csv", [True, False])
def test_a_picked_file_now_a_folder_is_gone(app, client, holds_csv):
    folder = app.state.config.data_dir
    (folder / "x.csv").write_text(make_frame(300).to_csv(index=False))
    token = csrf_of(client.get("/").text)
    url = client.post("/pick", data={"csrf": token, "path": "x.csv"}).headers["location"]
    page = client.get(url).text
    (folder / "x.csv").unlink()
    (folder / "x.csv").mkdir()
    if holds_csv:
        (folder / "x.csv" / "part.csv").write_text(make_frame(500, seed=3).to_csv(index=False))
    sent = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200"))
    failed = wait_done(client, sent.headers["location"])
    token = csrf_of(failed.text)
    reopened = client.post(f"{sent.headers['location']}/reopen", data={"csrf": token})
    mapping = client.get(reopened.headers["location"])  # its mapping screen, the error shown
    assert (failed.status_code, mapping.status_code) == (410, 422)
    for response in (failed, mapping):
        assert "x.csv does not exist on this server any more" in response.text
        assert "FLAGGED" not in response.text and "matches no file" not in response.text
