"""Round 45 (lead): a database URL of only blanks (``--db ' '``, ``db: " "``, a zero-width
space) was parsed as a URL and refused as "option '--db  ': cannot use this database URL",
the blank pasted into the option's name; it is refused as an empty one is, by its key, flag
or keyword. And ``ethiclens.run`` needed a first argument, so a database audit in Python
took ``run(AuditSpec.of(db=...))``: the keywords now say it all, as the command line's
flags do."""

from __future__ import annotations

import sqlite3

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

BLANKS = [" ", "\u200b", "\t "]


@pytest.mark.parametrize("url", BLANKS)
def test_a_blank_url_is_refused_as_empty_on_every_face(url, capsys):
    assert main(["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", "g"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--db': must not be empty (it is only blanks)"), err
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        ethiclens.AuditSpec.from_dict({"target": {"db": url, "table": "t"}})
    assert caught.value.column == "target.db"
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        ethiclens.run(db=url, table="t", y_pred="p", protected="g")
    assert (caught.value.column, caught.value.kind) == ("db", "argument")


def test_run_takes_a_database_target_by_keywords(tmp_path):
    path = tmp_path / "a.db"
    with sqlite3.connect(path) as con:
        con.execute("create table t (y int, p int, g text)")
        rows = [(i % 2, (i // 2) % 2, "ab"[i % 3 == 0]) for i in range(300)]
        con.executemany("insert into t values (?, ?, ?)", rows)
    url = f"sqlite:///{path}"
    kw = dict(y_true="y", y_pred="p", protected="g", n_boot=100, seed=0)
    by_keywords = ethiclens.run(db=url, table="t", **kw).to_dict()["comparisons"]
    spec = ethiclens.AuditSpec.of(db=url, table="t", **kw)
    assert by_keywords == ethiclens.run(spec).to_dict()["comparisons"]


def test_run_without_a_target_still_names_the_spec_argument():
    with pytest.raises(EthicLensInputError, match="argument 'spec': must be an AuditSpec"):
        ethiclens.run(n_boot=200)
