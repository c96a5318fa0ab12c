"""Round 20 (R2): a configuration file (a spec, model-card fields, a request, a baseline)
saved as UTF-16 or UTF-32, with or without a byte-order mark, is refused as such with iconv's
fix, as a data file is, not as a YAML/JSON syntax error; a short file too."""

import pytest

from ethiclens.cli import main

SPEC = "version: 1\ntarget: {dataset: compas}\n"


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16", "utf-32-le"])
def test_a_wide_config_file_is_named_with_its_encoding(tmp_path, capsys, encoding):
    path = tmp_path / "c.yaml"
    path.write_bytes(SPEC.encode(encoding))
    assert main(["audit", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "c.yaml is UTF-" in err and "text, not UTF-8" in err and "iconv -f utf-" in err, err
    assert "Excel" not in err  # a configuration file, not a table


def test_a_short_wide_card_file_is_named_too(tmp_path, capsys):
    card = tmp_path / "card.yaml"
    card.write_bytes("model_details: {name: m}\n".encode("utf-16-le"))  # 25 characters
    assert main(["audit", "compas", "--card-info", str(card), "--n-boot", "200"]) == 2
    assert "card.yaml is UTF-16 text, not UTF-8" in capsys.readouterr().err


def test_a_huge_spec_version_is_shown_shortened(tmp_path, capsys):
    path = tmp_path / "v.yaml"
    path.write_text(f"version: {'9' * 3000}\ntarget: {{dataset: compas}}\n")
    assert main(["audit", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is spec version 999999999999…999999 (3,000 digits), from a newer" in err
    assert len(err) < 400, len(err)
