"""p2nia request: a number typed past a double's range is refused as typed, not as inf."""

import pytest

from ethiclens.cli import main

BASE = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (
            ["--epsilon", "1e400"],
            "option '--epsilon': ε is above 10000: GRR would keep every value",
        ),
        (
            ["--mechanism", "mst", "--epsilon", "1", "--delta", "1e400"],
            "option '--delta': δ must be below 1/n′ = 0.01 for n′ = 100",
        ),
        (["--epsilon", "inf"], "(value: 'inf')"),
    ],
)
def test_past_range_refused_as_typed(tmp_path, capsys, extra, said):
    out = tmp_path / "req.json"
    assert main([*BASE, *extra, "--out", str(out)]) == 2
    assert said in capsys.readouterr().err
    assert not out.exists()


def test_ordinary_epsilon_still_read(tmp_path):
    import json

    out = tmp_path / "req.json"
    assert main([*BASE, "--epsilon", "2", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["epsilon"] == 2.0
