"""Round 45: an extension's name that prints as nothing (a zero-width space U+200B, a Hangul
filler U+3164, a blank braille cell U+2800) passed the registries' blank check (``str.strip``
keeps them): a metric, trainer, model or dataset named '\\u3164' was registered and its column,
row or heading printed as nothing ('\\u200b' was refused, but as "spaces around it or control
characters"). Each is now refused as the empty name ' ' is: the one rule of what prints as
nothing (``_text.prints_blank``). A dataset's ``not_audited`` words likewise."""

import pytest

from ethiclens import datasets, fairness, p2nia, privacy
from ethiclens.errors import EthicLensInputError

UNSEEN = ["\u200b", "\u3164", "\u2800", "\ufeff \u200b"]


def _share(cells, labelled):
    return cells[..., 0]


def _fit(X_train, y_train, seed):
    raise AssertionError("never trained here")


def _mechanism(name):
    class _Mechanism(p2nia.Mechanism):
        pass

    _Mechanism.name = name
    p2nia.register_mechanism(_Mechanism())


BUILD = {
    "group metric": lambda name: fairness.GroupMetric(name, "Share", _share, False, "no rows"),
    "trainer": lambda name: privacy.Trainer(name=name, label="x", fit="a:b"),
    "model": lambda name: p2nia.AuditedModel(name=name, label="x", factory=_fit),
    "mechanism": _mechanism,
    "dataset entry": lambda name: datasets.DatasetEntry(
        name=name, loader=lambda: None, description="x", positive_is_favorable=True
    ),
}


@pytest.mark.parametrize("name", UNSEEN, ids=ascii)
@pytest.mark.parametrize("kind", list(BUILD))
def test_a_name_that_prints_as_nothing_is_refused_as_empty(kind, name):
    with pytest.raises(EthicLensInputError) as info:
        BUILD[kind](name)
    assert f"a {kind} needs a non-empty name without commas" in str(info.value)


@pytest.mark.parametrize("kind", list(BUILD))
def test_a_name_with_letters_is_still_a_name(kind):
    if kind == "mechanism":
        pytest.skip("registering one would leave it registered")
    assert BUILD[kind]("ab").name == "ab"


@pytest.mark.parametrize("words", ["\u3164", "\u2800"], ids=ascii)
def test_not_audited_words_that_print_as_nothing_are_refused(words):
    with pytest.raises(EthicLensInputError, match="must be words on one line"):
        datasets.DatasetEntry(
            name="r45-na",
            loader=lambda: None,
            description="x",
            positive_is_favorable=True,
            audited=False,
            not_audited=words,
        )


@pytest.mark.parametrize("key", ["column", "group0", "group1"])
@pytest.mark.parametrize("name", ["", " ", "\u200b", "\u3164"], ids=ascii)
def test_a_pcer_split_names_its_column_and_groups_so_they_print(key, name):
    # PCER's tables and its described() words read them: BinarySplit(group0='\u200b') was taken
    given = {"column": "sex", "group0": "Male", "group1": "Female", key: name}
    with pytest.raises(EthicLensInputError, match="need names that print") as info:
        datasets.BinarySplit(**given, one_values=("Female",))
    assert info.value.column == key


def test_a_pcer_split_with_names_is_still_taken():
    split = datasets.BinarySplit(column="sex", group0="M\u200dx", group1="F", one_values=("F",))
    assert split.group0 == "M\u200dx"
