"""Round 12: the pcer and p2nia commands' outputs. ``--json -`` is the JSON alone on standard
output (everything else on stderr), as ``ethiclens audit --json -``; any other output given
``-`` is refused naming its option; fixed-format outputs carry their suffix."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _splits(tmp_path):
    rng = np.random.default_rng(3)
    paths = []
    for name, n in (("tr.csv", 300), ("te.csv", 200)):
        g = rng.choice(["a", "b"], n)
        y = rng.integers(0, 2, n)
        p = np.where(rng.random(n) < 0.8, y, 1 - y)
        pd.DataFrame({"g": g, "y": y, "p": p}).to_csv(tmp_path / name, index=False)
        paths.append(tmp_path / name)
    return paths


def _release(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 2000
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < np.where(g == "a", 0.6, 0.3)).astype(int)
    pd.DataFrame({"g": g, "y": y, "p": p}).to_csv(tmp_path / "d.csv", index=False)
    req = tmp_path / "req.json"
    flags = ["--n", 500, "--protected", "g", "--groups", "a,b", "--epsilon", 2, "--out", req]
    assert run(["p2nia", "request", *flags], capsys)[0] == 0
    rel = tmp_path / "rel"
    data = ["--data", tmp_path / "d.csv", "--y-true", "y", "--y-pred", "p", "--seed", 1]
    assert run(["p2nia", "release", "--request", req, *data, "--out", rel], capsys)[0] == 0
    return rel


def test_pcer_audit_json_dash_is_the_json_alone_on_stdout(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tr, te = _splits(tmp_path)
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "p"]
    code, out, err = run([*args, "--protected", "g", "--n-boot", 100, "--json", "-"], capsys)
    assert code == 0, err
    assert json.loads(out)["groups"]  # nothing else on stdout
    assert "PCER audit" in err and "wrote" not in out + err
    assert not (tmp_path / "-").exists()


def test_p2nia_estimate_json_dash_is_the_json_alone_on_stdout(tmp_path, capsys, monkeypatch):
    rel = _release(tmp_path, capsys)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["p2nia", "estimate", rel, "--n-boot", 100, "--json", "-"], capsys)
    assert code == 0, err
    assert set(json.loads(out)["metrics"]) == {"dp", "eo", "eopp"}
    assert "SHA-256 verified" in err and "intervals:" in err
    assert not (tmp_path / "-").exists()


def test_p2nia_request_out_dash_is_the_request_on_stdout(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    flags = ["--n", 500, "--protected", "g", "--epsilon", 2, "--out", "-"]
    code, out, err = run(["p2nia", "request", *flags], capsys)
    assert code == 0, err
    assert json.loads(out)["n"] == 500 and "wrote" not in out + err
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["pcer", "tables", "runs.sqlite", "--out", "-"],
        ["pcer", "export", "runs.sqlite", "--out", "-"],
        ["pcer", "sweep", "--store", "-"],
        ["p2nia", "experiment", "--out", "-"],
        ["p2nia", "estimate", "rel", "--html", "-"],
        ["p2nia", "population-bias", "--plot", "-"],
        [
            "p2nia",
            "release",
            "--request",
            "r.json",
            "--data",
            "d.csv",
            "--y-pred",
            "p",
            "--out",
            "-",
        ],
    ],
)
def test_an_output_that_cannot_be_stdout_is_refused_naming_it(args, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs.sqlite").write_bytes(b"")
    code, out, err = run(args, capsys)
    lines = [x for x in err.splitlines() if x.strip()]
    flag = args[args.index("-") - 1]
    assert code == 2 and len(lines) == 1, err
    assert f"'{flag}'" in lines[0] and "standard output" in lines[0] and "Fix:" in lines[0]
    assert not (tmp_path / "-").exists() and out == ""


def test_fixed_format_outputs_need_their_suffix_and_inputs_are_kept(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("g,y,p\na,1,1\n")
    flags = ["--n", 500, "--protected", "g", "--epsilon", 2, "--out", data]
    code, _, err = run(["p2nia", "request", *flags], capsys)
    assert code == 2 and "'--out'" in err and ".json" in err and "Fix:" in err
    assert data.read_text() == "g,y,p\na,1,1\n"  # the data CSV is untouched
    tr, te = _splits(tmp_path)
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "p"]
    code, _, err = run([*args, "--protected", "g", "--json", tmp_path / "o.txt"], capsys)
    assert code == 2 and "'--json'" in err and "e.g. --json o.json" in err
    (tmp_path / "rel").mkdir()
    code, _, err = run(
        ["p2nia", "estimate", tmp_path / "rel", "--json", tmp_path / "e.csv"], capsys
    )
    assert code == 2 and "'--json'" in err and ".json" in err
