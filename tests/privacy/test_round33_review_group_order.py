"""Round 33 review (privacy/cli pcer): a group whose name holds an empty item between commas
('x,,y', 'a, ,b') is ordered by its quoted name (--group-order '"x,,y",z'), the very flag a
refused order's fix prints: the flag was refused as 'empty item in a comma-separated list'
before it was read as a CSV row. An empty item of plain names is still refused so."""

from __future__ import annotations

import json
import shlex

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _files(tmp_path, names):
    rng = np.random.default_rng(0)
    for split, n in (("train", 240), ("test", 160)):
        y = rng.integers(0, 2, n)
        pred = np.where(rng.random(n) < 0.9, y, 1 - y)
        frame = pd.DataFrame({"y": y, "pred": pred, "g": rng.choice(names, n)})
        frame.to_csv(tmp_path / f"{split}.csv", index=False)
    return [str(tmp_path / f"{s}.csv") for s in ("train", "test")]


def _cli(paths, *extra):
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--n-boot", "100"]
    return main([*args, "--y-true", "y", "--y-pred", "pred", "--protected", "g", *extra])


@pytest.mark.parametrize("name", ["x,,y", "a, ,b", ",x,"])
def test_a_name_with_an_empty_item_is_ordered_as_the_fix_says(tmp_path, capsys, name):
    paths = _files(tmp_path, (name, "z"))
    assert _cli(paths, "--group-order", "z,q") == 2
    err = capsys.readouterr().err
    flag = err.split("--group-order ")[-1].strip()
    assert shlex.split(flag) == [f'"{name}",z']
    out = tmp_path / "out.json"
    assert _cli(paths, "--group-order", f'z,"{name}"', "--json", str(out)) == 0
    assert json.loads(out.read_text())["group_order"] == ["z", name]


def test_plain_empty_item_still_refused(tmp_path, capsys):
    paths = _files(tmp_path, ("a", "b"))
    assert _cli(paths, "--group-order", "a,,b") == 2
    assert "empty item in a comma-separated list (value: 'a,,b')" in capsys.readouterr().err
