"""Round 45 (lead, from the cfg hunt): two targets at once was refused with the library's
words on every face ("give one of dataset, file, counts or db/db_env", which the CLI calls
TARGET, --counts, --db and --db-env), and in Python ``run('d.csv', db=...)`` named only
``argument 'db'``, not the first argument that also named a target. Each target is named as
its face gave it, and the fix is in no face's words. Three --y-pred got the schema's bare
"takes at most 2 item(s). Fix: see docs/config.md"; it now says what one or two mean."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

FIX = "keep one of them: a run audits one target"


@pytest.mark.parametrize(
    ("target", "keyword", "names"),
    [
        ("compas", "db", "spec/db"),
        ("compas", "db_env", "spec/db_env"),
        ("compas", "counts", "spec/counts"),
        ("d.csv", "db", "spec/db"),
    ],
)
def test_run_names_the_first_argument_and_the_keyword(target, keyword, names):
    with pytest.raises(EthicLensInputError, match="names 2 targets") as caught:
        ethiclens.run(target, **{keyword: "sqlite:///x.db" if keyword == "db" else "X"})
    assert (caught.value.column, caught.value.kind, caught.value.fix) == (names, "argument", FIX)


def test_a_spec_names_its_keys():
    with pytest.raises(EthicLensInputError, match="names 2 targets") as caught:
        ethiclens.AuditSpec.from_dict({"target": {"file": "d.csv", "counts": "c.csv"}})
    assert (caught.value.column, caught.value.fix) == ("target.file/target.counts", FIX)


def test_the_command_line_names_its_flags(capsys):
    assert main(["audit", "d.csv", "--counts", "c.csv"]) == 2
    err = capsys.readouterr().err
    assert "argument 'TARGET' and option '--counts': names 2 targets" in err
    assert f"Fix: {FIX}" in err


def test_three_models_say_what_one_or_two_mean(capsys):
    assert main(["compare", "d.csv", "--y-true", "y", "--y-pred", "a", "--y-pred", "b",
                 "--y-pred", "c", "--protected", "g"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert "option '--y-pred': takes at most 2 item(s)" in err
    assert "two (model A, then model B) for a paired comparison" in err
