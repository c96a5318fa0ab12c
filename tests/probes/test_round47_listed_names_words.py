"""The counterfactual probe's encoder notes and the web's unknown-database refusal listed
names as a Python list ("Groups ['Native American'] are pooled", "started with:
['WAREHOUSE_URL']"), where every choice is listed as words (_checks.choice_words). Names are
data, so one holding a comma or a quote, blank or with spaces at its ends stays quoted."""

from ethiclens._checks import names_words
from ethiclens.probes._counterfactual import _encoder_notes
from ethiclens.web._routes_data import _unknown_database


def test_names_are_words_quoted_only_where_a_bare_name_would_mislead():
    names = ["Native American", "Asian, Pacific", " x", "", "it's", 3, 10**5000]
    assert names_words(names) == (
        "Native American, 'Asian, Pacific', ' x', '', \"it's\", 3, "
        "100000000000…000000 (5,001 digits)"
    )


def test_encoder_notes_list_groups_as_words():
    unseen, pooled = _encoder_notes(["z"], ["Native American", "a,b"])
    assert unseen.startswith("Groups z were never seen")
    assert pooled.startswith("Groups Native American, 'a,b' are pooled")


def test_unknown_database_lists_the_servers_databases_as_words():
    text = _unknown_database("nope", ["WAREHOUSE_URL", "LAKE_URL"])
    assert text.endswith("started with: WAREHOUSE_URL, LAKE_URL")
