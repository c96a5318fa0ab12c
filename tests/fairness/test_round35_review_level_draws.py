"""Round 35 review: a confidence level the draws cannot reach is refused, naming the level,
the draws it needs and the fix (was accepted silently: 0.999999 from 100 draws printed as a
99.9999% interval whose ends were the smallest and largest draws, about 98% coverage); 0.99
from 100 draws, the smallest the other checks allow, stays allowed."""

import numpy as np
import pytest

import ethiclens
from ethiclens.cli import main


def _data():
    rng = np.random.default_rng(2)
    n = 300
    return rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b"], n), rng.random(n)


@pytest.mark.parametrize(
    "call",
    [
        lambda y, p, g, s, kw: ethiclens.audit(y, p, sensitive_features=g, **kw),
        lambda y, p, g, s, kw: ethiclens.compare(y, p, 1 - p, sensitive_features=g, **kw),
        lambda y, p, g, s, kw: ethiclens.threshold_table(y, s, sensitive_features=g, **kw),
    ],
    ids=["audit", "compare", "threshold_table"],
)
def test_a_level_beyond_the_draws_is_refused(call):
    y, p, g, s = _data()
    with pytest.raises(ethiclens.EthicLensInputError) as err:
        call(y, p, g, s, dict(n_boot=100, confidence_level=0.999999))
    assert str(err.value) == (
        "argument 'confidence_level': a 99.9999% interval needs at least 1,000,000 draws, one "
        "outside it (from 100 its ends are all but the smallest and largest draws, which cover "
        "less) (value: 0.999999). Fix: use at least 1,000,000 interval draws, or a level of at "
        "most 0.99"
    )


def test_the_fix_names_the_draws_a_reachable_level_needs():
    y, p, g, _ = _data()
    with pytest.raises(ethiclens.EthicLensInputError, match="at least 2,000 interval draws, or a"):
        ethiclens.audit(y, p, sensitive_features=g, n_boot=1000, confidence_level=0.9995)


@pytest.mark.parametrize(("level", "n_boot"), [(0.99, 100), (0.995, 200), (0.999, 1000)])
def test_one_draw_outside_is_enough(level, n_boot):
    y, p, g, _ = _data()
    result = ethiclens.audit(y, p, sensitive_features=g, n_boot=n_boot, confidence_level=level)
    assert result.config["confidence_level"] == level


def test_the_command_line_names_its_option_and_writes_nothing(tmp_path, capsys):
    y, p, g, _ = _data()
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "".join(f"{a},{b},{c}\n" for a, b, c in zip(y, p, g, strict=True)))
    out = tmp_path / "r.json"
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--engine", "pandas"]
    code = main([*argv, "--n-boot", "100", "--confidence-level", "0.999", "--json", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert err.startswith("error: option '--confidence-level': a 99.9% interval needs at least")
