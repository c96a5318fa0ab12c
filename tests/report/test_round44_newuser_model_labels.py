"""Round 44 new-user walk: a benchmark's model card showed its standard model's JSON keys,
'Trained\\_by', 'Protected\\_attributes\\_in\\_features', 'N\\_train' (Markdown) and 'trained_by'
(the HTML report's Model list): now the words a reader expects, the same on every face."""

from ethiclens.report._model_card import _pairs
from ethiclens.report._provenance import model_details

PROV = {
    "model": {
        "trained_by": "EthicLens (the benchmark's standard model)",
        "protected_attributes_in_features": False,
        "n_train": 4320,
        "n_test": 1852,
        "name": "credit v2",
    },
    "card": {"model_details": {"type": "gradient boosting"}},
}


def test_model_fields_read_as_words():
    assert model_details(PROV) == [
        ("Trained by", "EthicLens (the benchmark's standard model)"),
        ("Protected attributes in features", "no"),
        ("Training rows", "4320"),
        ("Test rows", "1852"),
        ("Name", "credit v2"),
        ("Type", "gradient boosting"),
    ]


def test_markdown_card_shows_no_escaped_key():
    lines = "\n".join(_pairs(model_details(PROV)))
    assert "- Trained by: " in lines and "- Training rows: 4320" in lines
    assert "\\_" not in lines
