"""Round 38 review of d11a2c76 / aefe642f (upload names kept as sent).

- The config file's comment named the user's file by the upload helper's ``one_line`` (each
  control or bidi character replaced by "_"), so an upload the pages show as
  ``lo\\u202eans.csv`` was "your file (lo_ans.csv)" there: the comment now writes the name as
  the pages do (``_text.one_line``: the same escapes), still on one line of YAML comment (a
  NEL, a line or paragraph separator, a CR or LF never starts a line of its own).
- ``request_too_large`` wrote a declared length between 999.5 and 1000 GB as "1e+03 GB".
"""

from __future__ import annotations

import json

import pytest
import yaml

from ethiclens.web import _portable
from ethiclens.web._uploads import display_name, request_too_large
from ethiclens.web._web import _shown_safely

pytest.importorskip("markupsafe")

NAMES = [
    "lo\u202eans.csv",
    "a\u200bb.csv",
    "\xa0a.csv",
    "a\x00b.csv",
    "a\x1bb.csv",
    "a\x85b.csv",
    "a\u2028b.csv",
    "a\u2029b.csv",
    "a\rb.csv",
    "a\nb.csv",
    "a\ufeffb.csv",
    '"><script>alert(1)<script>.csv',
    "{{7*7}}: #x.csv",
]


class _Store:
    def __init__(self, row):
        self.row = row

    def data_at(self, path):
        return self.row if path == self.row["path"] else None


class _Web:
    def __init__(self, row):
        self.store = _Store(row)


def _config(name: str) -> str:
    row = {"name": display_name(name), "kind": "csv", "path": "/srv/data/uploads/0a1b.csv"}
    spec = {
        "target": {"file": row["path"]},
        "roles": {"y_true": "label", "y_pred": "pred", "protected": ["g"]},
    }
    audit = {"id": "0a1b2c3d4e", "purpose": "audit", "spec": json.dumps(spec)}
    return _portable.config_text(_Web(row), audit)


@pytest.mark.parametrize("name", NAMES)
def test_the_config_comment_names_the_file_as_the_pages_show_it(name):
    text = _config(name)
    shown = _shown_safely(display_name(name)).replace("\n", "\\n")
    assert f"# target.file is your file ({shown}): run this" in text, text
    # one line of comment: no character YAML (or Python's splitlines) takes for a line break
    (line,) = [x for x in text.splitlines() if "your file" in x]
    assert line.startswith("# target.file is your file (") and "/srv" not in text
    loaded = yaml.safe_load(text)
    assert loaded["target"]["file"] == _portable.portable_name({"name": display_name(name)})


def test_two_names_apart_on_the_pages_are_apart_in_the_config_comment():
    first, second = _config("lo\u202eans.csv"), _config("lo\u200bans.csv")
    assert first.splitlines()[3] != second.splitlines()[3]


def test_a_declared_length_just_under_1000_gb_is_not_written_in_exponent_form():
    for length in ((1000 << 30) - 1, int(999.6 * (1 << 30)), 999 << 30):
        said = str(request_too_large(length, 2048))
        assert "e+" not in said and "the upload is over 999 GB" in said, said
    assert "the upload is 998 GB," in str(request_too_large(998 << 30, 2048))
