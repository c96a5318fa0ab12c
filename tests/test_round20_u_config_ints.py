"""Round 20 (U): a config file (YAML or JSON) holding an integer past the 4,300 digits Python
converts is refused by that key's own check, the value shortened, as the command line's and
the web form's long integers are (commit 3428f00); not "cannot parse c.yaml: Exceeds the limit
(4300 digits) … use sys.set_int_max_str_digits()", naming no key."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main

LONG = "9" * 5000
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


def _config(tmp_path, kind: str, key: str, value: str) -> str:
    if kind == "yaml":
        (tmp_path / "c.yaml").write_text(f"policy:\n  {key}: {value}\n")
    else:
        (tmp_path / "c.json").write_text(json.dumps({"policy": {key: 0}}).replace("0", value))
    return f"c.{kind}"


@pytest.mark.parametrize("kind", ["yaml", "json"])
@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("seed", LONG, "must be below 4,294,967,296 (value: 999999999999…999999 (5,000 digits))"),
        (
            "seed",
            "-" + LONG,
            "must be a non-negative integer, from 0 to 4,294,967,295 (value: -999999999999…",
        ),  # round 46: 12 digits and the sign, as from Python
        ("n_boot", LONG, "at most 1,000,000 draws"),
        ("min_group_size", LONG, "must be a whole number of at least 1"),
    ],
)
def test_a_long_integer_is_refused_by_its_key(
    tmp_path, capsys, monkeypatch, kind, key, value, said
):
    (tmp_path / "d.csv").write_text(
        "y,p,g\n" + "".join(f"{i % 2},1,{'ab'[i % 3 % 2]}\n" for i in range(90))
    )
    name = _config(tmp_path, kind, key, value)
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "d.csv", *ROLES, "--config", name]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: key 'policy.{key}': {said}"), err[:400]
    assert "set_int_max_str_digits" not in err and LONG not in err


def test_a_long_hexadecimal_yaml_integer_is_refused_by_its_key(tmp_path, capsys, monkeypatch):
    (tmp_path / "d.csv").write_text("y,p,g\n1,1,a\n0,1,b\n")
    _config(tmp_path, "yaml", "seed", "0x" + "f" * 5000)  # int() reads it; str() cannot
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "d.csv", *ROLES, "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert "key 'policy.seed': must be below 4,294,967,296 (value: 0xffffffffff…" in err, err[:400]


@pytest.mark.parametrize("text", ["seed: 7", "seed: +7", "seed: 0x1F"])
def test_ordinary_integers_read_as_before(text):
    from ethiclens.io import _parse_config, as_written

    value = _parse_config(text, ".yaml")["seed"]
    assert as_written(value) == text.split(": ")[1] and value == int(text.split(": ")[1], 0)
    assert _parse_config('{"seed": 7}', ".json") == {"seed": 7}
