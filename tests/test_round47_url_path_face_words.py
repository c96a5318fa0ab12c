"""Round 47 (engines, known item d): a database URL given where a data file's path goes was
refused with the command line's flags on every face: io.read_table('postgresql://u@h/db') and
a spec's target.file (AuditSpec.from_dict, run_audit) told a Python caller to 'give a database
by --db-env NAME ... with --table or --query'. Each face now says its own words (read_table's
caller a spec's target keys, a spec its keys); the command line keeps its flags."""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, run_audit

URLS = ["postgresql://u:hunter2@h/db", "postgresql://u@h/db"]
ROLES = {"y_true": "y", "y_pred": "p", "protected": ["g"]}


@pytest.mark.parametrize("url", URLS)
def test_read_table_names_no_flag(url):
    with pytest.raises(EthicLensInputError) as caught:
        eio.read_table(url)
    said = str(caught.value)
    assert "--" not in said and "'db_env'" in said and "hunter2" not in said


@pytest.mark.parametrize("url", URLS)
def test_a_spec_names_its_keys(url):
    with pytest.raises(EthicLensInputError) as caught:
        run_audit(AuditSpec.from_dict({"target": {"file": url}, "roles": ROLES}))
    said = str(caught.value)
    assert "--" not in said and "db_env: NAME" in said and "hunter2" not in said


@pytest.mark.parametrize("url", URLS)
def test_the_command_line_keeps_its_flags(url, capsys):
    assert main(["audit", url, "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    err = capsys.readouterr().err
    assert "--db-env NAME" in err and "--table or --query" in err and "hunter2" not in err
