"""Every README audit/compare/thresholds command gives the numbers it gave before the
AuditSpec rework (JSON pinned in tests/cli/data/golden/ on main), up to fields added since."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main

from ._golden import GOLDEN, differences, load_index, make_workspace

INDEX = load_index()


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    from tests.test_readme import fenced_blocks

    return make_workspace(tmp_path_factory.mktemp("golden"), fenced_blocks("yaml")[0])


@pytest.mark.parametrize("entry", INDEX, ids=[e["command"][10:60] for e in INDEX])
def test_readme_command_gives_the_pinned_json(entry, workspace, monkeypatch, capsys):
    monkeypatch.chdir(workspace)
    code = main(list(entry["argv"]))
    out = capsys.readouterr()
    assert code == entry["exit_code"], out.err[-2000:]
    if entry["json"] is None:  # a set-up step (the counts table a later command reads)
        return
    golden = json.loads((GOLDEN / entry["json"]).read_text())
    new = json.loads((workspace / entry["json"]).read_text())
    assert differences(golden, new) == []


def test_differences_ignores_new_fields_only():
    assert differences({"a": 1.0, "b": [1]}, {"a": 1.0, "b": [1], "c": 2}) == []
    assert differences({"a": 1.0}, {"a": 1.1}) == ["$.a: 1.0 -> 1.1"]
    assert differences({"a": 1}, {}) == ["$.a: missing"]
