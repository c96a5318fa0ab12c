"""A refused value is named where the user gave it: a flag by the flag (``option '--n-boot'``,
never the library's ``column 'n_boot'``), a file's key by the key and the file, with the
value as written."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main


def _refusal(capsys, args) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) >= 1 and err[-1].startswith("error: ")
    return err[-1]


def test_a_request_file_s_epsilon_is_named_as_its_key_with_its_value(tmp_path, capsys):
    request = tmp_path / "req_e.json"
    out = tmp_path / "req.json"
    assert main(["p2nia", "request", "--n", "100", "--protected", "g", "--epsilon", "1"]
                + ["--out", str(out)]) == 0  # fmt: skip
    request.write_text(json.dumps({**json.loads(out.read_text()), "epsilon": 0}))
    data = tmp_path / "d.csv"
    data.write_text("g,y,yp\n" + "A,1,1\nB,0,1\n" * 60)
    line = _refusal(
        capsys,
        ["p2nia", "release", "--request", str(request), "--data", str(data)]
        + ["--y-pred", "yp", "--y-true", "y", "--out", str(tmp_path / "rel")],
    )
    assert line.startswith(f"error: key 'epsilon': {request}: ")
    assert "(value: 0)" in line and "--epsilon" not in line and "huge" not in line


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["oracle", "--n", "500", "--repetitions", "2", "--n-boot", "99"], "--n-boot"),
        (["oracle", "--n", "5", "--repetitions", "2"], "--n"),
        (["oracle", "--n", "500", "--repetitions", "1"], "--repetitions"),
        (["oracle", "--n", "500", "--repetitions", "2", "--di", "-1"], "--di"),
        (["probe", "counterfactual", "compas", "--n-boot", "99"], "--n-boot"),
        (["probe", "counterfactual", "compas", "--attribute", "zzz"], "--attribute"),
        (["pcer", "train", "compas", "--batch-size", "0"], "--batch-size"),
        (["pcer", "train", "compas", "--epochs", "0"], "--epochs"),
    ],
)
def test_a_flag_s_bad_value_names_the_flag(capsys, args, flag):
    assert _refusal(capsys, args).startswith(f"error: option '{flag}': ")


@pytest.mark.parametrize(("flag", "value"), [("--epsilons", "0"), ("--datasets", "zzz")])
def test_a_sweep_flag_is_named_by_the_flag_a_grid_key_by_the_key(tmp_path, capsys, flag, value):
    store = str(tmp_path / "sw.sqlite")
    line = _refusal(capsys, ["pcer", "sweep", "--preset", "quick", flag, value, "--store", store])
    assert line.startswith(f"error: option '{flag}': ")
    grid = tmp_path / "grid.json"
    key = flag.removeprefix("--")
    grid.write_text(
        json.dumps({"datasets": ["compas"], key: [float(value) if key == "epsilons" else value]})
    )
    line = _refusal(capsys, ["pcer", "sweep", "--grid", str(grid), "--store", store])
    assert line.startswith(f"error: key '{key}': ")
