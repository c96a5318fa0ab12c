"""The uploads folder removed while the server runs (a clean-up script, a user): the next upload
makes it again and is kept, not an internal error (500) on every upload from then on."""

import shutil

from .conftest import upload


def test_an_upload_after_the_uploads_folder_was_removed_is_kept(client, app, csv_bytes, tmp_path):
    uploads = tmp_path / "data" / "uploads"
    assert uploads.is_dir()
    shutil.rmtree(uploads)
    r = upload(client, csv_bytes)
    assert r.status_code in (302, 303), r.text[:300]
    assert "/mapping" in r.headers["location"]
    assert [p.suffix for p in uploads.iterdir()] == [".csv"]
