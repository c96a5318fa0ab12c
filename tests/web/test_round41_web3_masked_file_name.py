"""Round 41 (web3): an uploaded file named with a password (``token=sekretN.csv``) was shown
as ``token_sekretN.csv`` in the downloaded report, model card and JSON: the app renamed the
server's file to the user's name cleaned ('=' to '_') before the library masked it, so the
mask no longer saw a secret; the config's comment quoted the raw name. Now the name is masked
first, then cleaned, wherever the app names the user's file."""

from __future__ import annotations

import json
from types import SimpleNamespace

from ethiclens.web._portable import config_text, portable_name, renamed, server_names

ROW = {"id": "d1", "name": "token=sekretN.csv", "kind": "csv", "path": "/srv/up/9f3e.csv"}


def test_a_name_is_masked_before_it_is_cleaned():
    assert portable_name(ROW) == "token.csv"
    assert "pw" not in portable_name({"name": "u:pw@h.csv", "kind": "csv"})
    assert portable_name({"name": "loans (v2).csv", "kind": "csv"}) == "loans (v2).csv"
    # what the reports, the card and the JSON say of the data: the server's path renamed
    said = renamed("column 'pred' of /srv/up/9f3e.csv", server_names(ROW))
    assert said == "column 'pred' of token.csv"


def test_the_config_download_names_the_file_masked():
    roles = {"y_true": "label", "y_pred": "pred", "protected": ["group"]}
    spec = {"target": {"file": ROW["path"]}, "roles": roles}
    store = SimpleNamespace(data_at=lambda path: ROW if path == ROW["path"] else None)
    audit = {"id": "ab" * 12, "spec": json.dumps(spec), "purpose": "audit"}
    text = config_text(SimpleNamespace(store=store), audit)
    assert "sekretN" not in text
    assert "your file (token=***)" in text and "file: token.csv" in text
