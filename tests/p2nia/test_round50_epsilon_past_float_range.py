"""Round 50 (P2NIA leftover): an ε written past a float's range (``1e400``, a 400-digit whole
number) was refused "ε must be a finite number > 0", the wrong reason: it is finite as written,
and above the largest ε (10000), as every checked number too large is refused by its range
(``--n-boot`` "at most 1,000,000 draws", ``--seed`` "must be below ..."); δ alike, "δ must be
a finite number (or absent)". Each is now refused by its range on every face (the
request's --epsilon and --delta, experiment's --epsilons/--metric-epsilons, a request file,
Python), shown as written; inf, nan and a huge negative keep their words."""

import json

import pytest

from ethiclens._checks import check_delta, check_epsilon
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig
from ethiclens.p2nia import make_request, read_request

DIGITS = "1" * 400
SHORT = "111111111111…111111 (400 digits)"
ABOVE = "ε is above 10000: "
REQUEST = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]


def _said(call, *args, **kwargs) -> str:
    with pytest.raises(EthicLensInputError) as info:
        call(*args, **kwargs)
    return str(info.value)


@pytest.mark.parametrize(
    "text,shown", [("1e400", "'1e400'"), ("1E+400", "'1E+400'"), (DIGITS, SHORT)]
)
@pytest.mark.parametrize(
    "argv",
    [
        [*REQUEST, "--epsilon"],
        [*REQUEST, "--mechanism", "aim", "--delta", "1e-9", "--epsilon"],
        ["p2nia", "experiment", "--epsilons"],
        ["p2nia", "experiment", "--metric-epsilons"],
    ],
)
def test_the_flags_refuse_it_as_above_the_range(tmp_path, capsys, argv, text, shown):
    out = tmp_path / ("out.json" if argv[1] == "request" else "out")
    assert main([*argv, f"1,{text}" if argv[-1].endswith("s") else text, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{ABOVE}" in err and f"(value: {shown}). Fix: give ε <= 10000" in err, err
    assert "finite" not in err and not out.exists()


@pytest.mark.parametrize(
    "call",
    [
        lambda v: check_epsilon(v, "epsilon"),
        lambda v: make_request(100, "g", epsilon=v, protected_domain=["a", "b"]),
        lambda v: make_request(100, "g", epsilon=v, mechanism="mst", protected_domain=["a", "b"]),
        lambda v: ExperimentConfig(epsilons=(1, v)).validate(),
    ],
)
def test_python_refuses_a_huge_whole_number_as_above_the_range(call):
    said = _said(call, int(DIGITS))
    assert ABOVE in said and f"(value: {SHORT})" in said and "finite" not in said, said


@pytest.mark.parametrize("written,shown", [("1e400", "'1e400'"), (DIGITS, SHORT)])
@pytest.mark.parametrize("key", ["epsilon", "delta"])
def test_a_request_file_refuses_it_by_its_range(tmp_path, key, written, shown):
    body = {"n": 100, "protected": "g", "protected_domain": ["a", "b"], "epsilon": 1}
    body |= {"mechanism": "mst", "delta": 0} if key == "delta" else {"mechanism": "grr"}
    path = tmp_path / "req.json"
    path.write_text(json.dumps({**body, key: 0}).replace(f'"{key}": 0', f'"{key}": {written}'))
    said = _said(read_request, path)
    words = ABOVE if key == "epsilon" else "δ must be below 1/n′ = 0.01 for n′ = 100"
    assert words in said and f"(value: {shown})" in said and "finite" not in said, said


@pytest.mark.parametrize("value", [int(DIGITS), -int(DIGITS)])
def test_delta_past_the_range_is_refused_by_its_range(value):
    said = _said(check_delta, value, "delta")
    assert "δ must be in (0, 0.001]" in said and "finite" not in said, said


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -int(DIGITS), 0])
def test_inf_nan_and_below_zero_keep_their_words(value):
    assert "ε must be a finite number > 0" in _said(check_epsilon, value, "epsilon")
    if value != 0 and value != -int(DIGITS):
        assert "δ must be a finite number" in _said(check_delta, value, "delta")
