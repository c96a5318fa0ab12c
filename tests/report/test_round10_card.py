"""Model-card text as written (round 10): a YAML number where a card field asks for text is
refused with the text quoted as the file wrote it (``version: 2.10`` is not printed as 2.1),
and an ``&`` in a group name is shown, never read as an HTML entity."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import load_card_info, render_model_card, render_model_card_html


def _refusal(tmp_path, text: str) -> str:
    path = tmp_path / "card.yaml"
    path.write_text(text)
    with pytest.raises(EthicLensInputError) as err:
        load_card_info(path, "--card-info")
    return str(err.value)


@pytest.mark.parametrize(
    ("text", "field", "quoted"),
    [
        ("model_details:\n  version: 2.10\n", "model_details.version", '"2.10"'),
        ("model_details:\n  version: 1.20\n", "model_details.version", '"1.20"'),
        ("model_details:\n  name: 1e3\n", "model_details.name", '"1e3"'),
        ("model_details:\n  version: +5\n", "model_details.version", '"+5"'),
        ("model_details:\n  license: 0x1F\n", "model_details.license", '"0x1F"'),
        ("sign_off:\n  decision: true\n", "sign_off.decision", '"true"'),
        ("factors:\n  relevant: [age, 2.50]\n", "factors.relevant", '"2.50"'),
        ("ethical_considerations: .inf\n", "ethical_considerations", '".inf"'),
    ],
)
def test_a_yaml_number_in_a_card_text_field_is_refused_quoted_as_written(
    tmp_path, text, field, quoted
):
    said = _refusal(tmp_path, text)
    assert said.startswith(f"option '--card-info': {field} must be text")
    # an item of a list is quoted where it stands, not as "relevant: ..." (the list is kept)
    where = f"the list item {quoted}" if "[" in text else f"{field.rpartition('.')[2]}: {quoted}"
    assert said.endswith(f"Fix: quote it so it reads as text, not a number or true/false: {where}")


def test_card_text_that_reads_as_written_stands(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(
        "model_details:\n  version: 3\n  date: 2024-05-01\n  name: '2.10'\n"
        "sign_off:\n  date: 2024-05-01 10:00:00\n  prepared_by: yes\nfactors:\n  relevant: []\n"
    )
    card = load_card_info(path, "--card-info")
    assert card["model_details"] == {"version": "3", "date": "2024-05-01", "name": "2.10"}
    assert card["sign_off"] == {"date": "2024-05-01 10:00:00", "prepared_by": "yes"}
    assert card["factors"] == {"relevant": []}


def test_the_cli_refuses_a_dotted_card_version_before_writing_the_card(tmp_path, capsys):
    from ethiclens.cli import main

    rng = np.random.default_rng(0)
    data = tmp_path / "d.csv"
    y, p = rng.integers(0, 2, 300), rng.integers(0, 2, 300)
    rows = [f"{a},{b},{c}" for a, b, c in zip(y, p, rng.choice(["a", "b"], 300), strict=True)]
    data.write_text("y,p,g\n" + "\n".join(rows) + "\n")
    info = tmp_path / "ci.yaml"
    info.write_text("model_details:\n  name: Scorer\n  version: 2.10\n")
    card = tmp_path / "card.md"
    argv = [str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]
    code = main(["audit", *argv, "--card-info", str(info), "--model-card", str(card)])
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert code == 2 and not card.exists()
    assert said.endswith('version: "2.10"')


def test_an_ampersand_in_a_group_name_is_shown_not_read_as_an_entity():
    rng = np.random.default_rng(1)
    names = np.array(["plain", "x&amp;y", "a&rlm;b"])
    group = names[rng.integers(0, 3, 1500)]
    result = ethiclens.audit(
        rng.integers(0, 2, 1500), rng.integers(0, 2, 1500), {"g": group}, n_boot=200,
        random_state=0,
    )  # fmt: skip
    text = render_model_card(result)
    assert "x\\&amp;y" in text and "a\\&rlm;b" in text
    assert "x&amp;y" not in text.replace("\\&", "")
    page = render_model_card_html(result)
    # the browser shows x&amp;y and a&rlm;b: the ampersand itself is escaped
    assert "x&amp;amp;y" in page and "a&amp;rlm;b" in page
    assert "x&amp;y " not in page and "&rlm;" not in page.replace("&amp;rlm;", "")
