"""Round 48: 'p2nia release' of a request that lists no groups warned 'the manifest will
disclose every value of 'zz' in --data' before refusing the release (the protected column
missing, n′ past the rows): no manifest was written, yet the warning said one would disclose
the data's groups. The warning now follows a release written, never a refusal."""

from __future__ import annotations

import pandas as pd

from ethiclens.cli import main

DATA = pd.DataFrame({"g": ["a", "b"] * 10, "p": [0, 1] * 10})


def _release(tmp_path, capsys, protected):
    req, data = tmp_path / "req.json", tmp_path / "d.csv"
    DATA.to_csv(data, index=False)
    args = ["p2nia", "request", "--n", "10", "--protected", protected, "--epsilon", "1"]
    assert main([*args, "--metrics", "dp", "--out", str(req)]) == 0
    capsys.readouterr()
    argv = ["p2nia", "release", "--request", str(req), "--data", str(data), "--y-pred", "p"]
    code = main([*argv, "--out", str(tmp_path / "rel")])
    return code, capsys.readouterr().err


def test_a_refused_release_does_not_warn_of_a_manifest(tmp_path, capsys):
    code, err = _release(tmp_path, capsys, "zz")
    assert code == 2 and "lists no groups" not in err, err
    assert err.startswith("error: key 'protected': "), err


def test_a_release_written_still_warns(tmp_path, capsys):
    code, err = _release(tmp_path, capsys, "g")
    assert code == 0 and "the manifest discloses every value of 'g' in --data" in err, err
