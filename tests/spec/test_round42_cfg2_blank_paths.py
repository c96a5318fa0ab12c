"""A spec file's path given blank, or a data path with a line break, through the Python faces
(round 42, cfg2).

Before: ``AuditSpec.from_file("")`` said "file . is a folder" (``" "``: "must not be empty"),
``spec.save("")`` asked for a .yaml suffix; ``ethiclens.audit("d.csv\\n", ...)`` raised a
message with a raw line break ("file d.csv<newline> does not exist"), where the command line
and ``from_file`` print it escaped on one line.
"""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens import AuditSpec
from ethiclens.errors import EthicLensInputError

SPEC = {"target": {"dataset": "compas"}}


@pytest.mark.parametrize("path", ["", " ", "\t\n"])
def test_blank_spec_paths_are_refused_as_empty(path):
    for call, argument in (
        (lambda: AuditSpec.from_file(path), "path"),
        (lambda: AuditSpec.from_dict(SPEC).save(path), "path"),
    ):
        with pytest.raises(EthicLensInputError) as err:
            call()
        assert err.value.problem == "must not be empty"
        assert err.value.column == argument
        assert "audit.yaml" in err.value.fix


@pytest.mark.parametrize("name", ["d.csv\n", "d\r.csv"])
def test_missing_data_path_is_one_line(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(name, y_true="label", y_pred="pred", protected="race")
    text = str(err.value)
    assert "does not exist" in text
    assert "\n" not in text and "\r" not in text, text
