"""Round 38 (draws): a too-small n_boot was refused with "use 1000 (the usual default) or 2000
for publication", but 8 to 47 groups' Bonferroni level needs max(1000, 20·m) draws (8 groups:
1,120), so following the fix was refused again (and 47 groups, needing 43,240, refused 2000
too). Now pcer_audit checks n_boot once the groups are known and the fix names the draws they
take by default, which their level accepts; 2000 is offered only below it."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from ethiclens._checks import check_draws
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit
from ethiclens.privacy import _pcer as pcer_module


def _splits(k: int, per: int = 6):
    rng = np.random.default_rng(k)

    def split(n):
        y = rng.integers(0, 2, n)
        groups = [f"g{i % k:02d}" for i in range(n)]
        return SplitPredictions(y, np.where(rng.random(n) < 0.8, y, 1 - y), groups)

    return split(k * per), split(k * per)


def _offered(fix: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", fix) if n != "0"]


@pytest.mark.parametrize(("k", "drawn"), [(2, 1000), (8, 1120), (12, 2640)])
@pytest.mark.parametrize("given", [50, 2.5, 10**12])
def test_every_number_the_fix_offers_is_accepted(k, drawn, given):
    splits = _splits(k)
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*splits, n_boot=given)
    assert err.value.column == "n_boot"
    offered = _offered(err.value.fix)
    assert offered[0] == drawn and all(n >= drawn for n in offered), err.value.fix
    for n in offered:  # followed: accepted and drawn as given
        assert pcer_audit(*splits, n_boot=n).n_boot == n


def test_47_groups_are_offered_their_own_draws_not_2000():
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*_splits(47, 2), n_boot=50)
    assert err.value.fix == "use 43240 (the default)"


def test_the_shared_check_offers_2000_only_below_it():
    for default, fix in [
        (None, "leave it out for the default, or use 1000 or 2000 for publication"),
        (500, "use 500 (the default) or 2000 for publication"),
        (43240, "use 43240 (the default)"),
    ]:
        with pytest.raises(EthicLensInputError) as err:
            check_draws(50, default=default)
        assert err.value.fix == fix


def test_the_command_line_fix_is_accepted_when_followed(tmp_path, capsys, monkeypatch):
    import pandas as pd

    paths = []
    for name, split in zip(("tr", "te"), _splits(8), strict=True):
        frame = pd.DataFrame({"y": split.y_true, "p": split.y_pred, "g": split.groups})
        frame.to_csv(path := tmp_path / f"{name}.csv", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g"]
    capsys.readouterr()
    drawn = []  # refused before any draw (and, out of range whatever the groups, any read)
    monkeypatch.setattr(pcer_module, "draw_cells", lambda *a, **k: drawn.append(a) or 1 / 0)
    assert main([*args, "--n-boot", "50"]) == 2 and not drawn
    assert main([*args, "--n-boot", "1000"]) == 2 and not drawn  # the groups' level: 1,120
    monkeypatch.undo()
    out_of_range, too_few = capsys.readouterr().err.splitlines()
    # 50: refused before the files are read, so the fix cannot name 8 groups' 1,120: leave it out
    assert out_of_range.startswith("error: option '--n-boot'"), out_of_range
    assert out_of_range.endswith(
        "Fix: leave --n-boot out (the default: 1000, more for 8 to 47 groups)"
    )
    assert main([*args, "--json", str(out := tmp_path / "a.json")]) == 0
    assert json.loads(out.read_text())["n_boot"] == 1120  # left out: the groups' draws
    assert too_few.startswith("error: option '--n-boot'") and "1,120" in too_few, too_few
    assert _offered(too_few.split("Fix: ")[-1])[0] == 1120  # the draws run above: followed
