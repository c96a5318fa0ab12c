"""Round 46: a request file (JSON or YAML) whose ε or δ underflows to 0 (``1e-400``) was
read as 0.0 and refused as "ε must be ... > 0 (value: 0.0)", a number no one wrote; it is
refused as typed, in the words ``p2nia request --epsilon 1e-400`` uses, naming the key."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_request

from .conftest import audit_frame

BASE = {
    "n": 100,
    "protected": "sex",
    "metrics": ["dp"],
    "mechanism": "grr",
    "protected_domain": ["F", "M"],
}


def _write(tmp_path, suffix, fields):
    """The request file; a value written "@1e-400@" is written bare, as a number."""

    def bare(text):
        return text.replace('"@', "").replace('@"', "")

    path = tmp_path / f"req{suffix}"
    items = {**BASE, **fields}.items()
    if suffix == ".json":
        text = bare(json.dumps(dict(items)))
    else:
        text = "\n".join(f"{k}: {bare(json.dumps(v))}" for k, v in items)
    path.write_text(text)
    return path


CASES = [
    ({"epsilon": "@1e-400@"}, "epsilon", "ε = 1e-400"),
    ({"epsilon": 1, "mechanism": "mst", "delta": "@1e-400@"}, "delta", "δ = 1e-400"),
    ({"epsilon": "@-1e-400@"}, "epsilon", "ε = -1e-400"),
]


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
@pytest.mark.parametrize("fields,key,said", CASES)
def test_a_file_number_that_underflows_is_refused_as_written(tmp_path, suffix, fields, key, said):
    path = _write(tmp_path, suffix, fields)
    with pytest.raises(EthicLensInputError) as exc:
        read_request(path)
    assert exc.value.column == key and exc.value.problem.startswith(f"{path}: "), exc.value
    assert said in exc.value.problem and "underflows to 0" in exc.value.problem, exc.value
    assert exc.value.value == said.split(" = ")[1]


def test_release_from_a_request_file_says_the_same_as_the_option(tmp_path, capsys):
    data = tmp_path / "d.csv"
    audit_frame(50, 0).to_csv(data, index=False)
    path = _write(tmp_path, ".yaml", {"epsilon": "@1e-400@"})
    argv = ["p2nia", "release", "--request", str(path), "--data", str(data), "--y-pred", "pred"]
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 2
    err = capsys.readouterr().err
    assert f"key 'epsilon': {path}: ε = 1e-400 underflows to 0" in err, err
    assert "0.0" not in err and not (tmp_path / "rel").exists()
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "100",
                "--protected",
                "sex",
                "--groups",
                "F,M",
                "--epsilon",
                "1e-400",
                "--out",
                str(tmp_path / "r.json"),
            ]
        )
        == 2
    )
    cli = capsys.readouterr().err
    # the file's key says its file first, as the audit's config file does (key 'epsilon': f: )
    assert cli.split(": ", 2)[2].split(" Fix")[0] == err.split(": ", 3)[3].split(" Fix")[0]
