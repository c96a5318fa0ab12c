"""A counts table given as a folder (round 44, cfg).

Before: ``--counts cdir``, ``target.counts: cdir`` or ``ethiclens.audit_counts("cdir")`` were
refused as "cdir is a folder, not a file" naming no option, key or argument (a missing table
is named by them). Now each face names its own.
"""

from __future__ import annotations

import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import DataFileError


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cdir").mkdir()
    return tmp_path


def test_cli_and_config_name_the_counts_option(folder, capsys):
    assert main(["audit", "--counts", "cdir"]) == 2
    assert "option '--counts': cdir is a folder, not a file" in capsys.readouterr().err
    (folder / "c.yaml").write_text(yaml.safe_dump({"target": {"counts": "cdir"}}))
    assert main(["audit", "--config", "c.yaml"]) == 2
    assert "key 'target.counts': cdir is a folder, not a file" in capsys.readouterr().err


def test_python_names_the_argument(folder):
    with pytest.raises(DataFileError) as exc:
        ethiclens.audit_counts("cdir")
    assert str(exc.value).startswith("argument 'table': cdir is a folder, not a file")
