"""cli battery: a URL given where a command reads only a local file (p2nia release --data,
probe SCORED/DATA, pcer audit --train) was told to 'give a database by --db-env NAME ... with
--table or --query', flags those commands do not take; one holding a password was named
"argument 'path'" (read_table's own parameter), not the flag. _checks.naming_file now names
the flag for both and gives a local file's fix."""

import pytest

from ethiclens.cli import main

FACES = {
    "p2nia release --data": (
        ["p2nia", "release", "--request", "{r}", "--data", "{u}", "--y-pred", "p", "--out", "{o}"],
        "option '--data'",
    ),
    "probe analyze-counterfactuals SCORED": (
        ["probe", "analyze-counterfactuals", "{u}", "--y-pred", "p"],
        "argument 'SCORED'",
    ),
    "probe make-counterfactuals DATA": (
        ["probe", "make-counterfactuals", "{u}", "--protected", "g", "--out", "{o}"],
        "argument 'DATA'",
    ),
    "pcer audit --train": (
        ["pcer", "audit", "--train", "{u}", "--test", "{r}", "--y-true", "y", "--y-pred", "p"]
        + ["--protected", "g"],
        "option '--train'",
    ),
}
REQUEST = (
    '{"format": "ethiclens-p2nia-request/1", "n": 10, "protected": "g", "protected_domain": '
    '["a", "b"], "metrics": ["dp"], "mechanism": "grr", "epsilon": 1.0}'
)
URLS = {"password": "postgresql://u:hunter2@h/db", "no password": "s3://bucket/x.csv"}


@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
@pytest.mark.parametrize("face", FACES.values(), ids=FACES.keys())
def test_a_url_for_a_local_file_names_the_flag_and_no_database(tmp_path, capsys, face, url):
    (req := tmp_path / "r.json").write_text(REQUEST)
    argv, named = face
    argv = [a.format(r=req, u=url, o=tmp_path / "out.csv") for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: {named}: "), err
    assert "--db-env" not in err and "hunter2" not in err, err
    assert err.rstrip().endswith("Fix: give the file's local path (EthicLens reads no URL there)")
    assert not (tmp_path / "out.csv").exists()
