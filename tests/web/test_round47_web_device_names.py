"""Round 47: the downloaded config named the user's data file by its upload's name, cleaned of
the characters Windows refuses but not of the names Windows keeps for its devices: an upload
'CON.csv', 'nul' or 'aux.yaml' gave ``target.file: CON.csv`` ('nul.csv', 'aux.yaml.csv') and
the comment 'run this in the folder that holds it, under the name CON.csv', a name no file
can be saved under on Windows (any suffix, any case, spaces before the dot). The part before
the first dot of such a name is now followed by '_' ('CON_.csv'); other names are unchanged."""

from __future__ import annotations

import json

import pytest
import yaml

from ethiclens.web import _portable

DEVICE_NAMES = {
    "CON.csv": "CON_.csv",
    "nul": "nul_.csv",
    "aux.yaml": "aux_.yaml.csv",
    "COM1.csv": "COM1_.csv",
    "COM\u00b9.csv": "COM1_.csv",  # NFKC: the superscript one Windows also keeps
    "lpt9.parquet": "lpt9_.parquet",
    "Prn .CSV": "Prn_.CSV",
    "con.tar.csv": "con_.tar.csv",
}
KEPT = ["console.csv", "com10.csv", "CONTACTS.csv", "nullable.csv", "my-aux.csv", "data.csv"]


class _Store:
    def __init__(self, row):
        self.row = row

    def data_at(self, path):
        return self.row if path == self.row["path"] else None


class _Web:
    def __init__(self, row):
        self.store = _Store(row)


def _config(name: str) -> str:
    kind = "parquet" if name.endswith(".parquet") else "csv"
    row = {"name": name, "kind": kind, "path": f"/srv/data/uploads/0a1b.{kind}"}
    spec = {
        "target": {"file": row["path"]},
        "roles": {"y_true": "label", "y_pred": "pred", "protected": ["g"]},
    }
    audit = {"id": "0a1b2c3d4e", "purpose": "audit", "spec": json.dumps(spec)}
    return _portable.config_text(_Web(row), audit)


@pytest.mark.parametrize("name", [*DEVICE_NAMES, *KEPT])
def test_the_config_never_names_the_data_by_a_windows_device(name):
    text = _config(name)
    made = DEVICE_NAMES.get(name, name)
    assert yaml.safe_load(text)["target"]["file"] == made
    assert f"under the name {made}\n" in text
    head = made.partition(".")[0].rstrip(" ").upper()
    assert head not in _portable.DEVICES


def test_the_docs_say_so():
    from pathlib import Path

    docs = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert "`CON.csv` is `CON_.csv`, `aux.yaml` is `aux_.yaml.csv`" in docs


@pytest.mark.parametrize(
    "name", ["\u6570" * 120 + ".csv", "\u6570" * 66 + ".csv", "\U00020000" * 90 + ".parquet"]
)
def test_the_config_never_names_the_data_past_a_file_systems_bound(name):
    """Sibling (a name no file can be saved under): the name was cut at 100 letters, which
    in CJK are 300 bytes of UTF-8, past the 255 a file system takes for a name (Linux,
    macOS: 'File name too long'). The stem is now cut at 200 bytes, on a letter, its suffix
    kept."""
    made = yaml.safe_load(_config(name))["target"]["file"]
    assert len(made.encode()) <= 255 and made.endswith(name[name.rindex(".") :])
    assert made.startswith(name[:10])
