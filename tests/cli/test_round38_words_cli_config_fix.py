"""Round 38: a fix that suggests a command line keeps it whole when the run was given a config
file. SpecRequest.flag_error names every flag the user did not type as its config key, and it
did so inside the command lines a fix suggests too: 'ethiclens counts --config spec.yaml' with
``protected: [g=a]`` said "... ethiclens audit target.counts FILE roles.protected g=a", and an
audit of a counts table whose cell sums are impossible said "recount the cell (ethiclens
counts roles.y_score)". The flags of a command line now stay flags; a setting named outside
one is still named as the config key."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROWS = "y,p,g,s\n1,1,a,0.2\n0,1,b,0.5\n1,0,a,0.7\n0,0,b,0.9\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    return tmp_path


def test_a_counts_config_with_a_reference_is_told_a_whole_command(here, capsys):
    (here / "s.yaml").write_text("target: {file: d.csv}\nroles: {y_pred: [p], protected: [g=a]}\n")
    assert main(["counts", "--config", "s.yaml", "--out", "c.csv", "--engine", "pandas"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'roles.protected': a counts table holds no reference"), err
    assert err.rstrip().endswith(": ethiclens audit --counts FILE --protected g=a"), err
    assert "target.counts FILE" not in err  # the broken command line of before


def test_an_audit_config_of_a_bad_counts_table_is_told_a_whole_command(here, capsys):
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--y-score", "s"]
    assert main(["counts", "d.csv", *flags, "--out", "c.csv", "--engine", "pandas"]) == 0
    lines = (here / "c.csv").read_text().splitlines()
    head = lines[0].split(",")
    cell = lines[1].split(",")
    cell[head.index("score_sum")] = "1000"  # above the cell's count: impossible
    (here / "c.csv").write_text("\n".join([lines[0], ",".join(cell), *lines[2:]]) + "\n")
    roles = "{y_true: y_true, y_pred: [y_pred], protected: [g], y_score: y_score}"
    (here / "a.yaml").write_text(f"target: {{counts: c.csv}}\nroles: {roles}\n")
    capsys.readouterr()
    assert main(["audit", "--config", "a.yaml"]) == 2
    err = capsys.readouterr().err
    assert "recount the cell (ethiclens counts --y-score)" in err, err
    assert "ethiclens counts roles.y_score" not in err


def test_a_setting_outside_the_command_line_is_still_its_key():
    exc = EthicLensInputError(
        "needs a reference",
        column="--protected",
        fix="count with --protected g and give it to its audit: ethiclens audit --counts FILE "
        "--protected g=a; or drop --bins",
    )
    words = {"--protected": "roles.protected", "--counts": "target.counts", "--bins": "groups.bins"}
    names = {"--protected": "roles.protected"}
    said = exc.renamed(names, "key", words)  # errors' renaming keeps command lines itself
    assert said.column == "roles.protected" and said.kind == "key"
    assert said.fix == (
        "count with roles.protected g and give it to its audit: ethiclens audit --counts FILE "
        "--protected g=a; or drop groups.bins"
    )


def test_a_message_with_no_command_line_is_renamed_as_before():
    exc = EthicLensInputError("bad", column="--bins", fix="drop --bins")
    said = exc.renamed({"--bins": "groups.bins"}, "key", {})
    assert str(said) == "key 'groups.bins': bad. Fix: drop groups.bins"
