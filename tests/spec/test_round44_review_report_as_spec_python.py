"""Round 44 (review of 963ca195): a JSON report given where a spec goes was named "key 'spec'",
a key no file or dict has; 963ca195 named the command line's option ('--config') but Python
kept the key: ``AuditSpec.from_file("r.json")``, ``ethiclens.run("r.json")``, ``run(report
dict)`` and ``AuditSpec.from_dict(report dict)``. Each now names the argument that was given
the report, as the command line names its option."""

from __future__ import annotations

import json

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

REPORT = {"schema_version": "1", "run": {"spec": {"target": {"dataset": "compas"}}}}


@pytest.fixture()
def report_file(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(REPORT))
    return path


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda path: AuditSpec.from_file(path), "argument 'path'"),
        (lambda path: AuditSpec.from_file(path, argument="config"), "argument 'config'"),
        (lambda path: ethiclens.run(str(path)), "argument 'spec'"),
        (lambda path: AuditSpec.from_dict(json.loads(path.read_text())), "argument 'data'"),
        (lambda path: ethiclens.run(json.loads(path.read_text())), "argument 'spec'"),
    ],
)
def test_a_report_given_as_a_spec_names_the_argument_it_was_given_to(call, named, report_file):
    with pytest.raises(EthicLensInputError) as caught:
        call(report_file)
    said = str(caught.value)
    assert said.startswith(f"{named}: ") and "JSON report of EthicLens, not a spec" in said
    assert "key 'spec'" not in said and "run.spec" in caught.value.fix
