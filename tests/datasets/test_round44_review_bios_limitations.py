"""Round 44 review (found, not fixed): the bios registry entry had no limitations, where every
other built-in dataset has them, so 'ethiclens datasets info bios', a report's provenance and a
model card listed none for data whose gender is inferred from pronouns and whose copy is not
the PCER paper's task."""

from ethiclens import datasets
from ethiclens.datasets._registry import DATASETS


def test_every_builtin_dataset_states_its_limitations():
    assert [
        n
        for n in ("compas", "adult", "german", "acs-income", "bios")
        if not DATASETS[n].limitations
    ] == []


def test_the_bios_limitations_say_the_subset_and_the_inferred_gender():
    said = " ".join(datasets.get_entry("bios").limitations)
    assert "surgeon vs nurse" in said and "professor vs nurse" in said
    assert "inferred" in said and "pronouns" in said
